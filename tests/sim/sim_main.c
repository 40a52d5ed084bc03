/*
 * PSCI storm simulation: every CPU thread issues random CPU_ON / CPU_OFF / CPU_SUSPEND
 * / AFFINITY_INFO (and a few other) calls through the real SMC dispatcher and PSCI
 * service, seeded and reproducible in what each CPU asks for. Invariants:
 *  I1 a CPU runs only in powered, restored nodes (after every step);
 *  I2 no node leaves RUN while a CPU below it runs (sim_platform.c);
 *  I3 platform hooks never work on the same node at once, and only restore what was
 *     powered down (sim_platform.c);
 *  I4 every successful CPU_ON arrives exactly once, with its own entry and context;
 *  I5 AFFINITY_INFO agrees with what the CPU is doing when that is stable;
 *  I6 no deadlock: a watchdog fails the run when progress stops.
 * Prints "<checks> passed, <violations> failed".
 */
#include <secmon_image.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/log.h>
#include <secmon/services/psci.h>
#include <secmon/smc.h>

#include "../../core/psci/psci_private.h"
#include "sim.h"

#define ENTRY_ON      0x80000000ull
#define ENTRY_SUSPEND 0x90000000ull

static _Atomic uint64_t ops_done;
static _Atomic bool stop;
static _Atomic int alive = 1; /* CPUs known ON or being turned on (>= 1) */
static _Atomic uint64_t checks;
static _Atomic uint64_t checks_failed;
static _Atomic uint64_t count[16]; /* per outcome, see names[] */
static _Atomic bool watchdog_done;
static unsigned int stall_seconds = 20;

enum {
	C_ON_OK,
	C_ON_BUSY,
	C_OFF,
	C_SUSPEND,
	C_SUSP_RET,
	C_SUSP_DENIED,
	C_SUSP_INVALID,
	C_AFF,
	C_IRQ,
	C_MODE_OK,
	C_MODE_DENIED,
	C_WARM_ON,
	C_WARM_SUSP,
	C_ABANDONED
};
static const char *const names[] = {
    "cpu_on ok",      "cpu_on busy",	 "cpu_off",	      "cpu_suspend", "suspend standby",
    "suspend denied", "suspend invalid", "affinity_info",     "irq",	     "mode ok",
    "mode denied",    "warm boot on",	 "warm boot suspend", "abandoned"};

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "PANIC: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

void secmon_printf(const char *fmt, ...)
{
	va_list ap;

	if (!sim_cfg.verbose)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static uint64_t smc(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	struct secmon_smc_frame f;

	memset(&f, 0, sizeof(f));
	f.x[0] = fid;
	f.x[1] = x1;
	f.x[2] = x2;
	f.x[3] = x3;
	return secmon_smc_dispatch(fid, &f);
}

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	atomic_fetch_add(&checks, 1);
	if (ok)
		return;
	atomic_fetch_add(&checks_failed, 1);
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	sim_fail("%s", buf);
}

static void step_done(struct sim_cpu *c, int what)
{
	c->ops++;
	atomic_fetch_add(&count[what], 1);
	atomic_fetch_add(&sim_progress, 1);
	if (atomic_fetch_add(&ops_done, 1) + 1 >= sim_cfg.ops)
		atomic_store(&stop, true);
}

/* I4 and the warm-boot half of I1. */
static void warm_boot(struct sim_cpu *c)
{
	struct secmon_psci_entry e;
	bool from_off = c->calling_off;
	int32_t rc = secmon_psci_warmboot(c->idx, &e);

	check(rc == PSCI_RET_SUCCESS, "CPU %u: warm boot failed (%d)", c->idx, rc);
	if (from_off) {
		check(e.reason == SECMON_PSCI_WAKE_ON, "CPU %u: off, woke for reason %u", c->idx,
		      e.reason);
		check(e.pc == ENTRY_ON && e.context_id >> 32 == c->idx,
		      "CPU %u: CPU_ON entry %llx context %llx", c->idx, (unsigned long long)e.pc,
		      (unsigned long long)e.context_id);
		atomic_fetch_add(&c->on_arrivals, 1);
		check(atomic_fetch_sub(&c->on_inflight, 1) > 0, "CPU %u: on without CPU_ON",
		      c->idx);
		atomic_fetch_add(&count[C_WARM_ON], 1);
	} else {
		check(e.reason == SECMON_PSCI_WAKE_SUSPEND, "CPU %u: suspended, woke for %u",
		      c->idx, e.reason);
		check(e.pc == ENTRY_SUSPEND && e.context_id == c->suspend_token,
		      "CPU %u: resume entry %llx context %llx", c->idx, (unsigned long long)e.pc,
		      (unsigned long long)e.context_id);
		atomic_fetch_add(&count[C_WARM_SUSP], 1);
	}
	c->calling_off = false;
	sim_set_phase(c, PH_NS);
	sim_check_running(c);
	atomic_fetch_add(&checks, 1);
	atomic_fetch_add(&sim_progress, 1);
}

static void op_cpu_on(struct sim_cpu *c)
{
	unsigned int t = (unsigned int)(sim_rand(c) % sim_cfg.ncpus);
	struct sim_cpu *tc = &sim_cpus[t];
	bool bad = (sim_rand(c) & 63) == 0;
	int32_t rc;

	atomic_fetch_add(&tc->on_inflight, 1);
	rc = (int32_t)smc(PSCI_FID_CPU_ON64, bad ? 0xff00ffull : sim_mpidr(t), ENTRY_ON,
			  (uint64_t)t << 32 | (c->ops & 0xffffffffu));
	if (rc == PSCI_RET_SUCCESS) {
		atomic_fetch_add(&tc->on_success, 1);
		atomic_fetch_add(&alive, 1);
	} else {
		atomic_fetch_sub(&tc->on_inflight, 1);
	}
	if (bad)
		check(rc == PSCI_RET_INVALID_PARAMETERS, "CPU_ON bad MPIDR gave %d", rc);
	else if (t == c->idx)
		check(rc == PSCI_RET_ALREADY_ON, "CPU %u: CPU_ON of itself gave %d", c->idx, rc);
	else
		check(rc == PSCI_RET_SUCCESS || rc == PSCI_RET_ALREADY_ON ||
			  rc == PSCI_RET_ON_PENDING,
		      "CPU_ON of %u gave %d", t, rc);
	step_done(c, rc == PSCI_RET_SUCCESS ? C_ON_OK : C_ON_BUSY);
}

/* I5: compare AFFINITY_INFO with a snapshot of the target that did not change. */
static void op_affinity(struct sim_cpu *c)
{
	unsigned int t = (unsigned int)(sim_rand(c) % sim_cfg.ncpus);
	struct sim_cpu *tc = &sim_cpus[t];
	uint64_t seq = atomic_load(&tc->seq);
	int phase = atomic_load(&tc->phase);
	int inflight = atomic_load(&tc->on_inflight);
	int32_t r = (int32_t)smc(PSCI_FID_AFFINITY_INFO64, sim_mpidr(t), 0, 0);
	/*
	 * In-flight count before the sequence: a CPU_ON that lands after the snapshot
	 * holds the count up until its target has booted, and booting bumps the sequence.
	 * Read the other way round, the target could boot (count back to 0) between the
	 * two reads and an ON_PENDING answer look like a lie.
	 */
	int inflight_after = atomic_load(&tc->on_inflight);
	bool stable = atomic_load(&tc->seq) == seq;

	check(r >= PSCI_AFF_ON && r <= PSCI_AFF_ON_PENDING, "AFFINITY_INFO(%u) gave %d", t, r);
	if (t == c->idx)
		check(r == PSCI_AFF_ON, "AFFINITY_INFO of itself gave %d", r);
	else if (stable && (phase == PH_NS || phase == PH_DOWN_SUSP))
		check(r == PSCI_AFF_ON, "AFFINITY_INFO(%u) = %d while it runs or sleeps", t, r);
	else if (stable && phase == PH_DOWN_OFF && inflight == 0 && inflight_after == 0)
		check(r == PSCI_AFF_OFF, "AFFINITY_INFO(%u) = %d while it is off", t, r);
	step_done(c, C_AFF);
}

static void op_cpu_off(struct sim_cpu *c)
{
	int a = atomic_load(&alive);

	/* Somebody must stay on to turn the others back on. */
	do {
		if (a < 2) {
			op_affinity(c);
			return;
		}
	} while (!atomic_compare_exchange_weak(&alive, &a, a - 1));
	step_done(c, C_OFF);
	c->calling_off = true;
	sim_set_phase(c, PH_PWR);
	smc(PSCI_FID_CPU_OFF, 0, 0, 0);
	sim_fail("CPU %u: CPU_OFF returned", c->idx);
}

/* Deepest level at which no other CPU seems to run (what an OS would believe). */
static unsigned int guess_last_level(const struct sim_cpu *c)
{
	unsigned int last = 0;

	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		const struct sim_node *n = &sim_nodes[sim_node_of(c->idx, l)];

		for (unsigned int i = n->cpu_first; i < n->cpu_first + n->ncpus; i++) {
			int ph = atomic_load(&sim_cpus[i].phase);

			if (i != c->idx && (ph == PH_NS || ph == PH_BOOT || ph == PH_PWR ||
					    atomic_load(&sim_cpus[i].on_inflight) > 0))
				return last;
		}
		last = l;
	}
	return last;
}

static void op_cpu_suspend(struct sim_cpu *c)
{
	bool osi = secmon_psci_suspend_mode() == PSCI_MODE_OS_INITIATED;
	unsigned int last = guess_last_level(c);
	unsigned int top = (unsigned int)(sim_rand(c) % sim_cfg.levels);
	bool power_down = (sim_rand(c) & 3) != 0;
	bool invalid = (sim_rand(c) & 63) == 0;
	uint32_t ps = power_down ? PSCI_PSTATE_EXT_TYPE_POWERDOWN : 0;
	unsigned int prev = power_down ? SIM_OFF : SIM_RET;
	int32_t rc;

	if (osi && top > last && (sim_rand(c) & 3) != 0)
		top = last; /* mostly ask for what the OS thinks it may */
	for (unsigned int l = 0; l <= top; l++) {
		unsigned int s =
		    prev == SIM_OFF && (l == 0 || (sim_rand(c) & 3)) ? SIM_OFF : SIM_RET;

		if (!power_down)
			s = SIM_RET;
		ps |= s << (4 * l);
		prev = s;
	}
	ps |= (last + 1) << 16;
	if (invalid)
		ps |= 3u << (4 * top); /* a local state the platform does not have */
	c->suspend_token = (uint64_t)c->idx << 40 | c->ops;
	step_done(c, C_SUSPEND); /* counted when issued: a power-down does not come back */
	sim_set_phase(c, PH_PWR);
	rc = (int32_t)smc(PSCI_FID_CPU_SUSPEND64, ps, ENTRY_SUSPEND, c->suspend_token);
	/* Back here: a standby, an abandoned power-down, or an error. */
	sim_set_phase(c, PH_NS);
	sim_check_running(c);
	if (invalid) {
		check(rc == PSCI_RET_INVALID_PARAMETERS, "invalid state %x gave %d", ps, rc);
		atomic_fetch_add(&count[C_SUSP_INVALID], 1);
		return;
	}
	if (!osi && !sim_cfg.mode_switch)
		check(rc == PSCI_RET_SUCCESS, "platform-coordinated suspend %x gave %d", ps, rc);
	else
		check(rc == PSCI_RET_SUCCESS || rc == PSCI_RET_DENIED ||
			  rc == PSCI_RET_INVALID_PARAMETERS,
		      "OS-initiated suspend %x gave %d", ps, rc);
	atomic_fetch_add(&count[rc == PSCI_RET_DENIED		    ? C_SUSP_DENIED
				: rc == PSCI_RET_INVALID_PARAMETERS ? C_SUSP_INVALID
				: power_down			    ? C_ABANDONED
								    : C_SUSP_RET],
			 1);
}

static void op_misc(struct sim_cpu *c)
{
	if (sim_cfg.mode_switch && (sim_rand(c) & 1)) {
		int32_t rc = (int32_t)smc(PSCI_FID_SET_SUSPEND_MODE, sim_rand(c) & 1, 0, 0);

		check(rc == PSCI_RET_SUCCESS || rc == PSCI_RET_DENIED, "SET_SUSPEND_MODE gave %d",
		      rc);
		step_done(c, rc == PSCI_RET_SUCCESS ? C_MODE_OK : C_MODE_DENIED);
		return;
	}
	sim_send_irq((unsigned int)(sim_rand(c) % sim_cfg.ncpus));
	step_done(c, C_IRQ);
}

static void run(struct sim_cpu *c)
{
	while (!atomic_load(&stop)) {
		unsigned int r = (unsigned int)(sim_rand(c) % 100);

		sim_check_running(c);
		atomic_fetch_add(&checks, 1);
		if (r < 35)
			op_cpu_suspend(c);
		else if (r < 50)
			op_cpu_on(c);
		else if (r < 58)
			op_cpu_off(c);
		else if (r < 85)
			op_affinity(c);
		else
			op_misc(c);
	}
}

static void *cpu_thread(void *arg)
{
	struct sim_cpu *c = arg;

	sim_self = c;
	if (c->idx != 0) {
		c->calling_off = true; /* never started counts as off */
		if (!sim_wait_first_power_on(c))
			return NULL;
	}
	switch (setjmp(c->warm)) {
	case 0:
		if (c->idx != 0)
			warm_boot(c);
		break;
	case JMP_WARM:
		warm_boot(c);
		break;
	default: /* JMP_EXIT: shut down while off or asleep */
		return NULL;
	}
	run(c);
	sim_set_phase(c, PH_EXITED);
	pthread_mutex_lock(&sim_ctrl.mu);
	if (--sim_ctrl.active == 0)
		pthread_cond_signal(&sim_ctrl.idle_cv);
	pthread_mutex_unlock(&sim_ctrl.mu);
	return NULL;
}

/* I6: the run must keep making progress. */
static void *watchdog(void *arg)
{
	uint64_t last = 0;
	unsigned int still = 0;

	while (!atomic_load(&watchdog_done)) {
		uint64_t now;

		usleep(100000);
		now = atomic_load(&sim_progress);
		still = now == last ? still + 1 : 0;
		last = now;
		if (still >= stall_seconds * 10) {
			fprintf(stderr, "WATCHDOG: no progress for %u s (deadlock?)\n",
				stall_seconds);
			for (unsigned int i = 0; i < sim_cfg.ncpus && i < 64; i++)
				fprintf(stderr, "  CPU %u phase %d\n", i,
					atomic_load(&sim_cpus[i].phase));
			fprintf(stderr, "0 passed, 1 failed\n");
			_exit(2);
		}
	}
	return NULL;
}

/* After the run: engine, controller and bookkeeping agree on who is on. */
static void final_checks(void)
{
	for (unsigned int i = 0; i < sim_cfg.ncpus; i++) {
		struct sim_cpu *c = &sim_cpus[i];
		bool on = atomic_load(&c->phase) == PH_EXITED;
		int32_t aff = secmon_psci_affinity_info(sim_mpidr(i), 0);

		check(aff == (on ? PSCI_AFF_ON : PSCI_AFF_OFF), "end: CPU %u affinity %d", i, aff);
		check(atomic_load(&c->on_success) == atomic_load(&c->on_arrivals),
		      "end: CPU %u: %llu CPU_ONs, %llu arrivals", i,
		      (unsigned long long)atomic_load(&c->on_success),
		      (unsigned long long)atomic_load(&c->on_arrivals));
		check(atomic_load(&c->on_inflight) == 0, "end: CPU %u: CPU_ON in flight", i);
		check(psci_cpus[i].core_state == (on ? SIM_RUN : SIM_OFF), "end: CPU %u core %u", i,
		      psci_cpus[i].core_state);
	}
	for (unsigned int i = 0; i < psci_eng.nnodes; i++) {
		const struct psci_node *n = &psci_nodes[i];
		bool any_on = false;

		for (unsigned int c = n->cpu_first; c < n->cpu_first + n->ncpus; c++)
			any_on |= atomic_load(&sim_cpus[c].phase) == PH_EXITED;
		check(n->owner == PSCI_NONE, "end: node %u still pending", i);
		check(any_on ? n->state == SIM_RUN : n->state == SIM_OFF,
		      "end: node %u (L%u) state %u, CPUs on below: %d", i, n->level, n->state,
		      any_on);
	}
	for (unsigned int i = 0; i < sim_ctrl.nnodes; i++) {
		const struct sim_node *n = &sim_nodes[i];
		bool any_on = false;

		for (unsigned int c = n->cpu_first; c < n->cpu_first + n->ncpus; c++)
			any_on |= atomic_load(&sim_cpus[c].phase) == PH_EXITED;
		check(atomic_load(&n->powered) == any_on, "end: sim node L%u/%u powered %d",
		      n->level, n->cpu_first, atomic_load(&n->powered));
	}
}

static int usage(const char *argv0)
{
	fprintf(stderr,
		"usage: %s [--shape 16|1024|2x2|N] [--ops N] [--seed N] [--osi] [--mode-switch]\n"
		"          [--timer-us N] [--stall-s N] [--verbose]\n"
		"  16: 16 CPUs, 4 clusters, 3 levels; 1024: 4 levels (4x16x16); 2x2: 4 CPUs in\n"
		"  2 clusters; N: N CPUs, one level\n",
		argv0);
	return 2;
}

static int parse_shape(const char *s)
{
	if (!strcmp(s, "16")) {
		sim_cfg.levels = 3;
		sim_cfg.fanout[1] = 4;
		sim_cfg.fanout[2] = 4;
	} else if (!strcmp(s, "1024")) {
		sim_cfg.levels = 4;
		sim_cfg.fanout[1] = 16;
		sim_cfg.fanout[2] = 16;
		sim_cfg.fanout[3] = 4;
	} else if (!strcmp(s, "2x2")) {
		sim_cfg.levels = 3;
		sim_cfg.fanout[1] = 2;
		sim_cfg.fanout[2] = 2;
	} else {
		sim_cfg.levels = 1;
		sim_cfg.ncpus = (unsigned int)strtoul(s, NULL, 0);
		return sim_cfg.ncpus >= 1 && sim_cfg.ncpus <= 64 ? 0 : -1;
	}
	sim_cfg.ncpus = 1;
	for (unsigned int l = 1; l < sim_cfg.levels; l++)
		sim_cfg.ncpus *= sim_cfg.fanout[l];
	return 0;
}

int main(int argc, char **argv)
{
	static pthread_t wd;
	pthread_attr_t attr;
	struct timespec t0, t1;
	double secs;

	sim_cfg = (struct sim_config){.ops = 100000, .seed = 1, .timer_us = 40};
	parse_shape("16");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--shape") && v && parse_shape(v) == 0)
			i++;
		else if (!strcmp(a, "--ops") && v)
			sim_cfg.ops = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(a, "--seed") && v)
			sim_cfg.seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(a, "--timer-us") && v)
			sim_cfg.timer_us = (unsigned int)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(a, "--stall-s") && v)
			stall_seconds = (unsigned int)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(a, "--osi"))
			sim_cfg.osi = true;
		else if (!strcmp(a, "--mode-switch"))
			sim_cfg.mode_switch = true;
		else if (!strcmp(a, "--verbose"))
			sim_cfg.verbose = true;
		else
			return usage(argv[0]);
	}
	if (sim_cfg.ncpus > SIM_MAX_CPUS || sim_cfg.ncpus > SECMON_IMAGE_MAX_CPUS ||
	    sim_cfg.timer_us == 0)
		return usage(argv[0]);

	sim_platform_init();
	if (secmon_psci_init(&sim_psci_ops, 0) != PSCI_RET_SUCCESS) {
		fprintf(stderr, "engine init failed\n0 passed, 1 failed\n");
		return 1;
	}
	secmon_smc_table_reset();
	if (secmon_smc_register(&secmon_psci_service) != 0) {
		fprintf(stderr, "service registration failed\n0 passed, 1 failed\n");
		return 1;
	}
	if (sim_cfg.osi && secmon_psci_set_suspend_mode(0, PSCI_MODE_OS_INITIATED) != 0) {
		fprintf(stderr, "cannot enter OS-initiated mode\n0 passed, 1 failed\n");
		return 1;
	}
	printf("psci sim: %u CPUs, %u levels, %llu ops, seed %llu, %s%s\n", sim_cfg.ncpus,
	       sim_cfg.levels, (unsigned long long)sim_cfg.ops, (unsigned long long)sim_cfg.seed,
	       sim_cfg.osi ? "OS-initiated" : "platform-coordinated",
	       sim_cfg.mode_switch ? ", mode switches" : "");
	fflush(stdout);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pthread_create(&wd, NULL, watchdog, NULL);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	for (unsigned int i = 0; i < sim_cfg.ncpus; i++)
		pthread_create(&sim_cpus[i].thread, &attr, cpu_thread, &sim_cpus[i]);

	/* Wait until every CPU has exited or sits powered off, then release the off ones. */
	pthread_mutex_lock(&sim_ctrl.mu);
	while (sim_ctrl.active > 0)
		pthread_cond_wait(&sim_ctrl.idle_cv, &sim_ctrl.mu);
	sim_ctrl.shutdown = true;
	for (unsigned int i = 0; i < sim_cfg.ncpus; i++)
		pthread_cond_signal(&sim_cpus[i].cv);
	pthread_mutex_unlock(&sim_ctrl.mu);
	for (unsigned int i = 0; i < sim_cfg.ncpus; i++)
		pthread_join(sim_cpus[i].thread, NULL);
	atomic_store(&watchdog_done, true);
	pthread_join(wd, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

	final_checks();
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		printf("  %-18s %llu\n", names[i], (unsigned long long)atomic_load(&count[i]));
	printf("  %llu operations in %.2f s (%.0f/s)\n", (unsigned long long)atomic_load(&ops_done),
	       secs, (double)atomic_load(&ops_done) / secs);
	check(atomic_load(&ops_done) >= sim_cfg.ops, "only %llu operations",
	      (unsigned long long)atomic_load(&ops_done));
	printf("%llu passed, %llu failed\n",
	       (unsigned long long)(atomic_load(&checks) - atomic_load(&checks_failed)),
	       (unsigned long long)atomic_load(&sim_violations));
	return atomic_load(&sim_violations) == 0 ? 0 : 1;
}
