/*
 * The arch layer's tables that the image's limits size, compiled into each image with
 * its secmon_image.h (secmon/image.h): per-CPU data (with the CPU table the warm boot searches),
 * the release words, the EL3 stacks, the translation tables and the save areas of the normal
 * world's PMU counters. secmon_add_image() adds this file to every image; it is not part of the
 * core's library.
 */
#include <secmon_image.h>

#include <secmon/image.h>
#include <secmon/internal/percpu.h>

#include "internal.h"
#include "mmu_desc.h"

struct secmon_cpu secmon_cpus[SECMON_IMAGE_MAX_CPUS];

/*
 * One word per CPU, each alone in a cache line: set (cached, then cleaned) by the CPU
 * that releases it, read and cleared by the parked CPU with its caches off. Sharing a
 * line with data the parked CPU writes with its caches on would let its set/way flush
 * write a stale copy back over the release.
 */
struct secmon_release_word secmon_cpu_release_words[SECMON_IMAGE_MAX_CPUS];

/*
 * Stacks. Page guard: page aligned, each mapped at a virtual alias with a guard page
 * below. Canary guard: packed, a guard zone at the bottom of each (stack_guard.c).
 */
uint8_t secmon_stacks[SECMON_IMAGE_MAX_CPUS * SECMON_IMAGE_STACK_SIZE]
    __attribute__((aligned(SECMON_IMAGE_STACK_GUARD == SECMON_STACK_GUARD_PAGE ? 4096 : 64),
		   section(".bss.secmon_cpu_stacks")));

/* The normal world's PMU event counters per CPU (struct pmu_ns_state.evregs). */
uint64_t secmon_pmu_ns_evregs[SECMON_IMAGE_MAX_CPUS * 2 * SECMON_IMAGE_PMU_COUNTERS];

uint64_t secmon_xlat_root[XLAT_ROOT_ENTRIES(SECMON_IMAGE_VA_BITS)]
    __attribute__((aligned(XLAT_ROOT_ALIGN(SECMON_IMAGE_VA_BITS)), section(".bss.xlat_root")));
uint64_t secmon_xlat_tables[SECMON_IMAGE_XLAT_TABLES][XLAT_ENTRIES]
    __attribute__((aligned(4096), section(".bss.xlat_tables")));
