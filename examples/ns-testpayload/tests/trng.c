/*
 * TRNG firmware interface (Arm DEN0098), a standard secure service: TRNG_VERSION
 * 0x84000050, TRNG_FEATURES 0x84000051, TRNG_GET_UUID 0x84000052, TRNG_RND32 0x84000053,
 * TRNG_RND64 0xC4000053. Found through TRNG_VERSION: an error code there means it is not
 * served, and then every one of its functions must answer NOT_SUPPORTED. Where the board's
 * profile says its port's source is RNDR (QEMU virt, sbsa-ref), it is served exactly on
 * CPUs with FEAT_RNG. Served, every function is checked, RND32 and RND64 for the bits they
 * may set, and the bits themselves for being fresh on every call.
 */
#include <secmon/smccc.h>

#include "board.h"
#include "cpu.h"
#include "expected.h"
#include "framework.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define TRNG_VERSION  0x84000050u
#define TRNG_FEATURES 0x84000051u
#define TRNG_GET_UUID 0x84000052u
#define TRNG_RND32    0x84000053u
#define TRNG_RND64    0xc4000053u

#define TRNG_NOT_SUPPORTED	(-1)
#define TRNG_INVALID_PARAMETERS (-2)
#define TRNG_NO_ENTROPY		(-3)

/* A call that may answer NO_ENTROPY (try again: DEN0098) is retried this often. */
#define TRIES	    20
#define UNIQUE_RUNS 32 /* RND64(192) calls compared with one another */

static const uint32_t trng_fids[] = {TRNG_VERSION, TRNG_FEATURES, TRNG_GET_UUID, TRNG_RND32,
				     TRNG_RND64};

static bool cpu_has_rndr(void)
{
	uint64_t isar0;

	__asm__ volatile("mrs %0, id_aa64isar0_el1" : "=r"(isar0));
	return (isar0 >> 60) != 0; /* ID_AA64ISAR0_EL1.RNDR */
}

/* RND32 or RND64 of n bits, retried while the source has no entropy. */
static struct smc_result rnd(uint32_t fid, uint64_t n)
{
	struct smc_result r;

	for (unsigned int i = 0; i < TRIES; i++) {
		r = smc1(fid, n);
		if ((int32_t)r.x0 != TRNG_NO_ENTROPY)
			break;
	}
	return r;
}

/* Not served: every function answers NOT_SUPPORTED, and writes nothing into x1-x3. */
static void check_absent(void)
{
	struct tf_failures f = {0};

	for (unsigned int i = 0; i < ARRAY_SIZE(trng_fids); i++) {
		struct smc_result r = smc_call(trng_fids[i], 64, 0x2222, 0x3333, 0, 0, 0, 0);

		if (r.x0 != SMC_UNK)
			tf_fail(&f, "fid 0x%08x: x0 = 0x%lx", trng_fids[i], (unsigned long)r.x0);
		else if ((r.x1 != 64 && r.x1 != 0) || (r.x2 != 0x2222 && r.x2 != 0) ||
			 (r.x3 != 0x3333 && r.x3 != 0))
			tf_fail(&f, "fid 0x%08x: x1-x3 = 0x%lx 0x%lx 0x%lx", trng_fids[i],
				(unsigned long)r.x1, (unsigned long)r.x2, (unsigned long)r.x3);
	}
	tf_report("absent_not_supported", &f);
}

static void check_features(void)
{
	static const uint32_t others[] = {0x84000000u, 0x8400004fu, 0x84000054u, 0x8400005fu,
					  0xc4000050u, 0xc4000051u, 0xc4000052u, 0xc4000054u,
					  0x84010053u, 0x04000053u, 0x85000053u};
	struct tf_failures f = {0};

	for (unsigned int i = 0; i < ARRAY_SIZE(trng_fids); i++) {
		int32_t v = (int32_t)smc1(TRNG_FEATURES, trng_fids[i]).x0;
		/* An SMC32 call: the upper half of x1 is not part of the ID. */
		int32_t u = (int32_t)smc1(TRNG_FEATURES, 0xdeadbeef00000000ull | trng_fids[i]).x0;

		if (v != EXPECTED_TRNG_FEATURES || u != v)
			tf_fail(&f, "fid 0x%08x: %d (upper half set: %d), want %d", trng_fids[i], v,
				u, EXPECTED_TRNG_FEATURES);
	}
	tf_report("features_functions", &f);
	f = (struct tf_failures){0};
	for (unsigned int i = 0; i < ARRAY_SIZE(others); i++) {
		int32_t v = (int32_t)smc1(TRNG_FEATURES, others[i]).x0;

		if (v != TRNG_NOT_SUPPORTED)
			tf_fail(&f, "fid 0x%08x: %d, want NOT_SUPPORTED", others[i], v);
	}
	tf_report("features_others", &f);
	/* SMC64 forms of the SMC32-only functions, and free numbers, are not functions. */
	f = (struct tf_failures){0};
	for (unsigned int i = 5; i < 8; i++) {
		int32_t v = (int32_t)smc0(others[i]).x0;

		if (v != TRNG_NOT_SUPPORTED)
			tf_fail(&f, "fid 0x%08x: %d, want NOT_SUPPORTED", others[i], v);
	}
	tf_report("undefined_ids", &f);
}

static void check_uuid(void)
{
	const struct board_profile *p = board.profile;
	struct smc_result r = smc0(TRNG_GET_UUID);
	uint32_t w[4] = {(uint32_t)r.x0, (uint32_t)r.x1, (uint32_t)r.x2, (uint32_t)r.x3};

	tf_info("TRNG UUID w0-w3 %08x %08x %08x %08x", w[0], w[1], w[2], w[3]);
	/* w0 = 0xFFFFFFFF would be NOT_SUPPORTED; all zeroes is no UUID. */
	tf_check(w[0] != 0xffffffffu && (w[0] | w[1] | w[2] | w[3]) != 0, "uuid_valid",
		 "w0-w3 %08x %08x %08x %08x", w[0], w[1], w[2], w[3]);
	if (p->trng_rndr)
		tf_check(memcmp(w, p->trng_uuid, sizeof(w)) == 0, "uuid_board",
			 "want %08x %08x %08x %08x", p->trng_uuid[0], p->trng_uuid[1],
			 p->trng_uuid[2], p->trng_uuid[3]);
	r = smc0(TRNG_GET_UUID);
	tf_check((uint32_t)r.x0 == w[0] && (uint32_t)r.x3 == w[3], "uuid_stable",
		 "second call: w0 %08x w3 %08x", (uint32_t)r.x0, (uint32_t)r.x3);
}

/*
 * Bits of register r (0 = x3, 1 = x2, 2 = x1) that N bits may set, for registers of width
 * bits: bits [r * width, (r + 1) * width) of the N.
 */
static uint64_t allowed(unsigned int n, unsigned int width, unsigned int r)
{
	unsigned int lo = r * width, bits;

	if (n <= lo)
		return 0;
	bits = n - lo < width ? n - lo : width;
	return bits == 64 ? ~0ull : (1ull << bits) - 1;
}

/*
 * For every N of RND32 (1..96) or RND64 (1..192): SUCCESS, nothing set above N, and over
 * all calls every bit position that may be set is set at least once and clear at least
 * once (a stuck bit, or bits put in the wrong register, would not be; a random bit drawn
 * 32 times misses a value with probability 2^-31).
 */
static void check_rnd_bits(const char *name, uint32_t fid, unsigned int width)
{
	uint64_t seen1[3] = {0, 0, 0}, seen0[3] = {0, 0, 0};
	struct tf_failures f = {0};

	/* N = 1..max, then max again, so that every position is drawn 32 times or more. */
	for (unsigned int c = 0; c < 3 * width + 31; c++) {
		unsigned int n = c < 3 * width ? c + 1 : 3 * width;
		struct smc_result r = rnd(fid, n);
		uint64_t x[3] = {r.x3, r.x2, r.x1};

		if ((int32_t)r.x0 != 0) {
			tf_fail(&f, "N = %u: x0 = %d", n, (int32_t)r.x0);
			break;
		}
		for (unsigned int i = 0; i < 3; i++) {
			uint64_t a = allowed(n, width, i);
			/* SMC32 results are w registers: only their low half is read. */
			uint64_t v = width == 32 ? (uint32_t)x[i] : x[i];

			if (v & ~a)
				tf_fail(&f, "N = %u: x%u = 0x%lx has bits above N", n, 3 - i,
					(unsigned long)v);
			seen1[i] |= v & a;
			seen0[i] |= ~v & a;
		}
	}
	for (unsigned int i = 0; i < 3; i++) {
		uint64_t a = allowed(3 * width, width, i);

		if (seen1[i] != a || seen0[i] != a)
			tf_fail(&f, "x%u: bits never set 0x%lx, never clear 0x%lx", 3 - i,
				(unsigned long)(a & ~seen1[i]), (unsigned long)(a & ~seen0[i]));
	}
	tf_report(name, &f);
}

static void check_invalid(void)
{
	static const struct {
		uint32_t fid;
		uint64_t n;
	} bad[] = {
	    {TRNG_RND32, 0},   {TRNG_RND32, 97},  {TRNG_RND32, 0xffffffffu},
	    {TRNG_RND64, 0},   {TRNG_RND64, 193}, {TRNG_RND64, 0xffffffffffffffffull},
	    {TRNG_RND64, 256},
	};
	struct tf_failures f = {0};

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		int32_t v = (int32_t)smc1(bad[i].fid, bad[i].n).x0;

		if (v != TRNG_INVALID_PARAMETERS)
			tf_fail(&f, "fid 0x%08x N = 0x%lx: %d, want INVALID_PARAMETERS", bad[i].fid,
				(unsigned long)bad[i].n, v);
	}
	tf_report("rnd_invalid_n", &f);
	/* SMC32: the upper half of x1 is not part of N. */
	struct smc_result r = rnd(TRNG_RND32, 0xffffffff00000040ull);

	tf_check((int32_t)r.x0 == 0 && (uint32_t)r.x1 == 0, "rnd32_upper_half_ignored",
		 "x0 = %d, w1 = 0x%x", (int32_t)r.x0, (uint32_t)r.x1);
}

/*
 * Fresh bits on every call: UNIQUE_RUNS calls of RND64(192) give 3 * UNIQUE_RUNS words,
 * all different (two equal 64-bit random words: about 2^-54 here), and about half of
 * their bits set.
 */
static void check_unique(void)
{
	uint64_t w[3 * UNIQUE_RUNS];
	unsigned int ones = 0, dup = 0;
	struct tf_failures f = {0};

	for (unsigned int i = 0; i < UNIQUE_RUNS; i++) {
		struct smc_result r = rnd(TRNG_RND64, 192);

		if ((int32_t)r.x0 != 0)
			tf_fail(&f, "call %u: x0 = %d", i, (int32_t)r.x0);
		w[3 * i] = r.x1;
		w[3 * i + 1] = r.x2;
		w[3 * i + 2] = r.x3;
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(w); i++) {
		for (uint64_t v = w[i]; v; v &= v - 1)
			ones++;
		for (unsigned int j = i + 1; j < ARRAY_SIZE(w); j++)
			dup += w[i] == w[j];
	}
	if (dup)
		tf_fail(&f, "%u pairs of equal words among %u", dup, (unsigned int)ARRAY_SIZE(w));
	/* 6,144 bits: 3,072 +- 39 expected; outside 40-60% is a broken source. */
	if (ones * 10 < ARRAY_SIZE(w) * 64 * 4 || ones * 10 > ARRAY_SIZE(w) * 64 * 6)
		tf_fail(&f, "%u of %u bits set", ones, (unsigned int)ARRAY_SIZE(w) * 64);
	tf_info("TRNG: %u RND64(192) calls, %u of %u bits set", UNIQUE_RUNS, ones,
		(unsigned int)ARRAY_SIZE(w) * 64);
	tf_report("rnd64_fresh_bits", &f);
}

static void run(void)
{
	const struct board_profile *p = board.profile;
	int32_t v = (int32_t)smc0(TRNG_VERSION).x0;
	bool rng = cpu_has_rndr();

	tf_info("TRNG_VERSION 0x%x; this CPU %s FEAT_RNG", (uint32_t)v, rng ? "has" : "has no");
	/* An error code, or a version: bit 31 clear, major 1. */
	tf_check(v == TRNG_NOT_SUPPORTED || (v >= 0 && (v >> 16) == 1), "version_valid",
		 "w0 = 0x%x", (uint32_t)v);
	if (p->trng_rndr)
		tf_check((v >= 0) == rng, "served_where_feat_rng",
			 "TRNG %s, but the CPU %s FEAT_RNG (the port's source is RNDR)",
			 v >= 0 ? "served" : "not served", rng ? "has" : "has no");
	if (v < 0) {
		check_absent();
		return;
	}
	tf_check((uint32_t)v == EXPECTED_TRNG_VERSION, "version", "0x%x, want 0x%x", (uint32_t)v,
		 EXPECTED_TRNG_VERSION);
	check_features();
	check_uuid();
	check_rnd_bits("rnd32_bits", TRNG_RND32, 32);
	check_rnd_bits("rnd64_bits", TRNG_RND64, 64);
	check_invalid();
	check_unique();
}

const struct tf_suite trng_suite = {"trng", run};
