/*
 * NODE_HW_STATE (DEN0022 5.16): the power state of a node as the hardware (here the
 * port's power controller model) has it: a running CPU is ON, one after CPU_OFF or in a
 * power-down suspend is OFF; a cluster or the system is ON while a CPU in it runs.
 * Unknown MPIDRs and levels above the port's answer INVALID_PARAMETERS. Without a
 * profile the levels are found: the first that answers INVALID_PARAMETERS ends them.
 */
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define SUSPEND_US 500000 /* a secondary stays powered down this long */

static int32_t hw_state(unsigned int cpu, uint32_t level)
{
	return psci(PSCI64(FN_NODE_HW_STATE), psci_mpidr(cpu), level, 0);
}

/*
 * The hardware state of a CPU that AFFINITY_INFO reports OFF. The monitor marks it OFF
 * for AFFINITY_INFO just before its last steps to the final WFI (as TF-A does), and the
 * power controller sees it go only at that WFI: on a loaded host a vCPU can be held
 * between the two, so the answer may be ON for a moment. It must become OFF.
 */
static int32_t hw_state_after_off(unsigned int cpu)
{
	uint64_t start = timer_now();
	int32_t rc;

	while ((rc = hw_state(cpu, 0)) == HW_ON && timer_us_since(start) < PSCI_TIMEOUT_US)
		cpu_relax();
	return rc;
}

/* Power levels: the profile's, or (none) the first level that does not answer, up to 4. */
static unsigned int levels_of_board(void)
{
	unsigned int levels = 1;

	if (psci_env.conv.exact)
		return psci_env.conv.levels;
	while (levels < 4 && hw_state(0, levels) != PSCI_E_INVALID_PARAMS)
		levels++;
	tf_info("no profile: %u power level(s) answer NODE_HW_STATE", levels);
	return levels;
}

static void check_self(unsigned int levels)
{
	struct tf_failures f = {0};

	for (uint32_t level = 0; level < levels; level++) {
		int32_t rc = hw_state(0, level);
		int32_t rc32 = psci(PSCI32(FN_NODE_HW_STATE), psci_mpidr(0), level, 0);

		if (rc != HW_ON || rc32 != HW_ON)
			tf_fail(&f, "level %u: SMC64 %s, SMC32 %s, want ON (0)", level,
				psci_err_name(rc), psci_err_name(rc32));
	}
	tf_report("self_on_every_level", &f);
}

static void check_invalid(unsigned int board_levels)
{
	const uint32_t levels[] = {board_levels, 4, 0xff, 0x80000000u};
	struct tf_failures f = {0};
	int32_t rc;

	for (unsigned int k = 0; k < ARRAY_SIZE(levels); k++) {
		rc = hw_state(0, levels[k]);
		if (rc != PSCI_E_INVALID_PARAMS)
			tf_fail(&f, "level %u -> %s", levels[k], psci_err_name(rc));
	}
	tf_report("invalid_level", &f);
	rc = psci(PSCI64(FN_NODE_HW_STATE), 0xff00ff, 0, 0);
	tf_check(rc == PSCI_E_INVALID_PARAMS, "invalid_mpidr", "MPIDR 0xff00ff -> %s",
		 psci_err_name(rc));
}

/* Secondary job: says so, powers down for SUSPEND_US, says it is back, turns off. */
static void job_long_suspend(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	struct suspend_result r;

	me->job_flag = 1;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF,
		     (uint64_t)(uintptr_t)psci_resume_entry, cpu, SUSPEND_US);
	me->job_result = r.resumed;
	me->job_flag = 2;
	job_cpu_off(cpu);
}

static void check_secondary(void)
{
	int32_t rc, running, after_off, suspended = -100, back;
	uint64_t start;

	after_off = hw_state_after_off(1);
	tf_check(after_off == HW_OFF, "off_cpu", "CPU1 after CPU_OFF -> %s, want OFF (1)",
		 psci_err_name(after_off));

	rc = psci_start_job(1, job_hold_off, PSCI64(FN_CPU_ON), 1);
	if (rc != PSCI_E_SUCCESS || !psci_wait_flag(1, 1, PSCI_TIMEOUT_US)) {
		tf_check(false, "running_cpu", "CPU1 did not start (%s)", psci_err_name(rc));
		return;
	}
	running = hw_state(1, 0);
	tf_check(running == HW_ON, "running_cpu", "CPU1 running -> %s, want ON (0)",
		 psci_err_name(running));
	cpu_data[1].job_go = 1;
	psci_wait_off(1, PSCI_TIMEOUT_US);
	after_off = hw_state_after_off(1);
	tf_check(after_off == HW_OFF, "cpu_turned_off", "CPU1 after CPU_OFF -> %s, want OFF (1)",
		 psci_err_name(after_off));

	/* A power-down suspend: OFF to the hardware, ON to AFFINITY_INFO. */
	rc = psci_start_job(1, job_long_suspend, PSCI64(FN_CPU_ON), 1);
	if (rc != PSCI_E_SUCCESS || !psci_wait_flag(1, 1, PSCI_TIMEOUT_US)) {
		tf_check(false, "suspended_cpu", "CPU1 did not start (%s)", psci_err_name(rc));
		return;
	}
	start = timer_now();
	while (cpu_data[1].job_flag == 1 && timer_us_since(start) < SUSPEND_US * 4 / 5) {
		suspended = hw_state(1, 0);
		if (suspended == HW_OFF)
			break;
		cpu_relax();
	}
	int32_t aff = psci_affinity(1);

	tf_check(suspended == HW_OFF, "suspended_cpu",
		 "CPU1 in a power-down suspend -> %s, want OFF", psci_err_name(suspended));
	tf_check(aff == AFF_ON, "suspended_cpu_affinity_on",
		 "AFFINITY_INFO of a suspended CPU %d, want ON (0)", aff);
	back = psci_wait_flag(1, 2, PSCI_TIMEOUT_US) && cpu_data[1].job_result;
	tf_check(back && psci_wait_off(1, PSCI_TIMEOUT_US), "suspended_cpu_resumed", "CPU1 %s",
		 back ? "did not turn off" : "did not resume at its entry point");
}

static void run(void)
{
	unsigned int levels;

	if (!psci_require() || !psci_offered_or_skip(FN_NODE_HW_STATE, "NODE_HW_STATE"))
		return;
	levels = levels_of_board();
	check_self(levels);
	check_invalid(levels);
	if (cpu_count > 1 && gic_version() &&
	    psci_states_known("NODE_HW_STATE of a suspended CPU", NEED_CPU_OFF))
		check_secondary();
}

const struct tf_suite psci_node_hw_state_suite = {"psci_node_hw_state", run};
