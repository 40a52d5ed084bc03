/*
 * Register preservation (SMCCC v1.2+ for AArch64): across any SMC, x4-x17 are preserved
 * unless a call returns results in them (none of ours does), x18-x30 and SP always. Result
 * registers a call does not use must not carry data out of the secure world: they hold the
 * caller's value or 0.
 */
#include <secmon/smccc.h>

#include "console.h"
#include "framework.h"
#include "rand.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define ROUNDS 3 /* each call repeated with fresh values, to catch stale ones */
#define STRESS 1000

/* One kind of call. */
struct call {
	const char *name; /* check name */
	uint32_t fid;
	uint64_t x1;
	unsigned int results; /* x0..x(results-1) carry results; the rest of x0-x3 must not */
};

static const struct call calls[] = {
    {"smccc_version", SMCCC_VERSION, 0, 1},
    {"arch_features", SMCCC_ARCH_FEATURES, SMCCC_VERSION, 1},
    {"arch_features_unknown_id", SMCCC_ARCH_FEATURES, 0x8000abcd, 1},
    {"soc_id_version", SMCCC_ARCH_SOC_ID, 0, 1},
    {"soc_id_revision", SMCCC_ARCH_SOC_ID, 1, 1},
    {"soc_id_invalid_type", SMCCC_ARCH_SOC_ID, 7, 1},
    /* Workaround calls define no result at all. */
    {"workaround_1", SMCCC_ARCH_WORKAROUND_1, 0, 4},
    {"workaround_2", SMCCC_ARCH_WORKAROUND_2, 1, 4},
    {"workaround_3", SMCCC_ARCH_WORKAROUND_3, 0, 4},
    {"arch_call_count", 0x8000ff00, 0, 1},
    {"arch_uid", 0x8000ff01, 0, 4},
    {"arch_revision", 0x8000ff03, 0, 2},
    {"std_call_count", 0x8400ff00, 0, 1},
    {"std_uid", 0x8400ff01, 0, 4},
    {"std_revision", 0x8400ff03, 0, 2},
    /* TRNG, served or not (then NOT_SUPPORTED, one result). */
    {"trng_version", 0x84000050, 0, 1},
    {"trng_uuid", 0x84000052, 0, 4},
    {"trng_rnd32", 0x84000053, 96, 4},
    {"trng_rnd64", 0xc4000053, 192, 4},
    {"trng_rnd64_invalid", 0xc4000053, 0, 1}, /* N = 0: x1-x3 0 or untouched */
    {"unknown_fast32", 0x83001234, 0, 1},
    {"unknown_fast64", 0xc3001234, 0, 1},
    {"unknown_yield32", 0x32001234, 0, 1},
    {"unknown_yield64", 0x72001234, 0, 1},
    {"unknown_sve_hint", 0x83011234, 0, 1},
    {"unknown_mbz_bits", SMCCC_VERSION | (1u << 17), 0, 1},
};

/* Runs one probe; on failure writes the reason into why and returns false. */
static bool probe(const struct call *c, struct rng *r, char *why, size_t size)
{
	struct smc_regcheck rc;
	char regs[128];

	/* x2 and x3 are unused arguments: random, so a leak into them shows. */
	probe_prepare(&rc, r, c->fid, c->x1, rng_next(r), rng_next(r));
	uint32_t mask = smc_regcheck(&rc);

	if (mask) {
		regmask_format(regs, sizeof(regs), mask);
		fmt_format(why, size, "changed:%s", regs);
		return false;
	}
	for (unsigned int n = c->results; n <= 3; n++) {
		if (rc.out[n] != rc.in[n] && rc.out[n] != 0) {
			fmt_format(why, size,
				   "unused result x%u = 0x%lx, neither argument 0x%lx nor 0", n,
				   (unsigned long)rc.out[n], (unsigned long)rc.in[n]);
			return false;
		}
	}
	return true;
}

static void check_each_call(void)
{
	struct rng r = {0xa5a55a5a0f0f1234ull};
	char why[160];

	for (unsigned int i = 0; i < ARRAY_SIZE(calls); i++) {
		bool ok = true;

		for (unsigned int round = 0; round < ROUNDS && ok; round++)
			ok = probe(&calls[i], &r, why, sizeof(why));
		tf_check(ok, calls[i].name, "fid 0x%08x: %s", calls[i].fid, why);
	}
}

/* Many calls back to back, every one with new values. */
static void check_stress(void)
{
	struct rng r = {0x0123456789abcdefull};
	char why[160] = "";
	unsigned int failures = 0;
	uint32_t first = 0;

	for (unsigned int i = 0; i < STRESS; i++) {
		const struct call *c = &calls[rng_below(&r, ARRAY_SIZE(calls))];
		char w[160];

		if (!probe(c, &r, w, sizeof(w)) && failures++ == 0) {
			first = c->fid;
			memcpy(why, w, sizeof(why));
		}
	}
	tf_check(failures == 0, "stress", "%u of %u calls failed, first fid 0x%08x: %s", failures,
		 STRESS, first, why);
}

static void run(void)
{
	check_each_call();
	check_stress();
}

const struct tf_suite reg_preservation_suite = {"reg_preservation", run};
