/*
 * Per-core-type operations: reset-time setup and errata, what each speculative-execution
 * workaround needs, and the core's power-down sequence. Implementations live in
 * platforms/common/cpus; a platform lists the ones its CPUs need and the core picks the
 * matching entry by MIDR on every boot of every CPU.
 */
#ifndef SECMON_CPU_OPS_H
#define SECMON_CPU_OPS_H

#include <stdint.h>

/* What SMCCC_ARCH_FEATURES reports for an ARCH_WORKAROUND_n call on this CPU. */
enum secmon_wa_status {
	SECMON_WA_REQUIRED = 0,	      /* the call is implemented and this CPU needs it */
	SECMON_WA_NOT_REQUIRED = 1,   /* this CPU is not affected */
	SECMON_WA_NOT_SUPPORTED = -1, /* no firmware mitigation is available */
	SECMON_WA_ALWAYS_ON = -2,     /* mitigated permanently at reset: do not call */
};

/*
 * The EL3 vector tables of a core (2 KiB aligned, built with the vector_table macro of
 * core/arch/aarch64/vector_table.S), one per PMU kind; NULL for a kind the core is
 * not expected to have (a CPU that has it stops at its setup with "no vectors for ...").
 * Every table lives in an object of its own, linked only when a listed cpu ops entry
 * points at it, so an image carries the tables of its cores and no others.
 */
struct secmon_cpu_vectors {
	const void *plain; /* for a PMU with SCCD, or none: PMCR_EL0 left alone */
	const void *pmu;   /* for a PMU without SCCD: PMCR_EL0.DP set on entry */
};

/* No entry mitigation, either PMU kind: e.g. the generic ops (vectors_plain.S). */
extern const struct secmon_cpu_vectors secmon_no_mitigation_vectors;
/* No entry mitigation, PMU without SCCD only: Cortex-A53 (vectors_dp.S). */
extern const struct secmon_cpu_vectors secmon_no_mitigation_dp_vectors;
/* Spectre-BHB loop of 24 iterations: Neoverse N1, Cortex-A76/A77 (vectors_bhb.S). */
extern const struct secmon_cpu_vectors secmon_bhb24_vectors;
/* EL3 MMU off and on: Cortex-A57/A72 (vectors_bp_mmu.S). */
extern const struct secmon_cpu_vectors secmon_bp_mmu_vectors;

struct secmon_cpu_ops {
	const char *name;    /* core name for the boot log */
	uint32_t midr;	     /* MIDR_EL1 value of the part (variant/revision masked) */
	uint32_t midr_mask;  /* bits of MIDR_EL1 compared with midr; 0 matches any core */
	void (*reset)(void); /* optional: every boot of the CPU, before caches are on */
	/* Status of SMCCC_ARCH_WORKAROUND_1/2/3 (CVE-2017-5715, -2018-3639, -2022-23960). */
	enum secmon_wa_status (*wa_status)(unsigned int workaround);
	/* Required: the vectors this core runs, with its entry-time mitigation if any. */
	const struct secmon_cpu_vectors *vectors;
	/*
	 * Power-down sequence of this core type, called by a platform's pwr_down_wfi hook
	 * just before the final WFI, interrupts masked, no lock held. core_pwr_dwn: only
	 * this core loses power (its own caches go); cluster_pwr_dwn: it is the last core
	 * of its cluster and the cluster's shared cache goes too. Each turns the data cache
	 * off, cleans and invalidates the caches that lose power (and this CPU's stack to
	 * the point of coherency), leaves intra-cluster coherency (SMPEN where the core has
	 * it) and quiesces what else the core needs. They return with the data cache off:
	 * the caller may then touch device registers, constants and its own stack only.
	 * Both are set in every entry of platforms/common/cpus.
	 */
	void (*core_pwr_dwn)(void);
	void (*cluster_pwr_dwn)(void);
};

/* The cpu ops of the running CPU (chosen at boot). */
const struct secmon_cpu_ops *secmon_this_cpu_ops(void);

#endif
