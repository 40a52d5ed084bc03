/* Lamport's bakery lock; see lock.h for why not exclusives. */
#include "lock.h"
#include "cpu.h"

/* Orders Device accesses as seen by the other CPUs (outer shareable, loads and stores). */
static inline void barrier(void)
{
	__asm__ volatile("dmb sy" ::: "memory");
}

/* CPUs that can hold tickets: the table's, or CPU 0 alone before it is filled. */
static unsigned int participants(void)
{
	return cpu_count ? cpu_count : 1;
}

/* True if CPU j's ticket comes before CPU i's (ties go to the lower index). */
static int before(const struct ns_lock *l, unsigned int j, unsigned int i)
{
	uint32_t tj = l->ticket[j], ti = l->ticket[i];

	return tj != 0 && (tj < ti || (tj == ti && j < i));
}

void ns_lock_acquire(struct ns_lock *l)
{
	unsigned int me = this_cpu(), n = participants();
	uint32_t max = 0;

	if (me >= n)
		return;
	if (l->owner == me + 1) {
		l->depth++;
		return;
	}
	l->choosing[me] = 1;
	barrier();
	for (unsigned int j = 0; j < n; j++)
		if (l->ticket[j] > max)
			max = l->ticket[j];
	l->ticket[me] = max + 1;
	barrier();
	l->choosing[me] = 0;
	barrier();
	for (unsigned int j = 0; j < n; j++) {
		if (j == me)
			continue;
		while (l->choosing[j]) {
			cpu_relax();
			barrier();
		}
		barrier();
		while (before(l, j, me)) {
			cpu_relax();
			barrier();
		}
	}
	barrier();
	l->owner = me + 1;
	l->depth = 1;
}

void ns_lock_release(struct ns_lock *l)
{
	unsigned int me = this_cpu();

	if (me >= participants() || l->owner != me + 1)
		return;
	if (--l->depth)
		return;
	l->owner = 0;
	barrier();
	l->ticket[me] = 0;
	barrier();
}
