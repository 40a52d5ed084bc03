/*
 * Function IDs nobody serves (SMCCC: "Unknown SMC Function Identifier"): the answer is
 * SMC_UNK, -1 sign-extended to 64 bits, with no side effect: x1-x3 hold the caller's values
 * or 0 (never secure data) and x4-x30 and SP are preserved.
 */
#include <secmon/smccc.h>

#include "console.h"
#include "discovery.h"
#include "framework.h"
#include "rand.h"
#include "served_ranges.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define RANDOM_CALLS 10000
#define SEED	     0x9e3779b97f4a7c15ull
#define MBZ_SHIFT    17 /* bits 23:17 of a fast call ID must be zero */

/* What failed, for the report of the first few failures. */
struct outcome {
	unsigned int calls, failures;
};

/* Checks one probe that must have answered SMC_UNK; returns false and explains if not. */
static bool unknown_ok(const struct smc_regcheck *rc, uint32_t mask, char *why, size_t size)
{
	char regs[128];

	if (rc->out[0] != SMC_UNK) {
		fmt_format(why, size, "x0 = 0x%lx", (unsigned long)rc->out[0]);
		return false;
	}
	for (unsigned int n = 1; n <= 3; n++) {
		if (rc->out[n] != rc->in[n] && rc->out[n] != 0) {
			fmt_format(why, size, "x%u = 0x%lx, neither the argument 0x%lx nor 0", n,
				   (unsigned long)rc->out[n], (unsigned long)rc->in[n]);
			return false;
		}
	}
	if (mask) {
		regmask_format(regs, sizeof(regs), mask);
		fmt_format(why, size, "changed:%s", regs);
		return false;
	}
	return true;
}

/* Issues fid with random x1-x30 and records the outcome; details of the first 5 failures. */
static void probe_unknown(uint32_t fid, struct rng *r, struct outcome *o)
{
	struct smc_regcheck rc;
	char why[160];

	probe_prepare(&rc, r, fid, rng_next(r), rng_next(r), rng_next(r));
	uint32_t mask = smc_regcheck(&rc);

	o->calls++;
	if (unknown_ok(&rc, mask, why, sizeof(why)))
		return;
	if (o->failures++ < 5)
		tf_info("fid 0x%08x: %s", fid, why);
}

/* A function number, often next to the ones that are served in OEN 0 and 4. */
static uint32_t draw_func(struct rng *r)
{
	static const uint16_t near[] = {0x0000, 0x3ff0, 0x7ff0, 0xff00};

	switch (rng_below(r, 3)) {
	case 0:
		return rng_below(r, 0x10000);
	case 1:
		return near[rng_below(r, ARRAY_SIZE(near))] + rng_below(r, 0x40);
	default:
		return rng_below(r, 0x40);
	}
}

/*
 * A random function ID nobody serves: fast calls to any owning entity, yielding calls
 * (there is no trusted OS), SMC32 and SMC64, sometimes with the SVE hint bit.
 */
static uint32_t draw_unknown_fid(struct rng *r, unsigned int *kinds)
{
	for (;;) {
		unsigned int kind = rng_below(r, 4);
		bool smc64 = rng_below(r, 2);
		uint32_t fid;

		switch (kind) {
		case 0:	  /* fast call, any owning entity but 0 and 4 */
		case 1: { /* fast call in OEN 0 (arch) or 4 (standard) */
			static const uint8_t oens[] = {1,  2,  3,  5,  6,  7,  48, 49, 50, 51, 52,
						       53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
			uint32_t oen = kind == 0
					   ? oens[rng_below(r, ARRAY_SIZE(oens))]
					   : (rng_below(r, 2) ? SMCCC_OEN_STD : SMCCC_OEN_ARCH);

			fid = SMCCC_FAST_ID(smc64, oen,
					    kind == 0 ? rng_below(r, 0x10000) : draw_func(r));
			if (rng_below(r, 4) == 0)
				fid |= SMCCC_SVE_HINT;
			break;
		}
		case 2: /* yielding call to a trusted OS */
			fid = (smc64 ? SMCCC_SMC64 : 0) |
			      ((SMCCC_OEN_TOS_FIRST + rng_below(r, 14)) << SMCCC_OEN_SHIFT) |
			      rng_below(r, 0x10000);
			break;
		default: /* yielding call to any owning entity */
			fid = (smc64 ? SMCCC_SMC64 : 0) | (rng_below(r, 64) << SMCCC_OEN_SHIFT) |
			      rng_below(r, 0x10000);
			break;
		}
		if (!fid_is_served(fid)) {
			kinds[kind]++;
			return fid;
		}
	}
}

static void check_random(void)
{
	struct rng r = {SEED};
	struct outcome o = {0};
	unsigned int kinds[4] = {0};

	for (unsigned int i = 0; i < RANDOM_CALLS; i++)
		probe_unknown(draw_unknown_fid(&r, kinds), &r, &o);
	tf_info("%u calls: %u fast (other OENs), %u fast (OEN 0/4), %u yielding (trusted OS), "
		"%u yielding (any OEN)",
		o.calls, kinds[0], kinds[1], kinds[2], kinds[3]);
	tf_check(o.failures == 0, "random_ids", "%u of %u calls wrong (seed 0x%lx)", o.failures,
		 o.calls, (unsigned long)SEED);
}

/* Edge cases: all-ones, all-zeros, and served IDs made invalid by must-be-zero bits. */
static void check_edges(void)
{
	static const uint32_t edge[] = {
	    0xffffffff,
	    0x00000000,
	    0x7fffffff,
	    0x80ffffff,
	    0xbf00ffff,
	    0xc0000000,
	    /* bits 23:17 set on otherwise served IDs */
	    SMCCC_VERSION | (1u << MBZ_SHIFT),
	    SMCCC_VERSION | (0x7fu << MBZ_SHIFT),
	    SMCCC_ARCH_FEATURES | (1u << 20),
	    SMCCC_ARCH_SOC_ID | (1u << 23),
	    SMCCC_ARCH_WORKAROUND_1 | (1u << MBZ_SHIFT),
	    0x8000ff00 | (1u << MBZ_SHIFT),
	    0x84000000 | (1u << MBZ_SHIFT),
	    0xc4000003 | (0x40u << MBZ_SHIFT),
	    0x8400ff01 | (1u << 22),
	};
	struct rng r = {SEED ^ 0xed9e};
	struct outcome o = {0};

	for (unsigned int i = 0; i < ARRAY_SIZE(edge); i++)
		probe_unknown(edge[i], &r, &o);
	tf_check(o.failures == 0, "edge_and_mbz_ids", "%u of %u calls wrong", o.failures, o.calls);
}

/*
 * A monitor without PSCI (discovery.h) serves none of PSCI's function IDs: each of the
 * 32 numbers of its range, SMC32 and SMC64, answers SMC_UNK like any unknown ID.
 */
static void check_psci_absent(void)
{
	struct rng r = {SEED ^ 0x9c51};
	struct outcome o = {0};

	if (psci_served())
		return;
	for (uint32_t fn = 0; fn < 0x20; fn++) {
		probe_unknown(0x84000000u | fn, &r, &o);
		probe_unknown(0xc4000000u | fn, &r, &o);
	}
	tf_check(o.failures == 0, "psci_ids_unknown_without_psci", "%u of %u calls wrong",
		 o.failures, o.calls);
}

static void run(void)
{
	check_random();
	check_edges();
	check_psci_absent();
}

const struct tf_suite unknown_calls_suite = {"unknown_calls", run};
