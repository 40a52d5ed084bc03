/*
 * The TRNG service through secmon_smc_dispatch(), against a fake entropy source: every
 * function and error, the bit packing of RND32 (N = 1..96) and RND64 (N = 1..192) checked
 * bit by bit against the source's words, SMC32 against SMC64 arguments, a source that is
 * absent (the service then claims nothing), refused or out of entropy, and the service
 * next to an owner of entity 4.
 */
#include <stdbool.h>
#include <string.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/secmon.h>
#include <secmon/services/trng.h>

#include "check.h"

#define ST(rc) ((uint64_t)(int64_t)(rc))
#define JUNK   0x5a5a5a5a5a5a5a5aull

/* The fake source: word i of its output is mix(i); read number fail_at (1-based) fails. */
static unsigned int reads, fail_at, presence_checks;
static bool present = true;

static uint64_t mix(uint64_t i)
{
	uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ull;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool fake_read(uint64_t *v)
{
	unsigned int i = reads++;

	if (reads == fail_at) {
		*v = JUNK; /* whatever a failing source leaves must not reach the caller */
		return false;
	}
	*v = mix(i);
	return true;
}

static bool fake_present(void)
{
	presence_checks++;
	return present;
}

#define UUID_W0 0x823058b8u
#define UUID_W1 0x474445d0u
#define UUID_W2 0x92e9e63fu
#define UUID_W3 0x271a776fu

static struct secmon_trng_ops ops;
static struct secmon_platform plat = {.name = "trng test"};
const struct secmon_board secmon_board = {.platform = &plat};

static struct secmon_smc_frame frame;

/* A source that is there, with this test's UUID. */
static void reset_source(void)
{
	ops = (struct secmon_trng_ops){
	    .uuid = {{UUID_W0, UUID_W1, UUID_W2, UUID_W3}},
	    .present = fake_present,
	    .read = fake_read,
	};
	present = true;
	fail_at = 0;
	presence_checks = 0;
}

/* Registers the service alone (its slots routed by the dispatcher) over src. */
static int register_with(const struct secmon_trng_ops *src)
{
	plat.trng = src;
	secmon_smc_table_reset();
	return secmon_smc_register(&secmon_trng_service);
}

static int setup(void)
{
	reset_source();
	return register_with(&ops);
}

/* An SMC with x1 = a1 and junk in x2-x17; counts the source's reads from here. */
static uint64_t smc(uint32_t fid, uint64_t a1)
{
	memset(&frame, 0, sizeof(frame));
	for (unsigned int i = 2; i < 18; i++)
		frame.x[i] = JUNK + i;
	frame.x[0] = fid;
	frame.x[1] = a1;
	reads = 0;
	return secmon_smc_dispatch(fid, &frame);
}

static bool regs_untouched(uint64_t a1)
{
	return frame.x[1] == a1 && frame.x[2] == JUNK + 2 && frame.x[3] == JUNK + 3;
}

static bool regs_zero(void)
{
	return frame.x[1] == 0 && frame.x[2] == 0 && frame.x[3] == 0;
}

/* Results beyond x3 are never touched. */
static bool high_regs_untouched(void)
{
	for (unsigned int i = 4; i < 18; i++)
		if (frame.x[i] != JUNK + i)
			return false;
	return true;
}

static const uint32_t trng_fids[] = {TRNG_FID_VERSION, TRNG_FID_FEATURES, TRNG_FID_GET_UUID,
				     TRNG_FID_RND32, TRNG_FID_RND64};
/* In the TRNG's range but not its functions: SMC64 forms of SMC32-only calls, free numbers. */
static const uint32_t other_fids[] = {0xc4000050u, 0xc4000051u, 0xc4000052u, 0x84000054u,
				      0x8400005fu, 0xc4000054u, 0xc400005fu};

static void test_no_source(void)
{
	/* No hook, or a hook whose source is not there: everything NOT_SUPPORTED. */
	for (int variant = 0; variant < 2; variant++) {
		reset_source();
		present = false;
		/* Absent: nothing listed, the dispatcher answers (SMC_UNK, NOT_SUPPORTED's -1). */
		CHECK_EQ(register_with(variant ? &ops : NULL), SECMON_SMC_ABSENT);
		CHECK_EQ(secmon_smc_table[0x84], secmon_smc_unknown);
		for (unsigned int i = 0; i < 5; i++) {
			CHECK_EQ(smc(trng_fids[i], 64), ST(TRNG_RET_NOT_SUPPORTED));
			CHECK(regs_untouched(64));
			CHECK_EQ(reads, 0);
		}
		for (unsigned int i = 0; i < sizeof(other_fids) / sizeof(other_fids[0]); i++)
			CHECK_EQ(smc(other_fids[i], 0), ST(TRNG_RET_NOT_SUPPORTED));
		CHECK_EQ(smc(TRNG_FID_FEATURES, TRNG_FID_RND64), ST(TRNG_RET_NOT_SUPPORTED));
		/* Asked once, at registration. */
		CHECK_EQ(presence_checks, variant ? 1u : 0u);
	}
	/* Beyond the TRNG's numbers: nobody's. */
	CHECK_EQ(smc(0x84000060u, 0), SMC_UNK);
	CHECK_EQ(smc(0x8400004fu, 0), SMC_UNK);
}

static void test_refused_sources(void)
{
	reset_source();
	ops.uuid.w[0] = 0xffffffffu; /* would read as NOT_SUPPORTED */
	CHECK_EQ(register_with(&ops), SECMON_SMC_EINIT);
	CHECK_EQ(smc(TRNG_FID_VERSION, 0), SMC_UNK); /* not listed */

	reset_source();
	ops.uuid = (struct secmon_smc_uid){{0, 0, 0, 0}}; /* no UUID */
	CHECK_EQ(register_with(&ops), SECMON_SMC_EINIT);

	reset_source();
	ops.read = NULL;
	CHECK_EQ(register_with(&ops), SECMON_SMC_EINIT);

	/* Odd but valid UUIDs; present() is optional (the source is there). */
	reset_source();
	ops.uuid = (struct secmon_smc_uid){{0, 0, 0, 1}};
	ops.present = NULL;
	CHECK_EQ(register_with(&ops), 0);
	CHECK_EQ(smc(TRNG_FID_VERSION, 0), TRNG_VERSION_1_0);
	CHECK_EQ(smc(TRNG_FID_GET_UUID, 0), 0);
	CHECK_EQ(frame.x[3], 1);
	reset_source();
	ops.uuid.w[0] = 0xfffffffeu; /* reads as INVALID_PARAMETERS, but is a UUID word */
	CHECK_EQ(register_with(&ops), 0);
	CHECK_EQ(smc(TRNG_FID_GET_UUID, 0), 0xfffffffeu);
}

static void test_version_features_uuid(void)
{
	CHECK_EQ(setup(), 0);
	CHECK_EQ(smc(TRNG_FID_VERSION, 0), 0x10000);
	CHECK(regs_untouched(0));
	/* FEATURES: each of the five, whatever the upper half of x1 (an SMC32 call). */
	for (unsigned int i = 0; i < 5; i++) {
		CHECK_EQ(smc(TRNG_FID_FEATURES, trng_fids[i]), ST(TRNG_RET_SUCCESS));
		CHECK_EQ(smc(TRNG_FID_FEATURES, 0xabcd000000000000ull | trng_fids[i]),
			 ST(TRNG_RET_SUCCESS));
		CHECK_EQ(reads, 0);
	}
	static const uint32_t not_trng[] = {0x84000000u, 0x8400004fu, 0x84000054u, 0xc4000050u,
					    0xc4000051u, 0xc4000052u, 0x84010053u, 0x04000053u,
					    0x80000000u, 0xffffffffu, 0x85000053u, 0xc4000054u};
	for (unsigned int i = 0; i < sizeof(not_trng) / sizeof(not_trng[0]); i++)
		CHECK_EQ(smc(TRNG_FID_FEATURES, not_trng[i]), ST(TRNG_RET_NOT_SUPPORTED));
	/* The calls that are not functions. */
	for (unsigned int i = 0; i < sizeof(other_fids) / sizeof(other_fids[0]); i++) {
		CHECK_EQ(smc(other_fids[i], 5), ST(TRNG_RET_NOT_SUPPORTED));
		CHECK(regs_untouched(5));
	}
	/* GET_UUID: w0-w3, x0 zero-extended. */
	CHECK_EQ(smc(TRNG_FID_GET_UUID, 0), UUID_W0);
	CHECK_EQ(frame.x[1], UUID_W1);
	CHECK_EQ(frame.x[2], UUID_W2);
	CHECK_EQ(frame.x[3], UUID_W3);
	CHECK(high_regs_untouched());
	/* The SVE hint bit is not part of the ID. */
	CHECK_EQ(smc(TRNG_FID_VERSION | SMCCC_SVE_HINT, 0), 0x10000);
	CHECK_EQ(smc(TRNG_FID_GET_UUID | SMCCC_SVE_HINT, 0), UUID_W0);
}

/*
 * What register r (0 = x3, 1 = x2, 2 = x1) of `width` bits must hold for N bits: bit b
 * is bit r * width + b of the source's output (word k / 64, bit k % 64) if below N.
 */
static uint64_t expected(unsigned int n, unsigned int width, unsigned int r)
{
	uint64_t v = 0;

	for (unsigned int b = 0; b < width; b++) {
		unsigned int k = r * width + b;

		if (k < n && ((mix(k / 64) >> (k % 64)) & 1))
			v |= 1ull << b;
	}
	return v;
}

static void check_rnd(uint32_t fid, unsigned int width, unsigned int max)
{
	unsigned int bad = 0;

	for (unsigned int n = 1; n <= max; n++) {
		uint64_t x0 = smc(fid, n);
		bool ok = x0 == ST(TRNG_RET_SUCCESS) && reads == (n + 63) / 64 &&
			  frame.x[3] == expected(n, width, 0) &&
			  frame.x[2] == expected(n, width, 1) &&
			  frame.x[1] == expected(n, width, 2) && high_regs_untouched();

		if (!ok && bad++ < 3)
			fprintf(
			    stderr,
			    "fid 0x%08x N=%u: x0 0x%llx reads %u x1 0x%llx x2 0x%llx x3 0x%llx\n",
			    fid, n, (unsigned long long)x0, reads, (unsigned long long)frame.x[1],
			    (unsigned long long)frame.x[2], (unsigned long long)frame.x[3]);
		CHECK(ok);
	}
	/* Every register holds bits, the top ones included, at the maximum. */
	smc(fid, max);
	CHECK(frame.x[1] >> (width - 8) != 0 || frame.x[2] >> (width - 8) != 0);
	CHECK(frame.x[1] != 0 && frame.x[2] != 0 && frame.x[3] != 0);
	if (width == 32)
		CHECK((frame.x[1] | frame.x[2] | frame.x[3]) >> 32 == 0);
}

static void test_rnd_packing(void)
{
	CHECK_EQ(setup(), 0);
	check_rnd(TRNG_FID_RND32, 32, TRNG_RND32_MAX_BITS);
	check_rnd(TRNG_FID_RND64, 64, TRNG_RND64_MAX_BITS);
	/* A few hand-checked values: N = 1 is bit 0 of the first word, alone in x3. */
	smc(TRNG_FID_RND64, 1);
	CHECK_EQ(frame.x[3], mix(0) & 1);
	CHECK_EQ(frame.x[2], 0);
	CHECK_EQ(frame.x[1], 0);
	smc(TRNG_FID_RND64, 128);
	CHECK_EQ(frame.x[3], mix(0));
	CHECK_EQ(frame.x[2], mix(1));
	CHECK_EQ(frame.x[1], 0);
	smc(TRNG_FID_RND32, 96);
	CHECK_EQ(frame.x[3], mix(0) & 0xffffffffu);
	CHECK_EQ(frame.x[2], mix(0) >> 32);
	CHECK_EQ(frame.x[1], mix(1) & 0xffffffffu);
	smc(TRNG_FID_RND32, 40);
	CHECK_EQ(frame.x[3], mix(0) & 0xffffffffu);
	CHECK_EQ(frame.x[2], (mix(0) >> 32) & 0xff);
	CHECK_EQ(frame.x[1], 0);
	/* SMC32: only w1 is N; SMC64: all of x1 is. */
	CHECK_EQ(smc(TRNG_FID_RND32, 0xffffffff00000040ull), ST(TRNG_RET_SUCCESS));
	CHECK_EQ(frame.x[2], mix(0) >> 32);
	CHECK_EQ(smc(TRNG_FID_RND32 | SMCCC_SVE_HINT, 96), ST(TRNG_RET_SUCCESS));
	CHECK_EQ(frame.x[1], mix(1) & 0xffffffffu);
}

static void test_rnd_invalid(void)
{
	static const struct {
		uint32_t fid;
		uint64_t n;
	} bad[] = {
	    {TRNG_FID_RND32, 0},
	    {TRNG_FID_RND32, 97},
	    {TRNG_FID_RND32, 192},
	    {TRNG_FID_RND32, 0xffffffffu},
	    {TRNG_FID_RND32, 0x100000000ull}, /* w1 = 0 */
	    {TRNG_FID_RND64, 0},
	    {TRNG_FID_RND64, 193},
	    {TRNG_FID_RND64, 0x100000040ull}, /* upper bits set: not 64 */
	    {TRNG_FID_RND64, 0xffffffffffffffffull},
	    {TRNG_FID_RND64, 0x8000000000000000ull},
	};

	CHECK_EQ(setup(), 0);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ(smc(bad[i].fid, bad[i].n), 0xfffffffffffffffeull);
		CHECK(regs_zero());
		CHECK(high_regs_untouched());
		CHECK_EQ(reads, 0);
	}
}

static void test_no_entropy(void)
{
	CHECK_EQ(setup(), 0);
	/* The source fails on its 1st, 2nd or 3rd word: nothing of it goes out. */
	for (unsigned int f = 1; f <= 3; f++) {
		fail_at = f;
		CHECK_EQ(smc(TRNG_FID_RND64, 192), 0xfffffffffffffffdull);
		CHECK(regs_zero());
		CHECK_EQ(reads, f); /* no read after the failed one */
		CHECK(high_regs_untouched());
	}
	for (unsigned int f = 1; f <= 2; f++) {
		fail_at = f;
		CHECK_EQ(smc(TRNG_FID_RND32, 96), ST(TRNG_RET_NO_ENTROPY));
		CHECK(regs_zero());
	}
	/* A failure past the words a call needs does not matter; the next call works. */
	fail_at = 2;
	CHECK_EQ(smc(TRNG_FID_RND64, 64), ST(TRNG_RET_SUCCESS));
	CHECK_EQ(frame.x[3], mix(0));
	fail_at = 0;
	CHECK_EQ(smc(TRNG_FID_RND64, 192), ST(TRNG_RET_SUCCESS));
	CHECK_EQ(frame.x[1], mix(2));
}

/* An owner of entity 4 (as PSCI) that passes what it does not know to the general queries. */
static const struct secmon_smc_service owner;

static uint64_t owner_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			      struct secmon_smc_frame *f)
{
	if (SMCCC_FUNC_NUM(fid) <= 0x1f)
		return 0x10001;
	return secmon_smc_general_query(&owner, fid, f);
}

static const struct secmon_smc_service owner = {
    .name = "owner",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST,
    .handler = owner_handler,
    .call_count = 35,
};

static void test_next_to_owner(void)
{
	CHECK_EQ(setup(), 0);
	CHECK_EQ(secmon_smc_register(&owner), 0);
	CHECK_EQ(secmon_smc_table[0x84], owner_handler);
	CHECK_EQ(smc(0x84000000u, 0), 0x10001);
	CHECK_EQ(smc(TRNG_FID_VERSION, 0), TRNG_VERSION_1_0);
	CHECK_EQ(smc(TRNG_FID_RND64, 100), ST(TRNG_RET_SUCCESS));
	CHECK_EQ(frame.x[2], mix(1) & ((1ull << 36) - 1));
	CHECK_EQ(smc(0x8400ff00u, 0), 35); /* Call Count: the owner's */
	CHECK_EQ(smc(0x84000054u, 0), ST(TRNG_RET_NOT_SUPPORTED));
}

int main(void)
{
	test_no_source();
	test_refused_sources();
	test_version_features_uuid();
	test_rnd_packing();
	test_rnd_invalid();
	test_no_entropy();
	test_next_to_owner();
	return check_report();
}
