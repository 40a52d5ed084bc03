/*
 * The engine's tables, sized by the image's limits and compiled into each image with its
 * secmon_image.h (secmon/image.h): per-CPU data, the nodes of the levels above the CPUs
 * and the PSCI_STAT counters of each state. Not part of the engine's library.
 */
#include <secmon_image.h>

#include "psci_private.h"

/* Each level above the CPUs has at most one node per CPU; C has no empty arrays. */
#define PSCI_IMAGE_NODES      ((SECMON_IMAGE_POWER_LEVELS - 1) * SECMON_IMAGE_MAX_CPUS)
#define PSCI_IMAGE_NODE_SLOTS (PSCI_IMAGE_NODES > 0 ? PSCI_IMAGE_NODES : 1)
#define PSCI_IMAGE_NSTATES    (SECMON_IMAGE_MAX_LOCAL_STATE + 1)

_Static_assert(SECMON_IMAGE_MAX_CPUS < PSCI_NONE, "CPU indices must fit in 16 bits");
_Static_assert(PSCI_IMAGE_NODES < PSCI_NONE, "node indices must fit in 16 bits");

struct psci_cpu psci_cpus[SECMON_IMAGE_MAX_CPUS];
struct psci_node psci_nodes[PSCI_IMAGE_NODE_SLOTS];
struct psci_stat psci_cpu_stats[SECMON_IMAGE_MAX_CPUS * PSCI_IMAGE_NSTATES];
struct psci_stat psci_node_stats[PSCI_IMAGE_NODE_SLOTS * PSCI_IMAGE_NSTATES];
