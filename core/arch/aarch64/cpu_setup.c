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

#include "internal.h"

/* CPTR_EL3: trap nothing to EL3 except what does not exist; enable SVE/SME if present. */
#define CPTR_EZ	    (1ull << 8)
#define CPTR_ESM    (1ull << 12)
/* MDCR_EL3: secure self-hosted debug disabled. */
#define MDCR_SDD    (1ull << 16)
#define ZCR_LEN_MAX 0xfull

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

static void el3_controls(void)
{
	uint64_t pfr0 = read_sysreg(id_aa64pfr0_el1);
	uint64_t pfr1 = read_sysreg(id_aa64pfr1_el1);
	uint64_t cptr = 0;

	if (ID_FIELD(pfr0, ID_AA64PFR0_SVE_SHIFT))
		cptr |= CPTR_EZ;
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT))
		cptr |= CPTR_ESM;
	write_sysreg(cptr_el3, cptr);
	isb();
	if (cptr & CPTR_EZ)
		write_sysreg(S3_6_C1_C2_0, ZCR_LEN_MAX); /* ZCR_EL3: all vector lengths */
	if (cptr & CPTR_ESM)
		write_sysreg(S3_6_C1_C2_6, (1ull << 31) | ZCR_LEN_MAX); /* SMCR_EL3: FA64, LEN */
	write_sysreg(mdcr_el3, MDCR_SDD);
	isb();
}

/* Secure and EL3 execution never counted by the normal world's PMU (docs/pmu.md). */
static bool pmu_policy(void)
{
	struct pmu_features f;

	pmu_detect(&f);
	if (!f.present)
		return false;
	/* Every CPU, every boot: refuse a PMU whose counters the image cannot keep. */
	unsigned int n = pmu_num_counters();
	if (n > secmon_image.pmu_counters)
		pmu_counters_mismatch(n, secmon_image.pmu_counters);
	pmu_el3_apply_mdcr();
	if (!pmu_needs_pmcr_dp_on_entry_for(&f))
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
	if (!ops->vectors)
		secmon_panic("%s: its cpu ops name no vector table", ops->name);
	write_sysreg(vbar_el3, (uint64_t)(uintptr_t)ops->vectors);
	isb();
}
