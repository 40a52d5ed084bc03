/*
 * System-wide and informational functions: SYSTEM_OFF/OFF2/RESET/RESET2, MEM_PROTECT,
 * NODE_HW_STATE, the MIGRATE family (no Trusted OS needs migration) and the
 * per-function answer of PSCI_FEATURES.
 */
#include <secmon/pmf.h>

#include "psci_private.h"

/* What a hook that should not return means when it does. */
static int32_t did_return(int32_t rc)
{
	return rc < 0 ? rc : PSCI_RET_INTERNAL_FAILURE;
}

int32_t secmon_psci_system_off(void)
{
	if (!psci_eng.ops->system_off)
		return PSCI_RET_NOT_SUPPORTED;
	PSCI_SPD_CALL(system_off);
	psci_eng.ops->system_off();
	return PSCI_RET_INTERNAL_FAILURE;
}

int32_t secmon_psci_system_reset(void)
{
	if (!psci_eng.ops->system_reset)
		return PSCI_RET_NOT_SUPPORTED;
	PSCI_SPD_CALL(system_reset);
	psci_eng.ops->system_reset();
	return PSCI_RET_INTERNAL_FAILURE;
}

int32_t secmon_psci_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (!ops->system_reset2)
		return PSCI_RET_NOT_SUPPORTED;
	/* The only architectural type is the warm reset; vendors own bit 31 set. */
	if (!(reset_type & PSCI_RESET2_TYPE_VENDOR) && reset_type != PSCI_RESET2_SYSTEM_WARM_RESET)
		return PSCI_RET_INVALID_PARAMETERS;
	PSCI_SPD_CALL(system_reset);
	return did_return(ops->system_reset2(reset_type, cookie));
}

int32_t secmon_psci_system_off2(uint32_t type, uint64_t cookie)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (!secmon_psci_can_system_off2(ops))
		return PSCI_RET_NOT_SUPPORTED;
	if (type & PSCI_OFF2_TYPE_VENDOR) {
		if (!ops->system_off2)
			return PSCI_RET_INVALID_PARAMETERS;
		PSCI_SPD_CALL(system_off);
		return did_return(ops->system_off2(type, cookie));
	}
	/* HIBERNATE_OFF is 1; 0 means the same (DEN0022F.b); its cookie must be zero. */
	if ((type != 0 && type != PSCI_OFF2_TYPE_HIBERNATE_OFF) || cookie != 0)
		return PSCI_RET_INVALID_PARAMETERS;
	PSCI_SPD_CALL(system_off);
	if (ops->system_off2)
		return did_return(ops->system_off2(PSCI_OFF2_TYPE_HIBERNATE_OFF, cookie));
	ops->system_off();
	return PSCI_RET_INTERNAL_FAILURE;
}

int32_t secmon_psci_mem_protect(uint32_t enable)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	int32_t rc;

	if (!ops->mem_protect)
		return PSCI_RET_NOT_SUPPORTED;
	rc = ops->mem_protect(enable != 0);
	return rc < 0 ? rc : rc != 0;
}

int32_t secmon_psci_mem_protect_check_range(uint64_t base, uint64_t length)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (!ops->mem_protect_check_range)
		return PSCI_RET_NOT_SUPPORTED;
	/* An empty or wrapping range cannot be protected. */
	if (length == 0 || base + (length - 1) < base)
		return PSCI_RET_DENIED;
	return ops->mem_protect_check_range(base, length) == PSCI_RET_SUCCESS ? PSCI_RET_SUCCESS
									      : PSCI_RET_DENIED;
}

int32_t secmon_psci_node_hw_state(uint64_t target_mpidr, uint32_t level)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (!ops->node_hw_state)
		return PSCI_RET_NOT_SUPPORTED;
	if (psci_cpu_of_mpidr(target_mpidr) < 0 || level >= psci_eng.levels)
		return PSCI_RET_INVALID_PARAMETERS;
	return ops->node_hw_state(target_mpidr, level);
}

int32_t secmon_psci_migrate(uint64_t target_mpidr)
{
	(void)target_mpidr;
	return PSCI_RET_NOT_SUPPORTED;
}

int32_t secmon_psci_migrate_info_type(void)
{
	return PSCI_TOS_NOT_PRESENT_MP;
}

int32_t secmon_psci_migrate_info_up_cpu(void)
{
	return PSCI_RET_NOT_SUPPORTED;
}

static int32_t supported(bool yes)
{
	return yes ? PSCI_RET_SUCCESS : PSCI_RET_NOT_SUPPORTED;
}

int32_t secmon_psci_features(uint32_t func_num)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	switch (func_num) {
	case PSCI_FN_PSCI_VERSION:
	case PSCI_FN_CPU_OFF:
	case PSCI_FN_CPU_ON:
	case PSCI_FN_AFFINITY_INFO:
	case PSCI_FN_MIGRATE_INFO_TYPE:
	case PSCI_FN_PSCI_FEATURES:
		return PSCI_RET_SUCCESS;
	case PSCI_FN_CPU_SUSPEND:
		return (int32_t)((ops->os_initiated ? PSCI_FEATURE_OSI : 0u) |
				 (ops->extended_state_id ? PSCI_FEATURE_EXTENDED_STATE : 0u));
	case PSCI_FN_SYSTEM_OFF:
		return supported(ops->system_off != NULL);
	case PSCI_FN_SYSTEM_RESET:
		return supported(ops->system_reset != NULL);
	case PSCI_FN_CPU_FREEZE:
		return supported(ops->cpu_freeze != NULL);
	case PSCI_FN_CPU_DEFAULT_SUSPEND:
		return supported(secmon_psci_can_power_down(ops));
	case PSCI_FN_NODE_HW_STATE:
		return supported(ops->node_hw_state != NULL);
	case PSCI_FN_SYSTEM_SUSPEND:
		return supported(secmon_psci_can_system_suspend(ops));
	case PSCI_FN_SET_SUSPEND_MODE:
		return supported(ops->os_initiated);
	case PSCI_FN_STAT_RESIDENCY:
	case PSCI_FN_STAT_COUNT:
		return supported(PMF_HAS_CLOCK_OR(ops->timestamp_us != NULL));
	case PSCI_FN_SYSTEM_RESET2:
		return supported(ops->system_reset2 != NULL);
	case PSCI_FN_MEM_PROTECT:
		return supported(ops->mem_protect != NULL);
	case PSCI_FN_MEM_PROTECT_CHECK_RANGE:
		return supported(ops->mem_protect_check_range != NULL);
	case PSCI_FN_SYSTEM_OFF2:
		return secmon_psci_can_system_off2(ops) ? (int32_t)PSCI_OFF2_FEATURE_HIBERNATE_OFF
							: PSCI_RET_NOT_SUPPORTED;
	default: /* MIGRATE, MIGRATE_INFO_UP_CPU and unknown numbers */
		return PSCI_RET_NOT_SUPPORTED;
	}
}
