/*
 * Normal-world state the monitor keeps over a CPU power-down: PSCI leaves the EL1/EL2
 * registers to the caller, but the PMU configuration is the monitor's to keep
 * (docs/pmu.md), because the normal world cannot see that it was lost.
 */
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/power.h>

#include "internal.h"

void secmon_ns_state_save(void)
{
	struct secmon_cpu *cpu = secmon_this_cpu();

	/* The deepest EL3 paths lead here, just before a power-down. */
	secmon_stack_guard_check();
	pmu_save_ns(&cpu->pmu_ns);
	/* While EL3 runs PMCR_EL0.DP may be ours: the normal world's value is in the ctx. */
	if (cpu->pmu_dp)
		cpu->pmu_ns.pmcr = cpu->ctx->ns_pmcr;
}

void secmon_ns_state_restore(void)
{
	struct secmon_cpu *cpu = secmon_this_cpu();

	if (!cpu->pmu_ns.valid)
		return;
	if (cpu->pmu_dp) {
		/* Restored with DP set; the normal world's PMCR_EL0 comes back at the ERET. */
		pmu_restore_ns_pmcr(&cpu->pmu_ns, pmu_pmcr_entry_value(cpu->pmu_ns.pmcr));
		cpu->ctx->ns_pmcr = cpu->pmu_ns.pmcr;
	} else {
		pmu_restore_ns(&cpu->pmu_ns);
	}
}

void secmon_cpu_emulate_power_loss(void)
{
	struct pmu_features f;

	pmu_detect(&f);
	if (!f.present)
		return;
	/* What a PMU looks like after a power-up: nothing enabled, counters cleared. */
	unsigned int n = pmu_num_counters();
	uint64_t all = pmu_counter_mask(n);
	pmu_write_cntenclr(all);
	pmu_write_intenclr(all);
	pmu_write_ovsclr(all);
	for (unsigned int i = 0; i < n; i++) {
		pmu_write_evtyper(i, 0);
		pmu_write_evcntr(i, 0);
	}
	pmu_write_ccfiltr(0);
	pmu_write_ccntr(0);
	pmu_write_userenr(0);
	pmu_write_selr(0);
	pmu_write_pmcr(secmon_this_cpu()->pmu_dp ? PMCR_DP : 0);
}
