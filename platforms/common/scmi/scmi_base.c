/* SCMI messages every protocol has, and the base protocol's vendor discovery. */
#include <secmon/drivers/scmi.h>

#include "scmi_private.h"

int32_t scmi_protocol_version(struct scmi_channel *ch, uint8_t protocol, uint32_t *version)
{
	return scmi_call(ch, protocol, SCMI_MSG_PROTOCOL_VERSION, NULL, 0, version, 1);
}

int32_t scmi_protocol_attributes(struct scmi_channel *ch, uint8_t protocol, uint32_t *attributes)
{
	return scmi_call(ch, protocol, SCMI_MSG_PROTOCOL_ATTRIBUTES, NULL, 0, attributes, 1);
}

int32_t scmi_message_attributes(struct scmi_channel *ch, uint8_t protocol, uint8_t message,
				uint32_t *attributes)
{
	uint32_t id = message;

	return scmi_call(ch, protocol, SCMI_MSG_PROTOCOL_MESSAGE_ATTRIBUTES, &id, 1, attributes, 1);
}

int32_t scmi_base_discover_vendor(struct scmi_channel *ch, char vendor[16])
{
	uint32_t words[4];
	int32_t ret =
	    scmi_call(ch, SCMI_PROTO_BASE, SCMI_MSG_BASE_DISCOVER_VENDOR, NULL, 0, words, 4);

	if (ret != SCMI_SUCCESS)
		return ret;
	/* Little-endian bytes, as the platform wrote them; always terminated here. */
	for (unsigned int i = 0; i < 16; i++)
		vendor[i] = (char)(words[i / 4] >> (8 * (i % 4)));
	vendor[15] = '\0';
	return SCMI_SUCCESS;
}
