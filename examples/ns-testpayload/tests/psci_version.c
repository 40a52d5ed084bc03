/*
 * PSCI_VERSION (DEN0022 5.1.1), and what the PSCI range answers for function IDs that do
 * not exist: NOT_SUPPORTED (-1, the same value as SMC_UNK) for unused function numbers
 * and for SMC64 forms the spec does not define.
 */
#include "expected.h"
#include "framework.h"
#include "psci_client.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

/* Functions that have only an SMC32 form. */
static const uint8_t smc32_only[] = {
    FN_PSCI_VERSION,  FN_CPU_OFF,    FN_MIGRATE_INFO_TYPE,     FN_SYSTEM_OFF,  FN_SYSTEM_RESET,
    FN_PSCI_FEATURES, FN_CPU_FREEZE, FN_PSCI_SET_SUSPEND_MODE, FN_MEM_PROTECT,
};

static void check_version(void)
{
	uint64_t x0 = psci_raw(PSCI32(FN_PSCI_VERSION), 0, 0, 0);

	tf_check((uint32_t)x0 == EXPECTED_PSCI_VERSION, "version", "w0 = 0x%x, want 0x%x (%u.%u)",
		 (uint32_t)x0, EXPECTED_PSCI_VERSION, EXPECTED_PSCI_VERSION >> 16,
		 EXPECTED_PSCI_VERSION & 0xffff);
	/* Arguments mean nothing to PSCI_VERSION. */
	x0 = psci_raw(PSCI32(FN_PSCI_VERSION), ~0ull, UPPER_GARBAGE, 0x1234);
	tf_check((uint32_t)x0 == EXPECTED_PSCI_VERSION, "version_ignores_arguments",
		 "w0 = 0x%x with junk in x1-x3", (uint32_t)x0);
}

/* Calls fid with no arguments and counts it unless it answers NOT_SUPPORTED. */
static void expect_not_supported(uint32_t fid, unsigned int *bad, uint32_t *first, int32_t *got)
{
	int32_t rc = psci(fid, 0, 0, 0);

	if (rc != PSCI_E_NOT_SUPPORTED && (*bad)++ == 0) {
		*first = fid;
		*got = rc;
	}
}

static void check_unknown_functions(void)
{
	unsigned int bad = 0;
	uint32_t first = 0;
	int32_t got = 0;

	for (uint32_t fn = FN_COUNT; fn <= 0x1f; fn++) {
		expect_not_supported(PSCI32(fn), &bad, &first, &got);
		expect_not_supported(PSCI64(fn), &bad, &first, &got);
	}
	tf_check(bad == 0, "unused_numbers_not_supported", "%u IDs answered, first 0x%08x -> %s",
		 bad, first, psci_err_name(got));

	bad = 0;
	for (unsigned int i = 0; i < ARRAY_SIZE(smc32_only); i++)
		expect_not_supported(PSCI64(smc32_only[i]), &bad, &first, &got);
	tf_check(bad == 0, "undefined_smc64_forms_not_supported",
		 "%u IDs answered, first 0x%08x -> %s", bad, first, psci_err_name(got));
}

static void run(void)
{
	check_version();
	check_unknown_functions();
}

const struct tf_suite psci_version_suite = {"psci_version", run};
