/* PSCI_SET_SUSPEND_MODE: switching between platform-coordinated and OS-initiated mode. */
#include "psci_private.h"

/*
 * DEN0022 5.20: to OS-initiated, no other CPU may sit in a state it entered through
 * CPU_SUSPEND (running, OFF, or CPU_DEFAULT_SUSPEND are fine); back to
 * platform-coordinated, every other CPU must be OFF. Otherwise DENIED.
 */
static bool switch_allowed(unsigned int cpu, uint32_t mode)
{
	for (unsigned int i = 0; i < psci_eng.ncpus; i++) {
		const struct psci_cpu *c = &psci_cpus[i];
		uint32_t aff = __atomic_load_n(&c->aff_info, __ATOMIC_ACQUIRE);

		if (i == cpu)
			continue;
		if (mode == PSCI_MODE_PLATFORM_COORDINATED && aff != PSCI_AFF_OFF)
			return false;
		if (mode == PSCI_MODE_OS_INITIATED && aff == PSCI_AFF_ON &&
		    __atomic_load_n(&c->suspend_kind, __ATOMIC_SEQ_CST) == PSCI_SUSPEND_CPU_SUSPEND)
			return false;
	}
	return true;
}

int32_t secmon_psci_set_suspend_mode(unsigned int cpu, uint32_t mode)
{
	int32_t rc = PSCI_RET_SUCCESS;

	if (!psci_eng.ops->os_initiated)
		return PSCI_RET_NOT_SUPPORTED;
	if (mode != PSCI_MODE_PLATFORM_COORDINATED && mode != PSCI_MODE_OS_INITIATED)
		return PSCI_RET_INVALID_PARAMETERS;
	secmon_spin_lock(&psci_eng.mode_lock);
	if (__atomic_load_n(&psci_eng.mode, __ATOMIC_SEQ_CST) != mode) {
		if (switch_allowed(cpu, mode))
			__atomic_store_n(&psci_eng.mode, mode, __ATOMIC_SEQ_CST);
		else
			rc = PSCI_RET_DENIED;
	}
	secmon_spin_unlock(&psci_eng.mode_lock);
	return rc;
}

uint32_t secmon_psci_suspend_mode(void)
{
	return __atomic_load_n(&psci_eng.mode, __ATOMIC_SEQ_CST);
}
