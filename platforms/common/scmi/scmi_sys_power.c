/* SCMI system power management protocol (0x12): shutdown, resets and suspend. */
#include <secmon/drivers/scmi.h>

#include "scmi_private.h"

int32_t scmi_sys_power_state_set(struct scmi_channel *ch, uint32_t flags, uint32_t state)
{
	const uint32_t params[2] = {flags, state};

	return scmi_call(ch, SCMI_PROTO_SYSTEM_POWER, SCMI_MSG_SYSTEM_POWER_STATE_SET, params, 2,
			 NULL, 0);
}
