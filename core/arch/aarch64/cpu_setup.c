/*
 * Per-CPU EL3 setup on every boot (cold and warm): pick the core's cpu ops by MIDR,
 * run its reset hook, decide whether EL3 entries set PMCR_EL0.DP (pmu_dp), install the
 * vector table of the core's entry mitigation, and program the EL3 controls that decide
 * what the normal world may use without trapping.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cpu_ops.h>
#include <secmon/image.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/log.h>

#include "feature_rules.h"
#include "internal.h"

#define CPTR_EZ		(1ull << 8)
#define CPTR_ESM	(1ull << 12)
/* MDCR_EL3: secure self-hosted debug disabled (the normal world owns debug: feature_rules.c). */
#define MDCR_SDD	(1ull << 16)
/* ZCR_EL3 / SMCR_EL3.LEN: every vector length up to the largest the CPU has. */
#define ZCR_LEN_MAX	0xfull
#define SMCR_FA64	(1ull << 31) /* full A64 in streaming mode, if ID_AA64SMFR0_EL1.FA64 */
#define SMCR_EZT0	(1ull << 30) /* ZT0 (SME2) */
#define SMFR0_FA64	(1ull << 63)
/* AMU group 0: its four architected counters (AMUv1), enabled by EL3 only. */
#define AMCNTENSET0_EL0 S3_3_C13_C2_5
#define AMU_GROUP0_ALL	0xfull

const struct secmon_cpu_ops *secmon_this_cpu_ops(void)
{
	return secmon_this_cpu()->ops;
}

static const struct secmon_cpu_ops *find_ops(const struct secmon_platform *plat, uint32_t midr)
{
	for (size_t i = 0; i < plat->cpu_ops_count; i++) {
		const struct secmon_cpu_ops *ops = plat->cpu_ops[i];
		if ((midr & ops->midr_mask) == ops->midr)
			return ops;
	}
	secmon_panic("no cpu ops for MIDR 0x%x", (unsigned int)midr);
}

/*
 * The EL3 controls of what the normal world may use, from the feature rules: CPTR_EL3
 * and MDCR_EL3 (one value for both worlds; services/spd narrows them while the secure
 * payload runs), SVE and SME vector lengths, and the AMU's architected counters, which
 * are off after reset and which only EL3 may enable (Linux expects them counting).
 * SCR_EL3 is per world: context.c.
 */
static void el3_controls(void)
{
	uint64_t cptr = feat_enables(FEAT_CPTR);

	write_sysreg(cptr_el3, cptr);
	isb();
	if (cptr & CPTR_EZ)
		write_sysreg(S3_6_C1_C2_0, ZCR_LEN_MAX); /* ZCR_EL3 */
	if (cptr & CPTR_ESM) {
		uint64_t smcr = ZCR_LEN_MAX;
		if (read_sysreg(S3_0_C0_C4_5) & SMFR0_FA64) /* ID_AA64SMFR0_EL1 */
			smcr |= SMCR_FA64;
		if (ID_FIELD(read_sysreg(id_aa64pfr1_el1), FEAT_PFR1_SME_SHIFT) >= 2)
			smcr |= SMCR_EZT0;
		write_sysreg(S3_6_C1_C2_6, smcr); /* SMCR_EL3 */
	}
	write_sysreg(mdcr_el3, MDCR_SDD | feat_enables(FEAT_MDCR));
	if (ID_FIELD(read_sysreg(id_aa64pfr0_el1), FEAT_PFR0_AMU_SHIFT)) /* AMU (TAM clear) */
		write_sysreg(AMCNTENSET0_EL0, AMU_GROUP0_ALL);
	isb();
}

/* Secure and EL3 execution never counted by the normal world's PMU (docs/pmu.md). */
static bool pmu_policy(void)
{
	if (!pmu_detect().present)
		return false;
	/* Every CPU, every boot: refuse a PMU whose counters the image cannot keep. */
	unsigned int n = pmu_num_counters();
	if (n > secmon_image.pmu_counters)
		pmu_counters_mismatch(n, secmon_image.pmu_counters);
	pmu_el3_apply_mdcr();
	if (!pmu_needs_pmcr_dp_on_entry())
		return false;
	/* EL3 runs with the cycle counter stopped from here on. */
	pmu_write_pmcr(pmu_pmcr_entry_value(pmu_read_pmcr()));
	return true;
}

void secmon_cpu_setup(const struct secmon_platform *plat, struct secmon_cpu *cpu)
{
	const struct secmon_cpu_ops *ops = find_ops(plat, (uint32_t)read_sysreg(midr_el1));

	cpu->ops = ops;
	if (ops->reset)
		ops->reset();
	el3_controls();
	/* Every lower-EL entry of every table tests it (smc_paths.S). */
	cpu->pmu_dp = pmu_policy();
	/* Never NULL: boot.c checks every entry at cold boot. */
	write_sysreg(vbar_el3, (uint64_t)(uintptr_t)ops->vectors);
	isb();
}
