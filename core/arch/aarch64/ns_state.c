/*
 * Normal-world state the monitor keeps over a CPU power-down: PSCI leaves the EL1/EL2
 * registers to the caller, but the PMU configuration (docs/pmu.md) and the AMU's
 * architected counters are the monitor's to keep: the normal world cannot see that they
 * were lost, and only EL3 may write the counters back (Linux's AMU support expects the
 * firmware to; docs/features.md).
 */
#include <secmon/arch.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/power.h>

#include "feature_rules.h"
#include "internal.h"

/* AMU group 0: enables, the four architected counters (ID_AA64PFR0_EL1.AMU). */
#define AMCNTENCLR0_EL0 S3_3_C13_C2_4
#define AMCNTENSET0_EL0 S3_3_C13_C2_5
#define AMU_GROUP0_ALL	0xfull

static int amu_present(void)
{
	return ID_FIELD(read_sysreg(id_aa64pfr0_el1), FEAT_PFR0_AMU_SHIFT) != 0;
}

void secmon_ns_state_save(void)
{
	struct secmon_cpu *cpu = secmon_this_cpu();

	/* The deepest EL3 paths lead here, just before a power-down. */
	secmon_stack_guard_check();
	pmu_save_ns(&cpu->pmu_ns);
	/* While EL3 runs PMCR_EL0.DP may be ours: the normal world's value is in the ctx. */
	if (cpu->pmu_dp)
		cpu->pmu_ns.pmcr = cpu->ctx->ns_pmcr;
	if (amu_present()) {
		uint64_t *amu = cpu->ctx->amu;
		amu[4] = read_sysreg(AMCNTENSET0_EL0);
		write_sysreg(AMCNTENCLR0_EL0, AMU_GROUP0_ALL); /* about final: the CPU goes down */
		amu[0] = read_sysreg(S3_3_C13_C4_0);	       /* AMEVCNTR00_EL0: cycles */
		amu[1] = read_sysreg(S3_3_C13_C4_1);	       /* AMEVCNTR01_EL0: constant */
		amu[2] = read_sysreg(S3_3_C13_C4_2);	       /* AMEVCNTR02_EL0: instructions */
		amu[3] = read_sysreg(S3_3_C13_C4_3);	       /* AMEVCNTR03_EL0: memory stalls */
	}
}

void secmon_ns_state_restore(void)
{
	struct secmon_cpu *cpu = secmon_this_cpu();

	if (amu_present()) {
		const uint64_t *amu = cpu->ctx->amu;
		/* The warm boot enabled them (cpu_setup.c): stopped while written. */
		write_sysreg(AMCNTENCLR0_EL0, AMU_GROUP0_ALL);
		isb();
		write_sysreg(S3_3_C13_C4_0, amu[0]);
		write_sysreg(S3_3_C13_C4_1, amu[1]);
		write_sysreg(S3_3_C13_C4_2, amu[2]);
		write_sysreg(S3_3_C13_C4_3, amu[3]);
		write_sysreg(AMCNTENSET0_EL0, amu[4]);
	}
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
	if (!pmu_detect().present)
		return;
	/*
	 * What a PMU looks like after a power-up: nothing enabled, counters cleared (the
	 * event and cycle counters by PMCR_EL0.P and C, written last).
	 */
	unsigned int n = pmu_num_counters();
	uint64_t all = pmu_counter_mask(n);
	pmu_write_cntenclr(all);
	pmu_write_intenclr(all);
	pmu_write_ovsclr(all);
	for (unsigned int i = 0; i < n; i++)
		pmu_write_evtyper(i, 0);
	pmu_write_ccfiltr(0);
	pmu_write_userenr(0);
	pmu_write_selr(0);
	pmu_write_pmcr((secmon_this_cpu()->pmu_dp ? PMCR_DP : 0) | PMCR_P | PMCR_C);
}
