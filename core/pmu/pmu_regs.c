/*
 * PMU register accessors. The event counters and their types are reached through
 * PMSELR_EL0, which each such access leaves selecting its counter: pmu_save_ns() reads
 * the normal world's PMSELR_EL0 before them and pmu_restore_ns_pmcr() writes it after.
 */
#include <stdbool.h>

#include <secmon/internal/pmu.h>

#include "pmu_sysreg.h"

#define SIMPLE_READ(fn, reg)                                                                       \
	uint64_t fn(void)                                                                          \
	{                                                                                          \
		return PMU_SR_READ(reg);                                                           \
	}
#define SIMPLE_WRITE(fn, reg)                                                                      \
	void fn(uint64_t v)                                                                        \
	{                                                                                          \
		PMU_SR_WRITE(reg, v);                                                              \
	}

SIMPLE_READ(pmu_read_pmcr, PMU_SR_PMCR_EL0)
SIMPLE_WRITE(pmu_write_pmcr, PMU_SR_PMCR_EL0)
SIMPLE_READ(pmu_read_cntenset, PMU_SR_PMCNTENSET_EL0)
SIMPLE_WRITE(pmu_write_cntenset, PMU_SR_PMCNTENSET_EL0)
SIMPLE_WRITE(pmu_write_cntenclr, PMU_SR_PMCNTENCLR_EL0)
SIMPLE_READ(pmu_read_intenset, PMU_SR_PMINTENSET_EL1)
SIMPLE_WRITE(pmu_write_intenset, PMU_SR_PMINTENSET_EL1)
SIMPLE_WRITE(pmu_write_intenclr, PMU_SR_PMINTENCLR_EL1)
SIMPLE_READ(pmu_read_ovsset, PMU_SR_PMOVSSET_EL0)
SIMPLE_WRITE(pmu_write_ovsset, PMU_SR_PMOVSSET_EL0)
SIMPLE_WRITE(pmu_write_ovsclr, PMU_SR_PMOVSCLR_EL0)
SIMPLE_READ(pmu_read_selr, PMU_SR_PMSELR_EL0)
SIMPLE_WRITE(pmu_write_selr, PMU_SR_PMSELR_EL0)
SIMPLE_READ(pmu_read_userenr, PMU_SR_PMUSERENR_EL0)
SIMPLE_WRITE(pmu_write_userenr, PMU_SR_PMUSERENR_EL0)
SIMPLE_READ(pmu_read_ccfiltr, PMU_SR_PMCCFILTR_EL0)
SIMPLE_WRITE(pmu_write_ccfiltr, PMU_SR_PMCCFILTR_EL0)
SIMPLE_READ(pmu_read_ccntr, PMU_SR_PMCCNTR_EL0)
SIMPLE_WRITE(pmu_write_ccntr, PMU_SR_PMCCNTR_EL0)

/*
 * Event counter n and its type through PMSELR_EL0.SEL and PMXEVCNTR_EL0 / PMXEVTYPER_EL0:
 * one access path for every n. Indices from 31 on, where no counter exists (SEL = 31
 * selects the cycle counter's filter), read 0 and write nothing.
 */
static bool select_counter(unsigned int n)
{
	if (n >= PMU_ARCH_COUNTERS)
		return false;
	PMU_SR_WRITE(PMU_SR_PMSELR_EL0, n);
	/* The selection must be in effect before PMXEV* is accessed. */
	PMU_SR_SYNC();
	return true;
}

uint64_t pmu_read_evtyper(unsigned int n)
{
	return select_counter(n) ? PMU_SR_READ(PMU_SR_PMXEVTYPER_EL0) : 0;
}

void pmu_write_evtyper(unsigned int n, uint64_t v)
{
	if (select_counter(n))
		PMU_SR_WRITE(PMU_SR_PMXEVTYPER_EL0, v);
}

uint64_t pmu_read_evcntr(unsigned int n)
{
	return select_counter(n) ? PMU_SR_READ(PMU_SR_PMXEVCNTR_EL0) : 0;
}

void pmu_write_evcntr(unsigned int n, uint64_t v)
{
	if (select_counter(n))
		PMU_SR_WRITE(PMU_SR_PMXEVCNTR_EL0, v);
}
