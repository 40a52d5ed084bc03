/*
 * Coordination scenarios for 1-, 2- and 3-level trees in platform-coordinated and
 * OS-initiated mode, as tables of steps with the exact composite state the platform
 * must be given; then the races of the two-phase power-down protocol and where locks
 * are held, driven from inside the platform hooks.
 */
#include <stdio.h>

#include "../../../core/psci/psci_private.h"
#include "check.h"
#include "mock_plat.h"

enum { END, ON, WAKE, SUSP, OFF, MODE, FINISH };
#define DOWN 100 /* expect: the CPU powered down */
#define R    MOCK_RUN
#define T    MOCK_RET
#define O    MOCK_OFF

/*
 * One step. SUSP: cpu requests states req[] (last-at level `last`, 0 = not given) and
 * the platform must see st[] (DOWN), or the call returns `expect` (st[] = the standby
 * state when it is SUCCESS). OFF: CPU_OFF, st[] = state given to pwr_domain_off. ON: cpu
 * turns on `arg`. WAKE: warm boot of cpu, st[] = the finish hook's previous state.
 * MODE: cpu sets mode `arg`. FINISH: st[] = the last suspend_finish state.
 */
struct step {
	int op;
	unsigned int cpu;
	unsigned int arg;
	uint8_t req[4];
	unsigned int last;
	int32_t expect;
	uint8_t st[4];
};

struct scenario {
	const char *name;
	unsigned int levels;
	uint16_t tree[8];
	unsigned int tree_len;
	bool osi;
	struct step steps[40];
};

/* clang-format off */
#define S_ON(c, t) {ON, c, t, {0}, 0, PSCI_RET_SUCCESS, {0}}
#define S_ON_RC(c, t, rc) {ON, c, t, {0}, 0, rc, {0}}
#define S_WAKE(c, a, b, d) {WAKE, c, 0, {0}, 0, PSCI_RET_SUCCESS, {a, b, d, R}}
#define S_SUSP(c, a, b, d, last, rc, x, y, z) {SUSP, c, 0, {a, b, d, R}, last, rc, {x, y, z, R}}
#define S_OFF(c, x, y, z) {OFF, c, 0, {0}, 0, DOWN, {x, y, z, R}}
#define S_MODE(c, m, rc) {MODE, c, m, {0}, 0, rc, {0}}
#define S_FINISH(x, y, z) {FINISH, 0, 0, {0}, 0, 0, {x, y, z, R}}

static const struct scenario scenarios[] = {
	{"1 level, platform-coordinated", 1, {4}, 1, false, {
		S_ON(0, 1), S_WAKE(1, O, R, R), S_ON_RC(0, 1, PSCI_RET_ALREADY_ON),
		S_SUSP(1, O, R, R, 0, DOWN, O, R, R), S_ON_RC(0, 1, PSCI_RET_ALREADY_ON),
		S_WAKE(1, O, R, R),
		S_SUSP(1, T, R, R, 0, PSCI_RET_SUCCESS, T, R, R),
		S_OFF(1, O, R, R), S_ON(0, 1), S_ON_RC(0, 1, PSCI_RET_ON_PENDING), S_WAKE(1, O, R, R),
		S_SUSP(0, O, R, R, 0, DOWN, O, R, R), S_WAKE(0, O, R, R),
	}},
	{"1 level, OS-initiated", 1, {2}, 1, true, {
		S_ON(0, 1), S_WAKE(1, O, R, R),
		S_SUSP(1, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(0, T, R, R, 1, PSCI_RET_SUCCESS, T, R, R),
		S_WAKE(1, O, R, R),
	}},
	{"2 levels, platform-coordinated: the shallowest vote wins", 2, {1, 4}, 2, false, {
		S_ON(0, 1), S_WAKE(1, O, R, R), S_ON(0, 2), S_WAKE(2, O, R, R),
		S_ON(0, 3), S_WAKE(3, O, R, R),
		S_SUSP(1, O, O, R, 0, DOWN, O, R, R),
		S_SUSP(2, O, T, R, 0, DOWN, O, R, R),
		S_SUSP(3, O, O, R, 0, DOWN, O, R, R),
		S_SUSP(0, O, O, R, 0, DOWN, O, T, R), /* last; CPU 2 allows retention only */
		S_WAKE(3, O, T, R),                   /* first one up */
		S_WAKE(0, O, R, R),
		S_SUSP(3, O, R, R, 0, DOWN, O, R, R), /* CPU 3 votes RUN for the cluster */
		S_SUSP(0, O, O, R, 0, DOWN, O, R, R),
		S_WAKE(1, O, R, R), S_WAKE(2, O, R, R), S_WAKE(0, O, R, R), S_WAKE(3, O, R, R),
	}},
	{"2 levels, platform-coordinated: CPU_OFF votes for the deepest state", 2, {1, 4}, 2,
	 false, {
		S_ON(0, 1), S_WAKE(1, O, R, R),
		S_SUSP(1, T, T, R, 0, PSCI_RET_SUCCESS, T, R, R), /* CPU 0 runs */
		S_OFF(1, O, R, R),
		S_SUSP(0, T, T, R, 0, PSCI_RET_SUCCESS, T, T, R), /* last: cluster retention */
		S_FINISH(T, T, R),
		S_SUSP(0, O, O, R, 0, DOWN, O, O, R),
		S_WAKE(0, O, O, R),
		S_ON(0, 3), S_WAKE(3, O, R, R),
		S_SUSP(0, O, O, R, 0, DOWN, O, R, R),
		S_OFF(3, O, O, R), /* CPU_OFF of the last CPU takes the cluster down */
		S_WAKE(0, O, O, R),
	}},
	{"3 levels, platform-coordinated: every CPU votes for the system", 3, {1, 2, 2, 2}, 4,
	 false, {
		S_ON(0, 1), S_WAKE(1, O, R, R), S_ON(0, 2), S_WAKE(2, O, O, R),
		S_ON(0, 3), S_WAKE(3, O, R, R),
		S_SUSP(1, O, O, O, 0, DOWN, O, R, R),
		S_SUSP(0, O, O, O, 0, DOWN, O, O, R), /* cluster 1 still runs */
		S_SUSP(2, O, O, R, 0, DOWN, O, R, R),
		S_SUSP(3, O, O, O, 0, DOWN, O, O, R), /* CPU 2 voted RUN for the system */
		S_WAKE(2, O, O, R),
		S_SUSP(2, O, O, O, 0, DOWN, O, O, O), /* now everybody agrees */
		S_WAKE(0, O, O, O), S_WAKE(3, O, O, R), S_WAKE(1, O, R, R), S_WAKE(2, O, R, R),
		S_SUSP(3, O, T, T, 0, DOWN, O, R, R),
		S_SUSP(2, O, O, O, 0, DOWN, O, T, R),
		S_SUSP(1, T, T, T, 0, PSCI_RET_SUCCESS, T, R, R),
		S_OFF(1, O, R, R),
		S_SUSP(0, O, O, O, 0, DOWN, O, O, T),
		S_WAKE(3, O, T, T), S_WAKE(2, O, R, R), S_WAKE(0, O, O, R),
	}},
	{"2 levels, OS-initiated", 2, {1, 4}, 2, true, {
		S_ON(0, 1), S_WAKE(1, O, R, R), S_ON(0, 2), S_WAKE(2, O, R, R),
		S_ON(0, 3), S_WAKE(3, O, R, R),
		S_SUSP(0, O, O, R, 2, PSCI_RET_DENIED, R, R, R), /* others still run */
		S_SUSP(1, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(2, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(0, O, R, R, 2, PSCI_RET_DENIED, R, R, R), /* "last" is wrong: CPU 3 runs */
		S_SUSP(3, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(0, O, O, R, 2, DOWN, O, O, R), /* the OS decides for the cluster */
		S_WAKE(2, O, O, R),                   /* first up although it asked for its core */
		S_WAKE(0, O, R, R),
		S_SUSP(0, O, T, R, 2, PSCI_RET_DENIED, R, R, R),
		S_SUSP(2, O, R, R, 0, DOWN, O, R, R),
		S_SUSP(0, O, T, R, 0, DOWN, O, T, R), /* last-at level defaults to the target */
		S_WAKE(1, O, T, R),
		S_MODE(1, PSCI_MODE_PLATFORM_COORDINATED, PSCI_RET_DENIED),
		S_OFF(1, O, R, R),                    /* CPU_OFF stays platform-coordinated */
		S_WAKE(0, O, R, R), S_WAKE(2, O, R, R), S_WAKE(3, O, R, R),
	}},
	{"3 levels, OS-initiated", 3, {1, 2, 2, 2}, 4, true, {
		S_ON(0, 1), S_WAKE(1, O, R, R), S_ON(0, 2), S_WAKE(2, O, O, R),
		S_ON(0, 3), S_WAKE(3, O, R, R),
		S_SUSP(3, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(2, O, O, R, 2, DOWN, O, O, R),
		S_SUSP(0, O, O, O, 3, PSCI_RET_DENIED, R, R, R), /* CPU 1 runs */
		S_SUSP(1, O, R, R, 1, DOWN, O, R, R),
		S_SUSP(0, O, O, O, 3, DOWN, O, O, O),
		S_WAKE(3, O, O, O), S_WAKE(1, O, O, R),
		S_SUSP(1, O, R, R, 1, DOWN, O, R, R),
		/* Cluster 0 stays RUN (CPU 1 asked for its core only): no system power-down. */
		S_SUSP(3, O, O, O, 3, PSCI_RET_INVALID_PARAMETERS, R, R, R),
		S_SUSP(3, O, O, R, 3, DOWN, O, O, R),
		S_WAKE(0, O, R, R),
		S_SUSP(0, O, T, R, 2, DOWN, O, T, R), /* CPU 1's core is off: retention is fine */
		S_WAKE(2, O, O, R), S_WAKE(1, O, T, R),
	}},
	{"switching modes", 2, {1, 2}, 2, false, {
		S_ON(0, 1), S_WAKE(1, O, R, R),
		S_SUSP(1, O, R, R, 0, DOWN, O, R, R),
		S_MODE(0, PSCI_MODE_OS_INITIATED, PSCI_RET_DENIED), /* CPU 1 in CPU_SUSPEND */
		S_MODE(0, 2, PSCI_RET_INVALID_PARAMETERS),
		S_WAKE(1, O, R, R),
		S_MODE(0, PSCI_MODE_OS_INITIATED, PSCI_RET_SUCCESS),
		S_MODE(0, PSCI_MODE_OS_INITIATED, PSCI_RET_SUCCESS),
		S_MODE(0, PSCI_MODE_PLATFORM_COORDINATED, PSCI_RET_DENIED), /* CPU 1 is on */
		S_OFF(1, O, R, R),
		S_MODE(0, PSCI_MODE_PLATFORM_COORDINATED, PSCI_RET_SUCCESS),
	}},
};
/* clang-format on */

static const char *current;

static struct mock_call *finish_of(uint32_t reason)
{
	return reason == SECMON_PSCI_WAKE_ON ? &mock.on_finish : &mock.suspend_finish;
}

static void run_step(const struct step *s, unsigned int idx)
{
	unsigned int failed = check_failed;
	struct secmon_psci_entry e;
	int32_t rc = 0;
	int down;

	switch (s->op) {
	case ON:
		CHECK_EQ(
		    secmon_psci_cpu_on(s->cpu, MOCK_MPIDR(s->arg), 0x1000 + 0x100 * s->arg, s->arg),
		    s->expect);
		break;
	case WAKE: {
		unsigned int on = mock.on_finish.count, sus = mock.suspend_finish.count;

		CHECK_EQ(mock_wake(s->cpu, &e), s->expect);
		CHECK_EQ(mock.on_finish.count + mock.suspend_finish.count, on + sus + 1);
		CHECK_EQ(finish_of(e.reason)->cpu, s->cpu);
		CHECK(mock_state_is(&finish_of(e.reason)->state, s->st[0], s->st[1], s->st[2],
				    s->st[3]));
		CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(s->cpu), 0), PSCI_AFF_ON);
		break;
	}
	case SUSP: {
		bool pd = s->req[0] == MOCK_OFF;
		uint32_t ps = mock_ps(pd, s->req[0], s->req[1], s->req[2], s->req[3], s->last);
		unsigned int wfi = mock.wfi.count, standby = mock.standby.count;

		down = mock_cpu_suspend(s->cpu, ps, 0x2000, s->cpu, &rc);
		CHECK_EQ(down, s->expect == DOWN);
		if (s->expect == DOWN) {
			CHECK_EQ(mock.wfi.count, wfi + 1);
			CHECK(
			    mock_state_is(&mock.wfi.state, s->st[0], s->st[1], s->st[2], s->st[3]));
			CHECK(mock_state_is(&mock.suspend.state, s->st[0], s->st[1], s->st[2],
					    s->st[3]));
			CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(s->cpu), 0), PSCI_AFF_ON);
		} else {
			CHECK_EQ(rc, s->expect);
			CHECK_EQ(mock.wfi.count, wfi);
			CHECK_EQ(mock.standby.count, standby + (rc == PSCI_RET_SUCCESS));
			if (rc == PSCI_RET_SUCCESS)
				CHECK(mock_state_is(&mock.standby.state, s->st[0], s->st[1],
						    s->st[2], s->st[3]));
		}
		break;
	}
	case OFF:
		down = mock_cpu_off(s->cpu, &rc);
		CHECK(down);
		CHECK(mock_state_is(&mock.off.state, s->st[0], s->st[1], s->st[2], s->st[3]));
		CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(s->cpu), 0), PSCI_AFF_OFF);
		break;
	case MODE:
		CHECK_EQ(secmon_psci_set_suspend_mode(s->cpu, s->arg), s->expect);
		break;
	case FINISH:
		CHECK(mock_state_is(&mock.suspend_finish.state, s->st[0], s->st[1], s->st[2],
				    s->st[3]));
		break;
	}
	if (check_failed != failed)
		fprintf(stderr, "  in scenario \"%s\", step %u\n", current, idx);
}

static void run_scenarios(void)
{
	for (size_t i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		const struct scenario *sc = &scenarios[i];

		current = sc->name;
		mock_setup(sc->levels, sc->tree, sc->tree_len);
		mock.ops.extended_state_id = true; /* the mock carries last-at levels there */
		CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
		if (sc->osi)
			CHECK_EQ(secmon_psci_set_suspend_mode(0, PSCI_MODE_OS_INITIATED),
				 PSCI_RET_SUCCESS);
		for (unsigned int s = 0; s < 40 && sc->steps[s].op != END; s++)
			run_step(&sc->steps[s], s);
	}
}

/* ---- Races of the two-phase protocol, acted out from inside the hooks ---- */

static const uint16_t tree2[] = {1, 2};

static bool path_locked(unsigned int cpu, unsigned int level)
{
	return __atomic_load_n(&psci_node_of(cpu, level)->lock.locked, __ATOMIC_RELAXED) != 0;
}

static void wake_cpu1_in_flush(unsigned int cpu, unsigned int level)
{
	if (cpu == 0 && level == 1) {
		mock.during_flush = NULL;
		CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	}
}

/* A sibling wakes while the last CPU flushes the cluster: no cluster power-down. */
static void test_wake_between_phases(void)
{
	int32_t rc;

	CHECK_EQ(mock_init(2, tree2, 2), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x1000, 1), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_cpu_suspend(1, mock_ps(true, O, O, R, R, 0), 0x2000, 0, &rc));
	mock.during_flush = wake_cpu1_in_flush;
	CHECK(mock_cpu_suspend(0, mock_ps(true, O, O, R, R, 0), 0x2000, 0, &rc));
	CHECK_EQ(mock.flush_max_level, 1);
	/* CPU 1 saw a pending power-down, cancelled it and restored nothing. */
	CHECK_EQ(mock.suspend_finish.cpu, 1);
	CHECK(mock_state_is(&mock.suspend_finish.state, O, R, R, R));
	/* CPU 0 lost the cluster and only powers itself down. */
	CHECK(mock_state_is(&mock.suspend.state, O, R, R, R));
	CHECK(mock_state_is(&mock.wfi.state, O, R, R, R));
	CHECK_EQ(psci_node_of(0, 1)->state, MOCK_RUN);
	CHECK_EQ(psci_node_of(0, 1)->owner, PSCI_NONE);
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.suspend_finish.state, O, R, R, R));
}

static void wake_and_suspend_cpu1_in_flush(unsigned int cpu, unsigned int level)
{
	int32_t rc;

	if (cpu == 0 && level == 1) {
		mock.during_flush = NULL;
		CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
		CHECK(mock_cpu_suspend(1, mock_ps(true, O, O, R, R, 0), 0x2000, 1, &rc));
		CHECK(mock_state_is(&mock.suspend.state, O, O, R, R));
	}
}

/* The sibling comes back and goes down again as the last CPU: it takes over the cluster. */
static void test_takeover_between_phases(void)
{
	int32_t rc;

	CHECK_EQ(mock_init(2, tree2, 2), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x1000, 1), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_cpu_suspend(1, mock_ps(true, O, O, R, R, 0), 0x2000, 0, &rc));
	mock.during_flush = wake_and_suspend_cpu1_in_flush;
	CHECK(mock_cpu_suspend(0, mock_ps(true, O, O, R, R, 0), 0x2000, 0, &rc));
	CHECK_EQ(mock.suspend.cpu, 0);
	CHECK(mock_state_is(&mock.suspend.state, O, R, R, R));
	CHECK_EQ(psci_node_of(0, 1)->state, MOCK_OFF); /* committed by CPU 1 */
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.suspend_finish.state, O, O, R, R));
}

/* A power-down the hardware abandons resumes in place and returns SUCCESS. */
static void test_abandoned_power_down(void)
{
	int32_t rc = -100;

	CHECK_EQ(mock_init(2, tree2, 2), PSCI_RET_SUCCESS);
	mock.wfi_returns = true;
	CHECK(!mock_cpu_suspend(0, mock_ps(true, O, O, R, R, 0), 0x2000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.wfi.state, O, O, R, R));
	CHECK(mock_state_is(&mock.suspend_finish.state, O, O, R, R));
	CHECK_EQ(psci_node_of(0, 1)->state, MOCK_RUN);
	CHECK_EQ(psci_cpus[0].core_state, MOCK_RUN);
	CHECK_EQ(psci_cpus[0].req[1], MOCK_RUN);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 0), PSCI_AFF_ON);
	/* And the next suspend coordinates from a clean state. */
	CHECK(!mock_cpu_suspend(0, mock_ps(false, T, T, R, R, 0), 0x2000, 0, &rc));
	CHECK(mock_state_is(&mock.standby.state, T, T, R, R));
}

/* OS-initiated: a sibling in retention forbids the cluster power-down, not retention. */
static void during_cpu1_standby(unsigned int cpu)
{
	int32_t rc = 0;

	if (cpu != 1)
		return;
	mock.during_standby = NULL;
	CHECK(!mock_cpu_suspend(0, mock_ps(true, O, O, R, R, 2), 0x2000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK(mock_cpu_suspend(0, mock_ps(true, O, T, R, R, 2), 0x2000, 0, &rc));
	CHECK(mock_state_is(&mock.suspend.state, O, T, R, R));
}

static void test_osi_retention_sibling(void)
{
	int32_t rc = -100;

	mock_setup(2, tree2, 2);
	mock.ops.extended_state_id = true;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x1000, 1), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_set_suspend_mode(1, PSCI_MODE_OS_INITIATED), PSCI_RET_SUCCESS);
	mock.during_standby = during_cpu1_standby;
	CHECK(!mock_cpu_suspend(1, mock_ps(false, T, R, R, R, 1), 0x2000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	/* CPU 1 leaves retention first in a cluster CPU 0 put in retention. */
	CHECK_EQ(mock.suspend_finish.cpu, 1);
	CHECK(mock_state_is(&mock.suspend_finish.state, T, T, R, R));
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.suspend_finish.state, O, R, R, R));
}

/* ---- Where locks are held (docs/psci.md) ---- */

static unsigned int lock_errors;

static void lock_probe(int hook, unsigned int cpu, const struct secmon_psci_state *s)
{
	bool l1 = path_locked(cpu, 1), l2 = path_locked(cpu, 2);

	switch (hook) {
	case MOCK_HOOK_FLUSH:
	case MOCK_HOOK_STANDBY:
	case MOCK_HOOK_WFI:
		lock_errors += l1 || l2; /* never across a flush, a standby or the final WFI */
		break;
	case MOCK_HOOK_SUSPEND:
	case MOCK_HOOK_OFF:
		/* Held exactly for the levels this CPU powers down. */
		lock_errors += l1 != (s->local[1] != R) || l2 != (s->local[2] != R);
		break;
	case MOCK_HOOK_ON_FINISH:
	case MOCK_HOOK_SUSPEND_FINISH:
		/* Held exactly for the levels this CPU is the first one up in. */
		lock_errors += l1 != (s->local[1] != R) || l2 != (s->local[2] != R);
		break;
	}
}

static void test_lock_scope(void)
{
	static const uint16_t tree3[] = {1, 2, 2, 2};
	int32_t rc;

	CHECK_EQ(mock_init(3, tree3, 4), PSCI_RET_SUCCESS);
	mock.probe = lock_probe;
	for (unsigned int c = 1; c < 4; c++) {
		CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(c), 0x1000, c), PSCI_RET_SUCCESS);
		CHECK_EQ(mock_wake(c, NULL), PSCI_RET_SUCCESS);
	}
	CHECK(!mock_cpu_suspend(1, mock_ps(false, T, R, R, R, 0), 0, 0, &rc));
	CHECK(!mock_cpu_suspend(1, mock_ps(false, T, T, R, R, 0), 0, 0, &rc));
	CHECK(mock_cpu_suspend(1, mock_ps(true, O, O, O, R, 0), 0x2000, 0, &rc));
	CHECK(mock_cpu_suspend(0, mock_ps(true, O, O, O, R, 0), 0x2000, 0, &rc));
	CHECK(mock_cpu_off(2, &rc));
	CHECK(mock_cpu_suspend(3, mock_ps(true, O, O, O, R, 0), 0x2000, 0, &rc));
	CHECK(mock_state_is(&mock.suspend.state, O, O, O, R));
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.suspend_finish.state, O, O, O, R));
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(2), 0x1000, 2), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(2, NULL), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.on_finish.state, O, O, R, R));
	CHECK_EQ(lock_errors, 0);
	/* Platform-coordinated CPU-level standby takes no lock and calls no finish hook. */
	CHECK_EQ(mock.suspend_finish.count, 2 + 1);
}

int main(void)
{
	run_scenarios();
	test_wake_between_phases();
	test_takeover_between_phases();
	test_abandoned_power_down();
	test_osi_retention_sibling();
	test_lock_scope();
	return check_report();
}
