/* Per-CPU data, the CPU table and the per-CPU stacks. */
#include <secmon/percpu.h>

#include "internal.h"

struct secmon_cpu secmon_cpus[SECMON_MAX_CPUS];
uint32_t secmon_cpu_count;
uint64_t secmon_cpu_mpidrs[SECMON_MAX_CPUS];

/*
 * Stacks. Page guard: page aligned, each mapped at a virtual alias with a guard page
 * below. Canary guard: packed, a guard zone at the bottom of each (stack_guard.c).
 */
uint8_t secmon_stacks[SECMON_MAX_CPUS * SECMON_STACK_SIZE] __attribute__((
    aligned(SECMON_STACK_GUARD_PAGE ? 4096 : 64), section(".bss.secmon_cpu_stacks")));

/*
 * One word per CPU, each alone in a cache line: set (cached, then cleaned) by the CPU
 * that releases it, read and cleared by the parked CPU with its caches off. Sharing a
 * line with data the parked CPU writes with its caches on would let its set/way flush
 * write a stale copy back over the release.
 */
struct secmon_release_word secmon_cpu_release_words[SECMON_MAX_CPUS];

/* Released by the primary CPU once secondaries may warm boot. */
uint64_t secmon_pen;

int secmon_cpu_index_of(uint64_t mpidr)
{
	mpidr &= 0xff00ffffffull;
	for (uint32_t i = 0; i < secmon_cpu_count; i++)
		if (secmon_cpu_mpidrs[i] == mpidr)
			return (int)i;
	return -1;
}
