/* Host test doubles of pmf_arch.h: see pmf_host.h. */
#include <secmon/pmf.h>

#include "pmf_arch.h"
#include "pmf_host.h"

#define PMF_HOST_MAX_CPUS 1024u

static uint64_t cpu_mpidrs[PMF_HOST_MAX_CPUS];
static unsigned int cpu_count = 1;
static _Thread_local unsigned int this_cpu;
static uint64_t counter, counter_step, frequency = 1000000;
static unsigned int clean_count, clean_inv_count;
static const void *last_clean, *last_clean_inv;

void secmon_pmf_host_reset(void)
{
	cpu_mpidrs[0] = 0;
	cpu_count = 1;
	this_cpu = 0;
	counter = 0;
	counter_step = 0;
	frequency = 1000000;
	clean_count = clean_inv_count = 0;
	last_clean = last_clean_inv = NULL;
}

void secmon_pmf_host_set_cpus(const uint64_t *mpidrs, unsigned int count)
{
	cpu_count = count > PMF_HOST_MAX_CPUS ? PMF_HOST_MAX_CPUS : count;
	for (unsigned int i = 0; i < cpu_count; i++)
		cpu_mpidrs[i] = mpidrs[i];
}

void secmon_pmf_host_set_this_cpu(unsigned int cpu)
{
	this_cpu = cpu;
}

void secmon_pmf_host_set_counter(uint64_t value, uint64_t step)
{
	__atomic_store_n(&counter, value, __ATOMIC_RELAXED);
	counter_step = step;
}

void secmon_pmf_host_set_frequency(uint64_t hz)
{
	frequency = hz;
}

void secmon_pmf_host_clear(const struct secmon_pmf_service *svc)
{
	for (uint32_t i = 0; i < (uint32_t)svc->cpus * svc->stride; i++)
		__atomic_store_n(&svc->store[i], 0, __ATOMIC_RELAXED);
}

unsigned int secmon_pmf_host_clean_count(void)
{
	return clean_count;
}

unsigned int secmon_pmf_host_clean_inv_count(void)
{
	return clean_inv_count;
}

const void *secmon_pmf_host_last_clean(void)
{
	return last_clean;
}

const void *secmon_pmf_host_last_clean_inv(void)
{
	return last_clean_inv;
}

unsigned int pmf_arch_this_cpu(void)
{
	return this_cpu;
}

uint64_t pmf_arch_counter(void)
{
	return __atomic_fetch_add(&counter, counter_step, __ATOMIC_RELAXED);
}

/* No warm-boot entry on the host: the counter at the time of recording stands in. */
uint64_t pmf_arch_warm_entry(unsigned int cpu)
{
	(void)cpu;
	return pmf_arch_counter();
}

uint64_t pmf_arch_frequency(void)
{
	return frequency;
}

int pmf_arch_cpu_of_mpidr(uint64_t mpidr)
{
	mpidr &= 0xff00ffffffull;
	for (unsigned int i = 0; i < cpu_count; i++)
		if (cpu_mpidrs[i] == mpidr)
			return (int)i;
	return -1;
}

unsigned int pmf_arch_cpu_count(void)
{
	return cpu_count;
}

void pmf_arch_clean(const void *addr, size_t size)
{
	(void)size;
	clean_count++;
	last_clean = addr;
}

void pmf_arch_clean_inv(const void *addr, size_t size)
{
	(void)size;
	clean_inv_count++;
	last_clean_inv = addr;
}
