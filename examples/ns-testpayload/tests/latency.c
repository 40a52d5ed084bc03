/*
 * Latency suite (issue 4 item 5), semihosting command line "latency": the methodology of
 * Arm's PSCI performance studies, run through the monitor's PMF runtime instrumentation
 * (TF-A semantics: ENTER_PSCI / EXIT_PSCI around the call, ENTER_CFLUSH / EXIT_CFLUSH
 * around the CPU's own cache flush, ENTER_HW_LOW_PWR / EXIT_HW_LOW_PWR around the
 * low-power state; after a power-down, EXIT_HW_LOW_PWR and EXIT_PSCI come from the
 * warm-boot path). Needs an image built with SECMON_ENABLE_PMF.
 *
 * Tests, in this order (names as printed):
 *   suspend_deep_parallel  every CPU at once: CPU_SUSPEND to the deepest state every CPU
 *                          can take part in, the cluster power-down 0x01010022 (system
 *                          power-down would need all other CPUs OFF)
 *   suspend_l0_parallel    every CPU at once: CPU power-down 0x00010002
 *   psci_version_parallel  every CPU at once: PSCI_VERSION
 *   cpu_off_parallel       every non-lead CPU at once: CPU_OFF
 *   suspend_deep_serial    one CPU at a time (the others OFF, the lead waiting), the
 *                          lead last with every other CPU OFF, when its cluster goes down
 *   suspend_l0_serial      the same with 0x00010002
 *   cpu_off_serial         one non-lead CPU at a time: CPU_ON, then CPU_OFF
 * "At once": the CPUs spin until a common counter value, then call. Each CPU reads its
 * own six timestamps right after its call returns (GET_TIMESTAMP is no PSCI call, so it
 * does not overwrite them); a CPU that turned off is read by the lead once it is OFF.
 *
 * Output, raw counter ticks (CNTPCT_EL0, the counter PMF captures from):
 *   LATENCY: freq=<CNTFRQ_EL0>
 *   LATENCY: <test> cpu=<n> enter_psci=<t> exit_psci=<t> enter_hw=<t> exit_hw=<t>
 *            enter_cflush=<t> exit_cflush=<t>          (one line)
 * Timestamps a test does not produce (EXIT_* of CPU_OFF, everything but the PSCI pair
 * for PSCI_VERSION) are printed as read: older values. Checks: every query succeeds, and
 * the timestamps a test produces lie between the caller's counter reads before and after
 * the call, in the order the instrumentation defines.
 */
#include <secmon/smccc.h>

#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "framework.h"
#include "pmf_client.h"
#include "psci_client.h"
#include "smc.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define WAKE_US	    5000u /* suspend wake-up timer: long enough for every CPU to be down */
#define START_US    500u  /* "at once": the common start lies this far ahead */
#define PSTATE_DEEP PSTATE_CLUSTER_OFF
#define PSTATE_L0   PSTATE_CPU_OFF

/* Commands the lead posts to the waiting secondaries (cpu_data[i].job_arg). */
enum op { OP_NONE, OP_SUSPEND_DEEP, OP_SUSPEND_L0, OP_VERSION, OP_OFF };

/* Which timestamps an operation produces (checked for order and range). */
enum shape { SHAPE_SUSPEND, SHAPE_OFF, SHAPE_VERSION };

/* One CPU's sample of one test. */
struct sample {
	uint64_t ts[RT_READ_IDS]; /* by runtime-instrumentation local id */
	int32_t rc[RT_READ_IDS];  /* GET_TIMESTAMP status of each */
	uint64_t before;	  /* CNTPCT right before the call */
	uint64_t after;		  /* right after it (CPU_OFF: when the lead saw it OFF) */
	uint64_t result;	  /* what the call returned (PSCI_RESUMED after a power-down) */
	volatile uint32_t seq;	  /* the command this answers */
} __attribute__((aligned(64)));

static struct sample samples[NS_MAX_CPUS];
static volatile uint32_t cmd_seq;      /* incremented for every posted command */
static volatile uint32_t cmd_op;       /* enum op */
static volatile uint64_t cmd_start_at; /* CNTPCT value to start at */

static void read_timestamps(unsigned int cpu, struct sample *s)
{
	for (unsigned int id = 0; id < RT_READ_IDS; id++) {
		struct smc_result r = smc_call(PMF_GET_TIMESTAMP_64, PMF_TID(PMF_SVC_RT_INSTR, id),
					       psci_mpidr(cpu), PMF_FLAG_CACHE_MAINT, 0, 0, 0, 0);

		s->rc[id] = (int32_t)r.x0;
		s->ts[id] = r.x1;
	}
}

/* Performs op on the calling CPU (CPU_OFF does not come back). */
static void do_op(unsigned int cpu, enum op op)
{
	struct sample *s = &samples[cpu];
	struct suspend_result r;

	s->before = timer_now();
	switch (op) {
	case OP_SUSPEND_DEEP:
	case OP_SUSPEND_L0:
		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND),
			     op == OP_SUSPEND_DEEP ? PSTATE_DEEP : PSTATE_L0,
			     (uint64_t)(uintptr_t)psci_resume_entry, cpu, WAKE_US);
		s->after = timer_now();
		s->result = r.x0;
		break;
	case OP_VERSION:
		s->result = psci_raw(PSCI32(FN_PSCI_VERSION), 0, 0, 0);
		s->after = timer_now();
		break;
	case OP_OFF:
		__asm__ volatile("dmb sy" ::: "memory");
		job_cpu_off(cpu);
	case OP_NONE:
		break;
	}
	read_timestamps(cpu, s);
}

static void wait_until(uint64_t t)
{
	while (timer_now() < t)
		cpu_relax();
}

/* Secondary job for the parallel tests: runs posted commands until OP_OFF. */
static void lat_job(unsigned int cpu)
{
	uint32_t seen = 0;

	cpu_data[cpu].job_flag = 1;
	for (;;) {
		while (cmd_seq == seen)
			cpu_relax();
		seen = cmd_seq;
		__asm__ volatile("dmb sy" ::: "memory");
		wait_until(cmd_start_at);
		do_op(cpu, (enum op)cmd_op);
		__asm__ volatile("dmb sy" ::: "memory");
		samples[cpu].seq = seen;
	}
}

/* Secondary job for the serial tests: the op in job_arg once, then CPU_OFF. */
static void serial_job(unsigned int cpu)
{
	enum op op = (enum op)cpu_data[cpu].job_arg;

	/* OP_OFF: the sample is the CPU_OFF itself; otherwise it is taken before. */
	do_op(cpu, op);
	samples[cpu].seq = cmd_seq;
	job_cpu_off(cpu);
}

static void print_sample(const char *test, unsigned int cpu)
{
	const struct sample *s = &samples[cpu];

	print("LATENCY: %s cpu=%u enter_psci=%lu exit_psci=%lu enter_hw=%lu exit_hw=%lu "
	      "enter_cflush=%lu exit_cflush=%lu enter_node_cflush=%lu exit_node_cflush=%lu\n",
	      test, cpu, (unsigned long)s->ts[RT_ENTER_PSCI], (unsigned long)s->ts[RT_EXIT_PSCI],
	      (unsigned long)s->ts[RT_ENTER_HW_LOW_PWR], (unsigned long)s->ts[RT_EXIT_HW_LOW_PWR],
	      (unsigned long)s->ts[RT_ENTER_CFLUSH], (unsigned long)s->ts[RT_EXIT_CFLUSH],
	      (unsigned long)s->ts[RT_ENTER_NODE_CFLUSH],
	      (unsigned long)s->ts[RT_EXIT_NODE_CFLUSH]);
}

/* Checks one CPU's sample; records a failure in f. */
static void check_sample(unsigned int cpu, enum shape shape, struct tf_failures *f)
{
	static const unsigned int suspend_order[] = {RT_ENTER_PSCI,	 RT_ENTER_CFLUSH,
						     RT_EXIT_CFLUSH,	 RT_ENTER_HW_LOW_PWR,
						     RT_EXIT_HW_LOW_PWR, RT_EXIT_PSCI};
	static const unsigned int off_order[] = {RT_ENTER_PSCI, RT_ENTER_CFLUSH, RT_EXIT_CFLUSH,
						 RT_ENTER_HW_LOW_PWR};
	static const unsigned int version_order[] = {RT_ENTER_PSCI, RT_EXIT_PSCI};
	const struct sample *s = &samples[cpu];
	const unsigned int *order = shape == SHAPE_SUSPEND ? suspend_order
				    : shape == SHAPE_OFF   ? off_order
							   : version_order;
	unsigned int n = shape == SHAPE_SUSPEND ? ARRAY_SIZE(suspend_order)
			 : shape == SHAPE_OFF	? ARRAY_SIZE(off_order)
						: ARRAY_SIZE(version_order);
	uint64_t prev = s->before;

	for (unsigned int id = 0; id < RT_IDS; id++) {
		if (s->rc[id] != SMCCC_RET_SUCCESS) {
			tf_fail(f, "CPU%u: GET_TIMESTAMP(id %u) -> %d", cpu, id, s->rc[id]);
			return;
		}
	}
	if (shape == SHAPE_SUSPEND && s->result != PSCI_RESUMED) {
		tf_fail(f, "CPU%u: CPU_SUSPEND %s, want a power-down", cpu,
			psci_err_name((int32_t)s->result));
		return;
	}
	for (unsigned int k = 0; k < n; k++) {
		uint64_t t = s->ts[order[k]];

		if (t < prev || t > s->after) {
			tf_fail(f, "CPU%u: local id %u = %lu, outside [%lu, %lu]", cpu, order[k],
				(unsigned long)t, (unsigned long)prev, (unsigned long)s->after);
			return;
		}
		prev = t;
	}
}

/* Posts op to every waiting secondary and does it on the lead too (unless OP_OFF). */
static void run_parallel(const char *test, enum op op, enum shape shape)
{
	struct tf_failures f = {0};
	uint32_t seq = cmd_seq + 1;

	cmd_op = op;
	cmd_start_at = timer_now() + timer_us_to_ticks(START_US);
	__asm__ volatile("dmb sy" ::: "memory");
	cmd_seq = seq;
	if (op != OP_OFF) {
		wait_until(cmd_start_at);
		do_op(0, op);
		samples[0].seq = seq;
	}
	for (unsigned int i = 1; i < cpu_count; i++) {
		if (op == OP_OFF) {
			if (!psci_wait_off(i, PSCI_TIMEOUT_US)) {
				tf_fail(&f, "CPU%u did not turn off", i);
				continue;
			}
			samples[i].after = timer_now();
			read_timestamps(i, &samples[i]);
			continue;
		}
		uint64_t t0 = timer_now();

		while (samples[i].seq != seq && timer_us_since(t0) <= PSCI_TIMEOUT_US)
			cpu_relax();
		if (samples[i].seq != seq)
			tf_fail(&f, "CPU%u did not finish", i);
	}
	for (unsigned int i = op == OP_OFF ? 1 : 0; i < cpu_count; i++) {
		print_sample(test, i);
		check_sample(i, shape, &f);
	}
	tf_report(test, &f);
}

/* One CPU at a time: each secondary alone (started, op, off), then the lead. */
static void run_serial(const char *test, enum op op, enum shape shape)
{
	struct tf_failures f = {0};

	for (unsigned int i = 1; i < cpu_count; i++) {
		samples[i].seq = 0;
		cpu_data[i].job_arg = op;
		int32_t rc = psci_start_job(i, serial_job, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS) {
			tf_fail(&f, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
			continue;
		}
		if (!psci_wait_off(i, PSCI_TIMEOUT_US)) {
			tf_fail(&f, "CPU%u did not turn off", i);
			continue;
		}
		if (op == OP_OFF) {
			samples[i].after = timer_now();
			read_timestamps(i, &samples[i]);
		}
		print_sample(test, i);
		check_sample(i, shape, &f);
	}
	if (op != OP_OFF) {
		do_op(0, op);
		print_sample(test, 0);
		check_sample(0, shape, &f);
	}
	tf_report(test, &f);
}

static void latency_mode(void)
{
	struct tf_failures start = {0};
	struct smc_result v;

	if (!psci_require())
		return;
	if (!psci_states_known("latency", NEED_CLUSTER_OFF | NEED_CPU_OFF)) {
		tf_check(false, "power_states",
			 "the board's cluster and CPU power-down states are "
			 "needed");
		return;
	}
	v = smc0(PMF_GET_VERSION_32);
	if (!tf_check((uint32_t)v.x0 == 0 && (uint32_t)v.x1 == PMF_VERSION, "pmf_served",
		      "PMF GET_VERSION -> 0x%lx: the image does not serve PMF (build it with "
		      "-DSECMON_ENABLE_PMF=ON)",
		      (unsigned long)v.x0))
		return;
	tf_info("%u CPUs; deepest state all CPUs can take part in: cluster power-down 0x%08x",
		cpu_count, PSTATE_DEEP);
	print("LATENCY: freq=%lu\n", (unsigned long)timer_freq());

	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, lat_job, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS || !psci_wait_flag(i, 1, PSCI_TIMEOUT_US))
			tf_fail(&start, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
	}
	if (!tf_report("secondaries_started", &start))
		return;
	run_parallel("suspend_deep_parallel", OP_SUSPEND_DEEP, SHAPE_SUSPEND);
	run_parallel("suspend_l0_parallel", OP_SUSPEND_L0, SHAPE_SUSPEND);
	run_parallel("psci_version_parallel", OP_VERSION, SHAPE_VERSION);
	run_parallel("cpu_off_parallel", OP_OFF, SHAPE_OFF);
	run_serial("suspend_deep_serial", OP_SUSPEND_DEEP, SHAPE_SUSPEND);
	run_serial("suspend_l0_serial", OP_SUSPEND_L0, SHAPE_SUSPEND);
	run_serial("cpu_off_serial", OP_OFF, SHAPE_OFF);
}

static const struct tf_suite latency_suite = {"latency", latency_mode};

void latency_if_requested(void)
{
	if (!cmdline_is("latency"))
		return;
	print("PAYLOAD: mode latency\n");
	tf_run(&latency_suite);
	tf_finish();
}
