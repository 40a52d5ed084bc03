/*
 * Registration and query. The query is reached from the normal world with arbitrary
 * arguments: every field of the id and the CPU are checked before an index into a
 * store is formed, and the index is bounded by the store's own size.
 */
#include <secmon/cold_boot.h>
#include <secmon/pmf.h>

#include "pmf_arch.h"

/* Registered services by service id; written at cold boot only. */
static const struct secmon_pmf_service *services[PMF_MAX_SERVICES];

SECMON_COLD_BOOT int secmon_pmf_register(const struct secmon_pmf_service *svc)
{
	if (!svc || !svc->store || svc->svc_id >= PMF_MAX_SERVICES || svc->ids == 0 ||
	    svc->ids > PMF_MAX_IDS || svc->stride < svc->ids || svc->cpus == 0)
		return PMF_REG_EINVAL;
	if (services[svc->svc_id] && services[svc->svc_id] != svc)
		return PMF_REG_ECONFLICT;
	services[svc->svc_id] = svc;
	return 0;
}

const struct secmon_pmf_service *secmon_pmf_service_by_id(unsigned int svc_id)
{
	return svc_id < PMF_MAX_SERVICES ? services[svc_id] : NULL;
}

int32_t secmon_pmf_get_timestamp_by_index(uint32_t tid, unsigned int cpu, uint32_t flags,
					  uint64_t *value)
{
	const struct secmon_pmf_service *svc;
	unsigned int local = tid & PMF_LOCAL_ID_MASK;
	const uint64_t *p;

	*value = 0;
	if ((tid >> PMF_IMPL_ID_SHIFT) != PMF_IMPL_ID || (tid & PMF_TID_RESERVED_MASK) != 0)
		return PMF_RET_INVALID_PARAMETERS;
	if (flags & ~PMF_CACHE_MAINT) /* the only flag a query knows */
		return PMF_RET_INVALID_PARAMETERS;
	svc = secmon_pmf_service_by_id((tid >> PMF_SVC_ID_SHIFT) & PMF_SVC_ID_MASK);
	if (!svc || local >= svc->ids)
		return PMF_RET_INVALID_PARAMETERS;
	if (cpu >= pmf_arch_cpu_count() || cpu >= svc->cpus)
		return PMF_RET_INVALID_PARAMETERS;
	p = &svc->store[(uint32_t)cpu * svc->stride + local];
	if (flags & PMF_CACHE_MAINT)
		pmf_arch_clean_inv(p, sizeof(*p));
	*value = __atomic_load_n(p, __ATOMIC_RELAXED);
	return PMF_RET_SUCCESS;
}

int32_t secmon_pmf_get_timestamp(uint32_t tid, uint64_t mpidr, uint32_t flags, uint64_t *value)
{
	int cpu = pmf_arch_cpu_of_mpidr(mpidr);

	if (cpu < 0) {
		*value = 0;
		return PMF_RET_INVALID_PARAMETERS;
	}
	return secmon_pmf_get_timestamp_by_index(tid, (unsigned int)cpu, flags, value);
}
