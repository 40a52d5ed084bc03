/*
 * N1SDP power management for the PSCI engine: power-down at every level, no retention.
 * Power states as Juno's: StateID 0, StateType power-down, PowerLevel 0 (CPU), 1
 * (cluster), up to the system level (2; 3 with two chips).
 *
 * Coherency is the hardware's (CMN-600 mesh, DSU clusters, N1 cores): the monitor has no
 * snoop switch to turn (no CCI-style port control), no cache to flush by set/way before
 * a CPU or cluster power-down, and no race between a leaving and an arriving CPU to
 * settle. So, unlike Juno, there is no flush_caches hook, no coherency page and no early
 * warm entry. What remains, in the order the engine calls the hooks:
 *   pwr_domain_off/suspend  the GIC-600 redistributor asleep and powered down; the SCMI
 *                           request (the SCP acts once the CPU is in WFI)
 *   pwr_down_wfi            the N1 sequence: the DSU's CLUSTERPWRDN (set by the last CPU
 *                           of the cluster, cleared by the others), CORE_PWRDN_EN, WFI;
 *                           the core flushes its L1/L2, the DSU its L3, in hardware
 * Coming up: BL1 sends the CPU to the core's warm entry; cpu_init powers and wakes its
 * redistributor; the first CPU up in a cluster withdraws the cluster's power-down
 * request, the first after a system suspend restores the GIC distributor and console.
 */
#include <secmon/cache.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/dsu.h>
#include <secmon/drivers/scmi.h>
#include <secmon/log.h>
#include <secmon/mmio.h>

#include "n1sdp_private.h"

static int32_t n1sdp_validate_power_state(uint32_t power_state, struct secmon_psci_state *req)
{
	return css_pm_parse_power_state(power_state, N1SDP_PWR_LEVELS, req);
}

static int32_t n1sdp_pwr_domain_on(uint64_t mpidr)
{
	int cpu = n1sdp_mpidr_to_cpu(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	return css_scp_cpu_on(&n1sdp_scp, (unsigned int)cpu);
}

static void n1sdp_pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *target)
{
	n1sdp_gic_cpu_down(cpu);
	css_scp_cpu_down(&n1sdp_scp, cpu, SCMI_CSS_OFF, target);
}

static void n1sdp_pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *target)
{
	n1sdp_gic_cpu_down(cpu);
	if (css_pm_off_at(target, N1SDP_LEVEL_SYSTEM))
		css_scp_system(&n1sdp_scp, SCMI_SYS_STATE_SUSPEND, cpu);
	else /* SLEEP: the GIC's wake-up request makes the SCP power the CPU up again */
		css_scp_cpu_down(&n1sdp_scp, cpu, SCMI_CSS_SLEEP, target);
}

static void n1sdp_pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *target)
{
	const struct secmon_cpu_ops *ops = secmon_this_cpu_ops();

	(void)cpu;
	if (css_pm_off_at(target, N1SDP_LEVEL_CLUSTER))
		ops->cluster_pwr_dwn();
	else
		ops->core_pwr_dwn();
	/* CORE_PWRDN_EN is set: this WFI does not wake; the CPU comes back through BL1. */
	css_pm_wfi_forever();
}

static void n1sdp_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	(void)cpu;
	/* First up in its cluster: the last CPU's power-down request no longer holds. */
	if (prev->local[N1SDP_LEVEL_CLUSTER] != N1SDP_STATE_RUN)
		dsu_cluster_pwrdn_request(false);
	if (prev->local[N1SDP_LEVEL_SYSTEM] != N1SDP_STATE_RUN) {
		n1sdp_console_init();
		n1sdp_gic_system_resume();
	}
}

static int32_t n1sdp_validate_ns_entrypoint(uint64_t entry)
{
	if ((entry >= N1SDP_NS_DRAM1_BASE && entry - N1SDP_NS_DRAM1_BASE < N1SDP_NS_DRAM1_SIZE) ||
	    (entry >= N1SDP_DRAM2_BASE && entry - N1SDP_DRAM2_BASE < N1SDP_DRAM2_SIZE))
		return PSCI_RET_SUCCESS;
	return PSCI_RET_INVALID_ADDRESS;
}

static int32_t n1sdp_sys_suspend_state(struct secmon_psci_state *state)
{
	return css_pm_sys_suspend_state(N1SDP_PWR_LEVELS, state);
}

/*
 * Off or reset: the next boot of any CPU must take the cold path. Once the SCP has the
 * request, the caches are cleaned to the point of coherency (a warm reset keeps DRAM;
 * nothing powers the cores down in order on a reset, so the hardware flush of the
 * power-down sequence cannot be counted on), then the power-down sequence and WFI.
 */
static __attribute__((noreturn)) void system_power(uint32_t scmi_state, const char *what)
{
	unsigned int cpu = n1sdp_this_cpu();

	INFO("%s\n", what);
	n1sdp_console_flush();
	mmio_write64(N1SDP_TRUSTED_MAILBOX, 0);
	n1sdp_gic_cpu_down(cpu);
	css_scp_system(&n1sdp_scp, scmi_state, cpu);
	secmon_dcache_flush_to_level(secmon_cache_loc());
	secmon_this_cpu_ops()->cluster_pwr_dwn();
	css_pm_wfi_forever();
}

static void n1sdp_system_off(void)
{
	system_power(SCMI_SYS_STATE_SHUTDOWN, "system off");
}

static void n1sdp_system_reset(void)
{
	system_power(SCMI_SYS_STATE_COLD_RESET, "system reset");
}

static int32_t n1sdp_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	(void)cookie;
	/* The SCP offers the architectural warm reset and no vendor-specific one. */
	if (reset_type != PSCI_RESET2_SYSTEM_WARM_RESET)
		return PSCI_RET_INVALID_PARAMETERS;
	system_power(SCMI_SYS_STATE_WARM_RESET, "system warm reset");
}

static int32_t n1sdp_node_hw_state(uint64_t mpidr, unsigned int level)
{
	int cpu = n1sdp_mpidr_to_cpu(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	return css_scp_node_hw_state(&n1sdp_scp, (unsigned int)cpu, level);
}

struct secmon_psci_ops n1sdp_psci_ops = {
    .topology = n1sdp_topology,
    .max_retention_state = 0,
    .max_off_state = N1SDP_STATE_OFF,
    .extended_state_id = false,
    .os_initiated = false,
    .validate_power_state = n1sdp_validate_power_state,
    .pwr_domain_on = n1sdp_pwr_domain_on,
    .pwr_domain_off = n1sdp_pwr_domain_off,
    .pwr_domain_suspend = n1sdp_pwr_domain_suspend,
    .pwr_domain_on_finish = n1sdp_finish,
    .pwr_domain_suspend_finish = n1sdp_finish,
    .pwr_down_wfi = n1sdp_pwr_down_wfi,
    .validate_ns_entrypoint = n1sdp_validate_ns_entrypoint,
    .get_sys_suspend_power_state = n1sdp_sys_suspend_state,
    .system_off = n1sdp_system_off,
    .system_reset = n1sdp_system_reset,
    .system_reset2 = n1sdp_system_reset2,
    .node_hw_state = n1sdp_node_hw_state,
};
