/*
 * The PMUv3 as the normal world programs it (Arm ARM D13/D17), for tests/pmu_isolation.c.
 * Written out from the architecture rather than taken from the monitor's own PMU header
 * (secmon/internal/pmu.h): the payload holds the monitor to the spec, not to itself.
 * Register access from EL2 or EL1 alike (no trap: the monitor leaves MDCR_EL3.TPM clear).
 */
#ifndef NS_PMU_H
#define NS_PMU_H

#include <stdint.h>

/* PMCR_EL0. */
#define NS_PMCR_E	(1ull << 0) /* enable */
#define NS_PMCR_P	(1ull << 1) /* write 1: reset the event counters */
#define NS_PMCR_C	(1ull << 2) /* write 1: reset the cycle counter */
#define NS_PMCR_DP	(1ull << 5) /* cycle counter stops where event counting is prohibited */
#define NS_PMCR_LC	(1ull << 6) /* 64-bit cycle counter overflow */
#define NS_PMCR_N(pmcr) (((pmcr) >> 11) & 0x1fu)
#define NS_PMCR_STATE	0xf9ull /* E, D, X, DP, LC, LP: the bits that read as written */

/* PMEVTYPER<n>_EL0 / PMCCFILTR_EL0 filter bits. */
#define NS_EVT_P   (1ull << 31) /* 1: no counting at EL1 */
#define NS_EVT_U   (1ull << 30) /* 1: no counting at EL0 */
#define NS_EVT_NSK (1ull << 29) /* != P: no counting at NS EL1 */
#define NS_EVT_NSU (1ull << 28) /* != U: no counting at NS EL0 */
#define NS_EVT_NSH (1ull << 27) /* 1: count at EL2 */
#define NS_EVT_M   (1ull << 26) /* == P: count at EL3 */

/* Events (common architectural and microarchitectural event numbers). */
#define NS_EV_INST_RETIRED 0x08u
#define NS_EV_CPU_CYCLES   0x11u

/* PMCNTENSET_EL0 bits. */
#define NS_CNT_C    (1ull << 31)
#define NS_CNT_P(n) (1ull << (n))

/* ID_AA64DFR0_EL1.PMUVer [11:8]. */
#define NS_PMUVER(dfr0) (((dfr0) >> 8) & 0xfu)

/* MDCR_EL2: HPMN [4:0] = event counters the EL1 side (PMCR_EL0.E) controls. */
#define NS_MDCR_EL2_HPMN_MASK 0x1full

#define NS_READ_SYSREG(reg)                                                                        \
	({                                                                                         \
		uint64_t _v;                                                                       \
		__asm__ volatile("mrs %0, " #reg : "=r"(_v));                                      \
		_v;                                                                                \
	})
#define NS_WRITE_SYSREG(reg, v) __asm__ volatile("msr " #reg ", %0\n\tisb" ::"r"((uint64_t)(v)))

/* Everything the monitor must keep over a power-down, as read back from the registers. */
struct ns_pmu_config {
	uint64_t pmcr;	   /* PMCR_EL0 & NS_PMCR_STATE */
	uint64_t cntenset; /* PMCNTENSET_EL0 */
	uint64_t evtyper0; /* PMEVTYPER0_EL0 */
	uint64_t evtyper1; /* PMEVTYPER1_EL0 */
	uint64_t ccfiltr;  /* PMCCFILTR_EL0 */
	uint64_t userenr;  /* PMUSERENR_EL0 */
	uint64_t selr;	   /* PMSELR_EL0 */
};

/* The three counters the tests use. */
struct ns_pmu_counts {
	uint64_t cycles; /* PMCCNTR_EL0 */
	uint64_t ev0;	 /* PMEVCNTR0_EL0 */
	uint64_t ev1;	 /* PMEVCNTR1_EL0 */
};

static inline void ns_pmu_read_config(struct ns_pmu_config *c)
{
	c->pmcr = NS_READ_SYSREG(pmcr_el0) & NS_PMCR_STATE;
	c->cntenset = NS_READ_SYSREG(pmcntenset_el0);
	c->evtyper0 = NS_READ_SYSREG(pmevtyper0_el0);
	c->evtyper1 = NS_READ_SYSREG(pmevtyper1_el0);
	c->ccfiltr = NS_READ_SYSREG(pmccfiltr_el0);
	c->userenr = NS_READ_SYSREG(pmuserenr_el0);
	c->selr = NS_READ_SYSREG(pmselr_el0);
}

static inline void ns_pmu_read_counts(struct ns_pmu_counts *n)
{
	__asm__ volatile("isb" ::: "memory");
	n->cycles = NS_READ_SYSREG(pmccntr_el0);
	n->ev0 = NS_READ_SYSREG(pmevcntr0_el0);
	n->ev1 = NS_READ_SYSREG(pmevcntr1_el0);
}

/*
 * The measured loops (pmu_loop.S): `iterations` times {x0 = fid; SMC #0 (or NOP); count
 * down; branch}, with PMCCNTR_EL0 and PMEVCNTR0/1_EL0 read right before and right after.
 * The two variants are the same instructions but for SMC <-> NOP.
 */
struct pmu_sample {
	uint64_t cycles0, ev0_0, ev1_0; /* before the loop */
	uint64_t cycles1, ev0_1, ev1_1; /* after it */
};

/* pmu_loop.S stores x12-x17 in this order. */
_Static_assert(sizeof(struct pmu_sample) == 48, "struct pmu_sample layout");

void pmu_loop_smc(uint64_t fid, uint64_t iterations, struct pmu_sample *s);
void pmu_loop_nop(uint64_t fid, uint64_t iterations, struct pmu_sample *s);

#endif
