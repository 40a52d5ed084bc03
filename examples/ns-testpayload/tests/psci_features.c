/*
 * PSCI_FEATURES (DEN0022 5.15): for every PSCI function ID, SUCCESS (or the function's
 * feature flags) if the port offers it, NOT_SUPPORTED if not; SUCCESS for SMCCC_VERSION
 * (how callers find SMCCC 1.1+); NOT_SUPPORTED for everything else. It is an SMC32 call:
 * the upper half of x1 is not part of the queried ID.
 */
#include "board.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"
#include "util.h"

/*
 * Each PSCI function: whether every PSCI 1.0+ implementation has it (DEN0022 table 5),
 * and whether it has an SMC64 form.
 */
struct feature {
	const char *name; /* check name */
	uint8_t fn;
	bool mandatory;
	bool smc64;
};

static const struct feature features[] = {
    {"psci_version", FN_PSCI_VERSION, true, false},
    {"cpu_suspend", FN_CPU_SUSPEND, true, true},
    {"cpu_off", FN_CPU_OFF, true, false},
    {"cpu_on", FN_CPU_ON, true, true},
    {"affinity_info", FN_AFFINITY_INFO, true, true},
    {"migrate", FN_MIGRATE, false, true},
    {"migrate_info_type", FN_MIGRATE_INFO_TYPE, false, false},
    {"migrate_info_up_cpu", FN_MIGRATE_INFO_UP_CPU, false, true},
    {"system_off", FN_SYSTEM_OFF, true, false},
    {"system_reset", FN_SYSTEM_RESET, true, false},
    {"psci_features", FN_PSCI_FEATURES, true, false},
    {"cpu_freeze", FN_CPU_FREEZE, false, false},
    {"cpu_default_suspend", FN_CPU_DEFAULT_SUSPEND, false, true},
    {"node_hw_state", FN_NODE_HW_STATE, false, true},
    {"system_suspend", FN_SYSTEM_SUSPEND, false, true},
    {"psci_set_suspend_mode", FN_PSCI_SET_SUSPEND_MODE, false, false},
    {"psci_stat_residency", FN_PSCI_STAT_RESIDENCY, false, true},
    {"psci_stat_count", FN_PSCI_STAT_COUNT, false, true},
    {"system_reset2", FN_SYSTEM_RESET2, false, true},
    {"mem_protect", FN_MEM_PROTECT, false, false},
    {"mem_protect_check_range", FN_MEM_PROTECT_CHECK_RANGE, false, true},
    {"system_off2", FN_SYSTEM_OFF2, false, true},
};

/* IDs that are neither PSCI functions nor SMCCC_VERSION. */
static const uint32_t unknown_ids[] = {
    0x00000000,
    0xffffffff,
    0x80000001 /* SMCCC_ARCH_FEATURES */,
    0x80008000 /* WORKAROUND_1 */,
    0x84000016,
    0x8400001f,
    0xc4000016,
    0x84000020,
    0x8400ff00,
    0x8400ff01,
    0x84010000,
    0x84ff0003,
    0x85000003,
    0x04000003 /* yielding CPU_ON */,
    0xc4000002 /* CPU_OFF64 */,
    0xc4000000,
    0xc400000a,
    0x82000003,
    0xc2000001,
};

static int32_t query(uint32_t fid)
{
	return psci(PSCI32(FN_PSCI_FEATURES), fid, 0, 0);
}

/* What an offered function answers: SUCCESS, or its feature flags. */
static int32_t offered_answer(unsigned int fn)
{
	if (fn == FN_CPU_SUSPEND)
		return psci_env.conv.cpu_suspend_features;
	if (fn == FN_SYSTEM_OFF2)
		return psci_env.conv.system_off2_features;
	return PSCI_E_SUCCESS;
}

/*
 * With a profile: exactly what it says (offered: SUCCESS or the flags, else
 * NOT_SUPPORTED). Without: a mandatory function must be there, an optional one may be.
 * Either way the SMC64 form of a function that has none is NOT_SUPPORTED, and both forms
 * of one that has answer the same.
 */
static void check_function(const struct feature *f)
{
	int32_t got32 = query(PSCI32(f->fn));
	int32_t got64 = query(PSCI64(f->fn));
	int32_t want32, want64;

	if (psci_env.conv.exact) {
		want32 = psci_offers(f->fn) ? offered_answer(f->fn) : PSCI_E_NOT_SUPPORTED;
		want64 = f->smc64 ? want32 : PSCI_E_NOT_SUPPORTED;
		tf_check(got32 == want32 && got64 == want64, f->name,
			 "SMC32 0x%08x -> %s (want %s), SMC64 0x%08x -> %s (want %s)",
			 PSCI32(f->fn), psci_err_name(got32), psci_err_name(want32), PSCI64(f->fn),
			 psci_err_name(got64), psci_err_name(want64));
		return;
	}
	bool valid32 = got32 >= 0 || (!f->mandatory && got32 == PSCI_E_NOT_SUPPORTED);
	bool valid64 = f->smc64 ? got64 == got32 : got64 == PSCI_E_NOT_SUPPORTED;

	tf_check(valid32 && valid64, f->name,
		 "SMC32 0x%08x -> %s (want %s), SMC64 0x%08x -> %s (want %s)", PSCI32(f->fn),
		 psci_err_name(got32),
		 f->mandatory ? "SUCCESS or flags" : "SUCCESS, flags or NOT_SUPPORTED",
		 PSCI64(f->fn), psci_err_name(got64),
		 f->smc64 ? "the SMC32 answer" : "NOT_SUPPORTED");
}

/* Pairs the spec defines together: both or neither. */
static void check_pairs(void)
{
	static const uint8_t pairs[][2] = {
	    {FN_PSCI_STAT_RESIDENCY, FN_PSCI_STAT_COUNT},
	    {FN_MEM_PROTECT, FN_MEM_PROTECT_CHECK_RANGE},
	};
	struct tf_failures f = {0};

	for (unsigned int i = 0; i < ARRAY_SIZE(pairs); i++) {
		bool a = query(PSCI32(pairs[i][0])) >= 0, b = query(PSCI32(pairs[i][1])) >= 0;

		if (a != b)
			tf_fail(&f, "0x%02x %s, 0x%02x %s", pairs[i][0], a ? "offered" : "not",
				pairs[i][1], b ? "offered" : "not");
	}
	tf_report("pairs_offered_together", &f);
}

static void run(void)
{
	unsigned int bad = 0;
	uint32_t first = 0;
	int32_t got = 0;

	if (!psci_require())
		return;
	psci_report_conventions();
	for (unsigned int i = 0; i < ARRAY_SIZE(features); i++)
		check_function(&features[i]);
	if (!psci_env.conv.exact)
		check_pairs();

	got = query(0x80000000u);
	tf_check(got == PSCI_E_SUCCESS, "smccc_version", "SMCCC_VERSION -> %s, want SUCCESS",
		 psci_err_name(got));

	for (unsigned int i = 0; i < ARRAY_SIZE(unknown_ids); i++) {
		int32_t rc = query(unknown_ids[i]);

		if (rc != PSCI_E_NOT_SUPPORTED && bad++ == 0) {
			first = unknown_ids[i];
			got = rc;
		}
	}
	tf_check(bad == 0, "unknown_ids_not_supported", "%u of %u answered, first 0x%08x -> %s",
		 bad, (unsigned int)ARRAY_SIZE(unknown_ids), first, psci_err_name(got));

	/* SMC32: x1 = junk:CPU_ON must be read as CPU_ON, junk:0 as ID 0. */
	got = psci(PSCI32(FN_PSCI_FEATURES), UPPER_GARBAGE | PSCI32(FN_CPU_ON), 0, 0);
	int32_t got0 = psci(PSCI32(FN_PSCI_FEATURES), UPPER_GARBAGE, 0, 0);

	tf_check(got == PSCI_E_SUCCESS && got0 == PSCI_E_NOT_SUPPORTED, "upper_bits_ignored",
		 "x1 = 0x%lx -> %s (want SUCCESS), 0x%lx -> %s (want NOT_SUPPORTED)",
		 (unsigned long)(UPPER_GARBAGE | PSCI32(FN_CPU_ON)), psci_err_name(got),
		 (unsigned long)UPPER_GARBAGE, psci_err_name(got0));
}

const struct tf_suite psci_features_suite = {"psci_features", run};
