/*
 * A lock for the payload's few shared things (the console, the check counters).
 *
 * The payload runs with its MMU off, so every data access is a Device access. Exclusive
 * loads/stores (LDXR/STXR, and so every usual spinlock) are only architecturally
 * guaranteed on Normal cacheable memory; on Device memory whether they work is up to the
 * implementation (QEMU makes them work, a real interconnect may not). Lamport's bakery
 * algorithm needs nothing but ordered plain loads and stores, which Device memory gives
 * with a DMB, so it is what this lock uses: correct on hardware too.
 *
 * The lock is recursive for its owner, so that an exception taken while printing can
 * still report. A CPU index outside cpu_data (TPIDR_EL1 clobbered) takes no lock. Only the
 * CPUs the tests use (cpu_count, or CPU 0 alone before the CPU table exists) take part.
 */
#ifndef NS_LOCK_H
#define NS_LOCK_H

#include <stdint.h>

#include "cpu.h"

struct ns_lock {
	volatile uint32_t choosing[NS_MAX_CPUS]; /* CPU i is picking its ticket */
	volatile uint32_t ticket[NS_MAX_CPUS];	 /* CPU i's ticket; 0 = not waiting */
	volatile uint32_t owner;		 /* holder's CPU index + 1; 0 = free */
	uint32_t depth;				 /* recursion depth of the holder */
};

void ns_lock_acquire(struct ns_lock *l);
void ns_lock_release(struct ns_lock *l);

#endif
