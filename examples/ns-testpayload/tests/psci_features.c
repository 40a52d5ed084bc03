/*
 * PSCI_FEATURES (DEN0022 5.15): for every PSCI function ID, SUCCESS (or the function's
 * feature flags) if the port offers it, NOT_SUPPORTED if not; SUCCESS for SMCCC_VERSION
 * (how callers find SMCCC 1.1+); NOT_SUPPORTED for everything else. It is an SMC32 call:
 * the upper half of x1 is not part of the queried ID.
 */
#include "expected.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"
#include "util.h"

#define NO_SMC64 0x7fffffff /* marks functions without an SMC64 form */

#define SUPPORTED(yes) ((yes) ? PSCI_E_SUCCESS : PSCI_E_NOT_SUPPORTED)

/* What PSCI_FEATURES must say about each function, SMC32 and SMC64 form. */
struct feature {
	const char *name; /* check name */
	uint8_t fn;
	int32_t want32, want64;
};

static const struct feature features[] = {
    {"psci_version", FN_PSCI_VERSION, PSCI_E_SUCCESS, NO_SMC64},
    {"cpu_suspend", FN_CPU_SUSPEND, EXPECTED_CPU_SUSPEND_FEATURES, EXPECTED_CPU_SUSPEND_FEATURES},
    {"cpu_off", FN_CPU_OFF, PSCI_E_SUCCESS, NO_SMC64},
    {"cpu_on", FN_CPU_ON, PSCI_E_SUCCESS, PSCI_E_SUCCESS},
    {"affinity_info", FN_AFFINITY_INFO, PSCI_E_SUCCESS, PSCI_E_SUCCESS},
    {"migrate", FN_MIGRATE, SUPPORTED(EXPECTED_HAS_MIGRATE), SUPPORTED(EXPECTED_HAS_MIGRATE)},
    {"migrate_info_type", FN_MIGRATE_INFO_TYPE, PSCI_E_SUCCESS, NO_SMC64},
    {"migrate_info_up_cpu", FN_MIGRATE_INFO_UP_CPU, SUPPORTED(EXPECTED_HAS_MIGRATE_INFO_UP_CPU),
     SUPPORTED(EXPECTED_HAS_MIGRATE_INFO_UP_CPU)},
    {"system_off", FN_SYSTEM_OFF, PSCI_E_SUCCESS, NO_SMC64},
    {"system_reset", FN_SYSTEM_RESET, PSCI_E_SUCCESS, NO_SMC64},
    {"psci_features", FN_PSCI_FEATURES, PSCI_E_SUCCESS, NO_SMC64},
    {"cpu_freeze", FN_CPU_FREEZE, SUPPORTED(EXPECTED_HAS_CPU_FREEZE), NO_SMC64},
    {"cpu_default_suspend", FN_CPU_DEFAULT_SUSPEND, SUPPORTED(EXPECTED_HAS_CPU_DEFAULT_SUSPEND),
     SUPPORTED(EXPECTED_HAS_CPU_DEFAULT_SUSPEND)},
    {"node_hw_state", FN_NODE_HW_STATE, SUPPORTED(EXPECTED_HAS_NODE_HW_STATE),
     SUPPORTED(EXPECTED_HAS_NODE_HW_STATE)},
    {"system_suspend", FN_SYSTEM_SUSPEND, SUPPORTED(EXPECTED_HAS_SYSTEM_SUSPEND),
     SUPPORTED(EXPECTED_HAS_SYSTEM_SUSPEND)},
    {"psci_set_suspend_mode", FN_PSCI_SET_SUSPEND_MODE, SUPPORTED(EXPECTED_HAS_SET_SUSPEND_MODE),
     NO_SMC64},
    {"psci_stat_residency", FN_PSCI_STAT_RESIDENCY, SUPPORTED(EXPECTED_HAS_STAT),
     SUPPORTED(EXPECTED_HAS_STAT)},
    {"psci_stat_count", FN_PSCI_STAT_COUNT, SUPPORTED(EXPECTED_HAS_STAT),
     SUPPORTED(EXPECTED_HAS_STAT)},
    {"system_reset2", FN_SYSTEM_RESET2, SUPPORTED(EXPECTED_HAS_SYSTEM_RESET2),
     SUPPORTED(EXPECTED_HAS_SYSTEM_RESET2)},
    {"mem_protect", FN_MEM_PROTECT, SUPPORTED(EXPECTED_HAS_MEM_PROTECT), NO_SMC64},
    {"mem_protect_check_range", FN_MEM_PROTECT_CHECK_RANGE, SUPPORTED(EXPECTED_HAS_MEM_PROTECT),
     SUPPORTED(EXPECTED_HAS_MEM_PROTECT)},
    {"system_off2", FN_SYSTEM_OFF2,
     EXPECTED_HAS_SYSTEM_OFF2 ? (int32_t)EXPECTED_SYSTEM_OFF2_FEATURES : PSCI_E_NOT_SUPPORTED,
     EXPECTED_HAS_SYSTEM_OFF2 ? (int32_t)EXPECTED_SYSTEM_OFF2_FEATURES : PSCI_E_NOT_SUPPORTED},
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

static void check_function(const struct feature *f)
{
	int32_t got32 = query(PSCI32(f->fn));
	int32_t got64 = query(PSCI64(f->fn));
	int32_t want64 = f->want64 == NO_SMC64 ? PSCI_E_NOT_SUPPORTED : f->want64;

	tf_check(got32 == f->want32 && got64 == want64, f->name,
		 "SMC32 0x%08x -> %s (want %s), SMC64 0x%08x -> %s (want %s)", PSCI32(f->fn),
		 psci_err_name(got32), psci_err_name(f->want32), PSCI64(f->fn),
		 psci_err_name(got64), psci_err_name(want64));
}

static void run(void)
{
	unsigned int bad = 0;
	uint32_t first = 0;
	int32_t got = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(features); i++)
		check_function(&features[i]);

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
