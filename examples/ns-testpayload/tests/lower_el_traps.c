/*
 * The normal world cannot stop the monitor with an instruction (issue 17 item 1):
 *
 * - SME's TPIDR2_EL0 is the normal world's (SCR_EL3.EnTP2): on a CPU with SME it is
 *   written and read without a trap, and keeps its value over an SMC. Before the fix the
 *   write trapped to EL3, which panicked.
 * - A trap the monitor did not mean to take looks UNDEFINED to the normal world: with the
 *   debug image's test trigger (when discovery.h finds one), EL3 traps PMU accesses
 *   (MDCR_EL3.TPM) on this CPU; a read
 *   of PMCR_EL0 then takes an Undefined Instruction exception at the payload's own EL
 *   (EC 0x00, IL 1) at the instruction, and works again once the trap is gone.
 */
#include <secmon/smccc.h>

#include "discovery.h"
#include "expected.h"
#include "fault_probe.h"
#include "framework.h"
#include "smc.h"
#include "tests.h"

#define ID_AA64PFR1_SME_SHIFT 24
#define ESR_UNKNOWN_IL	      0x02000000ull /* EC 0 (unknown reason), IL 1, ISS 0 */
#define TPIDR2_PATTERN	      0x5eed7a11c0ffee01ull
/* examples/qemu-bl31/test_triggers.h: x1 = 1 traps PMU accesses to EL3, 0 stops it. */
#define QEMU_TEST_TRAP_PMU    0x8200ff18u

static void tpidr2_is_ours(void)
{
	uint64_t pfr1;
	struct probe_result w, r;

	__asm__ volatile("mrs %0, id_aa64pfr1_el1" : "=r"(pfr1));
	if (((pfr1 >> ID_AA64PFR1_SME_SHIFT) & 0xf) == 0) {
		tf_info("no SME on this CPU: TPIDR2_EL0 not checked");
		return;
	}
	int wf = probe_write_tpidr2(TPIDR2_PATTERN, &w);
	int rf = probe_read_tpidr2(0, &r);
	tf_check(!wf && !rf, "tpidr2_no_trap", "write %s (ESR 0x%lx), read %s (ESR 0x%lx)",
		 wf ? "faulted" : "ok", (unsigned long)w.esr, rf ? "faulted" : "ok",
		 (unsigned long)r.esr);
	tf_expect_eq("tpidr2_value", r.value, TPIDR2_PATTERN);
	smc_call(SMCCC_VERSION, 0, 0, 0, 0, 0, 0, 0);
	probe_read_tpidr2(0, &r);
	tf_expect_eq("tpidr2_kept_over_smc", r.value, TPIDR2_PATTERN);
}

static void unintended_trap_is_undefined(void)
{
	struct probe_result r;

	if (!test_triggers_present()) {
		tf_info("no test trigger to make EL3 trap (release image, or not the QEMU example "
			"image; host test: tests/unit/arch)");
		return;
	}
	struct smc_result on = smc_call(QEMU_TEST_TRAP_PMU, 1, 0, 0, 0, 0, 0, 0);
	if (!tf_expect_eq("trap_armed", on.x0, 0))
		return;
	int faulted = probe_read_pmcr(0, &r);
	smc_call(QEMU_TEST_TRAP_PMU, 0, 0, 0, 0, 0, 0, 0);
	tf_check(faulted, "trapped_read_undefined",
		 "PMCR_EL0 read with MDCR_EL3.TPM set did not fault");
	tf_expect_eq("undefined_esr", r.esr, ESR_UNKNOWN_IL);
	tf_expect_eq("undefined_reads_nothing", r.value, PROBE_MARKER);
	faulted = probe_read_pmcr(0, &r);
	tf_check(!faulted, "untrapped_read_works", "PMCR_EL0 read faulted (ESR 0x%lx)",
		 (unsigned long)r.esr);
	/* The monitor is still there. */
	struct smc_result v = smc_call(SMCCC_VERSION, 0, 0, 0, 0, 0, 0, 0);
	tf_expect_eq("monitor_answers_after", v.x0, EXPECTED_SMCCC_VERSION);
}

static void run(void)
{
	tpidr2_is_ours();
	unintended_trap_is_undefined();
}

const struct tf_suite lower_el_traps_suite = {"lower_el_traps", run};
