/*
 * The EL3 vector table without an entry-time mitigation (secmon_vectors_none): Cortex-A53,
 * the generic ops (e.g. QEMU's "max"), any core that needs nothing on entry. Whatever
 * its PMU: the SMC paths (smc_paths.S) set PMCR_EL0.DP where the CPU has no SCCD.
 *
 * Like every table, an object of its own, linked only when a listed cpu ops entry names
 * it (secmon/cpu_ops.h).
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "vector_table.S"

	vector_table secmon_vectors_none, none
