/* The NS test payload: runs every suite, prints the summary, ends the run. */
#include "bench.h"
#include "board.h"
#include "boot_time.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "discovery.h"
#include "framework.h"
#include "tests/tests.h"
#include "trigger.h"
#include "util.h"

/* The suites in the order they run; PSCI's only when the monitor serves PSCI. */
static const struct tf_suite *const suites[] = {
    &boot_suite,	  &smccc_arch_suite,	   &general_queries_suite,
    &unknown_calls_suite, &reg_preservation_suite, &pmu_isolation_suite,
    &isolation_suite,	  &lower_el_traps_suite,   &trng_suite,
};

static const struct tf_suite *const psci_suites[] = {
    &psci_version_suite, &psci_features_suite,	    &psci_migrate_suite,
    &psci_cpu_on_suite,	 &psci_node_hw_state_suite, &psci_suspend_suite,
    &psci_stat_suite,	 &psci_stat_xcheck_suite,   &psci_osi_suite,
    &psci_smc32_suite,	 &psci_mem_protect_suite,   &psci_system_suite,
    &psci_regs_suite,
};

/* Runs the suites, each on CPU 0 in turn. */
static void run_suites(void)
{
	discovery_report();
	for (unsigned int i = 0; i < ARRAY_SIZE(suites); i++)
		tf_run(suites[i]);
	if (psci_served()) {
		for (unsigned int i = 0; i < ARRAY_SIZE(psci_suites); i++)
			tf_run(psci_suites[i]);
	} else {
		tf_info("PSCI not served: its suites skipped (the range must answer SMC_UNK)");
	}
	tf_run(&spd_suite);
	/* After PSCI's suites, whose client set-up its power-down uses. */
	tf_run(&features_suite);
}

void payload_main(uint64_t dtb)
{
	/* No SMC before the modes below: the bench mode's list must come first. */
	board_init(dtb, cmdline_is("generic-board"));
	console_init(board.dt.uart_base);
	boot_time_if_requested();
	cpu_data[0].index = 0;
	cpu_data[0].state = CPU_STATE_ON;
	print("PAYLOAD: ns-testpayload at EL%u, MPIDR 0x%lx, DTB 0x%lx\n", current_el(),
	      (unsigned long)read_mpidr(), (unsigned long)dtb);
	print("PAYLOAD: loaded at 0x%lx (linked at 0), board: %s (profile %s%s), console %s\n",
	      (unsigned long)board.image_base, board.dt.model ? board.dt.model : "no model",
	      board.profile->name, board.profile_forced ? ", asked for" : "", board.dt.uart_source);
	trigger_if_requested();
	bench_if_requested();
	psci_power_mode_if_requested();
	storm_if_requested();
	latency_if_requested();
	cpu_on_race_if_requested();
	run_suites();
	tf_finish();
}
