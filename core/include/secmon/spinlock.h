/*
 * Spinlocks for the few places where two CPUs can race. Pure C11-style atomics so the
 * same code runs at EL3 (ldaxr/stxr, needs the MMU and caches on) and on the host
 * (simulation with real threads). Waiters sleep in WFE on AArch64; the release wakes them.
 */
#ifndef SECMON_SPINLOCK_H
#define SECMON_SPINLOCK_H

#include <stdint.h>

struct secmon_spinlock {
	uint32_t locked;
};

#define SECMON_SPINLOCK_INIT                                                                       \
	{                                                                                          \
		0                                                                                  \
	}

static inline void secmon_cpu_relax(void)
{
#if defined(__aarch64__) && !defined(SECMON_HOST)
	__asm__ volatile("wfe" ::: "memory");
#elif defined(__x86_64__)
	__builtin_ia32_pause();
#endif
}

static inline void secmon_spin_lock(struct secmon_spinlock *l)
{
	while (__atomic_exchange_n(&l->locked, 1u, __ATOMIC_ACQUIRE) != 0u) {
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED) != 0u)
			secmon_cpu_relax();
	}
}

static inline int secmon_spin_trylock(struct secmon_spinlock *l)
{
	return __atomic_exchange_n(&l->locked, 1u, __ATOMIC_ACQUIRE) == 0u;
}

static inline void secmon_spin_unlock(struct secmon_spinlock *l)
{
	__atomic_store_n(&l->locked, 0u, __ATOMIC_RELEASE);
#if defined(__aarch64__) && !defined(SECMON_HOST)
	/* The store-release clears the waiters' exclusive monitors; sev covers any other. */
	__asm__ volatile("sev" ::: "memory");
#endif
}

#endif
