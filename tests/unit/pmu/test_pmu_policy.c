/*
 * EL3 isolation policy: MDCR_EL3 for every PMU version (only the fields the PMU has
 * change, every other bit is kept), when PMCR_EL0.DP is needed on entry, and the write
 * of MDCR_EL3 on this CPU.
 */
#include <secmon/internal/pmu.h>

#include "check.h"
#include "fake_pmu.h"

#define POLICY_BITS (MDCR_EL3_SPME | MDCR_EL3_SCCD | MDCR_EL3_MCCD | MDCR_EL3_MPMX)

static void check_version(unsigned int ver, bool sccd, bool mccd, bool needs_dp)
{
	static const uint64_t inputs[] = {0, ~0ull, 0x0123456789abcdefull, MDCR_EL3_SPME};
	struct pmu_features f;

	f = pmu_features_from_dfr0((uint64_t)ver << 8);
	for (unsigned int i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		uint64_t in = inputs[i], out = pmu_el3_policy_mdcr_for(&f, in);

		CHECK_EQ(out & ~POLICY_BITS, in & ~POLICY_BITS);
		CHECK_EQ(out & MDCR_EL3_SPME, 0);
		/* Present: forced; absent (RES0 there): left alone, never invented. */
		CHECK_EQ(out & MDCR_EL3_SCCD, sccd ? MDCR_EL3_SCCD : in & MDCR_EL3_SCCD);
		CHECK_EQ(out & MDCR_EL3_MCCD, mccd ? MDCR_EL3_MCCD : in & MDCR_EL3_MCCD);
		CHECK_EQ(out & MDCR_EL3_MPMX, mccd ? 0 : in & MDCR_EL3_MPMX);
	}
	CHECK_EQ(pmu_needs_pmcr_dp_on_entry_for(&f), needs_dp);

	/* The same through the CPU's own ID register (counters within the build's maximum). */
	fake_pmu_reset(ver, 6);
	CHECK_EQ(pmu_el3_policy_mdcr(~0ull), pmu_el3_policy_mdcr_for(&f, ~0ull));
	CHECK_EQ(pmu_needs_pmcr_dp_on_entry(), needs_dp);
	fake_pmu_set(FAKE_MDCR_EL3, MDCR_EL3_SPME | MDCR_EL3_TPM | 0x3u);
	pmu_el3_apply_mdcr();
	CHECK_EQ(fake_pmu_get(FAKE_MDCR_EL3),
		 (sccd ? MDCR_EL3_SCCD : 0) | (mccd ? MDCR_EL3_MCCD : 0) | MDCR_EL3_TPM | 0x3u);
}

int main(void)
{
	check_version(PMU_VER_NONE, false, false, false);
	check_version(PMU_VER_V3, false, false, true);
	check_version(PMU_VER_V3P1, false, false, true);
	check_version(PMU_VER_V3P4, false, false, true);
	check_version(PMU_VER_V3P5, true, false, false);
	check_version(PMU_VER_V3P7, true, true, false);
	check_version(PMU_VER_V3P8, true, true, false);
	check_version(PMU_VER_V3P9, true, true, false);
	check_version(PMU_VER_IMPDEF, false, false, false);
	return check_report();
}
