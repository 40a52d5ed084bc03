/*
 * MIGRATE, MIGRATE_INFO_TYPE and MIGRATE_INFO_UP_CPU (DEN0022 5.7-5.9). With a profile:
 * the type it gives (QEMU virt: 2, no Trusted OS that needs migrating) and the two others
 * not offered where it says so. Without: a valid type (0 to 2), the others as offered.
 */
#include "framework.h"
#include "psci_client.h"
#include "tests.h"

static void run(void)
{
	const struct psci_profile *c = &psci_env.conv;
	int32_t rc, rc64;

	if (!psci_require())
		return;
	rc = psci(PSCI32(FN_MIGRATE_INFO_TYPE), 0, 0, 0);
	if (c->exact)
		tf_check(rc == c->migrate_info_type, "migrate_info_type", "%d, want %d", rc,
			 c->migrate_info_type);
	else
		tf_check((rc >= 0 && rc <= 2) || rc == PSCI_E_NOT_SUPPORTED, "migrate_info_type",
			 "%d, want 0, 1, 2 or NOT_SUPPORTED", rc);
	if (!psci_offers(FN_MIGRATE)) {
		rc = psci(PSCI32(FN_MIGRATE), psci_mpidr(0), 0, 0);
		rc64 = psci(PSCI64(FN_MIGRATE), psci_mpidr(0), 0, 0);
		tf_check(rc == PSCI_E_NOT_SUPPORTED && rc64 == PSCI_E_NOT_SUPPORTED,
			 "migrate_not_supported", "SMC32 %s, SMC64 %s", psci_err_name(rc),
			 psci_err_name(rc64));
	}
	if (!psci_offers(FN_MIGRATE_INFO_UP_CPU)) {
		rc = psci(PSCI32(FN_MIGRATE_INFO_UP_CPU), 0, 0, 0);
		rc64 = psci(PSCI64(FN_MIGRATE_INFO_UP_CPU), 0, 0, 0);
		tf_check(rc == PSCI_E_NOT_SUPPORTED && rc64 == PSCI_E_NOT_SUPPORTED,
			 "migrate_info_up_cpu_not_supported", "SMC32 %s, SMC64 %s",
			 psci_err_name(rc), psci_err_name(rc64));
	}
}

const struct tf_suite psci_migrate_suite = {"psci_migrate", run};
