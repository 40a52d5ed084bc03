/*
 * CPU_ON racing the target's way down (issue 17 item 7), semihosting command line
 * "cpu-on-race": CPU 0 turns every secondary on ROUNDS times; each time the secondary's
 * job checks how it was entered and turns itself off HOLD_US later, while CPU 0 calls
 * CPU_ON for it again and again (ALREADY_ON, then ON_PENDING... while it is still on its
 * way down) until the call succeeds. So most CPU_ONs find their target between
 * AFFINITY_INFO going OFF and the target waiting for a wake-up, and at boot the first
 * ones find it still on its way out of the monitor's reset pen: the windows in which a
 * monitor that lets the target run ahead of the CPU_ON call loses the target (a wake-up
 * interrupt left for the normal world, taken to EL3 for ever where a secure payload
 * routes FIQs there) or hands it a stale entry.
 *
 * Checked: every successful CPU_ON runs its job within STALL_US (a target that never
 * arrives fails the run there, naming the round); the job finds the context_id of the
 * CPU_ON that started it; no FIQ is pending for the normal world HOLD_US into the job
 * (ISR_EL1.F: the monitor's Group 0 wake-up interrupt is never the normal world's to
 * see; with a secure payload it is taken to EL3 and the job never gets that far); the
 * number of jobs equals the number of successful CPU_ONs; every secondary ends OFF.
 * The windows are short: a monitor with the bug fails some runs, not every one (the
 * host test tests/unit/psci/test_psci_on_race.c is the deterministic one).
 */
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define ROUNDS	 300u	   /* CPU_ONs of each secondary */
#define STALL_US 5000000u  /* a CPU_ON whose job has not run by then lost its target */
#define ISR_F	 (1u << 6) /* ISR_EL1.F: an FIQ is pending */
#define HOLD_US	 200u	   /* how long a job runs before it checks ISR_EL1.F */

/* context_id of a secondary's n-th CPU_ON (n from 1): CPU index and count. */
static uint64_t context_of(unsigned int cpu, uint64_t n)
{
	return 0xce00000000000000ull | (uint64_t)cpu << 32 | n;
}

/*
 * The job: job_flag counts this CPU's runs; a context_id other than the one its run
 * number implies goes to job_out[0] (count) and job_result (value), a pending FIQ to
 * job_out[1]. Then CPU_OFF, at once.
 */
static void job_race(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	uint64_t start = timer_now();
	uint64_t isr;

	/* Long enough for a wake-up interrupt sent after the job started to arrive. */
	while (timer_us_since(start) < HOLD_US)
		cpu_relax();
	__asm__ volatile("mrs %0, isr_el1" : "=r"(isr));
	if (me->entry_x0 != context_of(cpu, me->job_flag + 1ull)) {
		me->job_out[0]++;
		me->job_result = (int64_t)me->entry_x0;
	}
	if (isr & ISR_F)
		me->job_out[1]++;
	__asm__ volatile("dmb sy" ::: "memory");
	me->job_flag++;
	job_cpu_off(cpu);
}

/* CPU_ON of secondary i until it succeeds; false once it has refused for STALL_US. */
static bool cpu_on_until_accepted(unsigned int i, uint64_t n, unsigned int *busy)
{
	uint64_t start = timer_now();

	for (;;) {
		int32_t rc = psci(PSCI64(FN_CPU_ON), psci_mpidr(i),
				  (uint64_t)(uintptr_t)psci_cpu_entry, context_of(i, n));

		if (rc == PSCI_E_SUCCESS)
			return true;
		if (rc != PSCI_E_ALREADY_ON && rc != PSCI_E_ON_PENDING) {
			tf_check(false, "cpu_on_race_calls", "CPU%u round %lu: CPU_ON -> %s", i,
				 (unsigned long)n, psci_err_name(rc));
			return false;
		}
		(*busy)++;
		if (timer_us_since(start) > STALL_US)
			return false;
	}
}

static void run(void)
{
	struct tf_failures ran = {0}, ctx = {0}, fiq = {0}, off = {0};
	unsigned int busy = 0, started = 0;
	uint64_t t0 = timer_now();

	if (!psci_require())
		return;
	if (cpu_count < 2) {
		tf_info("one CPU: nothing to race");
		return;
	}
	for (unsigned int i = 1; i < cpu_count; i++) {
		struct cpu_data *c = &cpu_data[i];

		c->entry = job_race;
		c->job_flag = 0;
		c->job_out[0] = c->job_out[1] = 0;
	}
	__asm__ volatile("dmb sy" ::: "memory");
	for (unsigned int r = 1; r <= ROUNDS && ran.count == 0; r++) {
		for (unsigned int i = 1; i < cpu_count; i++) {
			struct cpu_data *c = &cpu_data[i];

			/* The previous round's job ran (or the round before failed already). */
			if (!cpu_on_until_accepted(i, r, &busy)) {
				tf_fail(
				    &ran,
				    "CPU%u round %u: CPU_ON refused for %u ms, the job of round "
				    "%u never ran or never turned the CPU off (AFFINITY_INFO %d, "
				    "jobs run %u)",
				    i, r, STALL_US / 1000u, r - 1, psci_affinity(i), c->job_flag);
				break;
			}
			started++;
		}
	}
	/* The last round's jobs: each must run and turn its CPU off. */
	for (unsigned int i = 1; i < cpu_count; i++) {
		struct cpu_data *c = &cpu_data[i];
		uint64_t start = timer_now();

		while (psci_affinity(i) != AFF_OFF && timer_us_since(start) < STALL_US)
			cpu_relax();
		if (psci_affinity(i) != AFF_OFF && ran.count == 0)
			tf_fail(&ran,
				"CPU%u: its last job never ran or never turned it off "
				"(AFFINITY_INFO %d, jobs run %u)",
				i, psci_affinity(i), c->job_flag);
		if (c->job_out[0])
			tf_fail(&ctx,
				"CPU%u: %lu jobs entered with another CPU_ON's context_id "
				"(last 0x%lx)",
				i, (unsigned long)c->job_out[0], (unsigned long)c->job_result);
		if (c->job_out[1])
			tf_fail(&fiq, "CPU%u: %lu jobs found an FIQ pending at entry", i,
				(unsigned long)c->job_out[1]);
		if (psci_affinity(i) != AFF_OFF)
			tf_fail(&off, "CPU%u: AFFINITY_INFO %d at the end", i, psci_affinity(i));
	}
	{
		unsigned int jobs = 0;

		for (unsigned int i = 1; i < cpu_count; i++)
			jobs += cpu_data[i].job_flag;
		tf_check(jobs == started, "cpu_on_race_one_job_per_cpu_on",
			 "%u successful CPU_ONs, %u jobs run", started, jobs);
	}
	tf_report("cpu_on_race_jobs_ran", &ran);
	tf_report("cpu_on_race_context_id", &ctx);
	tf_report("cpu_on_race_no_fiq_in_ns", &fiq);
	tf_report("cpu_on_race_all_off", &off);
	tf_info("%u CPU_ONs, %u refused while the target was still on (%lu ms)", started, busy,
		(unsigned long)(timer_us_since(t0) / 1000u));
}

static const struct tf_suite cpu_on_race_suite = {"psci_cpu_on_race", run};

void cpu_on_race_if_requested(void)
{
	if (!cmdline_is("cpu-on-race"))
		return;
	print("PAYLOAD: mode cpu-on-race\n");
	tf_run(&cpu_on_race_suite);
	tf_finish();
}
