/*
 * SCMI client (Arm DEN0056, System Control and Management Interface) for the EL3
 * monitor: the agent side of one shared-memory channel ("SMT" transport) to a platform
 * such as an SCP, and the base, power domain and system power protocols.
 *
 * A transfer is synchronous and polled: the caller writes the message into the channel,
 * marks it busy, rings the doorbell and reads the channel status until the platform
 * marks it free again, at most poll_limit times. No interrupt is used. A channel that
 * timed out is considered out of step with the platform; later transfers first wait
 * (bounded as well) for it to become free. Channels are locked, so any CPU may use one.
 *
 * Every function returns an SCMI status: SCMI_SUCCESS, a negative status the platform
 * sent, or one of the two driver-side outcomes SCMI_E_TIMEOUT and SCMI_E_REPLY.
 */
#ifndef SECMON_DRIVERS_SCMI_H
#define SECMON_DRIVERS_SCMI_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/spinlock.h>

/* Status codes (DEN0056 section 4.1.4). */
#define SCMI_SUCCESS		0
#define SCMI_NOT_SUPPORTED	(-1)
#define SCMI_INVALID_PARAMETERS (-2)
#define SCMI_DENIED		(-3)
#define SCMI_NOT_FOUND		(-4)
#define SCMI_OUT_OF_RANGE	(-5)
#define SCMI_BUSY		(-6)
#define SCMI_COMMS_ERROR	(-7)
#define SCMI_GENERIC_ERROR	(-8)
#define SCMI_HARDWARE_ERROR	(-9)
#define SCMI_PROTOCOL_ERROR	(-10)
#define SCMI_IN_USE		(-11)
/* Driver-side outcomes, outside the range the specification uses. */
#define SCMI_E_TIMEOUT		(-256) /* the platform did not free the channel in time */
#define SCMI_E_REPLY		(-257) /* malformed response: header, length or channel error */

/* Protocol identifiers. */
#define SCMI_PROTO_BASE		0x10u
#define SCMI_PROTO_POWER_DOMAIN 0x11u
#define SCMI_PROTO_SYSTEM_POWER 0x12u

/* Messages of every protocol. */
#define SCMI_MSG_PROTOCOL_VERSION	     0x0u
#define SCMI_MSG_PROTOCOL_ATTRIBUTES	     0x1u
#define SCMI_MSG_PROTOCOL_MESSAGE_ATTRIBUTES 0x2u
/* Base protocol. */
#define SCMI_MSG_BASE_DISCOVER_VENDOR	     0x3u
/* Power domain management protocol. */
#define SCMI_MSG_POWER_STATE_SET	     0x4u
#define SCMI_MSG_POWER_STATE_GET	     0x5u
/* System power management protocol. */
#define SCMI_MSG_SYSTEM_POWER_STATE_SET	     0x3u

/* Message header: id [7:0], type [9:8] (0 = command), protocol [17:10], token [27:18]. */
#define SCMI_HDR_MSG_ID_MASK	0xffu
#define SCMI_HDR_TYPE_SHIFT	8
#define SCMI_HDR_PROTOCOL_SHIFT 10
#define SCMI_HDR_TOKEN_SHIFT	18
#define SCMI_HDR_TOKEN_MASK	0x3ffu
#define SCMI_HDR(proto, msg, token)                                                                \
	(((uint32_t)(proto)&0xffu) << SCMI_HDR_PROTOCOL_SHIFT |                                    \
	 ((uint32_t)(msg)&SCMI_HDR_MSG_ID_MASK) |                                                  \
	 ((uint32_t)(token)&SCMI_HDR_TOKEN_MASK) << SCMI_HDR_TOKEN_SHIFT)

/* Shared-memory channel layout (DEN0056 "Shared memory based transport"). */
#define SCMI_SMT_STATUS	      0x04u	/* channel status */
#define SCMI_SMT_FLAGS	      0x10u	/* channel flags */
#define SCMI_SMT_LENGTH	      0x14u	/* bytes of header + payload */
#define SCMI_SMT_HEADER	      0x18u	/* message header */
#define SCMI_SMT_PAYLOAD      0x1cu	/* parameters, or status + return values */
#define SCMI_SMT_STATUS_FREE  (1u << 0) /* 1: the agent owns the channel */
#define SCMI_SMT_STATUS_ERROR (1u << 1) /* the platform saw a transport error */
#define SCMI_SMT_FLAGS_IRQ    (1u << 0) /* completion interrupt wanted (never set here) */

/* PROTOCOL_MESSAGE_ATTRIBUTES of SYSTEM_POWER_STATE_SET. */
#define SCMI_SYS_POWER_ATTR_WARM_RESET (1u << 31)
#define SCMI_SYS_POWER_ATTR_SUSPEND    (1u << 30)
/* SYSTEM_POWER_STATE_SET flags and system states. */
#define SCMI_SYS_POWER_FORCEFUL	       0u
#define SCMI_SYS_POWER_GRACEFUL	       1u
#define SCMI_SYS_STATE_SHUTDOWN	       0u
#define SCMI_SYS_STATE_COLD_RESET      1u
#define SCMI_SYS_STATE_WARM_RESET      2u
#define SCMI_SYS_STATE_POWER_UP	       3u
#define SCMI_SYS_STATE_SUSPEND	       4u

/* POWER_STATE_SET flags: bit 0 asks for an asynchronous (delayed) response. */
#define SCMI_POWER_STATE_SET_SYNC  0u
#define SCMI_POWER_STATE_SET_ASYNC 1u

/*
 * Arm CSS composite power state, what the Arm SCP firmware expects in POWER_STATE_SET
 * and returns from POWER_STATE_GET for a CPU's domain: one 4-bit local state per level
 * ([3:0] the CPU, [7:4] its cluster, ...) and the highest level described at [19:16].
 */
#define SCMI_CSS_OFF		 0u
#define SCMI_CSS_ON		 1u
#define SCMI_CSS_SLEEP		 2u
#define SCMI_CSS_LEVEL_BITS	 4u
#define SCMI_CSS_MAX_LEVEL_SHIFT 16u

static inline uint32_t scmi_css_state_level(uint32_t composite, unsigned int level)
{
	return (composite >> (SCMI_CSS_LEVEL_BITS * level)) & 0xfu;
}

static inline unsigned int scmi_css_max_level(uint32_t composite)
{
	return (composite >> SCMI_CSS_MAX_LEVEL_SHIFT) & 0xfu;
}

/* Rings the doorbell that tells the platform a message waits in the channel. */
typedef void (*scmi_doorbell_fn)(const void *ctx);

/* What a port describes about one channel. */
struct scmi_channel_config {
	uint64_t shmem;	       /* SMT area, mapped Device (the platform is not coherent) */
	uint32_t shmem_size;   /* bytes of the area */
	scmi_doorbell_fn ring; /* the doorbell (e.g. mhu_ring) */
	const void *ring_ctx;  /* its argument */
	uint32_t poll_limit;   /* status reads per transfer before SCMI_E_TIMEOUT (> 0) */
	const char *name;      /* in error messages */
};

/* One channel. Static storage; scmi_channel_init() fills it. */
struct scmi_channel {
	struct scmi_channel_config cfg; /* as given */
	struct secmon_spinlock lock;	/* one transfer at a time */
	uint16_t token;			/* sequence number of the next message (10 bits) */
	bool out_of_step;		/* a transfer timed out: wait for free first */
	uint32_t last_polls;		/* status reads of the last transfer */
};

/* A command and room for its response; n_ret return values follow the status word. */
struct scmi_msg {
	uint8_t protocol;	/* SCMI_PROTO_* */
	uint8_t message;	/* SCMI_MSG_* */
	const uint32_t *params; /* parameters, n_params words */
	unsigned int n_params;	/* words in params */
	uint32_t *ret;		/* return values, at most n_ret words are copied */
	unsigned int n_ret;	/* words a successful response must carry at least */
	unsigned int ret_words; /* out: return words the response carried */
};

/* Checks and records the configuration; touches no register. 0, or -1 if unusable. */
int scmi_channel_init(struct scmi_channel *ch, const struct scmi_channel_config *cfg);

/* One command/response round trip (see the top of this file). */
int32_t scmi_xfer(struct scmi_channel *ch, struct scmi_msg *msg);

/* Name of a status for messages: "SUCCESS", "DENIED", "TIMEOUT", ... */
const char *scmi_strerror(int32_t status);

/* Messages every protocol implements. version: major [31:16], minor [15:0]. */
int32_t scmi_protocol_version(struct scmi_channel *ch, uint8_t protocol, uint32_t *version);
int32_t scmi_protocol_attributes(struct scmi_channel *ch, uint8_t protocol, uint32_t *attributes);
/* SCMI_NOT_FOUND if the platform does not implement that message. */
int32_t scmi_message_attributes(struct scmi_channel *ch, uint8_t protocol, uint8_t message,
				uint32_t *attributes);

/* Base protocol: the vendor name (16 bytes, NUL-terminated by the platform). */
int32_t scmi_base_discover_vendor(struct scmi_channel *ch, char vendor[16]);

/* Power domain protocol. */
int32_t scmi_pd_state_set(struct scmi_channel *ch, uint32_t flags, uint32_t domain, uint32_t state);
int32_t scmi_pd_state_get(struct scmi_channel *ch, uint32_t domain, uint32_t *state);

/* System power protocol: flags SCMI_SYS_POWER_*, state SCMI_SYS_STATE_*. */
int32_t scmi_sys_power_state_set(struct scmi_channel *ch, uint32_t flags, uint32_t state);

#endif
