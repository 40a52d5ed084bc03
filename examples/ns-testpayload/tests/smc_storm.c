/*
 * SMC storm (issue 8 item 2), semihosting command line "storm": every CPU (the
 * secondaries started with CPU_ON first, then released together) issues random SMCs at
 * the same time, at least STORM_TOTAL of them in all, then the monitor must still answer
 * correctly and every secondary must still turn off and on.
 *
 * What is thrown: fully random 32-bit function IDs; IDs built from a random owning entity
 * (all 64), fast or yielding, SMC32 or SMC64, and a random or general-query function
 * number; every PSCI function ID with garbage arguments, CPU_ON included (random or real
 * MPIDRs, random entry points anywhere or inside NS DRAM); arch and PMF calls with random
 * arguments. x1-x17 are random on every call.
 *
 * What is kept out, because it legitimately ends or stalls the run or changes what the
 * checks after the storm rely on: CPU_OFF, CPU_FREEZE, SYSTEM_OFF/OFF2/RESET/RESET2 and
 * MEM_PROTECT (any owning-entity-4 ID with one of their function numbers, whatever its
 * other bits, so that a monitor that ignored must-be-zero bits could not end the run
 * either), and the test-trigger IDs of debug images (SiP 0xFF10-0xFF1F). The suspend
 * calls (CPU_SUSPEND, CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND) are thrown, with garbage or
 * real power states, but always with the payload's resume entry point and the CPU's timer
 * armed, so that whatever the monitor does with them (refuse, standby, power down the CPU,
 * cluster or system) the CPU comes back into the storm. PSCI_SET_SUSPEND_MODE is thrown
 * too (it must answer DENIED while other CPUs run) and platform-coordinated mode is set
 * again after the storm.
 *
 * Checked on every call that returns normally: x4-x17 preserved, and no EL3 address
 * (the board profile's EL3 ranges; QEMU virt: secure SRAM, the monitor's stack VAs) in x0-x17
 * (inputs avoid those ranges; result registers of the PMF query and PSCI_STAT_RESIDENCY carry
 * counter values and are not scanned). Printed: the total, the per-CPU counts, and the virtual time
 * (CNTVCT_EL0).
 */
#include <secmon/smccc.h>

#include "board.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "expected.h"
#include "framework.h"
#include "pmf_client.h"
#include "psci_client.h"
#include "rand.h"
#include "smc.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define STORM_TOTAL 1000000u  /* SMCs in all, split evenly over the CPUs */
#define WAKE_US	    50u	      /* timer wake-up of the suspend calls */
#define STALL_US    20000000u /* a CPU whose count does not move for this long is stuck */
#define SEED	    0x570a3e5eedull
#define FLAG_READY  1u /* job_flag: waiting for the start */
#define FLAG_DONE   2u /* job_flag: its share is done */

/* What each kind of draw is, for the per-CPU counts. */
enum kind { K_RANDOM, K_OEN, K_PSCI, K_ARCH, K_PMF, K_SUSPEND, K_COUNT };

/* One CPU's storm, written by that CPU only. */
struct storm_cpu {
	uint64_t calls;		 /* SMCs made */
	uint64_t kinds[K_COUNT]; /* by kind */
	uint64_t standby;	 /* suspend calls that came back SUCCESS */
	uint64_t resumed;	 /* suspend calls that came back at the entry point */
	uint32_t reg_failures;	 /* x4-x17 not preserved */
	uint32_t leak_failures;	 /* an EL3 address in x0-x17 */
	char why[128];		 /* the first failure */
} __attribute__((aligned(64)));

static struct storm_cpu storm[NS_MAX_CPUS];
static volatile uint32_t storm_go;
static uint64_t share;

/* An address in one of the board profile's EL3 ranges. */
static bool looks_like_el3(uint64_t v)
{
	const struct board_profile *p = board.profile;

	for (unsigned int i = 0; i < p->el3_range_count; i++)
		if (v >= p->el3_ranges[i].first && v <= p->el3_ranges[i].last)
			return true;
	return false;
}

static uint64_t clean(uint64_t v)
{
	return looks_like_el3(v) ? v ^ (1ull << 45) : v;
}

static bool is_psci_oen(uint32_t fid)
{
	return SMCCC_OEN(fid) == SMCCC_OEN_STD;
}

/* Owning-entity-4 function numbers that end or stall the run. */
static bool excluded(uint32_t fid)
{
	if (SMCCC_OEN(fid) == SMCCC_OEN_SIP && (fid & 0xfff0u) == 0xff10u)
		return true; /* test triggers of debug images */
	if (!is_psci_oen(fid))
		return false;
	switch (fid & SMCCC_FUNC_MASK) {
	case FN_CPU_OFF:
	case FN_SYSTEM_OFF:
	case FN_SYSTEM_RESET:
	case FN_CPU_FREEZE:
	case FN_SYSTEM_RESET2:
	case FN_MEM_PROTECT:
	case FN_SYSTEM_OFF2:
		return true;
	default:
		return false;
	}
}

/* Suspend calls: thrown only through the safe path (resume entry, timer armed). */
static bool is_suspend(uint32_t fid)
{
	if (!is_psci_oen(fid))
		return false;
	switch (fid & SMCCC_FUNC_MASK) {
	case FN_CPU_SUSPEND:
	case FN_CPU_DEFAULT_SUSPEND:
	case FN_SYSTEM_SUSPEND:
		return true;
	default:
		return false;
	}
}

/* Results that are counter values (timestamps, residency): not scanned for EL3 values. */
static bool counter_results(uint32_t fid)
{
	return SMCCC_OEN(fid) == SMCCC_OEN_VENDOR_EL3 || SMCCC_OEN(fid) == SMCCC_OEN_SIP ||
	       (is_psci_oen(fid) && (fid & SMCCC_FUNC_MASK) == FN_PSCI_STAT_RESIDENCY);
}

/* A random address inside NS DRAM (4-byte aligned), or anywhere. */
static uint64_t random_entry(struct rng *r)
{
	if (rng_below(r, 2) && psci_env.mem_size)
		return (psci_env.mem_base + rng_next(r) % psci_env.mem_size) & ~3ull;
	return clean(rng_next(r));
}

static uint64_t random_mpidr(struct rng *r)
{
	if (rng_below(r, 2))
		return psci_mpidr(rng_below(r, cpu_count));
	return clean(rng_next(r) >> rng_below(r, 64));
}

/* Fills x0-x17 for one call; returns its kind. */
static enum kind draw(struct rng *r, struct smc_regs *g)
{
	static const uint32_t arch[] = {SMCCC_VERSION,		 SMCCC_ARCH_FEATURES,
					SMCCC_ARCH_SOC_ID,	 SMCCC_ARCH_WORKAROUND_1,
					SMCCC_ARCH_WORKAROUND_2, SMCCC_ARCH_WORKAROUND_3};
	static const uint32_t pmf[] = {PMF_GET_TIMESTAMP_32,	 PMF_GET_TIMESTAMP_64,
				       PMF_GET_VERSION_32,	 PMF_GET_VERSION_64,
				       PMF_SIP_GET_TIMESTAMP_32, PMF_SIP_GET_TIMESTAMP_64};
	uint32_t pick = rng_below(r, 1000);
	enum kind k;
	uint32_t fid;

	for (unsigned int n = 1; n < 18; n++)
		g->x[n] = clean(rng_next(r));
	if (pick < 200) {
		k = K_RANDOM;
		fid = (uint32_t)rng_next(r);
	} else if (pick < 450) {
		static const uint16_t general[] = {0xff00, 0xff01, 0xff02, 0xff03};
		uint32_t oen = rng_below(r, 64), func;

		k = K_OEN;
		func = rng_below(r, 3) == 0 ? general[rng_below(r, 4)]
		       : rng_below(r, 2)    ? rng_below(r, 0x40)
					    : (uint32_t)rng_below(r, 0x10000);
		fid = (rng_below(r, 2) ? SMCCC_FAST_CALL : 0) |
		      (rng_below(r, 2) ? SMCCC_SMC64 : 0) | (oen << SMCCC_OEN_SHIFT) | func;
	} else if (pick < 800) {
		k = K_PSCI;
		fid = (rng_below(r, 2) ? PSCI64(0) : PSCI32(0)) | rng_below(r, FN_COUNT);
		if ((fid & SMCCC_FUNC_MASK) == FN_CPU_ON) {
			g->x[1] = random_mpidr(r);
			g->x[2] = random_entry(r);
		} else if (rng_below(r, 2)) {
			g->x[1] = random_mpidr(r); /* most functions take an MPIDR first */
		}
	} else if (pick < 940) {
		k = K_ARCH;
		fid = arch[rng_below(r, ARRAY_SIZE(arch))];
		if (rng_below(r, 2))
			g->x[1] = rng_below(r, 2) ? arch[rng_below(r, ARRAY_SIZE(arch))]
						  : rng_below(r, 4);
	} else if (pick < 990) {
		k = K_PMF;
		fid = pmf[rng_below(r, ARRAY_SIZE(pmf))];
		if (rng_below(r, 2)) {
			g->x[1] = PMF_TID(rng_below(r, 3), rng_below(r, 10));
			g->x[2] = random_mpidr(r);
			g->x[3] = rng_below(r, 4);
		}
	} else {
		static const uint32_t fns[] = {FN_CPU_SUSPEND, FN_CPU_DEFAULT_SUSPEND,
					       FN_SYSTEM_SUSPEND};

		k = K_SUSPEND;
		fid = (rng_below(r, 2) ? PSCI64(0) : PSCI32(0)) | fns[rng_below(r, 3)];
	}
	g->x[0] = fid;
	return k;
}

static void fail(struct storm_cpu *s, bool reg, const char *fmt, uint32_t fid, unsigned int n,
		 uint64_t a, uint64_t b)
{
	if (s->reg_failures + s->leak_failures == 0)
		fmt_format(s->why, sizeof(s->why), fmt, fid, n, (unsigned long)a, (unsigned long)b);
	if (reg)
		s->reg_failures++;
	else
		s->leak_failures++;
}

/*
 * A suspend call with the resume entry point and the timer armed. Garbage power states
 * half of the time, otherwise a real one (sometimes with one bit flipped).
 */
static void throw_suspend(struct storm_cpu *s, struct rng *r, uint32_t fid)
{
	const uint32_t states[] = {PSTATE_STANDBY, PSTATE_CPU_OFF, PSTATE_CLUSTER_OFF,
				   PSTATE_SYSTEM_OFF};
	const uint64_t entry = (uint64_t)(uintptr_t)psci_resume_entry;
	uint64_t ctx = clean(rng_next(r));
	struct suspend_result res;

	if ((fid & SMCCC_FUNC_MASK) == FN_CPU_SUSPEND) {
		uint64_t ps = clean(rng_next(r));

		if (rng_below(r, 2)) {
			ps = states[rng_below(r, ARRAY_SIZE(states))];
			if (rng_below(r, 4) == 0)
				ps ^= 1ull << rng_below(r, 32);
		}
		psci_suspend(&res, fid, ps, entry, ctx, WAKE_US);
	} else {
		psci_suspend(&res, fid, entry, ctx, 0, WAKE_US);
	}
	if (res.resumed)
		s->resumed++;
	else if ((int32_t)res.x0 == PSCI_E_SUCCESS)
		s->standby++;
}

/* One CPU's share of the storm. */
static void storm_run(unsigned int cpu)
{
	struct storm_cpu *s = &storm[cpu];
	struct rng r = {SEED ^ ((uint64_t)(cpu + 1) << 32)};
	struct smc_regs in, out;

	while (s->calls < share) {
		enum kind k = draw(&r, &in);
		uint32_t fid = (uint32_t)in.x[0];

		if (excluded(fid))
			continue;
		s->calls++;
		if (k == K_SUSPEND || is_suspend(fid)) {
			s->kinds[K_SUSPEND]++;
			throw_suspend(s, &r, fid);
			continue;
		}
		s->kinds[k]++;
		out = in;
		smc_call_regs(&out);
		for (unsigned int n = 4; n < 18; n++)
			if (out.x[n] != in.x[n])
				fail(s, true, "fid 0x%08x: x%u 0x%lx -> 0x%lx", fid, n, in.x[n],
				     out.x[n]);
		for (unsigned int n = counter_results(fid) ? 4 : 0; n < 18; n++)
			if (looks_like_el3(out.x[n]))
				fail(s, false, "fid 0x%08x: x%u = 0x%lx (in 0x%lx)", fid, n,
				     out.x[n], in.x[n]);
	}
}

static void storm_job(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];

	me->job_flag = FLAG_READY;
	while (!storm_go)
		cpu_relax();
	storm_run(cpu);
	__asm__ volatile("dmb sy" ::: "memory");
	me->job_flag = FLAG_DONE;
	while (!me->job_go)
		cpu_relax();
	job_cpu_off(cpu);
}

static uint64_t vcount(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
}

/* Waits for every secondary to finish; a CPU whose count stops moving is stuck. */
static void wait_done(struct tf_failures *f)
{
	for (unsigned int i = 1; i < cpu_count; i++) {
		uint64_t last = storm[i].calls, since = timer_now();

		while (cpu_data[i].job_flag != FLAG_DONE) {
			if (storm[i].calls != last) {
				last = storm[i].calls;
				since = timer_now();
			} else if (timer_us_since(since) > STALL_US) {
				tf_fail(f, "CPU%u stuck after %lu SMCs", i, (unsigned long)last);
				break;
			}
			cpu_relax();
		}
	}
}

static void check_monitor_answers(void)
{
	struct tf_failures aff = {0};

	tf_check((uint32_t)smc0(SMCCC_VERSION).x0 == EXPECTED_SMCCC_VERSION, "smccc_version",
		 "SMCCC_VERSION -> 0x%lx", (unsigned long)smc0(SMCCC_VERSION).x0);
	tf_check((uint32_t)psci(PSCI32(FN_PSCI_VERSION), 0, 0, 0) == EXPECTED_PSCI_VERSION,
		 "psci_version", "PSCI_VERSION -> 0x%x",
		 (uint32_t)psci(PSCI32(FN_PSCI_VERSION), 0, 0, 0));
	int32_t f = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_CPU_SUSPEND), 0, 0);
	int32_t f_on = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_CPU_ON), 0, 0);
	int32_t f_bad = psci(PSCI32(FN_PSCI_FEATURES), 0x8400001fu, 0, 0);

	tf_check(
	    f == psci_env.conv.cpu_suspend_features && f_on == 0 && f_bad == PSCI_E_NOT_SUPPORTED,
	    "psci_features", "CPU_SUSPEND -> %d, CPU_ON -> %d, 0x8400001f -> %d", f, f_on, f_bad);
	for (unsigned int i = 0; i < cpu_count; i++)
		if (psci_affinity(i) != AFF_ON)
			tf_fail(&aff, "CPU%u: AFFINITY_INFO %s", i,
				psci_err_name(psci_affinity(i)));
	tf_report("affinity_info_all_on", &aff);
}

static void check_off_on(void)
{
	struct tf_failures f = {0};
	int bad = psci_all_secondaries_off();
	int32_t rc;

	tf_check(bad < 0, "secondaries_turn_off", "CPU%d did not turn off", bad);
	/* Everything else is off: platform-coordinated mode is allowed again. */
	rc = psci(PSCI32(FN_PSCI_SET_SUSPEND_MODE), 0, 0, 0);
	tf_check(rc == PSCI_E_SUCCESS, "suspend_mode_restored", "SET_SUSPEND_MODE(PC) -> %s",
		 psci_err_name(rc));
	for (unsigned int cycle = 0; cycle < 2; cycle++) {
		for (unsigned int i = 1; i < cpu_count; i++) {
			rc = psci_start_job(i, job_off, PSCI64(FN_CPU_ON), i);
			if (rc != PSCI_E_SUCCESS || !psci_wait_off(i, PSCI_TIMEOUT_US) ||
			    cpu_data[i].job_flag != 1)
				tf_fail(&f, "cycle %u CPU%u: CPU_ON -> %s, job flag %u", cycle, i,
					psci_err_name(rc), cpu_data[i].job_flag);
		}
	}
	tf_report("secondaries_on_off_after", &f);
}

static void storm_mode(void)
{
	struct tf_failures start = {0}, stuck = {0}, regs = {0}, leaks = {0};
	uint64_t t0, t1, total = 0, resumed = 0, standby = 0, kinds[K_COUNT] = {0};

	if (!psci_require())
		return;
	share = (STORM_TOTAL + cpu_count - 1) / cpu_count;
	print("STORM: %u CPUs, %lu SMCs each\n", cpu_count, (unsigned long)share);
	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, storm_job, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS || !psci_wait_flag(i, FLAG_READY, PSCI_TIMEOUT_US))
			tf_fail(&start, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
	}
	if (!tf_report("secondaries_started", &start))
		return;
	t0 = vcount();
	storm_go = 1;
	__asm__ volatile("dmb sy" ::: "memory");
	storm_run(0);
	wait_done(&stuck);
	t1 = vcount();
	tf_report("all_cpus_finished", &stuck);

	for (unsigned int i = 0; i < cpu_count; i++) {
		const struct storm_cpu *s = &storm[i];

		total += s->calls;
		resumed += s->resumed;
		standby += s->standby;
		for (unsigned int k = 0; k < K_COUNT; k++)
			kinds[k] += s->kinds[k];
		print("STORM: cpu=%u calls=%lu suspend_calls=%lu standby=%lu powered_down=%lu\n", i,
		      (unsigned long)s->calls, (unsigned long)s->kinds[K_SUSPEND],
		      (unsigned long)s->standby, (unsigned long)s->resumed);
		if (s->reg_failures)
			tf_fail(&regs, "CPU%u: %u calls, first: %s", i, s->reg_failures, s->why);
		if (s->leak_failures)
			tf_fail(&leaks, "CPU%u: %u calls, first: %s", i, s->leak_failures, s->why);
	}
	uint64_t ticks = t1 - t0, us = timer_ticks_to_us(ticks);

	print("STORM: total %lu SMCs on %u CPUs in %lu us of virtual time (%lu CNTVCT ticks at "
	      "%lu Hz)\n",
	      (unsigned long)total, cpu_count, (unsigned long)us, (unsigned long)ticks,
	      (unsigned long)timer_freq());
	tf_info("by kind: random %lu, oen %lu, psci %lu, arch %lu, pmf %lu, suspend %lu "
		"(standby %lu, powered down %lu)",
		(unsigned long)kinds[K_RANDOM], (unsigned long)kinds[K_OEN],
		(unsigned long)kinds[K_PSCI], (unsigned long)kinds[K_ARCH],
		(unsigned long)kinds[K_PMF], (unsigned long)kinds[K_SUSPEND],
		(unsigned long)standby, (unsigned long)resumed);
	tf_check(total >= STORM_TOTAL, "smc_count", "%lu SMCs, want at least %u",
		 (unsigned long)total, STORM_TOTAL);
	tf_report("x4_x17_preserved", &regs);
	tf_report("no_el3_values", &leaks);
	check_monitor_answers();
	check_off_on();
}

static const struct tf_suite storm_suite = {"storm", storm_mode};

void storm_if_requested(void)
{
	if (!cmdline_is("storm"))
		return;
	print("PAYLOAD: mode storm\n");
	tf_run(&storm_suite);
	tf_finish();
}
