/* SCP power control for Arm CSS boards: see secmon/drivers/css_scp.h. */
#include <secmon/assert.h>
#include <secmon/drivers/css_scp.h>
#include <secmon/log.h>

/*
 * A request the caller cannot fail: anything but SUCCESS stops the system here. Kept
 * out of line: every request checks its answer, and the panics are long calls.
 */
static __attribute__((noinline)) void must(const struct css_scp *scp, int32_t ret, const char *what,
					   unsigned int cpu)
{
	const struct css_scp_config *cfg = scp->cfg;

	if (ret == SCMI_E_TIMEOUT)
		secmon_panic("%s: the SCP did not answer %s for CPU%u within %u polls "
			     "(SCMI over MHU 0x%llx, channel 0x%llx)",
			     cfg->board, what, cpu, cfg->poll_limit,
			     (unsigned long long)cfg->mhu_base, (unsigned long long)cfg->shmem);
	if (ret != SCMI_SUCCESS)
		secmon_panic("%s: the SCP refused %s for CPU%u: %s (%d)", cfg->board, what, cpu,
			     scmi_strerror(ret), (int)ret);
}

/* Whether the SCP implements a message (SCMI_NOT_FOUND: no; an error: fatal). */
static bool supported(struct css_scp *scp, uint8_t proto, uint8_t msg, uint32_t *attrs,
		      unsigned int cpu)
{
	int32_t ret = scmi_message_attributes(&scp->channel, proto, msg, attrs);

	if (ret == SCMI_NOT_FOUND || ret == SCMI_NOT_SUPPORTED)
		return false;
	must(scp, ret, "PROTOCOL_MESSAGE_ATTRIBUTES", cpu);
	return true;
}

void css_scp_init(struct css_scp *scp, const struct css_scp_config *cfg,
		  struct secmon_psci_ops *ops, unsigned int cpu)
{
	const struct scmi_channel_config channel = {
	    .shmem = cfg->shmem,
	    .shmem_size = cfg->shmem_size,
	    .ring = mhu_ring,
	    .ring_ctx = &scp->doorbell,
	    .poll_limit = cfg->poll_limit,
	    .name = cfg->board,
	};
	uint32_t version = 0, attrs = 0;
	char vendor[16];

	scp->cfg = cfg;
	scp->doorbell =
	    (struct mhu_doorbell){cfg->mhu_base + MHU_V1_AP_TO_SCP_S, cfg->doorbell_bits};
	if (cfg->levels < 2 || !cfg->domain || scmi_channel_init(&scp->channel, &channel))
		secmon_panic("%s: bad SCMI channel configuration", cfg->board);
	must(scp, scmi_protocol_version(&scp->channel, SCMI_PROTO_BASE, &version),
	     "BASE PROTOCOL_VERSION", cpu);
	must(scp, scmi_base_discover_vendor(&scp->channel, vendor), "BASE_DISCOVER_VENDOR", cpu);
	INFO("SCMI %u.%u, SCP firmware by %s\n", version >> 16, version & 0xffffu, vendor);

	if (!supported(scp, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_SET, &attrs, cpu))
		secmon_panic("%s: the SCP has no SCMI POWER_STATE_SET: no CPU power control",
			     cfg->board);
	if (!supported(scp, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_GET, &attrs, cpu))
		ops->node_hw_state = NULL;
	if (!supported(scp, SCMI_PROTO_SYSTEM_POWER, SCMI_MSG_SYSTEM_POWER_STATE_SET, &attrs,
		       cpu)) {
		ops->system_off = NULL;
		ops->system_reset = NULL;
		ops->system_reset2 = NULL;
		ops->get_sys_suspend_power_state = NULL;
		return;
	}
	if (!(attrs & SCMI_SYS_POWER_ATTR_SUSPEND))
		ops->get_sys_suspend_power_state = NULL;
	if (!(attrs & SCMI_SYS_POWER_ATTR_WARM_RESET))
		ops->system_reset2 = NULL;
}

int32_t css_scp_cpu_on(struct css_scp *scp, unsigned int cpu)
{
	/* Every level ON, up to and including the system level, which is described too. */
	unsigned int levels = scp->cfg->levels;
	uint32_t state = (levels - 1u) << SCMI_CSS_MAX_LEVEL_SHIFT;
	int32_t ret;

	for (unsigned int l = 0; l < levels; l++)
		state |= SCMI_CSS_ON << (SCMI_CSS_LEVEL_BITS * l);
	ret = scmi_pd_state_set(&scp->channel, SCMI_POWER_STATE_SET_SYNC, scp->cfg->domain(cpu),
				state);
	if (ret == SCMI_E_TIMEOUT)
		must(scp, ret, "CPU_ON", cpu);
	if (ret != SCMI_SUCCESS) {
		ERROR("%s: the SCP refused to power CPU%u on: %s\n", scp->cfg->board, cpu,
		      scmi_strerror(ret));
		return PSCI_RET_INTERNAL_FAILURE;
	}
	return PSCI_RET_SUCCESS;
}

void css_scp_cpu_down(struct css_scp *scp, unsigned int cpu, uint32_t cpu_state,
		      const struct secmon_psci_state *target)
{
	unsigned int top = scp->cfg->levels - 2u; /* the level below the system */
	uint32_t state = top << SCMI_CSS_MAX_LEVEL_SHIFT | cpu_state;

	for (unsigned int l = 1; l <= top; l++) {
		uint32_t s = target->local[l] != SECMON_PSCI_STATE_RUN ? SCMI_CSS_OFF : SCMI_CSS_ON;

		state |= s << (SCMI_CSS_LEVEL_BITS * l);
	}
	must(scp,
	     scmi_pd_state_set(&scp->channel, SCMI_POWER_STATE_SET_SYNC, scp->cfg->domain(cpu),
			       state),
	     cpu_state == SCMI_CSS_SLEEP ? "CPU_SUSPEND" : "CPU_OFF", cpu);
}

void css_scp_system(struct css_scp *scp, uint32_t scmi_state, unsigned int cpu)
{
	static const char *const what[] = {"SYSTEM_OFF", "SYSTEM_RESET", "SYSTEM_RESET2",
					   "POWER_UP", "SYSTEM_SUSPEND"};

	SECMON_ASSERT(scmi_state <= SCMI_SYS_STATE_SUSPEND);
	/* Forceful: the AP has already done what a graceful request would ask of it. */
	must(scp, scmi_sys_power_state_set(&scp->channel, SCMI_SYS_POWER_FORCEFUL, scmi_state),
	     what[scmi_state], cpu);
}

int32_t css_scp_node_hw_state(struct css_scp *scp, unsigned int cpu, unsigned int level)
{
	uint32_t state = 0;
	int32_t ret;

	/* The SCP describes a CPU's domain and the levels above it, not the system. */
	if (level + 1u >= scp->cfg->levels)
		return PSCI_RET_INVALID_PARAMETERS;
	ret = scmi_pd_state_get(&scp->channel, scp->cfg->domain(cpu), &state);
	if (ret == SCMI_E_TIMEOUT)
		must(scp, ret, "NODE_HW_STATE", cpu);
	if (ret != SCMI_SUCCESS)
		return PSCI_RET_INVALID_PARAMETERS;
	/* A level the answer does not describe is on (the CPU below it is reachable). */
	if (scmi_css_max_level(state) < level)
		return PSCI_HW_ON;
	return scmi_css_state_level(state, level) == SCMI_CSS_ON ? PSCI_HW_ON : PSCI_HW_OFF;
}
