/*
 * PSCI_STAT cross-checked against PMF (issue 4, item 4: "PSCI stat residency/count fed by
 * PMF"). On each CPU in turn, STAYS suspends to the CPU power-down state and STAYS to the
 * cluster power-down state, each ended by the CPU's own timer, must raise that state's
 * PSCI_STAT_COUNT by exactly STAYS, and its PSCI_STAT_RESIDENCY (microseconds) by
 *   at least  the time the monitor itself says the CPU spent in hardware low power: the
 *             sum of its ENTER_HW_LOW_PWR..EXIT_HW_LOW_PWR intervals, read after each stay
 *             with the PMF query, each converted to whole microseconds with CNTFRQ;
 *   at most   the wall time this CPU measured with CNTPCT around all the stays, plus one
 *             microsecond per stay (each stay's residency is a difference of two
 *             microsecond values rounded down, so it can exceed its real length by < 1 us).
 * The monitor opens a stay before ENTER_HW_LOW_PWR and closes it after EXIT_HW_LOW_PWR,
 * so both bounds hold exactly, whatever the host's speed. A standby (retention) must leave
 * the power-down state's counters alone.
 *
 * The cluster goes down only with its last running CPU: for CPU 0 the secondaries are OFF;
 * for a secondary, the other secondaries are OFF and CPU 0 sleeps in a cluster power-down
 * of its own (HOLD_US, its timer) while the secondary does its stays. With one CPU the
 * loop has only CPU 0. Skipped, with an INFO line and no failure, when the image does not
 * serve PMF or PSCI_FEATURES says PSCI_STAT is not supported.
 */
#include <secmon/smccc.h>

#include "cpu.h"
#include "discovery.h"
#include "framework.h"
#include "gic.h"
#include "pmf_client.h"
#include "psci_client.h"
#include "smc.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define STAYS	   3u	   /* suspends per state and CPU */
#define WAKE_US	   1000u   /* each stay's timer */
#define HOLD_US	   500000u /* CPU 0's cluster stay while a secondary measures */
#define PS_CPU_OFF PSTATE_CPU_OFF
#define PS_CLUSTER PSTATE_CLUSTER_OFF
#define PS_STANDBY PSTATE_STANDBY

/* Job progress (cpu_data[i].job_flag). */
#define FLAG_CPU_DONE	  1u /* CPU power-down and standby measured; waits for job_go */
#define FLAG_CLUSTER_DONE 2u /* cluster measured (or given up: hold_lost) */

/* STAYS suspends of one CPU to one state, as that CPU measured them. */
struct stay_run {
	uint64_t count0, count1; /* PSCI_STAT_COUNT before / after */
	uint64_t res0, res1;	 /* PSCI_STAT_RESIDENCY before / after, us */
	uint64_t hw_us;		 /* sum of the stays' ENTER..EXIT_HW_LOW_PWR, us */
	uint64_t wall_us;	 /* CNTPCT around all the stays, us */
	unsigned int resumed;	 /* stays that came back through the entry point after the timer */
	unsigned int bad_ts;	 /* stays whose HW timestamps were unreadable or out of place */
	int32_t last_rc;	 /* the last stay's CPU_SUSPEND result (when it did not resume) */
};

/* One CPU's measurements. */
struct xcheck {
	struct stay_run pd;				 /* CPU power-down */
	struct stay_run cluster;			 /* cluster power-down */
	uint64_t sb_count0, sb_count1;			 /* standby count around one standby */
	uint64_t pd_count0, pd_count1, pd_res0, pd_res1; /* power-down counters around it */
	int32_t sb_rc;					 /* the standby's result */
	bool hold_lost; /* CPU 0 was not powered down throughout the cluster stays */
} __attribute__((aligned(64)));

static struct xcheck results[NS_MAX_CPUS];

static uint64_t stat_count(unsigned int cpu, uint32_t state)
{
	return psci_raw(PSCI64(FN_PSCI_STAT_COUNT), psci_mpidr(cpu), state, 0);
}

static uint64_t stat_residency(unsigned int cpu, uint32_t state)
{
	return psci_raw(PSCI64(FN_PSCI_STAT_RESIDENCY), psci_mpidr(cpu), state, 0);
}

static bool pmf_read(unsigned int cpu, unsigned int id, uint64_t *value)
{
	struct smc_result r = smc_call(PMF_GET_TIMESTAMP_64, PMF_TID(PMF_SVC_RT_INSTR, id),
				       psci_mpidr(cpu), PMF_FLAG_CACHE_MAINT, 0, 0, 0, 0);

	*value = r.x1;
	return (int32_t)r.x0 == SMCCC_RET_SUCCESS;
}

/* STAYS power-down suspends of the calling CPU to state, with the counters around them. */
static void measure(unsigned int cpu, uint32_t state, struct stay_run *run)
{
	const uint64_t entry = (uint64_t)(uintptr_t)psci_resume_entry;
	uint64_t t0, t1;

	run->count0 = stat_count(cpu, state);
	run->res0 = stat_residency(cpu, state);
	run->hw_us = 0;
	run->resumed = run->bad_ts = 0;
	run->last_rc = 0;
	t0 = timer_now();
	for (unsigned int k = 0; k < STAYS; k++) {
		struct suspend_result r;
		uint64_t before = timer_now(), after, enter_hw, exit_hw;

		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), state, entry, cpu, WAKE_US);
		after = timer_now();
		if (r.resumed && r.timer_fired)
			run->resumed++;
		else
			run->last_rc = (int32_t)r.x0;
		/* This stay's own interval: both stamps readable and inside the call. */
		if (!pmf_read(cpu, RT_ENTER_HW_LOW_PWR, &enter_hw) ||
		    !pmf_read(cpu, RT_EXIT_HW_LOW_PWR, &exit_hw) || enter_hw < before ||
		    exit_hw < enter_hw || exit_hw > after) {
			run->bad_ts++;
			continue;
		}
		run->hw_us += timer_ticks_to_us(exit_hw - enter_hw);
	}
	t1 = timer_now();
	run->wall_us = timer_ticks_to_us(t1 - t0);
	run->count1 = stat_count(cpu, state);
	run->res1 = stat_residency(cpu, state);
}

/* One standby of the calling CPU: its own count moves, the power-down counters do not. */
static void measure_standby(unsigned int cpu, struct xcheck *x)
{
	struct suspend_result r;

	x->sb_count0 = stat_count(cpu, PS_STANDBY);
	x->pd_count0 = stat_count(cpu, PS_CPU_OFF);
	x->pd_res0 = stat_residency(cpu, PS_CPU_OFF);
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PS_STANDBY, 0, 0, WAKE_US);
	x->sb_rc = (int32_t)r.x0;
	x->sb_count1 = stat_count(cpu, PS_STANDBY);
	x->pd_count1 = stat_count(cpu, PS_CPU_OFF);
	x->pd_res1 = stat_residency(cpu, PS_CPU_OFF);
}

static bool cpu0_powered_down(void)
{
	return psci(PSCI64(FN_NODE_HW_STATE), psci_mpidr(0), 0, 0) == HW_OFF;
}

/*
 * A secondary's job: power-down and standby first, then (after job_go) the cluster
 * stays, once CPU 0 is down if it shares the cluster; then CPU_OFF.
 */
static void xcheck_job(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	struct xcheck *x = &results[cpu];
	bool hold = psci_cluster_of(cpu) == psci_cluster_of(0);

	measure(cpu, PS_CPU_OFF, &x->pd);
	measure_standby(cpu, x);
	__asm__ volatile("dmb sy" ::: "memory");
	me->job_flag = FLAG_CPU_DONE;
	while (!me->job_go)
		cpu_relax();
	x->hold_lost = false;
	if (hold) {
		uint64_t start = timer_now();

		while (!cpu0_powered_down() && timer_us_since(start) < HOLD_US / 2)
			cpu_relax();
		x->hold_lost = !cpu0_powered_down();
	}
	if (!x->hold_lost) {
		measure(cpu, PS_CLUSTER, &x->cluster);
		x->hold_lost = hold && !cpu0_powered_down();
	}
	__asm__ volatile("dmb sy" ::: "memory");
	me->job_flag = FLAG_CLUSTER_DONE;
	job_cpu_off(cpu);
}

/* Checks one run of one CPU; failures go to fc (count) and fr (residency). */
static void check_run(unsigned int cpu, const char *state_name, const struct stay_run *run,
		      struct tf_failures *fc, struct tf_failures *fr)
{
	uint64_t dc = run->count1 - run->count0, dr = run->res1 - run->res0;

	tf_info("CPU%u %s: %u/%u stays, count +%lu, residency +%lu us; PMF low power %lu us, "
		"wall %lu us",
		cpu, state_name, run->resumed, STAYS, (unsigned long)dc, (unsigned long)dr,
		(unsigned long)run->hw_us, (unsigned long)run->wall_us);
	if (run->resumed != STAYS) {
		tf_fail(fc, "CPU%u %s: %u of %u stays resumed after their timer (last: %s)", cpu,
			state_name, run->resumed, STAYS, psci_err_name(run->last_rc));
		return;
	}
	if (dc != STAYS)
		tf_fail(fc, "CPU%u %s: count %lu -> %lu after %u stays", cpu, state_name,
			(unsigned long)run->count0, (unsigned long)run->count1, STAYS);
	if (run->bad_ts)
		tf_fail(fr, "CPU%u %s: %u stays without a fresh ENTER/EXIT_HW_LOW_PWR pair", cpu,
			state_name, run->bad_ts);
	else if (dr < run->hw_us || dr > run->wall_us + STAYS)
		tf_fail(fr, "CPU%u %s: residency +%lu us, want [%lu, %lu] (PMF low power, wall)",
			cpu, state_name, (unsigned long)dr, (unsigned long)run->hw_us,
			(unsigned long)(run->wall_us + STAYS));
}

static void check_standby(unsigned int cpu, const struct xcheck *x, struct tf_failures *f)
{
	if (x->sb_rc != PSCI_E_SUCCESS)
		tf_fail(f, "CPU%u: standby returned %s", cpu, psci_err_name(x->sb_rc));
	else if (x->sb_count1 != x->sb_count0 + 1)
		tf_fail(f, "CPU%u: standby count %lu -> %lu after one standby", cpu,
			(unsigned long)x->sb_count0, (unsigned long)x->sb_count1);
	else if (x->pd_count1 != x->pd_count0 || x->pd_res1 != x->pd_res0)
		tf_fail(f,
			"CPU%u: a standby moved the power-down counters: count %lu -> %lu, "
			"residency %lu -> %lu",
			cpu, (unsigned long)x->pd_count0, (unsigned long)x->pd_count1,
			(unsigned long)x->pd_res0, (unsigned long)x->pd_res1);
}

/* A secondary's turn, CPU 0 holding the cluster if they share it. False on a failure. */
static bool run_secondary(unsigned int i, struct tf_failures *setup)
{
	struct cpu_data *c = &cpu_data[i];
	bool hold = psci_cluster_of(i) == psci_cluster_of(0);
	struct suspend_result r = {0};
	int32_t rc = psci_start_job(i, xcheck_job, PSCI64(FN_CPU_ON), i);

	if (rc != PSCI_E_SUCCESS) {
		tf_fail(setup, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
		return false;
	}
	if (!psci_wait_flag(i, FLAG_CPU_DONE, PSCI_TIMEOUT_US)) {
		tf_fail(setup, "CPU%u: its power-down stays did not finish", i);
		return false;
	}
	c->job_go = 1;
	if (hold)
		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PS_CLUSTER,
			     (uint64_t)(uintptr_t)psci_resume_entry, 0, HOLD_US);
	if (!psci_wait_flag(i, FLAG_CLUSTER_DONE, PSCI_TIMEOUT_US) ||
	    !psci_wait_off(i, PSCI_TIMEOUT_US)) {
		tf_fail(setup, "CPU%u: its cluster stays did not finish", i);
		return false;
	}
	__asm__ volatile("dmb sy" ::: "memory");
	if (results[i].hold_lost) {
		tf_fail(setup,
			"CPU0 was not powered down throughout CPU%u's cluster stays "
			"(woke after %lu us, hold %u us)",
			i, (unsigned long)r.elapsed_us, HOLD_US);
		return false;
	}
	return true;
}

/* PMF served, PSCI_STAT offered, the states known; otherwise an INFO line saying why not. */
static bool supported(void)
{
	struct smc_result v;
	int32_t fc = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_PSCI_STAT_COUNT), 0, 0);
	int32_t fr = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_PSCI_STAT_RESIDENCY), 0, 0);

	if (fc != PSCI_E_SUCCESS || fr != PSCI_E_SUCCESS) {
		tf_info("SKIP: PSCI_FEATURES(PSCI_STAT_COUNT/RESIDENCY) -> %s / %s",
			psci_err_name(fc), psci_err_name(fr));
		return false;
	}
	if (!pmf_served()) {
		tf_info("SKIP: the monitor does not serve PMF (GET_VERSION answers SMC_UNK)");
		return false;
	}
	v = smc0(PMF_GET_VERSION_32);
	if ((uint32_t)v.x0 != 0 || (uint32_t)v.x1 != PMF_VERSION) {
		tf_info("SKIP: PMF GET_VERSION -> 0x%lx, the image does not serve PMF",
			(unsigned long)v.x0);
		return false;
	}
	return psci_states_known("PSCI_STAT cross-check",
				 NEED_CPU_OFF | NEED_CLUSTER_OFF | NEED_STANDBY);
}

static void run(void)
{
	struct tf_failures setup = {0}, pd_count = {0}, pd_res = {0}, cl_count = {0}, cl_res = {0},
			   standby = {0};
	int bad;

	if (!psci_require() || !supported())
		return;
	if (!tf_check(gic_version() != 0, "gic", "no GIC in the DTB to wake up with"))
		return;
	bad = psci_all_secondaries_off();
	if (!tf_check(bad < 0, "secondaries_off", "CPU%d did not turn off", bad))
		return;

	/* CPU 0, alone: its cluster goes down with it. */
	measure(0, PS_CPU_OFF, &results[0].pd);
	measure(0, PS_CLUSTER, &results[0].cluster);
	measure_standby(0, &results[0]);
	for (unsigned int i = 0; i < cpu_count; i++) {
		const struct xcheck *x = &results[i];

		if (i > 0 && !run_secondary(i, &setup))
			continue;
		check_run(i, "cpu-powerdown", &x->pd, &pd_count, &pd_res);
		check_run(i, "cluster-powerdown", &x->cluster, &cl_count, &cl_res);
		check_standby(i, x, &standby);
	}
	tf_report("every_cpu_measured", &setup);
	tf_report("count_cpu_powerdown", &pd_count);
	tf_report("residency_cpu_powerdown", &pd_res);
	tf_report("count_cluster", &cl_count);
	tf_report("residency_cluster", &cl_res);
	tf_report("standby_leaves_powerdown", &standby);
}

const struct tf_suite psci_stat_xcheck_suite = {"psci_stat_xcheck", run};
