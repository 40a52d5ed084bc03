/*
 * EL3 glue of the PSCI service: at registration (cold boot, primary CPU) it builds the
 * engine from the board's platform description and becomes the warm-boot handler, so a
 * CPU coming back from CPU_ON or a power-down suspend continues where PSCI says.
 */
#include <secmon/cold_boot.h>
#include <secmon/power.h>
#include <secmon/psci.h>
#include <secmon/secmon.h>

#include "psci_svc_init.h"

static int psci_warm_boot(unsigned int cpu, struct secmon_warm_entry *entry)
{
	struct secmon_psci_entry e;

	if (secmon_psci_warmboot(cpu, &e) != PSCI_RET_SUCCESS)
		return -1; /* nobody asked for this CPU: the core parks it again */
	if (e.reason == SECMON_PSCI_WAKE_SUSPEND)
		secmon_ns_state_restore();
	entry->pc = e.pc;
	entry->x0 = e.context_id;
	return 0;
}

SECMON_COLD_BOOT int psci_svc_init(void)
{
	const struct secmon_psci_ops *ops = secmon_board.platform->psci;
	const struct secmon_psci_topology *topo;

	if (!secmon_psci_ready()) {
		/* The calling CPU is the one that cold-boots; every other CPU starts OFF. */
		if (!ops || !ops->topology)
			return -1;
		topo = ops->topology();
		if (!topo || !topo->this_cpu)
			return -1;
		if (secmon_psci_init(ops, topo->this_cpu()) != PSCI_RET_SUCCESS)
			return -1;
	}
	secmon_set_warm_boot_handler(psci_warm_boot);
	return 0;
}

void psci_svc_prepare_system_reset(void)
{
	secmon_pen_close();
}

void psci_svc_prepare_suspend(void)
{
	secmon_ns_state_save();
}
