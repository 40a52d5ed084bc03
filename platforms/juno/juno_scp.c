/*
 * Talking to Juno's SCP: one SCMI channel in trusted SRAM, rung through the MHU.
 *
 * CPU and cluster power use the power domain protocol on the CPU's domain with Arm's
 * CSS composite state (one local state per level: ON, SLEEP = power down and wake on
 * an interrupt, OFF = power down until asked). The SCP removes power only once the CPU
 * is in WFI, so the message goes out before the power-down sequence. The whole system
 * uses the system power protocol. Every request is synchronous and bounded; an SCP that
 * does not answer is fatal, with a message that says which request it ignored.
 */
#include <secmon/assert.h>
#include <secmon/drivers/mhu.h>
#include <secmon/drivers/scmi.h>
#include <secmon/log.h>

#include "juno_private.h"

struct scmi_channel juno_scmi;

static const struct mhu_doorbell juno_doorbell = {
    .channel = JUNO_MHU_BASE + MHU_V1_AP_TO_SCP_S,
    .bits = JUNO_SCMI_DOORBELL_BIT,
};

static const struct scmi_channel_config juno_scmi_config = {
    .shmem = JUNO_SCMI_SHMEM_BASE,
    .shmem_size = JUNO_SCMI_SHMEM_SIZE,
    .ring = mhu_ring,
    .ring_ctx = &juno_doorbell,
    .poll_limit = JUNO_SCMI_POLL_LIMIT,
    .name = "juno-scp",
};

/* A request the caller cannot fail: anything but SUCCESS stops the system here. */
static void must(int32_t ret, const char *what, unsigned int cpu)
{
	if (ret == SCMI_E_TIMEOUT)
		secmon_panic("Juno: the SCP did not answer %s for CPU%u within %u polls "
			     "(SCMI over MHU 0x%llx, channel 0x%llx)",
			     what, cpu, JUNO_SCMI_POLL_LIMIT, (unsigned long long)JUNO_MHU_BASE,
			     (unsigned long long)JUNO_SCMI_SHMEM_BASE);
	if (ret != SCMI_SUCCESS)
		secmon_panic("Juno: the SCP refused %s for CPU%u: %s (%d)", what, cpu,
			     scmi_strerror(ret), (int)ret);
}

/* Whether the SCP implements a message (SCMI_NOT_FOUND: no; an error: fatal). */
static bool supported(uint8_t proto, uint8_t msg, uint32_t *attrs)
{
	int32_t ret = scmi_message_attributes(&juno_scmi, proto, msg, attrs);

	if (ret == SCMI_NOT_FOUND || ret == SCMI_NOT_SUPPORTED)
		return false;
	must(ret, "PROTOCOL_MESSAGE_ATTRIBUTES", juno_this_cpu());
	return true;
}

/*
 * Cold boot: checks the SCP answers and what it implements, and removes from ops the
 * PSCI functions it cannot serve (so PSCI_FEATURES tells the truth).
 */
void juno_scp_init(struct secmon_psci_ops *ops)
{
	uint32_t version = 0, attrs = 0;
	char vendor[16];

	if (scmi_channel_init(&juno_scmi, &juno_scmi_config))
		secmon_panic("Juno: bad SCMI channel configuration");
	must(scmi_protocol_version(&juno_scmi, SCMI_PROTO_BASE, &version), "BASE PROTOCOL_VERSION",
	     juno_this_cpu());
	must(scmi_base_discover_vendor(&juno_scmi, vendor), "BASE_DISCOVER_VENDOR",
	     juno_this_cpu());
	INFO("SCMI %u.%u, SCP firmware by %s\n", version >> 16, version & 0xffffu, vendor);

	if (!supported(SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_SET, &attrs))
		secmon_panic("Juno: the SCP has no SCMI POWER_STATE_SET: no CPU power control");
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

/*
 * Composite state of a power-down: the CPU in cpu_state, and always the cluster too, OFF
 * if it goes down with this CPU and ON otherwise. Stating ON matters: a cluster-OFF
 * request by a CPU that went down while a sibling was already powering up (the engine
 * counts a CPU only once it has booted) would otherwise still stand when that sibling
 * later goes down alone, and the SCP would cut the cluster under a live CCI port.
 */
static uint32_t composite(uint32_t cpu_state, bool cluster_off)
{
	return 1u << SCMI_CSS_MAX_LEVEL_SHIFT |
	       (cluster_off ? SCMI_CSS_OFF : SCMI_CSS_ON) << SCMI_CSS_LEVEL_BITS | cpu_state;
}

int32_t juno_scp_cpu_on(unsigned int cpu)
{
	/* Everything on up to the system level, which is described as well. */
	uint32_t state = (JUNO_PWR_LEVELS - 1u) << SCMI_CSS_MAX_LEVEL_SHIFT;
	int32_t ret;

	for (unsigned int l = 0; l < JUNO_PWR_LEVELS; l++)
		state |= SCMI_CSS_ON << (SCMI_CSS_LEVEL_BITS * l);
	ret =
	    scmi_pd_state_set(&juno_scmi, SCMI_POWER_STATE_SET_SYNC, juno_scmi_domain(cpu), state);
	if (ret == SCMI_E_TIMEOUT)
		must(ret, "CPU_ON", cpu);
	if (ret != SCMI_SUCCESS) {
		ERROR("Juno: the SCP refused to power CPU%u on: %s\n", cpu, scmi_strerror(ret));
		return PSCI_RET_INTERNAL_FAILURE;
	}
	return PSCI_RET_SUCCESS;
}

void juno_scp_cpu_off(unsigned int cpu, bool cluster_off)
{
	must(scmi_pd_state_set(&juno_scmi, SCMI_POWER_STATE_SET_SYNC, juno_scmi_domain(cpu),
			       composite(SCMI_CSS_OFF, cluster_off)),
	     "CPU_OFF", cpu);
}

void juno_scp_cpu_suspend(unsigned int cpu, bool cluster_off)
{
	/* SLEEP: the GIC's wake-up request makes the SCP power the CPU up again. */
	must(scmi_pd_state_set(&juno_scmi, SCMI_POWER_STATE_SET_SYNC, juno_scmi_domain(cpu),
			       composite(SCMI_CSS_SLEEP, cluster_off)),
	     "CPU_SUSPEND", cpu);
}

void juno_scp_system(uint32_t scmi_state)
{
	static const char *const what[] = {"SYSTEM_OFF", "SYSTEM_RESET", "SYSTEM_RESET2",
					   "POWER_UP", "SYSTEM_SUSPEND"};

	SECMON_ASSERT(scmi_state <= SCMI_SYS_STATE_SUSPEND);
	/* Forceful: the AP has already done what a graceful request would ask of it. */
	must(scmi_sys_power_state_set(&juno_scmi, SCMI_SYS_POWER_FORCEFUL, scmi_state),
	     what[scmi_state], juno_this_cpu());
}

int32_t juno_scp_node_hw_state(unsigned int cpu, unsigned int level)
{
	uint32_t state = 0;
	int32_t ret;

	/* The SCP describes a CPU's domain and its cluster, not the system. */
	if (level > JUNO_LEVEL_CLUSTER)
		return PSCI_RET_INVALID_PARAMETERS;
	ret = scmi_pd_state_get(&juno_scmi, juno_scmi_domain(cpu), &state);
	if (ret == SCMI_E_TIMEOUT)
		must(ret, "NODE_HW_STATE", cpu);
	if (ret != SCMI_SUCCESS)
		return PSCI_RET_INVALID_PARAMETERS;
	/* A level the answer does not describe is on (the CPU below it is reachable). */
	if (scmi_css_max_level(state) < level)
		return PSCI_HW_ON;
	return scmi_css_state_level(state, level) == SCMI_CSS_ON ? PSCI_HW_ON : PSCI_HW_OFF;
}
