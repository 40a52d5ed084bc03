/*
 * Host test doubles of the machine PMF runs on (SECMON_HOST builds only): a CPU table,
 * the calling CPU (per thread), a counter and a record of cache maintenance.
 */
#ifndef SECMON_PMF_HOST_H
#define SECMON_PMF_HOST_H

#include <stddef.h>
#include <stdint.h>

/* Back to the defaults: 1 CPU (MPIDR 0), CPU 0 calling, counter 0 at 1 MHz, no records. */
void secmon_pmf_host_reset(void);
/* The CPU table: MPIDR (affinity fields) of each linear index; at most 1024. */
void secmon_pmf_host_set_cpus(const uint64_t *mpidrs, unsigned int count);
/* The linear index the calling thread reports as its CPU. */
void secmon_pmf_host_set_this_cpu(unsigned int cpu);
/*
 * The counter: each read returns the current value and then adds `step` (0: frozen),
 * so consecutive captures are ordered and their values predictable.
 */
void secmon_pmf_host_set_counter(uint64_t value, uint64_t step);
void secmon_pmf_host_set_frequency(uint64_t hz);
/* Zeroes every timestamp of a service (tests start from a clean store). */
struct secmon_pmf_service;
void secmon_pmf_host_clear(const struct secmon_pmf_service *svc);
/* Cache maintenance requested so far: count and last address of each kind. */
unsigned int secmon_pmf_host_clean_count(void);
unsigned int secmon_pmf_host_clean_inv_count(void);
const void *secmon_pmf_host_last_clean(void);
const void *secmon_pmf_host_last_clean_inv(void);

#endif
