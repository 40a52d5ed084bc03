/* Simulated SCP: see scp_sim.h. Runs inside the sim bus lock (doorbell callback). */
#include <stdio.h>
#include <string.h>

#include "scp_sim.h"
#include "sim_bus.h"

/* SMT layout and header fields, from DEN0056 (written here, not taken from the driver). */
#define SMT_CHANNEL_STATUS 0x04u
#define SMT_CHANNEL_FLAGS  0x10u
#define SMT_LENGTH	   0x14u
#define SMT_MSG_HEADER	   0x18u
#define SMT_MSG_PAYLOAD	   0x1cu
#define SMT_STATUS_FREE	   0x1u
#define SMT_STATUS_ERROR   0x2u
#define HDR_ID(h)	   ((h)&0xffu)
#define HDR_TYPE(h)	   (((h) >> 8) & 0x3u)
#define HDR_PROTO(h)	   (((h) >> 10) & 0xffu)
#define HDR_TOKEN(h)	   (((h) >> 18) & 0x3ffu)
/* MHU triplet. */
#define DB_STAT		   0x0u
#define DB_SET		   0x8u
#define DB_CLEAR	   0x10u

/* Status codes. */
#define ST_SUCCESS	      0
#define ST_NOT_SUPPORTED      (-1)
#define ST_INVALID_PARAMETERS (-2)
#define ST_DENIED	      (-3)
#define ST_NOT_FOUND	      (-4)
#define ST_PROTOCOL_ERROR     (-10)

#define MAX_RET 4u

static void violation(struct scp_sim *scp, const char *what)
{
	if (scp->violations++ == 0)
		snprintf(scp->violation, sizeof(scp->violation), "%s", what);
}

static bool all_cluster_down(const struct scp_sim *scp, unsigned int cluster)
{
	for (unsigned int d = 0; d < scp->cfg.domains; d++)
		if (scp->cfg.domain_cluster[d] == cluster && scp->cpu[d] == SCP_ON)
			return false;
	return true;
}

static void power_up(struct scp_sim *scp, unsigned int d)
{
	scp->system = SCP_SYS_RUNNING;
	scp->cluster[scp->cfg.domain_cluster[d]] = SCP_ON;
	scp->cluster_req[scp->cfg.domain_cluster[d]] = SCP_ON;
	scp->cpu[d] = SCP_ON;
	if (scp->hooks.power_on)
		scp->hooks.power_on(scp->hooks.ctx, d);
}

static void cluster_down(struct scp_sim *scp, unsigned int c)
{
	if (scp->cluster[c] == SCP_OFF)
		return;
	scp->cluster[c] = SCP_OFF;
	scp->cluster_offs[c]++;
	if (scp->hooks.cluster_off)
		scp->hooks.cluster_off(scp->hooks.ctx, c);
}

/* POWER_STATE_SET with the CSS composite state of a CPU domain. */
static int32_t pd_state_set(struct scp_sim *scp, const uint32_t *p)
{
	uint32_t flags = p[0], d = p[1], state = p[2];
	unsigned int max = (state >> 16) & 0xfu;
	uint8_t s[3] = {0};

	if (flags & ~1u || (state & 0xfff00000u) || max > 2)
		return ST_INVALID_PARAMETERS;
	if (flags & 1u)
		return ST_NOT_SUPPORTED; /* no asynchronous requests in this model */
	if (d >= scp->cfg.domains)
		return ST_NOT_FOUND;
	for (unsigned int l = 0; l < 4; l++) {
		uint32_t v = (state >> (4 * l)) & 0xfu;

		if (l > max ? v != 0 : v > SCP_SLEEP || (l > 0 && v == SCP_SLEEP))
			return ST_INVALID_PARAMETERS;
		if (l <= max && l < 3)
			s[l] = (uint8_t)v;
	}
	if (s[0] == SCP_ON) {
		for (unsigned int l = 1; l <= max; l++)
			if (s[l] != SCP_ON)
				return ST_INVALID_PARAMETERS;
		if (scp->req[d].pending) {
			scp->req[d].on_after = true;
			return ST_SUCCESS;
		}
		if (scp->cpu[d] == SCP_ON)
			return ST_DENIED;
		power_up(scp, d);
		return ST_SUCCESS;
	}
	/* A CPU's own power-down: the system level, if given, must stay on. */
	if ((max >= 2 && s[2] != SCP_ON) || scp->cpu[d] != SCP_ON || scp->req[d].pending)
		return ST_DENIED;
	scp->req[d].pending = true;
	scp->req[d].state = s[0];
	scp->req[d].cluster_off = max >= 1 && s[1] == SCP_OFF;
	if (max >= 1)
		scp->cluster_req[scp->cfg.domain_cluster[d]] = s[1];
	scp->req[d].system_suspend = false;
	scp->req[d].on_after = false;
	return ST_SUCCESS;
}

static int32_t sys_state_set(struct scp_sim *scp, const uint32_t *p)
{
	uint32_t flags = p[0], state = p[1];
	unsigned int on = 0, me = 0;

	if (flags & ~1u || state > 4 || state == 3)
		return ST_INVALID_PARAMETERS;
	switch (state) {
	case 0:
		scp->system = SCP_SYS_OFF;
		break;
	case 1:
		scp->system = SCP_SYS_COLD_RESET;
		break;
	case 2:
		if (!(scp->cfg.sys_attributes & (1u << 31)))
			return ST_NOT_SUPPORTED;
		scp->system = SCP_SYS_WARM_RESET;
		break;
	default:
		if (!(scp->cfg.sys_attributes & (1u << 30)))
			return ST_NOT_SUPPORTED;
		/* Suspend: only the calling CPU may still run, and it goes down at WFI. */
		for (unsigned int d = 0; d < scp->cfg.domains; d++) {
			if (scp->cpu[d] != SCP_OFF) {
				on++;
				me = d;
			}
		}
		if (on != 1 || scp->cpu[me] != SCP_ON)
			return ST_DENIED;
		scp->req[me] = (typeof(scp->req[me])){.pending = true,
						      .state = SCP_SLEEP,
						      .cluster_off = true,
						      .system_suspend = true};
		return ST_SUCCESS;
	}
	if (scp->hooks.system)
		scp->hooks.system(scp->hooks.ctx, scp->system);
	return ST_SUCCESS;
}

static bool implemented(const struct scp_sim *scp, uint32_t proto, uint32_t msg)
{
	switch (proto) {
	case 0x10:
		return msg <= 3;
	case 0x11:
		return msg <= 4 || (msg == 5 && scp->cfg.state_get);
	case 0x12:
		return scp->cfg.system_power && msg <= 3;
	default:
		return false;
	}
}

/* Executes one command; fills ret[] and *n_ret. */
static int32_t dispatch(struct scp_sim *scp, uint32_t proto, uint32_t msg, const uint32_t *p,
			unsigned int n, uint32_t *ret, unsigned int *n_ret)
{
	static const unsigned int need[3][6] = {{0, 0, 1, 0}, {0, 0, 1, 1, 3, 1}, {0, 0, 1, 2}};

	*n_ret = 0;
	if (proto < 0x10 || proto > 0x12 || (proto == 0x12 && !scp->cfg.system_power))
		return ST_NOT_SUPPORTED;
	if (!implemented(scp, proto, msg))
		return ST_NOT_FOUND;
	if (n < need[proto - 0x10][msg])
		return ST_PROTOCOL_ERROR;
	if (msg == 0) { /* PROTOCOL_VERSION */
		ret[0] = proto == 0x12 ? 0x00010000u : 0x00020000u;
		*n_ret = 1;
		return ST_SUCCESS;
	}
	if (msg == 1) { /* PROTOCOL_ATTRIBUTES */
		ret[0] = proto == 0x10	 ? (1u << 8 | (scp->cfg.system_power ? 2u : 1u))
			 : proto == 0x11 ? scp->cfg.domains
					 : 0;
		*n_ret = 1;
		return ST_SUCCESS;
	}
	if (msg == 2) { /* PROTOCOL_MESSAGE_ATTRIBUTES */
		if (!implemented(scp, proto, p[0]))
			return ST_NOT_FOUND;
		ret[0] = proto == 0x12 && p[0] == 3 ? scp->cfg.sys_attributes : 0;
		*n_ret = 1;
		return ST_SUCCESS;
	}
	if (proto == 0x10) { /* BASE_DISCOVER_VENDOR */
		char v[16] = {0};

		strncpy(v, scp->cfg.vendor ? scp->cfg.vendor : "", sizeof(v) - 1);
		for (unsigned int i = 0; i < 4; i++)
			ret[i] = (uint32_t)(uint8_t)v[4 * i] |
				 (uint32_t)(uint8_t)v[4 * i + 1] << 8 |
				 (uint32_t)(uint8_t)v[4 * i + 2] << 16 |
				 (uint32_t)(uint8_t)v[4 * i + 3] << 24;
		*n_ret = 4;
		return ST_SUCCESS;
	}
	if (proto == 0x11 && msg == 3) { /* POWER_DOMAIN_ATTRIBUTES: not modelled */
		return ST_NOT_SUPPORTED;
	}
	if (proto == 0x11 && msg == 4)
		return pd_state_set(scp, p);
	if (proto == 0x11) { /* POWER_STATE_GET */
		if (p[0] >= scp->cfg.domains)
			return ST_NOT_FOUND;
		ret[0] = 1u << 16 | (uint32_t)scp->cluster[scp->cfg.domain_cluster[p[0]]] << 4 |
			 scp->cpu[p[0]];
		*n_ret = 1;
		return ST_SUCCESS;
	}
	return sys_state_set(scp, p);
}

static bool fault_applies(struct scp_sim *scp, uint32_t proto, uint32_t msg)
{
	if (scp->fault == SCP_FAULT_NONE || scp->fault_count == 0)
		return false;
	if ((scp->fault_protocol >= 0 && (uint32_t)scp->fault_protocol != proto) ||
	    (scp->fault_message >= 0 && (uint32_t)scp->fault_message != msg))
		return false;
	scp->fault_count--;
	return true;
}

static void process(struct scp_sim *scp)
{
	uint64_t base = scp->cfg.shmem;
	struct scp_sim_msg m = {0};
	uint32_t ret[MAX_RET], status_word = sim_bus_peek(base + SMT_CHANNEL_STATUS);
	unsigned int n_ret = 0;
	enum scp_sim_fault fault = SCP_FAULT_NONE;

	m.busy = !(status_word & SMT_STATUS_FREE);
	if (!m.busy)
		violation(scp, "doorbell rung while the channel was marked free");
	m.flags = sim_bus_peek(base + SMT_CHANNEL_FLAGS);
	m.length = sim_bus_peek(base + SMT_LENGTH);
	m.header = sim_bus_peek(base + SMT_MSG_HEADER);
	m.protocol = (uint8_t)HDR_PROTO(m.header);
	m.message = (uint8_t)HDR_ID(m.header);
	m.type = (uint8_t)HDR_TYPE(m.header);
	m.token = (uint16_t)HDR_TOKEN(m.header);
	if (m.length < 4 || m.length > scp->cfg.shmem_size - SMT_MSG_HEADER || (m.length & 3u)) {
		violation(scp, "bad length word");
		m.length = 4;
	}
	if (m.type != 0 || (m.header >> 28) != 0)
		violation(scp, "not a command header");
	m.n_params = (m.length - 4) / 4;
	if (m.n_params > SCP_SIM_MAX_PARAMS)
		m.n_params = SCP_SIM_MAX_PARAMS;
	for (unsigned int i = 0; i < m.n_params; i++)
		m.params[i] = sim_bus_peek(base + SMT_MSG_PAYLOAD + 4 * i);

	if (fault_applies(scp, m.protocol, m.message))
		fault = scp->fault;
	if (fault == SCP_FAULT_STATUS)
		m.status = scp->fault_value;
	else
		m.status = dispatch(scp, m.protocol, m.message, m.params, m.n_params, ret, &n_ret);
	if (m.status != ST_SUCCESS)
		n_ret = 0;
	if (scp->n_log < SCP_SIM_LOG) {
		scp->log[scp->n_log++] = m;
		if (scp->hooks.message)
			scp->hooks.message(scp->hooks.ctx, scp->n_log - 1);
	}

	sim_bus_poke(base + SMT_LENGTH, fault == SCP_FAULT_SHORT ? 4u : 8u + 4u * n_ret);
	sim_bus_poke(base + SMT_MSG_HEADER,
		     fault == SCP_FAULT_BAD_TOKEN ? m.header + (1u << 18) : m.header);
	sim_bus_poke(base + SMT_MSG_PAYLOAD, (uint32_t)m.status);
	for (unsigned int i = 0; i < n_ret; i++)
		sim_bus_poke(base + SMT_MSG_PAYLOAD + 4 + 4 * i, ret[i]);
	scp->owned = true;
	if (fault == SCP_FAULT_NO_ANSWER)
		return;
	if (fault == SCP_FAULT_DELAY && scp->fault_value > 0) {
		scp->delay_left = (uint32_t)scp->fault_value;
		return;
	}
	scp->owned = false;
	sim_bus_poke(base + SMT_CHANNEL_STATUS,
		     SMT_STATUS_FREE | (fault == SCP_FAULT_CHANNEL_ERROR ? SMT_STATUS_ERROR : 0));
}

static uint32_t db_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	struct scp_sim *scp = ctx;
	uint64_t stat = scp->cfg.doorbell + DB_STAT;

	if (addr == scp->cfg.doorbell + DB_CLEAR) {
		sim_bus_poke(stat, sim_bus_peek(stat) & ~value);
		return 0;
	}
	if (addr != scp->cfg.doorbell + DB_SET) {
		violation(scp, "write to a read-only doorbell register");
		return old;
	}
	if (value & ~scp->cfg.doorbell_bits)
		violation(scp, "doorbell bits outside the channel's");
	sim_bus_poke(stat, sim_bus_peek(stat) | value);
	if (value & scp->cfg.doorbell_bits) {
		/* The SCP takes the message: clears its doorbell and answers. */
		sim_bus_poke(stat, sim_bus_peek(stat) & ~scp->cfg.doorbell_bits);
		process(scp);
	}
	return 0; /* SET reads as zero */
}

static uint32_t shmem_read(void *ctx, uint64_t addr, uint32_t stored)
{
	struct scp_sim *scp = ctx;

	if (addr == scp->cfg.shmem + SMT_CHANNEL_STATUS && scp->delay_left > 0 &&
	    --scp->delay_left == 0) {
		stored = SMT_STATUS_FREE;
		sim_bus_poke(addr, stored);
		scp->owned = false;
	}
	return stored;
}

static uint32_t shmem_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	struct scp_sim *scp = ctx;

	/* From the doorbell until the platform frees it, the channel is not the agent's. */
	if (scp->owned) {
		violation(scp, "agent wrote the channel while the platform owned it");
		(void)addr;
	}
	(void)old;
	return value;
}

void scp_sim_init(struct scp_sim *scp, const struct scp_sim_config *cfg,
		  const struct scp_sim_hooks *hooks)
{
	memset(scp, 0, sizeof(*scp));
	scp->cfg = *cfg;
	if (hooks)
		scp->hooks = *hooks;
	scp->cpu[cfg->initially_on] = SCP_ON;
	scp->cluster[cfg->domain_cluster[cfg->initially_on]] = SCP_ON;
	scp->cluster_req[cfg->domain_cluster[cfg->initially_on]] = SCP_ON;
	scp->system = SCP_SYS_RUNNING;
	scp->fault_protocol = scp->fault_message = -1;
	sim_bus_map(cfg->doorbell, 0x18, NULL, db_write, scp);
	sim_bus_map(cfg->shmem, cfg->shmem_size, shmem_read, shmem_write, scp);
	/* The SCP firmware hands the channel to the agent at its boot. */
	sim_bus_poke(cfg->shmem + SMT_CHANNEL_STATUS, SMT_STATUS_FREE);
}

void scp_sim_fault(struct scp_sim *scp, int protocol, int message, enum scp_sim_fault fault,
		   int32_t value, unsigned int count)
{
	sim_bus_lock();
	scp->fault = fault;
	scp->fault_value = value;
	scp->fault_count = count;
	scp->fault_protocol = protocol;
	scp->fault_message = message;
	sim_bus_unlock();
}

void scp_sim_release(struct scp_sim *scp)
{
	sim_bus_lock();
	scp->owned = false;
	scp->delay_left = 0;
	sim_bus_poke(scp->cfg.shmem + SMT_CHANNEL_STATUS, SMT_STATUS_FREE);
	sim_bus_unlock();
}

void scp_sim_wfi(struct scp_sim *scp, unsigned int d)
{
	unsigned int c = scp->cfg.domain_cluster[d];

	sim_bus_lock();
	if (!scp->req[d].pending) {
		sim_bus_unlock();
		return;
	}
	scp->req[d].pending = false;
	scp->cpu[d] = scp->req[d].state;
	if (scp->req[d].system_suspend) {
		for (unsigned int k = 0; k < scp->cfg.clusters; k++)
			cluster_down(scp, k);
		scp->system = SCP_SYS_SUSPENDED;
		if (scp->hooks.system)
			scp->hooks.system(scp->hooks.ctx, SCP_SYS_SUSPENDED);
	} else if (scp->cluster_req[c] == SCP_OFF && all_cluster_down(scp, c)) {
		cluster_down(scp, c);
	}
	if (scp->req[d].on_after)
		power_up(scp, d);
	sim_bus_unlock();
}

bool scp_sim_wake(struct scp_sim *scp, unsigned int d)
{
	bool woke = false;

	sim_bus_lock();
	if (scp->system == SCP_SYS_SUSPENDED || scp->cpu[d] == SCP_SLEEP) {
		power_up(scp, d);
		woke = true;
	}
	sim_bus_unlock();
	return woke;
}

int scp_sim_find(const struct scp_sim *scp, unsigned int from, uint8_t protocol, uint8_t message)
{
	for (unsigned int i = from; i < scp->n_log; i++)
		if (scp->log[i].protocol == protocol && scp->log[i].message == message)
			return (int)i;
	return -1;
}
