/*
 * PSCI_STAT_COUNT and PSCI_STAT_RESIDENCY (DEN0022 5.18-5.19): how often, and for how
 * long in microseconds, a CPU's power domain was in a state the platform really entered.
 * A suspend adds one to its state's count and roughly its duration to the residency. A
 * cluster power-down held back because other CPUs run (platform-coordinated) is not a
 * cluster stay; one by the last CPU is. CPU_OFF uses the CPU's power-down state too (as
 * TF-A counts it): its count rises by one when CPU_ON ends the stay. Invalid arguments
 * read 0. The SMC32 forms give the low 32 bits.
 */
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define WAKE_US 20000 /* 20 ms in each state */

static const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;

static uint64_t count(unsigned int cpu, uint32_t state)
{
	return psci_raw(PSCI64(FN_PSCI_STAT_COUNT), psci_mpidr(cpu), state, 0);
}

static uint64_t residency(unsigned int cpu, uint32_t state)
{
	return psci_raw(PSCI64(FN_PSCI_STAT_RESIDENCY), psci_mpidr(cpu), state, 0);
}

/* One suspend of CPU 0 to state; checks that count and residency moved as they should. */
static void check_state(const char *count_name, const char *res_name, uint32_t state)
{
	uint64_t c0 = count(0, state), r0 = residency(0, state);
	struct suspend_result r;

	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), state, resume_entry, 0, WAKE_US);
	uint64_t c1 = count(0, state), r1 = residency(0, state);
	bool went = r.timer_fired && (r.resumed || (int32_t)r.x0 == PSCI_E_SUCCESS);

	tf_check(went && c1 == c0 + 1, count_name, "0x%08x: count %lu -> %lu after one stay (%s)",
		 state, (unsigned long)c0, (unsigned long)c1, psci_err_name((int64_t)r.x0));
	/*
	 * At most the whole call (1 ms for rounding); at least a quarter of the timer's delay,
	 * which leaves 15 ms for the way into the low-power state on a loaded host.
	 */
	tf_check(went && r1 - r0 >= WAKE_US / 4 && r1 - r0 <= r.elapsed_us + 1000, res_name,
		 "0x%08x: residency grew by %lu us over a %lu us call (timer %u us)", state,
		 (unsigned long)(r1 - r0), (unsigned long)r.elapsed_us, WAKE_US);
}

/* Cluster power-down requested while CPU 1 runs: no cluster stay may be counted. */
static void check_coordination(void)
{
	uint64_t cl0 = count(0, PSTATE_CLUSTER_OFF);
	uint64_t sy0 = count(0, PSTATE_SYSTEM_OFF);
	struct suspend_result r;
	int bad;

	if (cpu_count > 1 && psci_cluster_size(0) > 1) {
		unsigned int other = 1;

		while (other < cpu_count && psci_cluster_of(other) != psci_cluster_of(0))
			other++;
		if (psci_start_job(other, job_hold_off, PSCI64(FN_CPU_ON), other) ==
			PSCI_E_SUCCESS &&
		    psci_wait_flag(other, 1, PSCI_TIMEOUT_US)) {
			psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry,
				     0, WAKE_US);
			uint64_t cl1 = count(0, PSTATE_CLUSTER_OFF);

			tf_check(r.resumed && cl1 == cl0, "cluster_not_counted_while_others_run",
				 "cluster count %lu -> %lu with CPU%u running (%s)",
				 (unsigned long)cl0, (unsigned long)cl1, other,
				 psci_err_name((int64_t)r.x0));
		} else {
			tf_check(false, "cluster_not_counted_while_others_run",
				 "CPU%u did not start", other);
		}
	}
	bad = psci_all_secondaries_off();
	if (!tf_check(bad < 0, "secondaries_off", "CPU%d did not turn off", bad))
		return;
	cl0 = count(0, PSTATE_CLUSTER_OFF);
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 0, WAKE_US);
	uint64_t cl1 = count(0, PSTATE_CLUSTER_OFF);
	uint64_t sy1 = count(0, PSTATE_SYSTEM_OFF);

	tf_check(r.resumed && cl1 == cl0 + 1 && sy1 == sy0, "cluster_counted_for_last_cpu",
		 "cluster count %lu -> %lu, system %lu -> %lu (%s)", (unsigned long)cl0,
		 (unsigned long)cl1, (unsigned long)sy0, (unsigned long)sy1,
		 psci_err_name((int64_t)r.x0));
	check_state("count_system", "residency_system", PSTATE_SYSTEM_OFF);
}

static void check_invalid(void)
{
	/* Not states of the recommended encoding with 3 levels; else reserved bits only. */
	static const uint32_t bad_states[] = {0x80010002, 0x00000000, 0x00010003, 0x03012222};
	unsigned int n = psci_env.conv.recommended_stateid ? ARRAY_SIZE(bad_states) : 1;
	struct tf_failures f = {0};

	for (unsigned int k = 0; k < n; k++) {
		uint64_t c = count(0, bad_states[k]), res = residency(0, bad_states[k]);

		if (c || res)
			tf_fail(&f, "state 0x%08x: count %lu, residency %lu", bad_states[k],
				(unsigned long)c, (unsigned long)res);
	}
	uint64_t c = psci_raw(PSCI64(FN_PSCI_STAT_COUNT), 0xff00ff, PSTATE_STANDBY, 0);

	if (c)
		tf_fail(&f, "MPIDR 0xff00ff: count %lu", (unsigned long)c);
	tf_report("invalid_arguments_read_zero", &f);
}

static void check_other_cpu_and_smc32(void)
{
	struct tf_failures f = {0};

	/* psci_suspend ran before: every secondary went through standby and power-down. */
	for (unsigned int i = 1; i < cpu_count; i++) {
		uint64_t s = count(i, PSTATE_STANDBY), p = count(i, PSTATE_CPU_OFF);

		/* Small positive numbers: not 0, and not an error code read as a count. */
		if (s == 0 || p == 0 || s > 0xffff || p > 0xffff)
			tf_fail(&f, "CPU%u: standby count %lu, power-down count %lu", i,
				(unsigned long)count(i, PSTATE_STANDBY),
				(unsigned long)count(i, PSTATE_CPU_OFF));
	}
	if (cpu_count > 1)
		tf_report("secondaries_counted", &f);

	uint64_t c64 = count(0, PSTATE_CPU_OFF);
	uint64_t r64 = residency(0, PSTATE_CPU_OFF);
	uint64_t c32 = psci_raw(PSCI32(FN_PSCI_STAT_COUNT), psci_mpidr(0), PSTATE_CPU_OFF, 0);
	uint64_t r32 = psci_raw(PSCI32(FN_PSCI_STAT_RESIDENCY), psci_mpidr(0), PSTATE_CPU_OFF, 0);

	tf_check((uint32_t)c32 == (uint32_t)c64 && (uint32_t)r32 == (uint32_t)r64, "smc32_forms",
		 "count 0x%lx / 0x%lx, residency 0x%lx / 0x%lx (SMC32 / SMC64)", (unsigned long)c32,
		 (unsigned long)c64, (unsigned long)r32, (unsigned long)r64);
}

/* CPU_OFF and CPU_ON of CPU 1: one more stay in the CPU power-down state, as long as it was off. */
static void check_cpu_off_counted(void)
{
	uint64_t before, res_before, t0;
	int32_t rc;

	if (!psci_wait_off(1, PSCI_TIMEOUT_US)) {
		tf_check(false, "cpu_off_counted", "CPU1 is not OFF to begin with");
		return;
	}
	t0 = timer_now(); /* before CPU1 turns off: the stay is within what follows */
	rc = psci_start_job(1, job_off, PSCI64(FN_CPU_ON), 1); /* runs, then CPU_OFF */
	if (!tf_check(rc == PSCI_E_SUCCESS && psci_wait_off(1, PSCI_TIMEOUT_US), "cpu_off_counted",
		      "CPU_ON -> %s, or CPU1 never turned off", psci_err_name(rc)))
		return;
	before = count(1, PSTATE_CPU_OFF);
	res_before = residency(1, PSTATE_CPU_OFF);
	uint64_t t1 = timer_now();
	while (timer_us_since(t1) < WAKE_US)
		;
	rc = psci_start_job(1, job_off, PSCI64(FN_CPU_ON), 1);
	bool off = rc == PSCI_E_SUCCESS && psci_wait_off(1, PSCI_TIMEOUT_US);
	uint64_t after = count(1, PSTATE_CPU_OFF), res = residency(1, PSTATE_CPU_OFF) - res_before;
	uint64_t elapsed = timer_us_since(t0);

	tf_check(off && after == before + 1, "cpu_off_counted",
		 "count %lu -> %lu over CPU_OFF + CPU_ON (%s), want one more",
		 (unsigned long)before, (unsigned long)after, off ? "CPU1 off again" : "CPU1 lost");
	tf_check(res >= WAKE_US && res <= elapsed, "cpu_off_residency",
		 "residency grew %lu us, CPU1 was off at least %u us (of %lu)", (unsigned long)res,
		 WAKE_US, (unsigned long)elapsed);
}

static void run(void)
{
	if (!psci_require() || !psci_offered_or_skip(FN_PSCI_STAT_COUNT, "PSCI_STAT"))
		return;
	if (!tf_check(gic_version() != 0, "gic", "no GIC in the DTB to wake up with"))
		return;
	if (!psci_states_known("PSCI_STAT", NEED_ALL_STATES))
		return;
	check_state("count_standby", "residency_standby", PSTATE_STANDBY);
	check_state("count_cpu_powerdown", "residency_cpu_powerdown", PSTATE_CPU_OFF);
	check_coordination();
	check_invalid();
	check_other_cpu_and_smc32();
	if (cpu_count > 1)
		check_cpu_off_counted();
}

const struct tf_suite psci_stat_suite = {"psci_stat", run};
