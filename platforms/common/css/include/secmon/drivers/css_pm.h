/*
 * PSCI conventions every Arm CSS port shares: power-down states only (no retention, no
 * extended StateID), in the original power_state format that Juno's and N1SDP's device
 * trees use: StateID 0, StateType power-down, PowerLevel 0 (CPU), 1 (cluster), ... up to
 * the system level. Every level has one power-down local state, CSS_PM_STATE_OFF.
 */
#ifndef SECMON_DRIVERS_CSS_PM_H
#define SECMON_DRIVERS_CSS_PM_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/psci.h>

#define CSS_PM_STATE_RUN SECMON_PSCI_STATE_RUN
#define CSS_PM_STATE_OFF 1u /* the ports' max_off_state */

/*
 * validate_power_state for a tree of `levels` levels: PSCI_RET_INVALID_PARAMETERS unless
 * the convention above holds; else every level up to PowerLevel OFF in req.
 */
int32_t css_pm_parse_power_state(uint32_t power_state, unsigned int levels,
				 struct secmon_psci_state *req);

/* get_sys_suspend_power_state: every one of the `levels` levels OFF. */
int32_t css_pm_sys_suspend_state(unsigned int levels, struct secmon_psci_state *state);

/* A power-down request's target names this level OFF. */
static inline bool css_pm_off_at(const struct secmon_psci_state *target, unsigned int level)
{
	return target->local[level] == CSS_PM_STATE_OFF;
}

/*
 * The last instruction of a CPU going down: DSB and WFI until the SCP removes power (it
 * comes back through BL1). Host builds (SECMON_HOST) call the test program's
 * secmon_host_power_down_wfi() instead, which must not return either.
 */
__attribute__((noreturn)) void css_pm_wfi_forever(void);

#endif
