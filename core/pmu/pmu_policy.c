/*
 * EL3 counter-isolation policy: what MDCR_EL3 and PMCR_EL0 must hold so that the
 * normal world's counters never count EL3 or Secure execution. Applied by the core at
 * boot (every CPU) and on every entry to / exit from EL3 (docs/pmu.md).
 */
#include <secmon/internal/pmu.h>

#include "pmu_sysreg.h"

uint64_t pmu_el3_policy_mdcr_for(const struct pmu_features *f, uint64_t mdcr)
{
	/* SPME = 0: event counting is prohibited in Secure state and at EL3. */
	mdcr &= ~MDCR_EL3_SPME;
	/* SCCD = 1: the cycle counter stops in Secure state (EL3 included). */
	if (f->sccd)
		mdcr |= MDCR_EL3_SCCD;
	/*
	 * MCCD = 1 stops it at EL3 in every Security state; MPMX = 0 keeps SPME = 0 in
	 * charge of EL3 event counting.
	 */
	if (f->mccd) {
		mdcr |= MDCR_EL3_MCCD;
		mdcr &= ~MDCR_EL3_MPMX;
	}
	return mdcr;
}

uint64_t pmu_el3_policy_mdcr(uint64_t mdcr)
{
	struct pmu_features f = pmu_detect();

	return pmu_el3_policy_mdcr_for(&f, mdcr);
}

void pmu_el3_apply_mdcr(void)
{
	PMU_SR_WRITE(PMU_SR_MDCR_EL3, pmu_el3_policy_mdcr(PMU_SR_READ(PMU_SR_MDCR_EL3)));
}

bool pmu_needs_pmcr_dp_on_entry_for(const struct pmu_features *f)
{
	/*
	 * Event counters obey SPME = 0 on every PMUv3, but before PMUv3p5 nothing in
	 * MDCR_EL3 stops the cycle counter: only PMCR_EL0.DP does, and it belongs to the
	 * normal world, so it is set on entry and restored on exit.
	 */
	return f->present && !f->sccd;
}

bool pmu_needs_pmcr_dp_on_entry(void)
{
	struct pmu_features f = pmu_detect();

	return pmu_needs_pmcr_dp_on_entry_for(&f);
}
