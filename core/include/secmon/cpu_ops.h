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
 * The EL3 vector tables, one per entry-time mitigation, each 2 KiB aligned in an object
 * of its own (core/arch/aarch64/vectors_*.S, built with the vector_table macro of
 * vector_table.S). A cpu ops entry names its core's table with SECMON_CPU_VECTORS(); that
 * reference is what links the table, so an image carries the tables of its listed cores
 * and no others. There is no table per PMU kind: every entry sets PMCR_EL0.DP on a CPU
 * whose PMU lacks SCCD and leaves PMCR_EL0 alone on the others (docs/pmu.md).
 *
 * Host builds have no EL3 code: there SECMON_CPU_VECTORS(m) is the mitigation's name as a
 * string ("none", "bp_mmu", "bhb24"), which unit tests compare.
 */
#ifdef SECMON_HOST
#define SECMON_CPU_VECTORS(mitigation) ((const void *)#mitigation)
#else
#define SECMON_CPU_VECTORS(mitigation) ((const void *)secmon_vectors_##mitigation)
/* No entry mitigation: e.g. Cortex-A53, the generic ops (vectors_none.S). */
extern const char secmon_vectors_none[];
/* EL3 MMU off and on: Cortex-A57/A72 (vectors_bp_mmu.S). */
extern const char secmon_vectors_bp_mmu[];
/* Spectre-BHB loop of 24 iterations: Neoverse N1, Cortex-A76/A77 (vectors_bhb.S). */
extern const char secmon_vectors_bhb24[];
#endif

struct secmon_cpu_ops {
	const char *name;    /* core name for the boot log */
	uint32_t midr;	     /* MIDR_EL1 value of the part (variant/revision masked) */
	uint32_t midr_mask;  /* bits of MIDR_EL1 compared with midr; 0 matches any core */
	void (*reset)(void); /* optional: every boot of the CPU, before caches are on */
	/* Status of SMCCC_ARCH_WORKAROUND_1/2/3 (CVE-2017-5715, -2018-3639, -2022-23960). */
	enum secmon_wa_status (*wa_status)(unsigned int workaround);
	/* Required: SECMON_CPU_VECTORS(mitigation), the table this core's CPUs install. */
	const void *vectors;
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
