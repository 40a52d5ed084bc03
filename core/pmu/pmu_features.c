/*
 * PMU feature detection from ID_AA64DFR0_EL1 and PMCR_EL0.N, the check that a CPU's
 * event counters fit the build, and the PMEVTYPER field encoders.
 */
#include <secmon/assert.h>
#include <secmon/internal/pmu.h>

#include "pmu_sysreg.h"

struct pmu_features pmu_features_from_dfr0(uint64_t dfr0)
{
	unsigned int ver = (unsigned int)((dfr0 >> PMU_DFR0_PMUVER_SHIFT) & PMU_DFR0_PMUVER_MASK);
	/* PMUVer is an unsigned field except for 0xf, an IMPLEMENTATION DEFINED PMU. */
	struct pmu_features f = {.version = (uint8_t)ver};

	if (ver == PMU_VER_NONE || ver == PMU_VER_IMPDEF)
		return f;
	f.present = true;
	f.evtcount_bits = ver >= PMU_VER_V3P1 ? 16 : 10;
	f.long_counters = ver >= PMU_VER_V3P5;
	f.sccd = ver >= PMU_VER_V3P5;
	f.mccd = ver >= PMU_VER_V3P7;
	return f;
}

struct pmu_features pmu_detect(void)
{
	return pmu_features_from_dfr0(PMU_SR_READ(PMU_SR_ID_AA64DFR0_EL1));
}

unsigned int pmu_num_counters(void)
{
	if (!pmu_detect().present)
		return 0;
	return pmu_pmcr_n(PMU_SR_READ(PMU_SR_PMCR_EL0));
}

void pmu_counters_mismatch(unsigned int n, unsigned int kept)
{
	secmon_panic("PMU: PMCR_EL0.N = %u event counters, this image keeps %u for the normal "
		     "world: state PMU_COUNTERS %u for it (secmon_add_image())",
		     n, kept, n);
}

static uint64_t evtcount_mask(unsigned int evtcount_bits)
{
	return evtcount_bits >= 16 ? PMEVTYPER_EVTCOUNT_MASK_V3P1 : PMEVTYPER_EVTCOUNT_MASK_V3;
}

int pmu_evtype_encode(const struct pmu_evtype *t, unsigned int evtcount_bits, uint64_t *out)
{
	if ((uint64_t)t->event & ~evtcount_mask(evtcount_bits))
		return -1;
	*out = (t->p ? PMEVTYPER_P : 0) | (t->u ? PMEVTYPER_U : 0) | (t->nsk ? PMEVTYPER_NSK : 0) |
	       (t->nsu ? PMEVTYPER_NSU : 0) | (t->nsh ? PMEVTYPER_NSH : 0) |
	       (t->m ? PMEVTYPER_M : 0) | (t->mt ? PMEVTYPER_MT : 0) | (t->sh ? PMEVTYPER_SH : 0) |
	       t->event;
	return 0;
}

void pmu_evtype_decode(uint64_t v, unsigned int evtcount_bits, struct pmu_evtype *t)
{
	*t = (struct pmu_evtype){
	    .event = (uint16_t)(v & evtcount_mask(evtcount_bits)),
	    .p = (v & PMEVTYPER_P) != 0,
	    .u = (v & PMEVTYPER_U) != 0,
	    .nsk = (v & PMEVTYPER_NSK) != 0,
	    .nsu = (v & PMEVTYPER_NSU) != 0,
	    .nsh = (v & PMEVTYPER_NSH) != 0,
	    .m = (v & PMEVTYPER_M) != 0,
	    .mt = (v & PMEVTYPER_MT) != 0,
	    .sh = (v & PMEVTYPER_SH) != 0,
	};
}
