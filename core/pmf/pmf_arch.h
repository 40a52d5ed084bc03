/*
 * What PMF needs from the machine: the calling CPU, the generic counter, the CPU table
 * and data-cache maintenance. EL3 builds get inline system-register accesses; host
 * builds (SECMON_HOST) get the small test doubles of pmf_host.c (see pmf_host.h).
 * Private to core/pmf.
 */
#ifndef SECMON_PMF_ARCH_H
#define SECMON_PMF_ARCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef SECMON_HOST

unsigned int pmf_arch_this_cpu(void);
uint64_t pmf_arch_counter(void);
uint64_t pmf_arch_warm_entry(unsigned int cpu);
uint64_t pmf_arch_frequency(void);
int pmf_arch_cpu_of_mpidr(uint64_t mpidr);
unsigned int pmf_arch_cpu_count(void);
void pmf_arch_clean(const void *addr, size_t size);
void pmf_arch_clean_inv(const void *addr, size_t size);

#else

#include <secmon/arch.h>
#include <secmon/cache.h>
#include <secmon/internal/percpu.h>

static inline unsigned int pmf_arch_this_cpu(void)
{
	return secmon_this_cpu_index();
}

/* The ISB keeps the read from being done before the instructions that precede it. */
static inline uint64_t pmf_arch_counter(void)
{
	isb();
	return read_sysreg(cntpct_el0);
}

/*
 * The counter value entry.S stored when CPU cpu (a valid index) last entered the
 * warm-boot path. It was written with the MMU and caches off into a line nothing writes
 * with the caches on: clean+invalidate drops any stale copy, then memory is read.
 */
static inline uint64_t pmf_arch_warm_entry(unsigned int cpu)
{
#if SECMON_ENABLE_PMF
	const uint64_t *p = &secmon_cpus[cpu].pmf_warm_entry;

	secmon_dcache_flush_range(p, sizeof(*p));
	return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
	(void)cpu; /* no slot without PMF; nothing captures then anyway */
	return pmf_arch_counter();
#endif
}

static inline uint64_t pmf_arch_frequency(void)
{
	return read_sysreg(cntfrq_el0) & 0xffffffffu;
}

static inline int pmf_arch_cpu_of_mpidr(uint64_t mpidr)
{
	return secmon_cpu_index_of(mpidr);
}

static inline unsigned int pmf_arch_cpu_count(void)
{
	return secmon_cpu_count;
}

static inline void pmf_arch_clean(const void *addr, size_t size)
{
	secmon_dcache_clean_range(addr, size);
}

static inline void pmf_arch_clean_inv(const void *addr, size_t size)
{
	secmon_dcache_flush_range(addr, size);
}

#endif

#endif
