/*
 * Capture: one timestamp per (service, CPU, id), written only by that CPU with a single
 * 64-bit store, so a reader on another CPU sees either the old or the new value.
 */
#include <secmon/pmf.h>

#include "pmf_arch.h"

static uint64_t *slot(const struct secmon_pmf_service *svc, unsigned int cpu, unsigned int id)
{
	if (cpu >= svc->cpus || id >= svc->ids)
		return NULL;
	return &svc->store[(uint32_t)cpu * svc->stride + id];
}

static uint64_t store(const struct secmon_pmf_service *svc, unsigned int cpu, unsigned int id,
		      unsigned int flags)
{
	uint64_t *p = slot(svc, cpu, id);
	uint64_t now = pmf_arch_counter();

	if (!p)
		return now;
	__atomic_store_n(p, now, __ATOMIC_RELAXED);
	if (flags & PMF_CACHE_MAINT)
		pmf_arch_clean(p, sizeof(*p));
	return now;
}

/* PMF_WARM_ENTRY: the time entry.S took, for a CPU that has a slot (so a valid index). */
static void store_warm_entry(const struct secmon_pmf_service *svc, unsigned int cpu,
			     unsigned int id, unsigned int flags)
{
	uint64_t *p = slot(svc, cpu, id);

	if (!p)
		return;
	__atomic_store_n(p, pmf_arch_warm_entry(cpu), __ATOMIC_RELAXED);
	if (flags & PMF_CACHE_MAINT)
		pmf_arch_clean(p, sizeof(*p));
}

void secmon_pmf_capture_cpu(const struct secmon_pmf_service *svc, unsigned int cpu, unsigned int id,
			    unsigned int flags)
{
	if (flags & PMF_WARM_ENTRY)
		store_warm_entry(svc, cpu, id, flags);
	else
		store(svc, cpu, id, flags);
}

void secmon_pmf_capture(const struct secmon_pmf_service *svc, unsigned int id, unsigned int flags)
{
	store(svc, pmf_arch_this_cpu(), id, flags);
}

uint64_t secmon_pmf_capture_us(const struct secmon_pmf_service *svc, unsigned int cpu,
			       unsigned int id)
{
	return secmon_pmf_ticks_to_us(store(svc, cpu, id, PMF_NO_CACHE_MAINT));
}

uint64_t secmon_pmf_now(void)
{
	return pmf_arch_counter();
}

uint64_t secmon_pmf_ticks_to_us(uint64_t ticks)
{
	uint64_t hz = pmf_arch_frequency();

	/* Split so that ticks * 10^6 cannot overflow: the remainder is below hz < 2^32. */
	if (hz == 0)
		return 0;
	return ticks / hz * 1000000u + ticks % hz * 1000000u / hz;
}

uint64_t secmon_pmf_now_us(void)
{
	return secmon_pmf_ticks_to_us(pmf_arch_counter());
}
