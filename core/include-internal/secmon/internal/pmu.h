/*
 * PMUv3 (Arm performance monitors): register field encoders, typed accessors, feature
 * detection, the EL3 counter-isolation policy and the save/restore of the normal
 * world's PMU configuration across a CPU power-down. See docs/pmu.md for the policy.
 *
 * The encoders are pure and build anywhere. The accessors and everything that reads an
 * ID register go through core/pmu/pmu_sysreg.h: one mrs/msr at EL3, a test hook on the host.
 */
#ifndef SECMON_INTERNAL_PMU_H
#define SECMON_INTERNAL_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon_config.h>

/* ID_AA64DFR0_EL1.PMUVer [11:8]: which PMU the CPU has. */
#define PMU_DFR0_PMUVER_SHIFT 8
#define PMU_DFR0_PMUVER_MASK  0xfull
#define PMU_VER_NONE	      0x0u /* no PMU */
#define PMU_VER_V3	      0x1u /* PMUv3 (Armv8.0) */
#define PMU_VER_V3P1	      0x4u /* Armv8.1: 16-bit evtCount */
#define PMU_VER_V3P4	      0x5u /* Armv8.4 */
#define PMU_VER_V3P5	      0x6u /* Armv8.5: 64-bit event counters (PMCR.LP), MDCR_EL3.SCCD */
#define PMU_VER_V3P7	      0x7u /* Armv8.7: MDCR_EL3.MCCD and MPMX */
#define PMU_VER_V3P8	      0x8u
#define PMU_VER_V3P9	      0x9u
#define PMU_VER_IMPDEF	      0xfu /* an IMPLEMENTATION DEFINED PMU, not PMUv3 */

/* PMCR_EL0. */
#define PMCR_E	     (1ull << 0) /* enable all counters */
#define PMCR_P	     (1ull << 1) /* write 1: reset the event counters (reads 0) */
#define PMCR_C	     (1ull << 2) /* write 1: reset the cycle counter (reads 0) */
#define PMCR_D	     (1ull << 3) /* cycle counter counts every 64th cycle */
#define PMCR_X	     (1ull << 4) /* export events */
#define PMCR_DP	     (1ull << 5) /* cycle counter stops where event counting is prohibited */
#define PMCR_LC	     (1ull << 6) /* cycle counter overflows at 64 bits */
#define PMCR_LP	     (1ull << 7) /* event counters overflow at 64 bits (PMUv3p5) */
#define PMCR_N_SHIFT 11
#define PMCR_N_MASK  0x1full /* number of event counters, [15:11] */

/* PMEVTYPER<n>_EL0 and PMCCFILTR_EL0 (same layout; PMCCFILTR has no evtCount). */
#define PMEVTYPER_P		     (1ull << 31)  /* 1: do not count at EL1 */
#define PMEVTYPER_U		     (1ull << 30)  /* 1: do not count at EL0 */
#define PMEVTYPER_NSK		     (1ull << 29)  /* != P: do not count at NS EL1 */
#define PMEVTYPER_NSU		     (1ull << 28)  /* != U: do not count at NS EL0 */
#define PMEVTYPER_NSH		     (1ull << 27)  /* 1: count at EL2 */
#define PMEVTYPER_M		     (1ull << 26)  /* == P: count at EL3 */
#define PMEVTYPER_MT		     (1ull << 25)  /* count events of the other PE threads */
#define PMEVTYPER_SH		     (1ull << 24)  /* != NSH: count at Secure EL2 */
#define PMEVTYPER_EVTCOUNT_MASK_V3   0x3ffull	   /* evtCount[9:0] on PMUv3 */
#define PMEVTYPER_EVTCOUNT_MASK_V3P1 0xffffull	   /* evtCount[15:0] from PMUv3p1 */
#define PMEVTYPER_FILTER_MASK	     0xff000000ull /* P..SH, bits [31:24] */

/* PMCNTENSET/CLR_EL0, PMINTENSET/CLR_EL1, PMOVSSET/CLR_EL0: one bit per counter. */
#define PMU_CNT_C	  (1ull << 31)	/* the cycle counter */
#define PMU_CNT_P(n)	  (1ull << (n)) /* event counter n, 0..30 */
#define PMU_ARCH_COUNTERS 31u		/* most event counters a PMUv3 can have */
#define PMUSERENR_MASK	  0xfull	/* EN, SW, CR, ER */
#define PMSELR_SEL_MASK	  0x1full

/* Event counters the architecture allows: PMCR_EL0.N is at most 31. */
#define PMU_ARCH_COUNTERS 31u

/* MDCR_EL3 fields of the counter-isolation policy. */
#define MDCR_EL3_TPM  (1ull << 6)  /* trap lower-EL PMU accesses to EL3 */
#define MDCR_EL3_SPME (1ull << 17) /* 1: event counting allowed in Secure state / EL3 */
#define MDCR_EL3_SCCD (1ull << 23) /* 1: no cycle counting in Secure state (PMUv3p5) */
#define MDCR_EL3_MCCD (1ull << 34) /* 1: no cycle counting at EL3 (PMUv3p7) */
#define MDCR_EL3_MPMX (1ull << 35) /* with SPME: EL3 counting control (PMUv3p7) */

/* What ID_AA64DFR0_EL1 says about this CPU's PMU. */
struct pmu_features {
	uint8_t version;       /* PMUVer as read (PMU_VER_*) */
	bool present;	       /* a PMUv3 of any revision: the PMU registers exist */
	uint8_t evtcount_bits; /* width of evtCount: 10 (PMUv3), 16 (PMUv3p1+), 0 without */
	bool long_counters;    /* 64-bit event counters and PMCR_EL0.LP (PMUv3p5+) */
	bool sccd;	       /* MDCR_EL3.SCCD exists (PMUv3p5+) */
	bool mccd;	       /* MDCR_EL3.MCCD and MPMX exist (PMUv3p7+) */
};

/* An event counter's type register, field by field. */
struct pmu_evtype {
	uint16_t event; /* evtCount: the event number */
	bool p;		/* the architecture's filter bits, same names and meaning */
	bool u;
	bool nsk;
	bool nsu;
	bool nsh;
	bool m;
	bool mt;
	bool sh;
};

/* Features from an ID_AA64DFR0_EL1 value (pure) / from this CPU. */
struct pmu_features pmu_features_from_dfr0(uint64_t dfr0);
struct pmu_features pmu_detect(void);

/* PMCR_EL0.N of a PMCR value / of this CPU (0 without a PMUv3). */
static inline unsigned int pmu_pmcr_n(uint64_t pmcr)
{
	return (unsigned int)((pmcr >> PMCR_N_SHIFT) & PMCR_N_MASK);
}
unsigned int pmu_num_counters(void);

/*
 * Stops the monitor on a CPU whose PMU has more event counters (n) than the normal
 * world's save area keeps (kept, the image's PMU_COUNTERS): a panic naming both, rather
 * than counters silently lost over a power-down.
 */
__attribute__((noreturn)) void pmu_counters_mismatch(unsigned int n, unsigned int kept);

/* Bits of PMCNTENSET & co. that exist with n event counters. */
static inline uint64_t pmu_counter_mask(unsigned int n)
{
	return PMU_CNT_C | (n >= PMU_ARCH_COUNTERS ? 0x7fffffffull : (1ull << n) - 1u);
}

/*
 * PMEVTYPER/PMCCFILTR encoding for a PMU of evtcount_bits (10 or 16): 0 on success,
 * -1 if the event number does not fit. Decoding ignores bits outside the fields.
 */
int pmu_evtype_encode(const struct pmu_evtype *t, unsigned int evtcount_bits, uint64_t *out);
void pmu_evtype_decode(uint64_t v, unsigned int evtcount_bits, struct pmu_evtype *t);

/* PMCR_EL0 built from its fields (N is read-only and not part of it). */
static inline uint64_t pmu_pmcr_encode(bool e, bool dp, bool lc, bool lp)
{
	return (e ? PMCR_E : 0) | (dp ? PMCR_DP : 0) | (lc ? PMCR_LC : 0) | (lp ? PMCR_LP : 0);
}

/*
 * Register accessors. n is an event counter index below pmu_num_counters(); indices from
 * PMU_ARCH_COUNTERS on read 0 and write nothing.
 */
uint64_t pmu_read_pmcr(void);
void pmu_write_pmcr(uint64_t v);
uint64_t pmu_read_cntenset(void);
void pmu_write_cntenset(uint64_t v);
void pmu_write_cntenclr(uint64_t v);
uint64_t pmu_read_intenset(void);
void pmu_write_intenset(uint64_t v);
void pmu_write_intenclr(uint64_t v);
uint64_t pmu_read_ovsset(void);
void pmu_write_ovsset(uint64_t v);
void pmu_write_ovsclr(uint64_t v);
uint64_t pmu_read_selr(void);
void pmu_write_selr(uint64_t v);
uint64_t pmu_read_userenr(void);
void pmu_write_userenr(uint64_t v);
uint64_t pmu_read_ccfiltr(void);
void pmu_write_ccfiltr(uint64_t v);
uint64_t pmu_read_ccntr(void);
void pmu_write_ccntr(uint64_t v);
uint64_t pmu_read_evtyper(unsigned int n);
void pmu_write_evtyper(unsigned int n, uint64_t v);
uint64_t pmu_read_evcntr(unsigned int n);
void pmu_write_evcntr(unsigned int n, uint64_t v);

/*
 * EL3 isolation policy (docs/pmu.md). pmu_el3_policy_mdcr() returns mdcr with SPME = 0
 * (no event counting in Secure state or at EL3), SCCD = 1 where PMUv3p5 provides it
 * (no cycle counting in Secure state), and MCCD = 1, MPMX = 0 where PMUv3p7 provides
 * them (no cycle counting at EL3); fields the CPU lacks are left as they are.
 * pmu_el3_apply_mdcr() writes that to this CPU's MDCR_EL3 (every CPU, every boot).
 */
uint64_t pmu_el3_policy_mdcr_for(const struct pmu_features *f, uint64_t mdcr);
uint64_t pmu_el3_policy_mdcr(uint64_t mdcr);
void pmu_el3_apply_mdcr(void);

/*
 * True when the cycle counter would count EL3 and Secure execution despite the MDCR_EL3
 * policy (a PMUv3 older than v3p5 has no SCCD): the entry to EL3 must then set
 * PMCR_EL0.DP (pmu_pmcr_entry_value()) and the exit restore the normal world's PMCR_EL0.
 */
bool pmu_needs_pmcr_dp_on_entry_for(const struct pmu_features *f);
bool pmu_needs_pmcr_dp_on_entry(void);
static inline uint64_t pmu_pmcr_entry_value(uint64_t ns_pmcr)
{
	return (ns_pmcr | PMCR_DP) & ~(PMCR_P | PMCR_C);
}

/*
 * The normal world's PMU configuration, kept over a CPU power-down. The event counters'
 * registers go to evregs, which the owner sizes (the monitor: the image's PMU_COUNTERS
 * per CPU, secmon/image.h).
 */
struct pmu_ns_state {
	uint64_t pmcr;	   /* PMCR_EL0 as the normal world set it */
	uint64_t cntenset; /* enabled counters */
	uint64_t intenset; /* overflow interrupts enabled */
	uint64_t ovsset;   /* overflow flags */
	uint64_t selr;	   /* PMSELR_EL0 */
	uint64_t userenr;  /* PMUSERENR_EL0 */
	uint64_t ccfiltr;  /* PMCCFILTR_EL0 */
	uint64_t ccntr;	   /* PMCCNTR_EL0 */
	uint64_t *evregs;  /* PMEVTYPER<n>_EL0 at [2n], PMEVCNTR<n>_EL0 at [2n + 1] */
	uint8_t capacity;  /* event counters evregs has room for */
	uint8_t counters;  /* event counters saved: PMCR_EL0.N */
	bool valid;	   /* saved from a CPU with a PMUv3 */
};

/*
 * Saves / restores this CPU's PMU registers. Save reads PMCR_EL0 as it is: if the entry
 * path set PMCR_EL0.DP, the caller stores the normal world's value into s->pmcr. Restore
 * first stops all counting, then writes counters, types, flags and enables, and
 * PMCR_EL0 last; it does nothing for a state that is not valid. Without a PMUv3 save
 * only clears s->valid (the registers do not exist). Save on a PMU with more event
 * counters than s->capacity panics (pmu_counters_mismatch()) rather than drop any.
 */
void pmu_save_ns(struct pmu_ns_state *s);
void pmu_restore_ns(const struct pmu_ns_state *s);
/*
 * pmu_restore_ns() with final_pmcr as the last PMCR_EL0 write instead of s->pmcr: an
 * EL3 that keeps PMCR_EL0.DP set until its exit passes pmu_pmcr_entry_value(s->pmcr),
 * so the cycle counter never runs in EL3 between the restore and the exit.
 */
void pmu_restore_ns_pmcr(const struct pmu_ns_state *s, uint64_t final_pmcr);

#endif
