/* Save and restore of the normal world's PMU configuration across a CPU power-down. */
#include <stddef.h>

#include <secmon/internal/pmu.h>

void pmu_save_ns(struct pmu_ns_state *s)
{
	struct pmu_features f = pmu_detect();
	unsigned int n;

	s->valid = f.present;
	s->counters = 0;
	if (!f.present)
		return;
	s->pmcr = pmu_read_pmcr();
	n = pmu_pmcr_n(s->pmcr);
	/* Never reached after the core's check at this CPU's setup; never a silent drop. */
	if (n > s->capacity)
		pmu_counters_mismatch(n, s->capacity);
	s->counters = (uint8_t)n;
	s->cntenset = pmu_read_cntenset();
	s->intenset = pmu_read_intenset();
	s->ovsset = pmu_read_ovsset();
	s->selr = pmu_read_selr();
	s->userenr = pmu_read_userenr();
	s->ccfiltr = pmu_read_ccfiltr();
	s->ccntr = pmu_read_ccntr();
	for (unsigned int i = 0; i < n; i++) {
		uint64_t *r = &s->evregs[(size_t)2 * i]; /* PMEVTYPER<i>_EL0, PMEVCNTR<i>_EL0 */
		r[0] = pmu_read_evtyper(i);
		r[1] = pmu_read_evcntr(i);
	}
	/* The reads went through PMSELR_EL0: the normal world's selection back. */
	pmu_write_selr(s->selr);
}

void pmu_restore_ns(const struct pmu_ns_state *s)
{
	pmu_restore_ns_pmcr(s, s->pmcr);
}

void pmu_restore_ns_pmcr(const struct pmu_ns_state *s, uint64_t final_pmcr)
{
	uint64_t all;

	if (!s->valid)
		return;
	all = pmu_counter_mask(s->counters);
	/*
	 * Nothing counts while the counters are rewritten: PMCR_EL0.E off and every
	 * enable, interrupt enable and overflow flag cleared (a power-up leaves them
	 * UNKNOWN). P and C are write-one-to-reset, so they are never written as 1.
	 */
	pmu_write_pmcr(s->pmcr & ~(PMCR_E | PMCR_P | PMCR_C));
	pmu_write_cntenclr(all);
	pmu_write_intenclr(all);
	pmu_write_ovsclr(all);
	for (unsigned int i = 0; i < s->counters; i++) {
		const uint64_t *r = &s->evregs[(size_t)2 * i];
		pmu_write_evtyper(i, r[0]);
		pmu_write_evcntr(i, r[1]);
	}
	pmu_write_ccfiltr(s->ccfiltr);
	pmu_write_ccntr(s->ccntr);
	pmu_write_ovsset(s->ovsset & all);
	pmu_write_intenset(s->intenset & all);
	pmu_write_userenr(s->userenr);
	pmu_write_selr(s->selr);
	pmu_write_cntenset(s->cntenset & all);
	/* Last: counting resumes with everything in place. */
	pmu_write_pmcr(final_pmcr & ~(PMCR_P | PMCR_C));
}
