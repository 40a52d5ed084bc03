/*
 * The Juno port's PSCI platform ops, driven through the real PSCI engine, against the
 * simulated SCP, CCI-400, GIC-400 and caches of juno_hw: the exact SCMI messages of
 * every power transition, who flushes the cluster cache and leaves coherency, what
 * comes back up, and the error paths.
 */
#include <string.h>

#include <secmon/psci.h>

#include "check.h"
#include "css_sim_tests.h"
#include "juno.h"
#include "juno_hw.h"
#include "juno_private.h" /* juno_early_stacks */
#include "sim_bus.h"

static void boot(bool a72)
{
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg, a72);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
}

static void test_cold_boot(void)
{
	boot(false);
	sim_check_cold_boot();
	/* UART0 at 115200 from 7.3728 MHz: divisor 4 + 0/64; 8N1 with FIFOs; enabled. */
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x24), 4);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x28), 0);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x2c), 0x70);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x30), 0x301);
	/* The early stacks of juno_entry.S were flushed out of the boot CPU's cache. */
	CHECK(sim_find(0, EV_FLUSH_RANGE, 0) >= 0);
	CHECK_EQ(sim.ev[sim_find(0, EV_FLUSH_RANGE, 0)].a, (uintptr_t)juno_early_stacks);
	CHECK_EQ(sim.ev[sim_find(0, EV_FLUSH_RANGE, 0)].b, 4096);
	/* GIC distributor on; the boot cluster was coherent already: no CCI write. */
	CHECK_EQ(sim_bus_peek(HW_GICD), 3);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);
}

static void test_cpu_ops_by_midr(void)
{
	static const struct {
		uint32_t midr;
		const char *name;
	} cores[] = {
	    {0x410fd034u, "Cortex-A53"}, {0x411fd070u, "Cortex-A57"}, {0x410fd080u, "Cortex-A72"}};

	/* What the core does on every boot: the first entry whose MIDR matches. */
	for (unsigned int i = 0; i < 3; i++) {
		const struct secmon_cpu_ops *found = NULL;

		for (size_t k = 0; k < juno_platform.cpu_ops_count && !found; k++) {
			const struct secmon_cpu_ops *o = juno_platform.cpu_ops[k];

			if ((cores[i].midr & o->midr_mask) == o->midr)
				found = o;
		}
		CHECK(found && strcmp(found->name, cores[i].name) == 0);
		CHECK(found && found->core_pwr_dwn && found->cluster_pwr_dwn && found->reset);
	}
}

static void test_cpu_on(void)
{
	struct secmon_psci_entry e;

	boot(false);
	sim_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_SUCCESS);
	/* One message: big CPU 0 (domain 0) with its cluster and the system all ON. */
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 0, 0x00020111u));
	CHECK(sim.cpu[4].powered);
	CHECK_EQ(sim.scp.cluster[HW_BIG], SCP_ON);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_ON_PENDING);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_ON_PENDING);
	CHECK_EQ(sim.scp.n_log, 1);

	/* Its warm boot: into the CCI (interface 4) before the engine hears of it. */
	CHECK_EQ(sim_warm_boot(4, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, ENTRY);
	CHECK_EQ(e.context_id, 42);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
	CHECK_EQ(hw.cci_snoop[4], 3);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 1);
	CHECK_EQ(sim.ev[sim_find(0, EV_CCI, 4)].a, 4);
	CHECK(hw.cpu[4].reg[HW_REG_CPUECTLR] & (1u << 6)); /* SMPEN from the reset hook */
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_ON);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_ALREADY_ON);

	/* A LITTLE CPU: domain 2 + n, its cluster already coherent. */
	sim_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x102, ENTRY, 7), PSCI_RET_SUCCESS);
	CHECK(sim_is_pd_set(0, 4, 0x00020111u));
	CHECK_EQ(sim_warm_boot(2, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);

	/* Refused before the SCP hears of it. */
	sim_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x1, 0x1000, 0), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x2, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x104, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10000, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim.violations, 0);
}

static void big_cluster_off(bool a72)
{
	const uint64_t smpen = 1u << 6, prefetch_off = 1ull << 38;
	/* A57/A72 core power-down, exactly. */
	const struct sim_event core[] = {
	    {EV_SYSREG, 5, HW_REG_CPUECTLR, smpen | prefetch_off},
	    {EV_BARRIER, 5, 0, 0},
	    {EV_BARRIER, 5, 1, 0},
	    {EV_OFF_FLUSH, 5, 1, 0},
	    {EV_SYSREG, 5, HW_REG_CPUECTLR, prefetch_off},
	    {EV_BARRIER, 5, 0, 0},
	    {EV_SYSREG, 5, HW_REG_OSDLR, 1},
	    {EV_BARRIER, 5, 0, 0},
	    {EV_BARRIER, 5, 1, 0},
	    {EV_BARRIER, 5, 1, 0}, /* after the CLEAN flag */
	    {EV_WFI, 5, 0, 0},
	};
	int32_t rc = 1;
	long flush, scmi, off_flush, cci, wfi;

	boot(a72);
	sim_check_cpu_up(4);
	sim_check_cpu_up(5);
	/* Prefetch distances as firmware left them: the power-down must zero them. */
	hw.cpu[5].reg[HW_REG_CPUECTLR] |= 3ull << 35 | 1ull << 32;
	sim_clear_logs();

	/* CPU 5 goes first: only the core. */
	CHECK(sim_cpu_off(5, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 1, 0x00010010u)); /* CPU off, cluster stays on */
	flush = sim_find(0, EV_FLUSH, 5);
	scmi = sim_find(0, EV_SCMI, 5);
	CHECK(flush >= 0 && sim.ev[flush].a == 1); /* its L1, before it announced itself */
	CHECK(scmi > flush);
	CHECK(sim_find(0, EV_GIC_DOWN, 5) >= 0 && sim_find(0, EV_GIC_DOWN, 5) < scmi);
	CHECK_EQ(sim_match_sequence((unsigned int)scmi, 5, core, 11), 11);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);
	CHECK_EQ(sim.scp.cpu[1], SCP_OFF);
	CHECK_EQ(sim.scp.cluster[HW_BIG], SCP_ON);
	CHECK_EQ(secmon_psci_affinity_info(0x1, 0), PSCI_AFF_OFF);

	/* CPU 4 is now the last of the big cluster: it takes the cluster down. */
	sim_clear_logs();
	CHECK(sim_cpu_off(4, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 0, 0x00010000u));
	off_flush = sim_find(0, EV_OFF_FLUSH, 4);
	cci = sim_find(0, EV_CCI, 4);
	wfi = sim_find(0, EV_WFI, 4);
	CHECK(off_flush >= 0 && sim.ev[off_flush].a == 2); /* L1 and the cluster's L2 */
	CHECK(cci > off_flush && wfi > cci);
	CHECK(cci >= 0 && sim.ev[cci].a == 4 && sim.ev[cci].b == 0);
	CHECK(sim_find((unsigned int)wfi, EV_CLUSTER_OFF, -1) > wfi);
	CHECK_EQ(hw.l2_flusher[HW_BIG], 4);
	CHECK_EQ(hw.cci_exiter[HW_BIG], 4);
	CHECK_EQ(sim.scp.cluster_offs[HW_BIG], 1);
	CHECK_EQ(sim.scp.cluster[HW_BIG], SCP_OFF);
	CHECK_EQ(sim.scp.cluster[HW_LITTLE], SCP_ON);
	CHECK_EQ(sim.violations, 0);
}

static void test_cpu_off_big_cluster(void)
{
	big_cluster_off(false);
	big_cluster_off(true); /* Juno r2: Cortex-A72, same sequence */
}

static void test_cpu_suspend_cpu_level(void)
{
	const struct sim_event a53[] = {
	    {EV_OFF_FLUSH, 1, 1, 0}, {EV_SYSREG, 1, HW_REG_CPUECTLR, 0},
	    {EV_BARRIER, 1, 0, 0},   {EV_BARRIER, 1, 1, 0},
	    {EV_BARRIER, 1, 1, 0}, /* after the CLEAN flag */
	    {EV_WFI, 1, 0, 0},
	};
	struct secmon_psci_entry e;
	int32_t rc = 1;

	boot(false);
	sim_check_cpu_up(1);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(1, PS_CPU, ENTRY + 0x100, &rc));
	/* SLEEP for domain 3, its cluster stays ON. */
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 3, 0x00010012u));
	CHECK_EQ(sim_match_sequence((unsigned int)sim_find(0, EV_SCMI, 1), 1, a53, 6), 6);
	CHECK_EQ(sim.scp.cpu[3], SCP_SLEEP);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);
	/* An interrupt: the GIC's wake request makes the SCP power it up; no message. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 3));
	CHECK_EQ(sim_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x100);
	CHECK_EQ(e.context_id, 0x1234);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x101, 0), PSCI_AFF_ON);
	CHECK_EQ(sim.violations, 0);
}

static void test_cpu_suspend_cluster_level(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 0 alone in the LITTLE cluster (big one on, so the system stays up). */
	boot(false);
	sim_check_cpu_up(4);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(0, PS_CLUSTER, ENTRY, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 2, 0x00010002u)); /* CPU SLEEP, cluster OFF, max level 1 */
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	CHECK_EQ(sim.scp.cluster_offs[HW_LITTLE], 1);
	/* Woken: the cluster comes back and rejoins the CCI first thing. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 2));
	CHECK_EQ(sim_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(hw.cci_snoop[3], 3);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 1);
	CHECK_EQ(sim.violations, 0);

	/* With a sibling running, a cluster-level request only takes the CPU down. */
	sim_check_cpu_up(1);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(0, PS_CLUSTER, ENTRY, &rc));
	CHECK(sim_is_pd_set(0, 2, 0x00010012u));
	CHECK_EQ(sim.ev[sim_find(0, EV_OFF_FLUSH, 0)].a, 1);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 0);
	CHECK_EQ(sim.scp.cluster[HW_LITTLE], SCP_ON);
	CHECK(scp_sim_wake(&sim.scp, 2));
	CHECK_EQ(sim_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(sim.violations, 0);
}

static void test_last_cpu_is_the_one(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 1 suspends asking for its cluster, but CPU 0 still runs: CPU level only. */
	boot(false);
	sim_check_cpu_up(1);
	sim_check_cpu_up(4);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(sim_is_pd_set(0, 3, 0x00010012u));
	/* CPU 0 turns off: now it is the last one, so it flushes the L2 and leaves the CCI. */
	CHECK(sim_cpu_off(0, &rc));
	CHECK(sim_is_pd_set(1, 2, 0x00010000u));
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	CHECK_EQ(sim.ev[sim_find(0, EV_OFF_FLUSH, 1)].a, 1); /* CPU 1 only cleaned its L1 */
	CHECK(sim_find(0, EV_OFF_FLUSH, 1) < sim_find(0, EV_OFF_FLUSH, 0));
	CHECK_EQ(sim.scp.cluster_offs[HW_LITTLE], 1);
	/* CPU 1's interrupt brings the cluster back: it is the first up and rejoins. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 3));
	CHECK_EQ(sim_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(sim_count(EV_CCI, -1, -1), 1);
	CHECK_EQ(hw.cci_snoop[3], 3);
	CHECK_EQ(secmon_psci_affinity_info(0x100, 0), PSCI_AFF_OFF);
	CHECK_EQ(sim.violations, 0);
}

/* SYSTEM_SUSPEND, Juno's part: the last CPU flushed the L2 and left the CCI. */
static unsigned int gicd_writes;

static void system_suspended(void)
{
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	gicd_writes = hw.gicd_ctlr_writes;
}

/* Resumed: the console and the GIC distributor set up again, back in the CCI. */
static void system_resumed(void)
{
	CHECK(hw.gicd_ctlr_writes > gicd_writes);
	CHECK_EQ(sim_bus_peek(HW_GICD), 3);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x24), 4);
	CHECK_EQ(hw.cci_snoop[3], 3);
}

/* SYSTEM_OFF, Juno's part: CPU interface off before the request, caches emptied after. */
static void system_off_order(void)
{
	long gic = sim_find(0, EV_GIC_DOWN, 0), scmi = sim_find(0, EV_SCMI, 0);

	CHECK(gic >= 0 && scmi > gic);
	CHECK(sim_find((unsigned int)scmi, EV_OFF_FLUSH, 0) > scmi);
	CHECK_EQ(sim.ev[sim_find(0, EV_OFF_FLUSH, 0)].a, 2);
}

static void run_cpu_off(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_off(sim_cur);
}

static void test_cci_stuck(void)
{
	boot(false);
	sim_check_cpu_up(4);
	hw.cci_stuck = true;
	CHECK(sim_expect_panic(4, run_cpu_off, NULL));
	CHECK(strstr(sim_panic_msg, "CCI-400 exit of cluster 0 failed (-1)") != NULL);
}

int main(void)
{
	test_cold_boot();
	test_cpu_ops_by_midr();
	test_cpu_on();
	test_cpu_off_big_cluster();
	test_cpu_suspend_cpu_level();
	test_cpu_suspend_cluster_level();
	test_last_cpu_is_the_one();
	sim_run_common_tests(system_suspended, system_resumed, system_off_order);
	test_cci_stuck();
	sim_tests_add_checks(&check_passed, &check_failed);
	return check_report();
}
