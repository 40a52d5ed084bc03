/*
 * Talking to N1SDP's SCP: one SCMI channel in the SCP's secure shared RAM, rung through
 * the MHU, as on Juno (docs/porting.md, section "Talking to the SCP"): the power domain
 * protocol with Arm's CSS composite state on the CPU's domain, the system power
 * protocol for the whole system. The SCP removes power once the CPU is in WFI, so the
 * request goes out before the power-down sequence. Every request is synchronous and
 * bounded; an SCP that does not answer is fatal, with a message naming the request.
 */
#include <secmon/assert.h>
#include <secmon/drivers/mhu.h>
#include <secmon/drivers/scmi.h>
#include <secmon/log.h>

#include "n1sdp_private.h"

struct scmi_channel n1sdp_scmi;

static const struct mhu_doorbell n1sdp_doorbell = {
    .channel = N1SDP_MHU_BASE + MHU_V1_AP_TO_SCP_S,
    .bits = N1SDP_SCMI_DOORBELL_BIT,
};

static const struct scmi_channel_config n1sdp_scmi_config = {
    .shmem = N1SDP_SCMI_SHMEM_BASE,
    .shmem_size = N1SDP_SCMI_SHMEM_SIZE,
    .ring = mhu_ring,
    .ring_ctx = &n1sdp_doorbell,
    .poll_limit = N1SDP_SCMI_POLL_LIMIT,
    .name = "n1sdp-scp",
};

/* A request the caller cannot fail: anything but SUCCESS stops the system here. */
static void must(int32_t ret, const char *what, unsigned int cpu)
{
	if (ret == SCMI_E_TIMEOUT)
		secmon_panic("N1SDP: the SCP did not answer %s for CPU%u within %u polls "
			     "(SCMI over MHU 0x%llx, channel 0x%llx)",
			     what, cpu, N1SDP_SCMI_POLL_LIMIT, (unsigned long long)N1SDP_MHU_BASE,
			     (unsigned long long)N1SDP_SCMI_SHMEM_BASE);
	if (ret != SCMI_SUCCESS)
		secmon_panic("N1SDP: the SCP refused %s for CPU%u: %s (%d)", what, cpu,
			     scmi_strerror(ret), (int)ret);
}

/* Whether the SCP implements a message (SCMI_NOT_FOUND: no; an error: fatal). */
static bool supported(uint8_t proto, uint8_t msg, uint32_t *attrs)
{
	int32_t ret = scmi_message_attributes(&n1sdp_scmi, proto, msg, attrs);

	if (ret == SCMI_NOT_FOUND || ret == SCMI_NOT_SUPPORTED)
		return false;
	must(ret, "PROTOCOL_MESSAGE_ATTRIBUTES", n1sdp_this_cpu());
	return true;
}

/* Cold boot: the SCP answers; ops loses the PSCI functions it cannot serve. */
void n1sdp_scp_init(struct secmon_psci_ops *ops)
{
	uint32_t version = 0, attrs = 0;
	char vendor[16];

	if (scmi_channel_init(&n1sdp_scmi, &n1sdp_scmi_config))
		secmon_panic("N1SDP: bad SCMI channel configuration");
	must(scmi_protocol_version(&n1sdp_scmi, SCMI_PROTO_BASE, &version), "BASE PROTOCOL_VERSION",
	     n1sdp_this_cpu());
	must(scmi_base_discover_vendor(&n1sdp_scmi, vendor), "BASE_DISCOVER_VENDOR",
	     n1sdp_this_cpu());
	INFO("SCMI %u.%u, SCP firmware by %s\n", version >> 16, version & 0xffffu, vendor);

	if (!supported(SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_SET, &attrs))
		secmon_panic("N1SDP: the SCP has no SCMI POWER_STATE_SET: no CPU power control");
	if (!supported(SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_GET, &attrs))
		ops->node_hw_state = NULL;
	if (!supported(SCMI_PROTO_SYSTEM_POWER, SCMI_MSG_SYSTEM_POWER_STATE_SET, &attrs)) {
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

int32_t n1sdp_scp_cpu_on(unsigned int cpu)
{
	/* Every level ON, up to and including the system level. */
	uint32_t state = N1SDP_LEVEL_SYSTEM << SCMI_CSS_MAX_LEVEL_SHIFT;
	int32_t ret;

	for (unsigned int l = 0; l < N1SDP_PWR_LEVELS; l++)
		state |= SCMI_CSS_ON << (SCMI_CSS_LEVEL_BITS * l);
	ret = scmi_pd_state_set(&n1sdp_scmi, SCMI_POWER_STATE_SET_SYNC, n1sdp_scmi_domain(cpu),
				state);
	if (ret == SCMI_E_TIMEOUT)
		must(ret, "CPU_ON", cpu);
	if (ret != SCMI_SUCCESS) {
		ERROR("N1SDP: the SCP refused to power CPU%u on: %s\n", cpu, scmi_strerror(ret));
		return PSCI_RET_INTERNAL_FAILURE;
	}
	return PSCI_RET_SUCCESS;
}

/*
 * A power-down describes the CPU and every level up to the one below the system, each
 * OFF if it goes down with this CPU and ON otherwise. Stating ON matters: the latest
 * request wins at the SCP, so a cluster-OFF left by a CPU that went down while a
 * sibling was powering up cannot take the cluster from under that sibling later.
 */
void n1sdp_scp_cpu_down(unsigned int cpu, uint32_t cpu_state,
			const struct secmon_psci_state *target)
{
	uint32_t state = (N1SDP_LEVEL_SYSTEM - 1u) << SCMI_CSS_MAX_LEVEL_SHIFT | cpu_state;

	for (unsigned int l = N1SDP_LEVEL_CLUSTER; l < N1SDP_LEVEL_SYSTEM; l++) {
		uint32_t s = target->local[l] == N1SDP_STATE_OFF ? SCMI_CSS_OFF : SCMI_CSS_ON;

		state |= s << (SCMI_CSS_LEVEL_BITS * l);
	}
	must(scmi_pd_state_set(&n1sdp_scmi, SCMI_POWER_STATE_SET_SYNC, n1sdp_scmi_domain(cpu),
			       state),
	     cpu_state == SCMI_CSS_SLEEP ? "CPU_SUSPEND" : "CPU_OFF", cpu);
}

void n1sdp_scp_system(uint32_t scmi_state)
{
	static const char *const what[] = {"SYSTEM_OFF", "SYSTEM_RESET", "SYSTEM_RESET2",
					   "POWER_UP", "SYSTEM_SUSPEND"};

	SECMON_ASSERT(scmi_state <= SCMI_SYS_STATE_SUSPEND);
	/* Forceful: the AP has already done what a graceful request would ask of it. */
	must(scmi_sys_power_state_set(&n1sdp_scmi, SCMI_SYS_POWER_FORCEFUL, scmi_state),
	     what[scmi_state], n1sdp_this_cpu());
}

int32_t n1sdp_scp_node_hw_state(unsigned int cpu, unsigned int level)
{
	uint32_t state = 0;
	int32_t ret;

	/* The SCP describes a CPU's domain and the levels above it, not the system. */
	if (level >= N1SDP_LEVEL_SYSTEM)
		return PSCI_RET_INVALID_PARAMETERS;
	ret = scmi_pd_state_get(&n1sdp_scmi, n1sdp_scmi_domain(cpu), &state);
	if (ret == SCMI_E_TIMEOUT)
		must(ret, "NODE_HW_STATE", cpu);
	if (ret != SCMI_SUCCESS)
		return PSCI_RET_INVALID_PARAMETERS;
	/* A level the answer does not describe is on (the CPU below it is reachable). */
	if (scmi_css_max_level(state) < level)
		return PSCI_HW_ON;
	return scmi_css_state_level(state, level) == SCMI_CSS_ON ? PSCI_HW_ON : PSCI_HW_OFF;
}
