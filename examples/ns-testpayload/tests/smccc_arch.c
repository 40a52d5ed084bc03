/*
 * The Arm architecture service (SMCCC v1.5, Arm DEN0028, owning entity 0): SMCCC_VERSION,
 * SMCCC_ARCH_FEATURES, SMCCC_ARCH_SOC_ID and SMCCC_ARCH_WORKAROUND_1/2/3
 * (SMCCC_ARCH_FEATURE_AVAILABILITY: tests/features.c).
 *
 * These are SMC32 calls: only w0 of a result is defined, so results are compared as 32-bit
 * values; an unknown call must still answer SMC_UNK sign-extended to 64 bits.
 */
#include <secmon/smccc.h>

#include "board.h"
#include "cpu.h"
#include "expected.h"
#include "framework.h"
#include "rand.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define SMCCC_ARCH_SOC_ID_64	0xc0000002u /* SoC name, SMCCC 1.6 only */
#define SMCCC_ARCH_WORKAROUND_4 0x80000004u /* SMCCC 1.6 only */
#define PSCI_VERSION		0x84000000u
#define PSCI_CPU_ON_64		0xc4000003u

/* Garbage in the upper half of an SMC32 argument, which the callee must ignore. */
#define UPPER_GARBAGE 0xdeadbeef00000000ull

static int32_t features(uint64_t fid)
{
	return (int32_t)smc1(SMCCC_ARCH_FEATURES, fid).x0;
}

static bool expect_w0(const char *name, uint64_t x0, int32_t want)
{
	return tf_check((uint32_t)x0 == (uint32_t)want, name, "w0 = 0x%x (%d), want 0x%x (%d)",
			(uint32_t)x0, (int32_t)x0, (uint32_t)want, want);
}

static void check_version(void)
{
	expect_w0("version", smc0(SMCCC_VERSION).x0, (int32_t)EXPECTED_SMCCC_VERSION);
	/* SMCCC 1.3+: bit 16 of a fast call is the SVE hint, which must not change the call. */
	expect_w0("version_sve_hint", smc0(SMCCC_VERSION | SMCCC_SVE_HINT).x0,
		  (int32_t)EXPECTED_SMCCC_VERSION);
}

static void check_features(void)
{
	/* Implemented calls answer 0 (no feature flags are defined for them). */
	expect_w0("features_version", features(SMCCC_VERSION), 0);
	expect_w0("features_arch_features", features(SMCCC_ARCH_FEATURES), 0);
	/* SMCCC 1.5's FEATURE_AVAILABILITY, an SMC64 call (tests/features.c calls it). */
	expect_w0("features_feature_availability", features(SMCCC_ARCH_FEATURE_AVAILABILITY), 0);
	/* SOC_ID is optional: a port without a SoC ID answers NOT_SUPPORTED. */
	if (board.profile->soc_id_exact) {
		expect_w0("features_soc_id", features(SMCCC_ARCH_SOC_ID), 0);
	} else {
		int32_t f = features(SMCCC_ARCH_SOC_ID);

		tf_check(f == 0 || f == SMCCC_RET_NOT_SUPPORTED, "features_soc_id",
			 "w0 = %d, want 0 or NOT_SUPPORTED", f);
	}
	/* SMC32 arguments: only w1 counts. */
	expect_w0("features_upper_bits_ignored",
		  smc1(SMCCC_ARCH_FEATURES, UPPER_GARBAGE | SMCCC_VERSION).x0, 0);

	/* Arch IDs we do not implement, and IDs of other services: NOT_SUPPORTED. */
	static const uint32_t unsupported[] = {
	    0x80000003, /* FEATURE_AVAILABILITY's SMC32 form: not served */
	    0x80001234, 0x8000ff02,   SMCCC_ARCH_SOC_ID_64, SMCCC_ARCH_WORKAROUND_4,
	    0xc0000000, PSCI_VERSION, PSCI_CPU_ON_64,	    0x83000000,
	    0x3f000000, 0xffffffff,   0x00000000,
	};
	unsigned int bad = 0;
	uint32_t first_bad = 0;
	int32_t first_got = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(unsupported); i++) {
		int32_t got = features(unsupported[i]);

		if (got != SMCCC_RET_NOT_SUPPORTED && bad++ == 0) {
			first_bad = unsupported[i];
			first_got = got;
		}
	}
	tf_check(bad == 0, "features_unknown_ids",
		 "%u of %u IDs not NOT_SUPPORTED, first 0x%x -> %d", bad,
		 (unsigned int)ARRAY_SIZE(unsupported), first_bad, first_got);
}

/*
 * A board without exact values: type 0 and 1 answer a valid value (bit 31 clear: no error
 * code) if ARCH_FEATURES says SOC_ID is there, NOT_SUPPORTED if not.
 */
static void check_soc_id_validity(void)
{
	bool there = features(SMCCC_ARCH_SOC_ID) == 0;
	int32_t version = (int32_t)smc1(SMCCC_ARCH_SOC_ID, 0).x0;
	int32_t revision = (int32_t)smc1(SMCCC_ARCH_SOC_ID, 1).x0;
	int32_t upper = (int32_t)smc1(SMCCC_ARCH_SOC_ID, UPPER_GARBAGE | 0).x0;

	if (there) {
		tf_check(version >= 0, "soc_id_version", "w0 = 0x%x: an error code", version);
		tf_check(revision >= 0, "soc_id_revision", "w0 = 0x%x: an error code", revision);
		tf_info("%s: SoC ID 0x%08x (JEP-106 continuation codes %u, code 0x%02x, SoC "
			"0x%04x), revision 0x%x: checked for validity only",
			board.profile->name, version, (version >> 24) & 0x7f,
			(version >> 16) & 0xff, version & 0xffff, revision);
	} else {
		tf_check(version == SMCCC_RET_NOT_SUPPORTED && revision == SMCCC_RET_NOT_SUPPORTED,
			 "soc_id_not_supported", "types 0/1 -> %d / %d, want NOT_SUPPORTED",
			 version, revision);
	}
	expect_w0("soc_id_upper_bits_ignored", (uint32_t)upper, version);
}

static void check_soc_id(void)
{
	const struct board_profile *p = board.profile;

	if (p->soc_id_exact) {
		expect_w0("soc_id_version", smc1(SMCCC_ARCH_SOC_ID, 0).x0, (int32_t)p->soc_version);
		expect_w0("soc_id_revision", smc1(SMCCC_ARCH_SOC_ID, 1).x0,
			  (int32_t)p->soc_revision);
		expect_w0("soc_id_upper_bits_ignored",
			  smc1(SMCCC_ARCH_SOC_ID, UPPER_GARBAGE | 0).x0, (int32_t)p->soc_version);
	} else {
		check_soc_id_validity();
	}

	/* Type 2 (SoC name) exists only as an SMC64 call of SMCCC 1.6. */
	static const uint32_t bad_types[] = {2, 3, 0x7fffffff, 0x80000000, 0xffffffff};
	unsigned int bad = 0;
	uint32_t first_type = 0;
	int32_t first_got = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(bad_types); i++) {
		int32_t got = (int32_t)smc1(SMCCC_ARCH_SOC_ID, bad_types[i]).x0;

		if (got != SMCCC_RET_INVALID_PARAMETER && bad++ == 0) {
			first_type = bad_types[i];
			first_got = got;
		}
	}
	tf_check(bad == 0, "soc_id_invalid_type",
		 "%u of %u bad types not INVALID_PARAMETER (%d), first type 0x%x -> %d", bad,
		 (unsigned int)ARRAY_SIZE(bad_types), SMCCC_RET_INVALID_PARAMETER, first_type,
		 first_got);
	tf_expect_eq("soc_id_smc64_unknown", smc1(SMCCC_ARCH_SOC_ID_64, 2).x0, SMC_UNK);
}

/*
 * ARCH_FEATURES(WORKAROUND_n): 0 = implemented and needed on this PE, 1 = implemented but
 * not needed on this PE, NOT_SUPPORTED = not implemented (call answers SMC_UNK); for
 * WORKAROUND_2 also NOT_REQUIRED (-2): no dynamic mitigation needed on any PE. The calls
 * return nothing defined; what must hold is that they return and preserve registers.
 */
struct workaround {
	const char *features_name; /* check names */
	const char *call_name;
	uint32_t fid;
	uint64_t x1;	      /* WORKAROUND_2: 1 = enable the mitigation */
	bool not_required_ok; /* NOT_REQUIRED is a valid answer */
};

static int32_t check_workaround(const struct workaround *w, struct rng *r)
{
	int32_t f = features(w->fid);
	bool valid = f == 0 || f == 1 || f == SMCCC_RET_NOT_SUPPORTED ||
		     (w->not_required_ok && f == SMCCC_RET_NOT_REQUIRED);

	tf_check(valid, w->features_name, "ARCH_FEATURES answered %d", f);

	struct smc_regcheck rc;
	char regs[128];

	probe_prepare(&rc, r, w->fid, w->x1, 0, 0);
	uint32_t mask = smc_regcheck(&rc);

	regmask_format(regs, sizeof(regs), mask);
	if (f == SMCCC_RET_NOT_SUPPORTED)
		tf_check(rc.out[0] == SMC_UNK && mask == 0, w->call_name,
			 "not implemented per ARCH_FEATURES, but the call answered 0x%lx%s%s",
			 (unsigned long)rc.out[0], mask ? ", changed:" : "", regs);
	else
		tf_check(mask == 0, w->call_name, "changed:%s", regs);
	return f;
}

/*
 * On a core the board's profile lists (the monitor has its own ops for it), the answers
 * must be the ones those give.
 */
static void check_workarounds_of_core(uint32_t midr, int32_t wa1, int32_t wa3)
{
	const struct board_profile *p = board.profile;

	for (unsigned int i = 0; i < p->core_count; i++) {
		const struct core_workarounds *core = &p->cores[i];

		if ((midr & PROFILE_MIDR_PART_MASK) != core->part)
			continue;
		int32_t want1 = core->wa1;

		if (want1 == PROFILE_WA_CSV2) {
			uint64_t pfr0;

			__asm__ volatile("mrs %0, id_aa64pfr0_el1" : "=r"(pfr0));
			want1 = ((pfr0 >> 56) & 0xf) >= 1 ? 1 : SMCCC_RET_NOT_SUPPORTED;
		}
		expect_w0("workaround_1_features_of_core", (uint32_t)wa1, want1);
		expect_w0("workaround_3_features_of_core", (uint32_t)wa3, core->wa3);
		return;
	}
	tf_info("MIDR 0x%x: no per-core expectation, answers only checked for validity", midr);
}

static void check_workarounds(void)
{
	static const struct workaround was[] = {
	    {"workaround_1_features", "workaround_1_call", SMCCC_ARCH_WORKAROUND_1, 0, false},
	    {"workaround_2_features", "workaround_2_call", SMCCC_ARCH_WORKAROUND_2, 1, true},
	    {"workaround_3_features", "workaround_3_call", SMCCC_ARCH_WORKAROUND_3, 0, false},
	};
	struct rng r = {0x5eed0a7c4a3b2a11ull};
	int32_t f[3];

	for (unsigned int i = 0; i < ARRAY_SIZE(was); i++)
		f[i] = check_workaround(&was[i], &r);
	/* WORKAROUND_3 also mitigates CVE-2017-5715: it cannot be "not needed" where 1 is. */
	tf_check(!(f[0] == 0 && f[2] == 1), "workaround_3_covers_1",
		 "WORKAROUND_1 needed (0) but WORKAROUND_3 reports not needed (1)");

	uint64_t midr;

	__asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
	tf_info("MIDR 0x%lx: ARCH_FEATURES(WORKAROUND_1/2/3) = %d / %d / %d", (unsigned long)midr,
		f[0], f[1], f[2]);
	check_workarounds_of_core((uint32_t)midr, f[0], f[2]);
}

static void run(void)
{
	check_version();
	check_features();
	check_soc_id();
	check_workarounds();
}

const struct tf_suite smccc_arch_suite = {"smccc_arch", run};
