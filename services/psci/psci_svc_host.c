/* Host builds (tests, simulation): the test has already called secmon_psci_init(). */
#include <secmon/psci.h>

#include "psci_svc_init.h"

int psci_svc_init(void)
{
	return secmon_psci_ready() ? 0 : -1;
}

void psci_svc_prepare_system_reset(void)
{
}

void psci_svc_prepare_suspend(void)
{
	/* The host model keeps no normal-world state. */
}
