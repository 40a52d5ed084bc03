/* SCMI power domain management protocol (0x11): set and get a domain's power state. */
#include <secmon/drivers/scmi.h>

#include "scmi_private.h"

int32_t scmi_pd_state_set(struct scmi_channel *ch, uint32_t flags, uint32_t domain, uint32_t state)
{
	const uint32_t params[3] = {flags, domain, state};

	return scmi_call(ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_SET, params, 3, NULL, 0);
}

int32_t scmi_pd_state_get(struct scmi_channel *ch, uint32_t domain, uint32_t *state)
{
	return scmi_call(ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_GET, &domain, 1, state,
			 1);
}
