/*
 * The secure-payload dispatcher (services/spd) with the test secure payload at S-EL1.
 *
 * Without a dispatcher (Call UID of the trusted-OS entity answers SMC_UNK) every call of the
 * trusted-OS range, OEN 50-63, fast and yielding, SMC32 and SMC64, must answer SMC_UNK, and
 * that is all. With one, the checks of tests/spd_calls.c, spd_yield.c and spd_psci.c run on
 * CPU 0 and then on every secondary in turn (started with CPU_ON, ended with CPU_OFF), and
 * the payload must have seen each secondary's CPU_ON and CPU_OFF exactly once.
 */
#include <secmon/smccc.h>

#include "cpu.h"
#include "framework.h"
#include "psci_client.h"
#include "spd.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

/* A secondary's job: the whole per-CPU list; several seconds of SLOW_SUM at most. */
#define JOB_TIMEOUT_US 60000000u
#define JOB_DONE       2u

struct spd_checks spd_checks;

uint64_t spd_my_mpidr(void)
{
	return read_mpidr() & MPIDR_AFFINITY_MASK;
}

void spd_counts(uint64_t mpidr, struct tsp_counts *c)
{
	struct smc_regs t = {{TSP_FAST_SMC64(TSP_FUNC_GET_TIMER_COUNT), mpidr}};
	struct smc_regs g = {{TSP_FAST_SMC64(TSP_FUNC_GET_COUNTS), mpidr}};

	/* smc_call() returns x0-x3 only: the counters in x4-x6 need the full register set. */
	smc_call_regs(&g);
	smc_call_regs(&t);
	c->status = g.x[0];
	c->on = g.x[1];
	c->off = g.x[2];
	c->suspend = g.x[3];
	c->resume = g.x[4];
	c->fast = g.x[5];
	c->yield = g.x[6];
	c->timer = t.x[0] == 0 ? t.x[1] : ~0ull;
	c->other = t.x[0] == 0 ? t.x[2] : ~0ull;
	c->direct = t.x[0] == 0 ? t.x[3] : ~0ull;
}

/* The trusted-OS range when nobody serves it: every call answers SMC_UNK. */
static void check_absent(void)
{
	static const uint32_t funcs[] = {
	    0x0000,
	    TSP_FUNC_ADD,
	    TSP_FUNC_DIV,
	    TSP_FUNC_SLOW_SUM,
	    TSP_FUNC_GET_COUNTS,
	    TSP_FUNC_ARM_TIMER,
	    0x1234,
	    0xfeff,
	    SMCCC_FUNC_CALL_COUNT,
	    SMCCC_FUNC_CALL_UID,
	    0xff02,
	    SMCCC_FUNC_REVISION,
	    SPD_NS_RESUME_FUNC,
	    SPD_NS_ABORT_FUNC,
	    0xffff,
	};
	struct tf_failures f = {0};
	unsigned int n = 0;

	for (uint32_t oen = SMCCC_OEN_TOS_FIRST; oen <= SMCCC_OEN_TOS_LAST; oen++) {
		for (unsigned int type = 0; type < 4; type++) {
			uint32_t base = (type & 1 ? SMCCC_FAST_CALL : 0) |
					(type & 2 ? SMCCC_SMC64 : 0) | oen << SMCCC_OEN_SHIFT;

			for (unsigned int k = 0; k < ARRAY_SIZE(funcs); k++, n++) {
				struct smc_result r =
				    smc_call(base | funcs[k], 1, 2, 3, 0, 0, 0, 0);

				if (r.x0 != SMC_UNK)
					tf_fail(&f, "0x%08x -> 0x%lx", base | funcs[k],
						(unsigned long)r.x0);
			}
		}
	}
	tf_info("no secure-payload dispatcher: %u trusted-OS calls must answer SMC_UNK", n);
	tf_report("absent_trusted_os_range_unknown", &f);
}

/* Everything per CPU, in the order the files list it. */
static void per_cpu_checks(unsigned int cpu)
{
	spd_check_calls(cpu);
	spd_check_yield(cpu);
	spd_check_suspend(cpu);
}

static void job_per_cpu(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];

	me->job_flag = 1;
	per_cpu_checks(cpu);
	me->job_flag = JOB_DONE;
	job_cpu_off(cpu);
}

/*
 * Each secondary: CPU_ON, the per-CPU checks, CPU_OFF; the payload's counters of that CPU
 * before and after (read from CPU 0) must show one cpu_on and one cpu_off more.
 */
static void run_secondaries(void)
{
	struct tf_failures jobs = {0}, onoff = {0};

	for (unsigned int i = 1; i < cpu_count; i++) {
		struct tsp_counts before, after;
		int32_t rc;

		spd_counts(psci_mpidr(i), &before);
		if (before.status == TSP_E_INVALID) /* the payload never ran there yet */
			before = (struct tsp_counts){0};
		rc = psci_start_job(i, job_per_cpu, PSCI64(FN_CPU_ON), i);
		if (rc != PSCI_E_SUCCESS) {
			tf_fail(&jobs, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
			continue;
		}
		if (!psci_wait_flag(i, JOB_DONE, JOB_TIMEOUT_US)) {
			tf_fail(&jobs, "CPU%u: checks did not finish (step %u)", i,
				cpu_data[i].job_flag);
			continue;
		}
		if (!psci_wait_off(i, PSCI_TIMEOUT_US)) {
			tf_fail(&jobs, "CPU%u: not OFF after its checks (CPU_OFF -> %s)", i,
				psci_err_name(cpu_data[i].job_result));
			continue;
		}
		spd_counts(psci_mpidr(i), &after);
		if (after.status != 0)
			tf_fail(&onoff, "CPU%u: GET_COUNTS -> 0x%lx", i,
				(unsigned long)after.status);
		else if (after.on != before.on + 1 || after.off != before.off + 1)
			tf_fail(&onoff,
				"CPU%u: cpu_on %lu -> %lu, cpu_off %lu -> %lu, want +1 each", i,
				(unsigned long)before.on, (unsigned long)after.on,
				(unsigned long)before.off, (unsigned long)after.off);
	}
	tf_report("secondaries_ran_checks", &jobs);
	tf_report("cpu_on_off_notified", &onoff);
}

static void report_per_cpu(void)
{
	static const char *const arith_names[4] = {"arith_fast_smc64", "arith_fast_smc32",
						   "arith_yield_smc64", "arith_yield_smc32"};
	struct spd_checks *c = &spd_checks;

	tf_report("general_queries", &c->general_queries);
	for (unsigned int k = 0; k < 4; k++)
		tf_report(arith_names[k], &c->arith[k]);
	tf_report("div_by_zero", &c->div_by_zero);
	tf_report("non_result_registers_kept", &c->registers_kept);
	tf_report("unknown_functions", &c->unknown_functions);
	tf_report("other_trusted_os_oens_unknown", &c->other_oens);
	tf_report("call_counters", &c->counts);
	tf_report("counts_unknown_cpu", &c->counts_unknown_cpu);
	tf_report("slow_sum", &c->slow_sum);
	tf_report("slow_sum_limit", &c->slow_sum_limit);
	tf_report("resume_abort_nothing_preempted", &c->resume_abort_idle);
	tf_report("slow_sum_preempted_and_resumed", &c->slow_sum_preempted);
	tf_report("fast_calls_while_preempted", &c->fast_while_preempted);
	tf_report("second_yield_while_preempted", &c->second_yield_while_preempted);
	tf_report("abort_preempted", &c->abort_preempted);
	tf_report("secure_timer_in_normal_world", &c->secure_timer_ns);
	tf_report("secure_timer_in_slow_sum", &c->secure_timer_in_slow_sum);
	tf_report("arm_timer_invalid", &c->arm_timer_invalid);
	tf_report("suspend_powerdown_notified", &c->suspend_powerdown);
	tf_report("suspend_standby_not_notified", &c->suspend_standby);
	tf_info("%u preemption(s) of SLOW_SUM by the normal-world timer over %u CPU(s)",
		c->preemptions, cpu_count);
	tf_info("secure timer armed before SLOW_SUM: taken inside it at S-EL1 on %u of %u CPU(s) "
		"(SLOW_SUM took up to %lu us)",
		c->timer_direct, cpu_count, (unsigned long)c->slow_sum_us);
}

static void run(void)
{
	struct smc_result uid = smc0(SPD_TOS_CALL_UID);

	if (uid.x0 == SMC_UNK) {
		check_absent();
		return;
	}
	if (!psci_require())
		return;
	psci_states_known("trusted OS suspend notifications", NEED_CPU_OFF | NEED_STANDBY);
	spd_checks = (struct spd_checks){0};
	per_cpu_checks(0);
	run_secondaries();
	report_per_cpu();
}

const struct tf_suite spd_suite = {"spd", run};
