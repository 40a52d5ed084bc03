/*
 * Connects the PSCI engine to the EL3 boot paths: the engine is initialised at cold
 * boot with the platform's power ops, and decides on every warm boot whether the CPU
 * enters the normal world (CPU_ON, resume from a power-down state) or stays parked.
 * Built only with SECMON_ENABLE_PSCI.
 */
#include <secmon/assert.h>
#include <secmon/log.h>
#include <secmon/power.h>
#include <secmon/psci.h>

#include "internal.h"

static int psci_warm_boot(unsigned int cpu, struct secmon_warm_entry *entry)
{
	struct secmon_psci_entry e;

	if (secmon_psci_warmboot(cpu, &e) != PSCI_RET_SUCCESS)
		return -1;
	entry->pc = e.pc;
	entry->x0 = e.context_id;
	return 0;
}

void secmon_power_init(const struct secmon_platform *plat, unsigned int boot_cpu)
{
	if (!plat->psci) {
		INFO("PSCI: the platform has no power operations\n");
		return;
	}
	int32_t rc = secmon_psci_init(plat->psci, boot_cpu);
	if (rc != PSCI_RET_SUCCESS)
		secmon_panic("PSCI engine initialisation failed (%d)", (int)rc);
	secmon_set_warm_boot_handler(psci_warm_boot);
}
