/*
 * SCMI shared-memory transport (SMT), agent side, polled. The channel area is written
 * and read one 32-bit word at a time through secmon/mmio.h, as the platform may only
 * support such accesses and the host tests model it as a device.
 */
#include <stddef.h>

#include <secmon/drivers/scmi.h>
#include <secmon/log.h>
#include <secmon/mmio.h>

#include "scmi_private.h"

/* Header and status word: the least any response carries. */
#define SCMI_MIN_RESPONSE 8u

int scmi_channel_init(struct scmi_channel *ch, const struct scmi_channel_config *cfg)
{
	if (!cfg->ring || cfg->poll_limit == 0 || (cfg->shmem & 3u) ||
	    cfg->shmem_size < SCMI_SMT_PAYLOAD + 4u)
		return -1;
	ch->cfg = *cfg;
	ch->lock = (struct secmon_spinlock)SECMON_SPINLOCK_INIT;
	ch->token = 0;
	ch->out_of_step = false;
	ch->last_polls = 0;
	return 0;
}

/* Reads the channel status until the platform frees it; false after poll_limit reads. */
static bool wait_free(struct scmi_channel *ch, uint32_t *status)
{
	for (uint32_t i = 1; i <= ch->cfg.poll_limit; i++) {
		*status = mmio_read32(ch->cfg.shmem + SCMI_SMT_STATUS);
		if (*status & SCMI_SMT_STATUS_FREE) {
			ch->last_polls = i;
			return true;
		}
	}
	ch->last_polls = ch->cfg.poll_limit;
	return false;
}

static int32_t timed_out(struct scmi_channel *ch, const struct scmi_msg *m, uint32_t hdr,
			 const char *when)
{
	ch->out_of_step = true;
	ERROR("SCMI %s: no answer %s protocol 0x%x message 0x%x (header 0x%x) after %u "
	      "status reads\n",
	      ch->cfg.name ? ch->cfg.name : "channel", when, m->protocol, m->message, hdr,
	      ch->cfg.poll_limit);
	return SCMI_E_TIMEOUT;
}

static int32_t transfer(struct scmi_channel *ch, struct scmi_msg *m)
{
	uint64_t base = ch->cfg.shmem;
	uint32_t hdr, status, len, rhdr;
	int32_t ret;

	if (4u * m->n_params > ch->cfg.shmem_size - SCMI_SMT_PAYLOAD ||
	    4u * (m->n_ret + 1u) > ch->cfg.shmem_size - SCMI_SMT_PAYLOAD)
		return SCMI_INVALID_PARAMETERS;
	hdr = SCMI_HDR(m->protocol, m->message, ch->token);

	/* Normally free already; after a timeout the platform may still hold it. */
	if (!wait_free(ch, &status))
		return timed_out(ch, m, hdr, "(channel still busy) before");
	ch->out_of_step = false;
	ch->token = (uint16_t)((ch->token + 1u) & SCMI_HDR_TOKEN_MASK);

	/* Busy first: from here on the channel belongs to this message. */
	mmio_write32(base + SCMI_SMT_STATUS, 0);
	mmio_write32(base + SCMI_SMT_FLAGS, 0); /* polled: no completion interrupt */
	mmio_write32(base + SCMI_SMT_LENGTH, 4u + 4u * m->n_params);
	mmio_write32(base + SCMI_SMT_HEADER, hdr);
	for (unsigned int i = 0; i < m->n_params; i++)
		mmio_write32(base + SCMI_SMT_PAYLOAD + 4u * i, m->params[i]);
	scmi_dsb();
	ch->cfg.ring(ch->cfg.ring_ctx);

	if (!wait_free(ch, &status))
		return timed_out(ch, m, hdr, "to");
	if (status & SCMI_SMT_STATUS_ERROR) {
		ERROR("SCMI %s: channel error on header 0x%x\n", ch->cfg.name, hdr);
		return SCMI_E_REPLY;
	}
	len = mmio_read32(base + SCMI_SMT_LENGTH);
	rhdr = mmio_read32(base + SCMI_SMT_HEADER);
	if (rhdr != hdr || len < SCMI_MIN_RESPONSE || len > ch->cfg.shmem_size - SCMI_SMT_HEADER) {
		ERROR("SCMI %s: bad response 0x%x (length %u) to 0x%x\n", ch->cfg.name, rhdr, len,
		      hdr);
		return SCMI_E_REPLY;
	}
	ret = (int32_t)mmio_read32(base + SCMI_SMT_PAYLOAD);
	m->ret_words = (len - SCMI_MIN_RESPONSE) / 4u;
	if (ret != SCMI_SUCCESS)
		return ret;
	if (m->ret_words < m->n_ret) {
		ERROR("SCMI %s: response to 0x%x has %u of %u return words\n", ch->cfg.name, hdr,
		      m->ret_words, m->n_ret);
		return SCMI_E_REPLY;
	}
	for (unsigned int i = 0; i < m->n_ret; i++)
		m->ret[i] = mmio_read32(base + SCMI_SMT_PAYLOAD + 4u + 4u * i);
	return SCMI_SUCCESS;
}

int32_t scmi_xfer(struct scmi_channel *ch, struct scmi_msg *m)
{
	int32_t ret;

	m->ret_words = 0;
	secmon_spin_lock(&ch->lock);
	ret = transfer(ch, m);
	secmon_spin_unlock(&ch->lock);
	return ret;
}

const char *scmi_strerror(int32_t status)
{
	static const char *const names[] = {
	    "SUCCESS",	      "NOT_SUPPORTED",	"INVALID_PARAMETERS",
	    "DENIED",	      "NOT_FOUND",	"OUT_OF_RANGE",
	    "BUSY",	      "COMMS_ERROR",	"GENERIC_ERROR",
	    "HARDWARE_ERROR", "PROTOCOL_ERROR", "IN_USE",
	};

	if (status <= 0 && -status < (int32_t)(sizeof(names) / sizeof(names[0])))
		return names[-status];
	if (status == SCMI_E_TIMEOUT)
		return "TIMEOUT";
	if (status == SCMI_E_REPLY)
		return "BAD_REPLY";
	return "UNKNOWN";
}
