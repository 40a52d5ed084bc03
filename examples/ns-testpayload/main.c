/* The NS test payload: runs every suite, prints the summary, ends the run. */
#include "bench.h"
#include "boot_time.h"
#include "console.h"
#include "cpu.h"
#include "expected.h"
#include "framework.h"
#include "tests/tests.h"
#include "trigger.h"
#include "util.h"

/* The suites in the order they run. */
static const struct tf_suite *const suites[] = {
    &boot_suite,	  &smccc_arch_suite,	     &general_queries_suite,
    &unknown_calls_suite, &reg_preservation_suite,   &pmu_isolation_suite,
    &isolation_suite,	  &lower_el_traps_suite,
#if EXPECTED_PSCI_SERVED
    &psci_version_suite,  &psci_features_suite,	     &psci_migrate_suite,
    &psci_cpu_on_suite,	  &psci_node_hw_state_suite, &psci_suspend_suite,
    &psci_stat_suite,	  &psci_stat_xcheck_suite,   &psci_osi_suite,
    &psci_smc32_suite,	  &psci_mem_protect_suite,   &psci_system_suite,
    &psci_regs_suite,
#endif
    &spd_suite,
};

void payload_main(uint64_t dtb)
{
	boot_time_if_requested(); /* first: it reads the counter */
	console_init();
	cpu_data[0].index = 0;
	cpu_data[0].state = CPU_STATE_ON;
	print("PAYLOAD: ns-testpayload at EL%u, MPIDR 0x%lx, DTB 0x%lx\n", current_el(),
	      (unsigned long)read_mpidr(), (unsigned long)dtb);
	trigger_if_requested();
	bench_if_requested();
	psci_power_mode_if_requested();
	storm_if_requested();
	latency_if_requested();
	for (unsigned int i = 0; i < ARRAY_SIZE(suites); i++)
		tf_run(suites[i]);
	tf_finish();
}
