/*
 * MIGRATE, MIGRATE_INFO_TYPE and MIGRATE_INFO_UP_CPU (DEN0022 5.7-5.9): the port has no
 * Trusted OS that needs migrating, so the type says so and the other two are not offered.
 */
#include "expected.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"

static void run(void)
{
	int32_t rc, rc64;

	if (!psci_require())
		return;
	rc = psci(PSCI32(FN_MIGRATE_INFO_TYPE), 0, 0, 0);
	tf_check(rc == EXPECTED_MIGRATE_INFO_TYPE, "migrate_info_type", "%d, want %d", rc,
		 EXPECTED_MIGRATE_INFO_TYPE);
#if !EXPECTED_HAS_MIGRATE
	rc = psci(PSCI32(FN_MIGRATE), psci_mpidr(0), 0, 0);
	rc64 = psci(PSCI64(FN_MIGRATE), psci_mpidr(0), 0, 0);
	tf_check(rc == PSCI_E_NOT_SUPPORTED && rc64 == PSCI_E_NOT_SUPPORTED,
		 "migrate_not_supported", "SMC32 %s, SMC64 %s", psci_err_name(rc),
		 psci_err_name(rc64));
#endif
#if !EXPECTED_HAS_MIGRATE_INFO_UP_CPU
	rc = psci(PSCI32(FN_MIGRATE_INFO_UP_CPU), 0, 0, 0);
	rc64 = psci(PSCI64(FN_MIGRATE_INFO_UP_CPU), 0, 0, 0);
	tf_check(rc == PSCI_E_NOT_SUPPORTED && rc64 == PSCI_E_NOT_SUPPORTED,
		 "migrate_info_up_cpu_not_supported", "SMC32 %s, SMC64 %s", psci_err_name(rc),
		 psci_err_name(rc64));
#endif
}

const struct tf_suite psci_migrate_suite = {"psci_migrate", run};
