/*
 * The running CPU as the monitor numbers CPUs: linear indices 0..n-1, in the order the
 * platform's cpu_mpidr() reports them. TPIDR_EL3 points at the running CPU's per-CPU
 * data, which begins with struct secmon_cpu_id; the rest of it is the core's.
 */
#ifndef SECMON_PERCPU_H
#define SECMON_PERCPU_H

#include <stdint.h>

/* The head of every CPU's per-CPU data: who the CPU is. Set at cold boot, then constant. */
struct secmon_cpu_id {
	uint64_t mpidr; /* affinity fields of this CPU */
	uint32_t index; /* linear index */
	uint32_t reserved;
};

static inline unsigned int secmon_this_cpu_index(void)
{
	const struct secmon_cpu_id *id;
	__asm__ volatile("mrs %0, tpidr_el3" : "=r"(id));
	return id->index;
}

/* Linear index of an MPIDR, or -1 if no such CPU. */
int secmon_cpu_index_of(uint64_t mpidr);

/*
 * Canary stack guard (the image's STACK_GUARD canary): the lowest SECMON_STACK_GUARD_BYTES
 * of each CPU's EL3 stack are a guard zone; this stops the monitor with a report if
 * the calling CPU's zone was written. The core calls it before a power-down and at
 * warm boot; a port may call it after a deep path of its own. It does nothing with the
 * page guard, where an overflow faults at once.
 */
void secmon_stack_guard_check(void);

/*
 * Lowest address of the calling CPU's EL3 stack, the image's STACK_SIZE bytes below its
 * top: with the canary guard, where its guard zone starts.
 */
uintptr_t secmon_this_cpu_stack_bottom(void);

#endif
