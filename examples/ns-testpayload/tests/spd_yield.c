/*
 * Yielding calls and interrupts, on the calling CPU. SLOW_SUM runs with the payload's
 * interrupts unmasked: a normal-world interrupt (this CPU's EL1 physical timer, PPI 30,
 * Group 1 Non-secure) must preempt it through EL3 with SPD_PREEMPTED, RESUME must carry it
 * on to the exact sum, ABORT must drop it. The payload's own secure timer (ARM_TIMER) must
 * reach the payload whether it fires while the normal world runs (EL3 -> fiq entry) or
 * inside SLOW_SUM (taken at S-EL1), and be counted exactly once.
 *
 * The normal world never takes an interrupt (PSTATE.I stays set): "letting the interrupt be
 * taken" is stopping the timer, which drops its level-sensitive line.
 */
#include "cpu.h"
#include "gic.h"
#include "psci_client.h"
#include "spd.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define RESUME_LIMIT	 1000u	    /* RESUMEs before a yielding call counts as stuck */
#define NS_IRQ_US	 200u	    /* the preempting timer fires this soon */
#define REARMS		 3u	    /* ... and again after each of the first few resumes */
#define SUM_N		 (1u << 22) /* SLOW_SUM long enough to be caught by that timer */
#define SECURE_TIMER_US	 500u
#define SECURE_IN_SUM_US 5000u	 /* well inside a SLOW_SUM(SUM_N), tens of ms in QEMU */
#define TIMER_WAIT_US	 200000u /* for the secure timer to be served */
#define SETTLE_US	 2000u	 /* and then for a second, wrong, count to show */

static uint64_t sum_below(uint64_t n)
{
	return n * (n - 1) / 2;
}

struct smc_result spd_yield_call(uint32_t fid, uint64_t x1, uint64_t x2, unsigned int *preempted)
{
	struct smc_result r = smc_call(fid, x1, x2, 0, 0, 0, 0, 0);
	unsigned int n = 0;

	while (r.x0 == SPD_PREEMPTED && n++ < RESUME_LIMIT)
		r = smc0(SPD_RESUME64);
	if (preempted)
		*preempted = n;
	return r;
}

/*
 * Starts a yielding call with this CPU's timer armed to fire NS_IRQ_US later. Returns its
 * first answer; the timer is stopped if that is SPD_PREEMPTED.
 */
static struct smc_result start_preempted(uint32_t fid, uint64_t x1)
{
	struct smc_result r;

	timer_arm_us(NS_IRQ_US);
	r = smc_call(fid, x1, 0, 0, 0, 0, 0, 0);
	timer_disarm();
	return r;
}

/* RESUMEs until the end, re-arming the timer the first `rearms` times. */
static struct smc_result resume_to_end(unsigned int rearms, unsigned int *preemptions)
{
	struct smc_result r;
	unsigned int n = 0;

	do {
		if (n < rearms)
			timer_arm_us(NS_IRQ_US);
		r = smc0(SPD_RESUME64);
		timer_disarm();
	} while (r.x0 == SPD_PREEMPTED && ++n < RESUME_LIMIT);
	*preemptions += n;
	return r;
}

static void check_slow_sum(unsigned int cpu)
{
	static const uint64_t ns[] = {0, 1, 2, 1000, 100000};
	struct tf_failures *f = &spd_checks.slow_sum;
	const uint64_t n32 = 100000;
	struct smc_result r;

	for (unsigned int k = 0; k < ARRAY_SIZE(ns); k++) {
		r = spd_yield_call(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), ns[k], 0, NULL);
		if (r.x0 != 0 || r.x1 != sum_below(ns[k]))
			tf_fail(f, "CPU%u: SLOW_SUM(%lu) -> 0x%lx %lu, want 0 %lu", cpu,
				(unsigned long)ns[k], (unsigned long)r.x0, (unsigned long)r.x1,
				(unsigned long)sum_below(ns[k]));
	}
	/* SMC32: n from w1, the sum (4999950000) truncated to 32 bits. */
	r = spd_yield_call(TSP_YIELD_SMC32(TSP_FUNC_SLOW_SUM), UPPER_GARBAGE | n32, 0, NULL);
	if (r.x0 != 0 || r.x1 != (uint32_t)sum_below(n32))
		tf_fail(f, "CPU%u: SLOW_SUM SMC32(%lu) -> 0x%lx 0x%lx, want 0 0x%x", cpu,
			(unsigned long)n32, (unsigned long)r.x0, (unsigned long)r.x1,
			(uint32_t)sum_below(n32));

	f = &spd_checks.slow_sum_limit;
	r = spd_yield_call(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), TSP_SUM_MAX + 1ull, 0, NULL);
	if (r.x0 != TSP_E_INVALID)
		tf_fail(f, "CPU%u: SLOW_SUM(MAX + 1) -> 0x%lx, want -3", cpu, (unsigned long)r.x0);
	r = spd_yield_call(TSP_YIELD_SMC32(TSP_FUNC_SLOW_SUM), 0xffffffffu, 0, NULL);
	if (r.x0 != TSP_E_INVALID)
		tf_fail(f, "CPU%u: SLOW_SUM SMC32(0xffffffff) -> 0x%lx, want -3", cpu,
			(unsigned long)r.x0);
}

static void check_resume_abort_idle(unsigned int cpu)
{
	static const uint32_t fids[] = {SPD_RESUME64, SPD_RESUME32, SPD_ABORT64, SPD_ABORT32};

	for (unsigned int k = 0; k < ARRAY_SIZE(fids); k++) {
		struct smc_result r = smc0(fids[k]);

		if (r.x0 != SMC_UNK)
			tf_fail(&spd_checks.resume_abort_idle, "CPU%u: 0x%08x -> 0x%lx", cpu,
				fids[k], (unsigned long)r.x0);
	}
}

static void check_preempted(unsigned int cpu)
{
	struct tf_failures *f = &spd_checks.slow_sum_preempted;
	uint64_t me = spd_my_mpidr();
	unsigned int preemptions = 0;
	struct tsp_counts a, b;
	struct smc_result r;

	spd_counts(me, &a);
	r = start_preempted(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), SUM_N);
	if (r.x0 != SPD_PREEMPTED) {
		tf_fail(f,
			"CPU%u: SLOW_SUM(%u) with the timer firing after %u us -> 0x%lx 0x%lx, "
			"want PREEMPTED",
			cpu, SUM_N, NS_IRQ_US, (unsigned long)r.x0, (unsigned long)r.x1);
		return;
	}
	preemptions = 1;
	r = resume_to_end(REARMS, &preemptions);
	spd_counts(me, &b);
	spd_checks.preemptions += preemptions;
	if (r.x0 != 0 || r.x1 != sum_below(SUM_N))
		tf_fail(f, "CPU%u: after %u preemption(s) -> 0x%lx %lu, want 0 %lu", cpu,
			preemptions, (unsigned long)r.x0, (unsigned long)r.x1,
			(unsigned long)sum_below(SUM_N));
	else if (b.yield != a.yield + 1)
		tf_fail(f, "CPU%u: yielding calls completed %lu -> %lu, want +1", cpu,
			(unsigned long)a.yield, (unsigned long)b.yield);
}

/* While one call is preempted: fast calls work, a second yielding call does not. */
static void check_calls_while_preempted(unsigned int cpu)
{
	struct tf_failures *fast = &spd_checks.fast_while_preempted;
	struct tf_failures *second = &spd_checks.second_yield_while_preempted;
	unsigned int preemptions = 0;
	struct tsp_counts c;
	struct smc_result r = start_preempted(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), SUM_N);

	if (r.x0 != SPD_PREEMPTED) {
		tf_fail(fast, "CPU%u: SLOW_SUM not preempted (0x%lx)", cpu, (unsigned long)r.x0);
		tf_fail(second, "CPU%u: SLOW_SUM not preempted (0x%lx)", cpu, (unsigned long)r.x0);
		return;
	}
	r = smc_call(TSP_FAST_SMC64(TSP_FUNC_MUL), 6, 7, 0, 0, 0, 0, 0);
	if (r.x0 != 0 || r.x1 != 42)
		tf_fail(fast, "CPU%u: MUL(6, 7) -> 0x%lx %lu", cpu, (unsigned long)r.x0,
			(unsigned long)r.x1);
	spd_counts(spd_my_mpidr(), &c);
	if (c.status != 0)
		tf_fail(fast, "CPU%u: GET_COUNTS -> 0x%lx", cpu, (unsigned long)c.status);

	r = smc_call(TSP_YIELD_SMC64(TSP_FUNC_ADD), 1, 2, 0, 0, 0, 0, 0);
	if (r.x0 != SMC_UNK)
		tf_fail(second, "CPU%u: yielding ADD -> 0x%lx, want SMC_UNK", cpu,
			(unsigned long)r.x0);
	r = smc_call(TSP_YIELD_SMC32(TSP_FUNC_SLOW_SUM), 10, 0, 0, 0, 0, 0, 0);
	if (r.x0 != SMC_UNK)
		tf_fail(second, "CPU%u: second SLOW_SUM -> 0x%lx, want SMC_UNK", cpu,
			(unsigned long)r.x0);

	/* The first call's frames lie above the stack the fast calls ran on: still intact. */
	r = resume_to_end(0, &preemptions);
	if (r.x0 != 0 || r.x1 != sum_below(SUM_N))
		tf_fail(fast, "CPU%u: the preempted SLOW_SUM then -> 0x%lx %lu, want 0 %lu", cpu,
			(unsigned long)r.x0, (unsigned long)r.x1, (unsigned long)sum_below(SUM_N));
}

static void check_abort(unsigned int cpu)
{
	struct tf_failures *f = &spd_checks.abort_preempted;
	uint64_t me = spd_my_mpidr();
	struct tsp_counts a, b;
	struct smc_result r;

	spd_counts(me, &a);
	/* A few times: each abort must give the dropped call's stack back. */
	for (unsigned int k = 0; k < 3; k++) {
		r = start_preempted(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), TSP_SUM_MAX);
		if (r.x0 != SPD_PREEMPTED) {
			tf_fail(f, "CPU%u: SLOW_SUM not preempted (0x%lx)", cpu,
				(unsigned long)r.x0);
			return;
		}
		r = smc0(SPD_ABORT64);
		if (r.x0 != 0)
			tf_fail(f, "CPU%u: ABORT -> 0x%lx, want 0", cpu, (unsigned long)r.x0);
		r = smc0(SPD_RESUME64);
		if (r.x0 != SMC_UNK)
			tf_fail(f, "CPU%u: RESUME after ABORT -> 0x%lx, want SMC_UNK", cpu,
				(unsigned long)r.x0);
		r = smc0(SPD_ABORT64);
		if (r.x0 != SMC_UNK)
			tf_fail(f, "CPU%u: second ABORT -> 0x%lx, want SMC_UNK", cpu,
				(unsigned long)r.x0);
	}
	spd_counts(me, &b);
	if (b.yield != a.yield)
		tf_fail(f, "CPU%u: aborted calls counted as completed (%lu -> %lu)", cpu,
			(unsigned long)a.yield, (unsigned long)b.yield);
	r = spd_yield_call(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), 1000, 0, NULL);
	if (r.x0 != 0 || r.x1 != sum_below(1000))
		tf_fail(f, "CPU%u: SLOW_SUM(1000) after the aborts -> 0x%lx %lu", cpu,
			(unsigned long)r.x0, (unsigned long)r.x1);
}

/* Waits until the payload has served a timer interrupt after `before`; counters in *c. */
static void wait_timer_count(uint64_t me, uint64_t before, struct tsp_counts *c)
{
	uint64_t start = timer_now();

	do {
		spd_counts(me, c);
		if (c->timer != before)
			break;
		cpu_relax();
	} while (timer_us_since(start) < TIMER_WAIT_US);
	/* Time for a second, wrong, count to show. */
	delay_us(SETTLE_US);
	spd_counts(me, c);
}

static void check_secure_timer(unsigned int cpu)
{
	uint64_t me = spd_my_mpidr(), ticks = timer_us_to_ticks(SECURE_TIMER_US), start, us;
	struct tsp_counts a, b;
	struct smc_result r, s;

	spd_counts(me, &a);
	start = timer_now();
	r = smc1(TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), ticks);
	/* Let it expire in the normal world, then give EL3 and the payload time to serve it. */
	while (timer_now() - start < 2 * ticks)
		cpu_relax();
	wait_timer_count(me, a.timer, &b);
	if (r.x0 != 0 || b.timer != a.timer + 1 || b.direct != a.direct)
		tf_fail(&spd_checks.secure_timer_ns,
			"CPU%u: ARM_TIMER(%lu) -> 0x%lx, timer interrupts %lu -> %lu (want +1), "
			"%lu taken at S-EL1 (want 0)",
			cpu, (unsigned long)ticks, (unsigned long)r.x0, (unsigned long)a.timer,
			(unsigned long)b.timer, (unsigned long)(b.direct - a.direct));

	/* Before a SLOW_SUM: taken inside it at S-EL1 (or, if the sum was quicker, as above). */
	spd_counts(me, &a);
	r = smc1(TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), timer_us_to_ticks(SECURE_IN_SUM_US));
	start = timer_now();
	s = spd_yield_call(TSP_YIELD_SMC64(TSP_FUNC_SLOW_SUM), SUM_N, 0, NULL);
	us = timer_us_since(start);
	wait_timer_count(me, a.timer, &b);
	if (us > spd_checks.slow_sum_us)
		spd_checks.slow_sum_us = us;
	spd_checks.timer_direct += b.direct != a.direct;
	if (r.x0 != 0 || s.x0 != 0 || s.x1 != sum_below(SUM_N) || b.timer != a.timer + 1)
		tf_fail(&spd_checks.secure_timer_in_slow_sum,
			"CPU%u: ARM_TIMER -> 0x%lx, SLOW_SUM -> 0x%lx %lu, timer interrupts %lu -> "
			"%lu, want +1",
			cpu, (unsigned long)r.x0, (unsigned long)s.x0, (unsigned long)s.x1,
			(unsigned long)a.timer, (unsigned long)b.timer);
}

static void check_arm_timer_invalid(unsigned int cpu)
{
	static const struct {
		uint32_t fid;
		uint64_t ticks;
	} bad[] = {
	    {TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), 0},
	    {TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), (1ull << 32) + 1},
	    {TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), ~0ull},
	    {TSP_FAST_SMC32(TSP_FUNC_ARM_TIMER), UPPER_GARBAGE}, /* w1 = 0 */
	};
	struct tf_failures *f = &spd_checks.arm_timer_invalid;
	uint64_t me = spd_my_mpidr();
	struct tsp_counts a, b;

	spd_counts(me, &a);
	for (unsigned int k = 0; k < ARRAY_SIZE(bad); k++) {
		struct smc_result r = smc1(bad[k].fid, bad[k].ticks);

		if (r.x0 != TSP_E_INVALID)
			tf_fail(f, "CPU%u: 0x%08x(0x%lx) -> 0x%lx, want -3", cpu, bad[k].fid,
				(unsigned long)bad[k].ticks, (unsigned long)r.x0);
	}
	/* Refused calls arm nothing (~0 ticks accepted would have fired at once). */
	delay_us(SETTLE_US);
	spd_counts(me, &b);
	if (b.timer != a.timer)
		tf_fail(f, "CPU%u: %lu timer interrupt(s) after refused ARM_TIMER calls", cpu,
			(unsigned long)(b.timer - a.timer));
}

void spd_check_yield(unsigned int cpu)
{
	/* The preempting interrupt: this CPU's timer PPI, enabled at the GIC. */
	gic_cpu_init(TIMER_PPI_INTID);
	check_slow_sum(cpu);
	check_resume_abort_idle(cpu);
	check_preempted(cpu);
	check_calls_while_preempted(cpu);
	check_abort(cpu);
	check_resume_abort_idle(cpu);
	check_secure_timer(cpu);
	check_arm_timer_invalid(cpu);
}
