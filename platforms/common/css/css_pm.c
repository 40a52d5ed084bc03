/* PSCI conventions of Arm CSS ports: see secmon/drivers/css_pm.h. */
#include <secmon/drivers/css_pm.h>

#ifdef SECMON_HOST
__attribute__((noreturn)) void secmon_host_power_down_wfi(void);
#else
#include <secmon/arch.h>
#endif

int32_t css_pm_parse_power_state(uint32_t power_state, unsigned int levels,
				 struct secmon_psci_state *req)
{
	unsigned int level = (power_state >> PSCI_PSTATE_LEVEL_SHIFT) & PSCI_PSTATE_LEVEL_MASK;

	if ((power_state & PSCI_PSTATE_ID_MASK) != 0 ||
	    !(power_state & PSCI_PSTATE_TYPE_POWERDOWN) || level >= levels)
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		req->local[l] = l <= level ? CSS_PM_STATE_OFF : CSS_PM_STATE_RUN;
	req->last_at_level = SECMON_PSCI_LEVEL_NONE;
	return PSCI_RET_SUCCESS;
}

int32_t css_pm_sys_suspend_state(unsigned int levels, struct secmon_psci_state *state)
{
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		state->local[l] = l < levels ? CSS_PM_STATE_OFF : CSS_PM_STATE_RUN;
	state->last_at_level = SECMON_PSCI_LEVEL_NONE;
	return PSCI_RET_SUCCESS;
}

void css_pm_wfi_forever(void)
{
#ifdef SECMON_HOST
	secmon_host_power_down_wfi();
#else
	for (;;) {
		dsb(sy);
		wfi();
	}
#endif
}
