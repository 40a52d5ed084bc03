/*
 * OS-initiated mode (DEN0022 5.20 PSCI_SET_SUSPEND_MODE, 4.4.3 and 6.5): the caller of
 * CPU_SUSPEND names the deepest level it wants, and the firmware only checks: a cluster or
 * system power-down is DENIED unless the caller is the last running CPU of that node.
 * With the recommended StateID encoding the caller also says, in the last-in-level field
 * (bits [15:12]), the highest level at which it is the last running CPU, even above the
 * levels it takes down: DENIED when that is not so, honoured when it is. The last CPU may
 * be any CPU (a secondary, with CPU 0 suspended) and the others may be OFF or suspended.
 * Switching to OS-initiated needs no CPU to be in a platform-coordinated suspend; back to
 * platform-coordinated needs every other CPU OFF. The suite leaves the mode as it found it
 * (platform-coordinated).
 */
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define MODE_PC		   0
#define MODE_OSI	   1
#define WAKE_US		   5000
#define SIBLING_SUSPEND_US 500000

static const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;

static int32_t set_mode(uint64_t mode)
{
	return psci(PSCI32(FN_PSCI_SET_SUSPEND_MODE), mode, 0, 0);
}

/* The first CPU other than CPU 0 in CPU 0's cluster, or 0 if it is alone. */
static unsigned int cluster_sibling(void)
{
	for (unsigned int i = 1; i < cpu_count; i++)
		if (psci_cluster_of(i) == psci_cluster_of(0))
			return i;
	return 0;
}

static bool resumed_with(const struct suspend_result *r, uint64_t id)
{
	return r->resumed && r->context_id == id && r->timer_fired;
}

/* A power-down suspend that must resume at the entry point with context id `id`. */
static void expect_resume(const char *name, uint32_t power_state, uint64_t id)
{
	struct suspend_result r;
	char buf[120];

	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), power_state, resume_entry, id, WAKE_US);
	tf_check(resumed_with(&r, id), name, "0x%08x: %s", power_state,
		 suspend_describe(&r, buf, sizeof(buf)));
}

/* A suspend that must be refused with `want` (the CPU never left). */
static void expect_refused(const char *name, uint32_t power_state, int32_t want, const char *why)
{
	struct suspend_result r;
	char buf[120];

	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), power_state, resume_entry, 0xbad, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == want, name, "0x%08x %s: %s, want %s", power_state,
		 why, suspend_describe(&r, buf, sizeof(buf)), psci_err_name(want));
}

/* With a sibling running: deep requests DENIED, the CPU's own power-down allowed. */
static void check_with_sibling_running(unsigned int sib)
{
	struct suspend_result r;
	char buf[120];
	int32_t rc;

	rc = psci_start_job(sib, job_hold_off, PSCI64(FN_CPU_ON), sib);
	if (!tf_check(rc == PSCI_E_SUCCESS && psci_wait_flag(sib, 1, PSCI_TIMEOUT_US),
		      "sibling_started", "CPU%u: CPU_ON -> %s", sib, psci_err_name(rc)))
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 1, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_DENIED, "cluster_denied_while_sibling_runs",
		 "0x%08x with CPU%u running: %s, want DENIED", PSTATE_CLUSTER_OFF, sib,
		 suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_SYSTEM_OFF, resume_entry, 2, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_DENIED, "system_denied_while_sibling_runs",
		 "0x%08x with CPU%u running: %s, want DENIED", PSTATE_SYSTEM_OFF, sib,
		 suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, 3, WAKE_US);
	tf_check(resumed_with(&r, 3), "cpu_powerdown_allowed", "0x%08x: %s", PSTATE_CPU_OFF,
		 suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_STANDBY, resume_entry, 4, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_SUCCESS && r.timer_fired,
		 "cpu_standby_allowed", "0x%08x: %s", PSTATE_STANDBY,
		 suspend_describe(&r, buf, sizeof(buf)));
	if (psci_env.conv.recommended_stateid) {
		/* Saying it is the last of the cluster changes nothing while a sibling runs. */
		expect_refused("cluster_last_in_level_denied_while_sibling_runs",
			       PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1), PSCI_E_DENIED,
			       "with a sibling running");
		expect_refused("system_last_in_level_denied_while_sibling_runs",
			       PSTATE_SYSTEM_OFF | PSTATE_LAST_AT(2), PSCI_E_DENIED,
			       "with a sibling running");
		expect_refused("cpu_powerdown_claiming_last_denied",
			       PSTATE_CPU_OFF | PSTATE_LAST_AT(1), PSCI_E_DENIED,
			       "with a sibling running");
	}
	rc = set_mode(MODE_PC);
	tf_check(rc == PSCI_E_DENIED, "back_to_pc_denied_while_sibling_runs",
		 "SET_SUSPEND_MODE(PC) with CPU%u running -> %s, want DENIED", sib,
		 psci_err_name(rc));
}

/* Sibling job: a CPU power-down long enough for CPU 0 to suspend the cluster meanwhile. */
static void job_long_powerdown(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	struct suspend_result r;

	me->job_flag = 1;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, cpu,
		     SIBLING_SUSPEND_US);
	me->job_result = r.resumed && r.context_id == cpu;
	me->job_flag = 2;
	job_cpu_off(cpu);
}

/*
 * The point of OS-initiated mode: a CPU in a power-down suspend is not running, so the
 * last running CPU of the cluster may take the cluster down. The sibling is seen to be
 * down through NODE_HW_STATE before the request.
 */
static void check_sibling_suspended(unsigned int sib)
{
	struct suspend_result r;
	char buf[120];
	uint64_t start;
	int32_t hw = -100;
	int32_t rc = psci_start_job(sib, job_long_powerdown, PSCI64(FN_CPU_ON), sib);

	if (!tf_check(rc == PSCI_E_SUCCESS && psci_wait_flag(sib, 1, PSCI_TIMEOUT_US),
		      "sibling_started_again", "CPU%u: CPU_ON -> %s", sib, psci_err_name(rc)))
		return;
	start = timer_now();
	while (cpu_data[sib].job_flag == 1 && timer_us_since(start) < SIBLING_SUSPEND_US / 2) {
		hw = psci(PSCI64(FN_NODE_HW_STATE), psci_mpidr(sib), 0, 0);
		if (hw == HW_OFF)
			break;
		cpu_relax();
	}
	if (!tf_check(hw == HW_OFF, "sibling_suspended", "CPU%u never reported OFF (%s)", sib,
		      psci_err_name(hw)))
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 0x0c3, WAKE_US);
	tf_check(resumed_with(&r, 0x0c3), "cluster_powerdown_sibling_suspended",
		 "0x%08x with CPU%u in a power-down suspend: %s", PSTATE_CLUSTER_OFF, sib,
		 suspend_describe(&r, buf, sizeof(buf)));
	if (psci_env.conv.recommended_stateid)
		expect_resume("cluster_last_in_level_sibling_suspended",
			      PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1), 0x1c3);
	tf_check(psci_wait_flag(sib, 2, PSCI_TIMEOUT_US) && cpu_data[sib].job_result &&
		     psci_wait_off(sib, PSCI_TIMEOUT_US),
		 "sibling_resumed", "CPU%u: step %u, resumed %ld", sib, cpu_data[sib].job_flag,
		 (long)cpu_data[sib].job_result);
}

/* Sibling job: once CPU 0 is in a power-down suspend, the cluster as its last CPU. */
static void job_last_man(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	struct suspend_result r;
	uint64_t start = timer_now();
	int32_t hw = -100;

	me->job_flag = 1;
	while (timer_us_since(start) < SIBLING_SUSPEND_US / 2) {
		hw = psci(PSCI64(FN_NODE_HW_STATE), psci_mpidr(0), 0, 0);
		if (hw == HW_OFF)
			break;
		cpu_relax();
	}
	me->job_out[0] = (uint64_t)(int64_t)hw;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), (uint32_t)me->job_arg, resume_entry, 0x1a5 + cpu,
		     WAKE_US);
	me->job_result = resumed_with(&r, 0x1a5 + cpu);
	me->job_out[1] = r.resumed ? r.context_id : r.x0;
	me->job_flag = 2;
	job_cpu_off(cpu);
}

/*
 * A secondary as the last running CPU of the cluster: CPU 0 sits in a power-down suspend
 * while its sibling asks for the cluster (with or without the last-in-level field).
 */
static void check_secondary_last(unsigned int sib, const char *name, uint32_t power_state)
{
	struct suspend_result r;
	char buf[120];
	int32_t rc;

	cpu_data[sib].job_arg = power_state;
	rc = psci_start_job(sib, job_last_man, PSCI64(FN_CPU_ON), sib);
	if (rc != PSCI_E_SUCCESS || !psci_wait_flag(sib, 1, PSCI_TIMEOUT_US)) {
		tf_check(false, name, "CPU%u: CPU_ON -> %s", sib, psci_err_name(rc));
		return;
	}
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, 0xc0, WAKE_US * 20);
	tf_check(resumed_with(&r, 0xc0) && psci_wait_flag(sib, 2, PSCI_TIMEOUT_US) &&
		     cpu_data[sib].job_result && psci_wait_off(sib, PSCI_TIMEOUT_US),
		 name, "CPU 0: %s; CPU%u (saw CPU 0 as %s): 0x%08x -> %s",
		 suspend_describe(&r, buf, sizeof(buf)), sib,
		 psci_err_name((int64_t)cpu_data[sib].job_out[0]), power_state,
		 psci_err_name((int64_t)cpu_data[sib].job_out[1]));
}

/*
 * Every other CPU in a CPU power-down suspend, the last one running takes the cluster
 * down (the order TF-A's tests use); whichever way the firmware groups CPUs into
 * clusters, this CPU is the last running one of its own.
 */
static void check_all_suspended(void)
{
	struct suspend_result r;
	char buf[120];
	uint64_t start;
	unsigned int bad = 0;

	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, job_long_powerdown, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS || !psci_wait_flag(i, 1, PSCI_TIMEOUT_US))
			bad = i;
	}
	start = timer_now();
	for (unsigned int i = 1; i < cpu_count; i++)
		while (psci(PSCI64(FN_NODE_HW_STATE), psci_mpidr(i), 0, 0) != HW_OFF &&
		       timer_us_since(start) < SIBLING_SUSPEND_US / 2)
			cpu_relax();
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 0xa11, WAKE_US);
	for (unsigned int i = 1; i < cpu_count; i++)
		if (!psci_wait_flag(i, 2, PSCI_TIMEOUT_US) || !cpu_data[i].job_result ||
		    !psci_wait_off(i, PSCI_TIMEOUT_US))
			bad = i;
	tf_check(!bad && resumed_with(&r, 0xa11), "cluster_powerdown_all_others_suspended",
		 "0x%08x: %s; first CPU that failed to suspend and resume: %u", PSTATE_CLUSTER_OFF,
		 suspend_describe(&r, buf, sizeof(buf)), bad);
}

/* Everything else OFF: this CPU is the last of its cluster and of the system. */
static void check_last_cpu(void)
{
	struct suspend_result r;
	char buf[120];
	int bad = psci_all_secondaries_off();

	if (!tf_check(bad < 0, "secondaries_off", "CPU%d did not turn off", bad))
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 0x0c1, WAKE_US);
	tf_check(resumed_with(&r, 0x0c1), "cluster_powerdown_last_cpu", "0x%08x: %s",
		 PSTATE_CLUSTER_OFF, suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_SYSTEM_OFF, resume_entry, 0x5c, WAKE_US);
	tf_check(resumed_with(&r, 0x5c), "system_powerdown_last_cpu", "0x%08x: %s",
		 PSTATE_SYSTEM_OFF, suspend_describe(&r, buf, sizeof(buf)));
	if (!psci_env.conv.recommended_stateid)
		return;
	/* The last-in-level field filled in, as OS-initiated callers do (DEN0022 6.5). */
	expect_resume("cluster_powerdown_last_in_level", PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1),
		      0x1c1);
	expect_resume("system_powerdown_last_in_level", PSTATE_SYSTEM_OFF | PSTATE_LAST_AT(2),
		      0x25c);
	/* Last everywhere, asking for less: the field names the caller, not the state. */
	expect_resume("cpu_powerdown_last_in_system", PSTATE_CPU_OFF | PSTATE_LAST_AT(2), 0x2c0);
	expect_resume("cluster_powerdown_last_in_system", PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(2),
		      0x2c1);
}

static void run(void)
{
	int32_t rc;
	unsigned int sib;

	if (!psci_require())
		return;
	if (!tf_check(gic_version() != 0, "gic", "no GIC in the DTB to wake up with"))
		return;
	if (psci_env.conv.cpu_suspend_features < 0 || !(psci_env.conv.cpu_suspend_features & 1)) {
		tf_info("OS-initiated mode skipped: not offered (PSCI_FEATURES(CPU_SUSPEND) bit 0, "
			"%s)",
			psci_env.conv.exact ? "the profile" : "as answered");
		return;
	}
	if (!psci_offered_or_skip(FN_PSCI_SET_SUSPEND_MODE, "OS-initiated mode"))
		return;
	if (!psci_states_known("OS-initiated mode", NEED_ALL_STATES))
		return;
	rc = psci(PSCI32(FN_PSCI_FEATURES), PSCI32(FN_CPU_SUSPEND), 0, 0);
	if (!tf_check(rc >= 0 && (rc & 1), "osi_offered", "PSCI_FEATURES(CPU_SUSPEND) = %s",
		      psci_err_name(rc)))
		return;
	rc = set_mode(2);
	tf_check(rc == PSCI_E_INVALID_PARAMS, "invalid_mode", "SET_SUSPEND_MODE(2) -> %s",
		 psci_err_name(rc));
	rc = set_mode(MODE_PC);
	tf_check(rc == PSCI_E_SUCCESS, "pc_is_default", "SET_SUSPEND_MODE(PC) -> %s",
		 psci_err_name(rc));
	rc = set_mode(MODE_OSI);
	if (!tf_check(rc == PSCI_E_SUCCESS, "set_osi", "SET_SUSPEND_MODE(OSI) -> %s",
		      psci_err_name(rc)))
		return;
	sib = cluster_sibling();
	if (sib)
		check_with_sibling_running(sib);
	else
		tf_info("CPU 0 is alone in its cluster: no DENIED case to try");
	check_last_cpu();
	if (sib) {
		check_sibling_suspended(sib);
		check_secondary_last(sib, "cluster_powerdown_secondary_last", PSTATE_CLUSTER_OFF);
		check_all_suspended();
		if (psci_env.conv.recommended_stateid)
			check_secondary_last(sib, "cluster_last_in_level_secondary_last",
					     PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1));
	}
	rc = set_mode(MODE_PC);
	tf_check(rc == PSCI_E_SUCCESS, "back_to_pc", "SET_SUSPEND_MODE(PC), all others OFF -> %s",
		 psci_err_name(rc));
}

const struct tf_suite psci_osi_suite = {"psci_osi", run};
