/*
 * PMU register accessors. The event counters and their types are reached by their own
 * names (PMEVCNTR<n>_EL0, PMEVTYPER<n>_EL0), not through PMSELR_EL0 + PMXEV*, so no
 * access here disturbs the normal world's PMSELR_EL0.
 */
#include <secmon/pmu.h>

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

/* X(n, CRm of PMEVCNTR<n>, CRm of PMEVTYPER<n>, op2) for n = 0..30. */
#define EVENT_COUNTERS(X)                                                                          \
	X(0, 8, 12, 0)                                                                             \
	X(1, 8, 12, 1)                                                                             \
	X(2, 8, 12, 2)                                                                             \
	X(3, 8, 12, 3)                                                                             \
	X(4, 8, 12, 4)                                                                             \
	X(5, 8, 12, 5)                                                                             \
	X(6, 8, 12, 6)                                                                             \
	X(7, 8, 12, 7)                                                                             \
	X(8, 9, 13, 0)                                                                             \
	X(9, 9, 13, 1)                                                                             \
	X(10, 9, 13, 2)                                                                            \
	X(11, 9, 13, 3)                                                                            \
	X(12, 9, 13, 4)                                                                            \
	X(13, 9, 13, 5)                                                                            \
	X(14, 9, 13, 6)                                                                            \
	X(15, 9, 13, 7)                                                                            \
	X(16, 10, 14, 0)                                                                           \
	X(17, 10, 14, 1)                                                                           \
	X(18, 10, 14, 2)                                                                           \
	X(19, 10, 14, 3)                                                                           \
	X(20, 10, 14, 4)                                                                           \
	X(21, 10, 14, 5)                                                                           \
	X(22, 10, 14, 6)                                                                           \
	X(23, 10, 14, 7)                                                                           \
	X(24, 11, 15, 0)                                                                           \
	X(25, 11, 15, 1)                                                                           \
	X(26, 11, 15, 2)                                                                           \
	X(27, 11, 15, 3)                                                                           \
	X(28, 11, 15, 4)                                                                           \
	X(29, 11, 15, 5)                                                                           \
	X(30, 11, 15, 6)

/* One case per counter the architecture allows (PMEVTYPER<n>_EL0 is encoded by n). */
#define READ_TYPER(n, cnt_crm, typ_crm, op2)                                                       \
	case n:                                                                                    \
		return PMU_SR_READ(PMU_SR_PMEVTYPER(typ_crm, op2));
#define WRITE_TYPER(n, cnt_crm, typ_crm, op2)                                                      \
	case n:                                                                                    \
		PMU_SR_WRITE(PMU_SR_PMEVTYPER(typ_crm, op2), v);                                   \
		break;
#define READ_CNTR(n, cnt_crm, typ_crm, op2)                                                        \
	case n:                                                                                    \
		return PMU_SR_READ(PMU_SR_PMEVCNTR(cnt_crm, op2));
#define WRITE_CNTR(n, cnt_crm, typ_crm, op2)                                                       \
	case n:                                                                                    \
		PMU_SR_WRITE(PMU_SR_PMEVCNTR(cnt_crm, op2), v);                                    \
		break;

/* Indices from 31 on, where the register does not exist, read 0 and write nothing. */
uint64_t pmu_read_evtyper(unsigned int n)
{
	switch (n) {
		EVENT_COUNTERS(READ_TYPER)
	default:
		break;
	}
	return 0;
}

void pmu_write_evtyper(unsigned int n, uint64_t v)
{
	switch (n) {
		EVENT_COUNTERS(WRITE_TYPER)
	default:
		break;
	}
}

uint64_t pmu_read_evcntr(unsigned int n)
{
	switch (n) {
		EVENT_COUNTERS(READ_CNTR)
	default:
		break;
	}
	return 0;
}

void pmu_write_evcntr(unsigned int n, uint64_t v)
{
	switch (n) {
		EVENT_COUNTERS(WRITE_CNTR)
	default:
		break;
	}
}
