/*
 * Juno power management for the PSCI engine: power-down at every level (CPU, cluster,
 * system), no retention. Power states follow the convention of Juno's device trees:
 * StateID 0, StateType power-down, PowerLevel 0 (CPU), 1 (cluster) or 2 (system).
 *
 * Going down, in the order the engine calls the hooks:
 *   flush_caches(0)       this CPU's L1, caches still on; tell siblings it is PENDING
 *   pwr_domain_off/suspend  GIC interface off; the last CPU of a cluster starts the CCI
 *                         exit handshake; the request goes to the SCP, which acts once
 *                         the CPU is in WFI
 *   pwr_down_wfi          the core's sequence (cache off, flush, SMPEN off); the last
 *                         CPU of a cluster first waits for its siblings' final L1
 *                         cleans, flushes the L2 too and leaves the CCI; then WFI
 * Coming up: BL1 sends the CPU to juno_entry.S, which rejoins the CCI with the caches
 * still off; cpu_init sets up the GIC interface; the finish hooks restore the GIC
 * distributor and the console after a system suspend. See juno_coherency.c for the
 * handshake that makes the CCI exit and entry safe, and docs/porting.md (section 6).
 */
#include <secmon/cache.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/scmi.h>
#include <secmon/log.h>
#include <secmon/mmio.h>

#include "juno_private.h"

static int32_t juno_validate_power_state(uint32_t power_state, struct secmon_psci_state *req)
{
	return css_pm_parse_power_state(power_state, JUNO_PWR_LEVELS, req);
}

static int32_t juno_pwr_domain_on(uint64_t mpidr)
{
	int cpu = juno_mpidr_to_cpu(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	return css_scp_cpu_on(&juno_scp, (unsigned int)cpu);
}

/* What both power-down requests do before the SCP hears of them. */
static void prepare_down(unsigned int cpu, const struct secmon_psci_state *target)
{
	juno_gic_cpu_down(cpu);
	if (css_pm_off_at(target, JUNO_LEVEL_CLUSTER))
		juno_coherency_exit_begin(cpu);
}

static void juno_pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *target)
{
	prepare_down(cpu, target);
	css_scp_cpu_down(&juno_scp, cpu, SCMI_CSS_OFF, target);
}

static void juno_pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *target)
{
	prepare_down(cpu, target);
	if (css_pm_off_at(target, JUNO_LEVEL_SYSTEM))
		css_scp_system(&juno_scp, SCMI_SYS_STATE_SUSPEND, cpu);
	else /* SLEEP: the GIC's wake-up request makes the SCP power the CPU up again */
		css_scp_cpu_down(&juno_scp, cpu, SCMI_CSS_SLEEP, target);
}

static void juno_flush_caches(unsigned int cpu, unsigned int level)
{
	/*
	 * Level 0: this CPU's L1, before it announces its power-down. The L2 is flushed
	 * once, by the cluster's last CPU in pwr_down_wfi, after every sibling is clean.
	 */
	if (level == JUNO_LEVEL_CPU) {
		juno_coherency_going_down(cpu);
		secmon_dcache_flush_to_level(1);
	}
}

static void juno_pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *target)
{
	const struct secmon_cpu_ops *ops = secmon_this_cpu_ops();

	if (css_pm_off_at(target, JUNO_LEVEL_CLUSTER)) {
		juno_coherency_wait_siblings(cpu);
		ops->cluster_pwr_dwn();
		/* Data cache off from here: constants, Device memory and the stack only. */
		juno_coherency_exit_end(cpu);
	} else {
		ops->core_pwr_dwn();
	}
	juno_coherency_cpu_clean(cpu);
	/* The SCP removes power once the CPU is in WFI; it comes back through BL1. */
	css_pm_wfi_forever();
}

static void juno_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	(void)cpu;
	if (prev->local[JUNO_LEVEL_SYSTEM] != JUNO_STATE_RUN) {
		juno_console_init();
		juno_gic_system_resume();
	}
}

static int32_t juno_validate_ns_entrypoint(uint64_t entry)
{
	if ((entry >= JUNO_NS_DRAM1_BASE && entry - JUNO_NS_DRAM1_BASE < JUNO_NS_DRAM1_SIZE) ||
	    (entry >= JUNO_DRAM2_BASE && entry - JUNO_DRAM2_BASE < JUNO_DRAM2_SIZE))
		return PSCI_RET_SUCCESS;
	return PSCI_RET_INVALID_ADDRESS;
}

static int32_t juno_sys_suspend_state(struct secmon_psci_state *state)
{
	return css_pm_sys_suspend_state(JUNO_PWR_LEVELS, state);
}

/*
 * Off or reset: the next boot of any CPU must take the cold path, not the warm one.
 * Once the SCP has the request, this CPU empties its caches (a warm reset keeps DRAM)
 * and waits for the power to go.
 */
static __attribute__((noreturn)) void system_power(uint32_t scmi_state, const char *what)
{
	unsigned int cpu = juno_this_cpu();

	INFO("%s\n", what);
	juno_console_flush();
	mmio_write64(JUNO_TRUSTED_MAILBOX, 0);
	juno_gic_cpu_down(cpu);
	css_scp_system(&juno_scp, scmi_state, cpu);
	secmon_this_cpu_ops()->cluster_pwr_dwn();
	css_pm_wfi_forever();
}

static void juno_system_off(void)
{
	system_power(SCMI_SYS_STATE_SHUTDOWN, "system off");
}

static void juno_system_reset(void)
{
	system_power(SCMI_SYS_STATE_COLD_RESET, "system reset");
}

static int32_t juno_system_reset2(uint32_t reset_type, uint64_t cookie)
{
	(void)cookie;
	/* The SCP offers the architectural warm reset and no vendor-specific one. */
	if (reset_type != PSCI_RESET2_SYSTEM_WARM_RESET)
		return PSCI_RET_INVALID_PARAMETERS;
	system_power(SCMI_SYS_STATE_WARM_RESET, "system warm reset");
}

static int32_t juno_node_hw_state(uint64_t mpidr, unsigned int level)
{
	int cpu = juno_mpidr_to_cpu(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	return css_scp_node_hw_state(&juno_scp, (unsigned int)cpu, level);
}

struct secmon_psci_ops juno_psci_ops = {
    .topology = juno_topology,
    .max_retention_state = 0,
    .max_off_state = JUNO_STATE_OFF,
    .extended_state_id = false,
    .os_initiated = false,
    .validate_power_state = juno_validate_power_state,
    .pwr_domain_on = juno_pwr_domain_on,
    .pwr_domain_off = juno_pwr_domain_off,
    .pwr_domain_suspend = juno_pwr_domain_suspend,
    .pwr_domain_on_finish = juno_finish,
    .pwr_domain_suspend_finish = juno_finish,
    .pwr_down_wfi = juno_pwr_down_wfi,
    .flush_caches = juno_flush_caches,
    .validate_ns_entrypoint = juno_validate_ns_entrypoint,
    .get_sys_suspend_power_state = juno_sys_suspend_state,
    .system_off = juno_system_off,
    .system_reset = juno_system_reset,
    .system_reset2 = juno_system_reset2,
    .node_hw_state = juno_node_hw_state,
};
