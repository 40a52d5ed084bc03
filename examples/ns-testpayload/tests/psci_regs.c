/*
 * Register use of the PSCI calls that return (SMCCC 1.2+ for AArch64, DEN0022 5.2): the
 * status comes back in w0/x0; x1-x3 hold the caller's values or 0; x4-x30 and SP are
 * preserved. Every query, and the error paths of the calls that change state.
 */
#include "console.h"
#include "framework.h"
#include "psci_client.h"
#include "rand.h"
#include "smc.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define ROUNDS 3
#define STRESS 300

/* One kind of call; x1/x2 are fixed (they are the arguments under test). */
struct call {
	const char *name;
	uint32_t fid;
	uint64_t x1, x2;
	bool use_x2; /* x2 is an argument (else random junk) */
};

static struct call calls[20];
static unsigned int ncalls;

static void add(const char *name, uint32_t fid, uint64_t x1, uint64_t x2, bool use_x2)
{
	if (ncalls < ARRAY_SIZE(calls))
		calls[ncalls++] = (struct call){name, fid, x1, x2, use_x2};
}

static void build_calls(void)
{
	uint64_t me = psci_mpidr(0);

	ncalls = 0;
	add("psci_version", PSCI32(FN_PSCI_VERSION), 0, 0, false);
	add("psci_features", PSCI32(FN_PSCI_FEATURES), PSCI32(FN_CPU_ON), 0, false);
	add("psci_features_unknown", PSCI32(FN_PSCI_FEATURES), 0x8400001f, 0, false);
	add("affinity_info", PSCI32(FN_AFFINITY_INFO), me, 0, true);
	add("affinity_info64", PSCI64(FN_AFFINITY_INFO), me, 0, true);
	add("affinity_info_invalid", PSCI64(FN_AFFINITY_INFO), 0xff00ff, 0, true);
	add("migrate_info_type", PSCI32(FN_MIGRATE_INFO_TYPE), 0, 0, false);
	add("migrate_info_up_cpu", PSCI32(FN_MIGRATE_INFO_UP_CPU), 0, 0, false);
	add("node_hw_state", PSCI64(FN_NODE_HW_STATE), me, 0, true);
	add("stat_count", PSCI64(FN_PSCI_STAT_COUNT), me, PSTATE_CPU_OFF, true);
	add("stat_residency", PSCI64(FN_PSCI_STAT_RESIDENCY), me, PSTATE_CPU_OFF, true);
	add("mem_protect_check_range", PSCI64(FN_MEM_PROTECT_CHECK_RANGE), psci_env.mem_base,
	    0x1000, true);
	add("set_suspend_mode", PSCI32(FN_PSCI_SET_SUSPEND_MODE), 0, 0, false);
	add("set_suspend_mode_invalid", PSCI32(FN_PSCI_SET_SUSPEND_MODE), 7, 0, false);
	add("cpu_on_invalid_mpidr", PSCI64(FN_CPU_ON), 0xff00ff,
	    (uint64_t)(uintptr_t)psci_cpu_entry, true);
	/*
	 * Entry 0 as well: even a wrongly accepted state cannot leave for the entry point.
	 * Level 3 does not exist with the profile's 3 levels; else a reserved bit. A vendor
	 * reset type only where the profile knows the port has none but its own.
	 */
	add("cpu_suspend_invalid_state", PSCI64(FN_CPU_SUSPEND),
	    psci_env.conv.recommended_stateid ? 0x03012222 : 0x80010002, 0, true);
	add("system_reset2_invalid_type", PSCI32(FN_SYSTEM_RESET2),
	    psci_env.conv.exact ? 0x80001234 : 1, 0, true);
	add("unknown_function", PSCI32(0x1b), 0, 0, false);
}

static bool probe(const struct call *c, struct rng *r, char *why, size_t size)
{
	struct smc_regcheck rc;
	char regs[128];

	probe_prepare(&rc, r, c->fid, c->x1, c->use_x2 ? c->x2 : rng_next(r), rng_next(r));
	/* For the suspend probe: a standby that was wrongly accepted wakes on the timer. */
	timer_arm_us(5000);
	uint32_t mask = smc_regcheck(&rc);

	timer_disarm();
	if (mask) {
		regmask_format(regs, sizeof(regs), mask);
		fmt_format(why, size, "changed:%s", regs);
		return false;
	}
	for (unsigned int n = 1; n <= 3; n++) {
		if (rc.out[n] != rc.in[n] && rc.out[n] != 0) {
			fmt_format(why, size, "x%u = 0x%lx, neither the argument 0x%lx nor 0", n,
				   (unsigned long)rc.out[n], (unsigned long)rc.in[n]);
			return false;
		}
	}
	return true;
}

static void run(void)
{
	struct rng r = {0x5eed0fc0ffee1234ull};
	struct tf_failures stress = {0};
	char why[160];

	if (!psci_require())
		return;
	build_calls();
	for (unsigned int i = 0; i < ncalls; i++) {
		bool ok = true;

		for (unsigned int round = 0; round < ROUNDS && ok; round++)
			ok = probe(&calls[i], &r, why, sizeof(why));
		tf_check(ok, calls[i].name, "fid 0x%08x: %s", calls[i].fid, why);
	}
	for (unsigned int i = 0; i < STRESS; i++) {
		const struct call *c = &calls[rng_below(&r, ncalls)];

		if (!probe(c, &r, why, sizeof(why)))
			tf_fail(&stress, "%s: %s", c->name, why);
	}
	tf_report("stress", &stress);
}

const struct tf_suite psci_regs_suite = {"psci_regs", run};
