/*
 * The Juno port's PSCI platform ops, driven through the real PSCI engine, against the
 * simulated SCP, CCI-400, GIC-400 and caches of juno_hw: the exact SCMI messages of
 * every power transition, who flushes the cluster cache and leaves coherency, what
 * comes back up, and the error paths.
 */
#include <string.h>

#include <secmon/psci.h>

#include "check.h"
#include "juno.h"
#include "juno_hw.h"
#include "juno_private.h" /* juno_scmi, juno_warm_entry */
#include "sim_bus.h"

#define ENTRY	   0x80080000ull
#define PS_CPU	   0x00010000u /* power-down, level 0, StateID 0 */
#define PS_CLUSTER 0x01010000u /* power-down, level 1 */
#define PS_SYSTEM  0x02010000u /* power-down, level 2 */

static const struct scp_sim_msg *msg(unsigned int i)
{
	return &hw.scp.log[i];
}

/* log[i] is POWER_STATE_SET(sync, domain, state). */
static int is_pd_set(unsigned int i, unsigned int domain, uint32_t state)
{
	const struct scp_sim_msg *m = msg(i);

	return i < hw.scp.n_log && m->protocol == 0x11 && m->message == 4 && m->n_params == 3 &&
	       m->params[0] == 0 && m->params[1] == domain && m->params[2] == state;
}

/* log[i] is SYSTEM_POWER_STATE_SET(forceful, state). */
static int is_sys_set(unsigned int i, uint32_t state)
{
	const struct scp_sim_msg *m = msg(i);

	return i < hw.scp.n_log && m->protocol == 0x12 && m->message == 3 && m->n_params == 2 &&
	       m->params[0] == 0 && m->params[1] == state;
}

static unsigned int count(enum hw_event_kind kind)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < hw.n_ev; i++)
		n += hw.ev[i].kind == kind;
	return n;
}

static void boot(bool a72)
{
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg, a72);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
}

/* CPU_ON from CPU 0, then the target's warm boot; checks both went through. */
static void cpu_up(unsigned int cpu)
{
	struct secmon_psci_entry e;

	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, HW_MPIDR(cpu), ENTRY, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(hw_warm_boot(cpu, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
}

static void test_cold_boot(void)
{
	uint64_t mailbox;

	boot(false);
	/* Discovery: base version, vendor, then the three messages the port relies on. */
	CHECK_EQ(hw.scp.n_log, 5);
	CHECK_EQ(msg(0)->header, 0x00004000u);
	CHECK_EQ(msg(1)->header, 0x00004003u | 1u << 18);
	CHECK_EQ(msg(2)->header, 0x00004402u | 2u << 18);
	CHECK_EQ(msg(2)->params[0], 4); /* POWER_STATE_SET */
	CHECK_EQ(msg(3)->params[0], 5); /* POWER_STATE_GET */
	CHECK_EQ(msg(4)->header, 0x00004802u | 4u << 18);
	CHECK_EQ(msg(4)->params[0], 3); /* SYSTEM_POWER_STATE_SET */
	CHECK(strstr(hw.log, "SCMI 2.0, SCP firmware by arm") != NULL);
	/* BL1 will send powered-up CPUs to the core's warm entry. */
	mailbox = sim_bus_peek(HW_MAILBOX) | (uint64_t)sim_bus_peek(HW_MAILBOX + 4) << 32;
	CHECK_EQ(mailbox, (uint64_t)(uintptr_t)juno_warm_entry);
	/* UART0 at 115200 from 7.3728 MHz: divisor 4 + 0/64; 8N1 with FIFOs; enabled. */
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x24), 4);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x28), 0);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x2c), 0x70);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x30), 0x301);
	/* The early stacks of juno_entry.S were flushed out of the boot CPU's cache. */
	CHECK(hw_find(0, EV_FLUSH_RANGE, 0) >= 0);
	CHECK_EQ(hw.ev[hw_find(0, EV_FLUSH_RANGE, 0)].a, (uintptr_t)juno_early_stacks);
	CHECK_EQ(hw.ev[hw_find(0, EV_FLUSH_RANGE, 0)].b, 4096);
	/* GIC distributor on; the boot cluster was coherent already: no CCI write. */
	CHECK_EQ(sim_bus_peek(HW_GICD), 3);
	CHECK_EQ(count(EV_CCI), 0);
	/* What PSCI_FEATURES says follows from what the SCP offers. */
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND), 0); /* original format, no OSI */
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_FREEZE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_cpu_count(), 6);
	CHECK_EQ(secmon_psci_affinity_info(0x100, 0), PSCI_AFF_ON);
	for (unsigned int cpu = 1; cpu < HW_CPUS; cpu++)
		CHECK_EQ(secmon_psci_affinity_info(HW_MPIDR(cpu), 0), PSCI_AFF_OFF);
	CHECK_EQ(hw.violations, 0);
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
	hw_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_SUCCESS);
	/* One message: big CPU 0 (domain 0) with its cluster and the system all ON. */
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 0, 0x00020111u));
	CHECK(hw.cpu[4].powered);
	CHECK_EQ(hw.scp.cluster[HW_BIG], SCP_ON);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_ON_PENDING);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_ON_PENDING);
	CHECK_EQ(hw.scp.n_log, 1);

	/* Its warm boot: into the CCI (interface 4) before the engine hears of it. */
	CHECK_EQ(hw_warm_boot(4, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, ENTRY);
	CHECK_EQ(e.context_id, 42);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
	CHECK_EQ(hw.cci_snoop[4], 3);
	CHECK_EQ(count(EV_CCI), 1);
	CHECK_EQ(hw.ev[hw_find(0, EV_CCI, 4)].a, 4);
	CHECK(hw.cpu[4].reg[HW_REG_CPUECTLR] & (1u << 6)); /* SMPEN from the reset hook */
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_ON);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 42), PSCI_RET_ALREADY_ON);

	/* A LITTLE CPU: domain 2 + n, its cluster already coherent. */
	hw_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x102, ENTRY, 7), PSCI_RET_SUCCESS);
	CHECK(is_pd_set(0, 4, 0x00020111u));
	CHECK_EQ(hw_warm_boot(2, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(count(EV_CCI), 0);

	/* Refused before the SCP hears of it. */
	hw_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x1, 0x1000, 0), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x2, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x104, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10000, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(hw.violations, 0);
}

/* Events of one CPU from `from` on, in order; returns how many matched. */
static unsigned int expect_sequence(unsigned int from, unsigned int cpu,
				    const struct hw_event *want, unsigned int n)
{
	unsigned int k = 0;

	for (unsigned int i = from; i < hw.n_ev && k < n; i++) {
		const struct hw_event *e = &hw.ev[i];

		if (e->cpu != cpu || e->kind == EV_SCMI || e->kind == EV_GIC_DOWN)
			continue;
		if (e->kind != want[k].kind || e->a != want[k].a || e->b != want[k].b)
			return k;
		k++;
	}
	return k;
}

static void big_cluster_off(bool a72)
{
	const uint64_t smpen = 1u << 6, prefetch_off = 1ull << 38;
	/* A57/A72 core power-down, exactly. */
	const struct hw_event core[] = {
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
	cpu_up(4);
	cpu_up(5);
	/* Prefetch distances as firmware left them: the power-down must zero them. */
	hw.cpu[5].reg[HW_REG_CPUECTLR] |= 3ull << 35 | 1ull << 32;
	hw_clear_logs();

	/* CPU 5 goes first: only the core. */
	CHECK(hw_cpu_off(5, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 1, 0x00010010u)); /* CPU off, cluster stays on */
	flush = hw_find(0, EV_FLUSH, 5);
	scmi = hw_find(0, EV_SCMI, 5);
	CHECK(flush >= 0 && hw.ev[flush].a == 1); /* its L1, before it announced itself */
	CHECK(scmi > flush);
	CHECK(hw_find(0, EV_GIC_DOWN, 5) >= 0 && hw_find(0, EV_GIC_DOWN, 5) < scmi);
	CHECK_EQ(expect_sequence((unsigned int)scmi, 5, core, 11), 11);
	CHECK_EQ(count(EV_CCI), 0);
	CHECK_EQ(hw.scp.cpu[1], SCP_OFF);
	CHECK_EQ(hw.scp.cluster[HW_BIG], SCP_ON);
	CHECK_EQ(secmon_psci_affinity_info(0x1, 0), PSCI_AFF_OFF);

	/* CPU 4 is now the last of the big cluster: it takes the cluster down. */
	hw_clear_logs();
	CHECK(hw_cpu_off(4, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 0, 0x00010000u));
	off_flush = hw_find(0, EV_OFF_FLUSH, 4);
	cci = hw_find(0, EV_CCI, 4);
	wfi = hw_find(0, EV_WFI, 4);
	CHECK(off_flush >= 0 && hw.ev[off_flush].a == 2); /* L1 and the cluster's L2 */
	CHECK(cci > off_flush && wfi > cci);
	CHECK(cci >= 0 && hw.ev[cci].a == 4 && hw.ev[cci].b == 0);
	CHECK(hw_find((unsigned int)wfi, EV_CLUSTER_OFF, -1) > wfi);
	CHECK_EQ(hw.l2_flusher[HW_BIG], 4);
	CHECK_EQ(hw.cci_exiter[HW_BIG], 4);
	CHECK_EQ(hw.scp.cluster_offs[HW_BIG], 1);
	CHECK_EQ(hw.scp.cluster[HW_BIG], SCP_OFF);
	CHECK_EQ(hw.scp.cluster[HW_LITTLE], SCP_ON);
	CHECK_EQ(hw.violations, 0);
}

static void test_cpu_off_big_cluster(void)
{
	big_cluster_off(false);
	big_cluster_off(true); /* Juno r2: Cortex-A72, same sequence */
}

static void test_cpu_suspend_cpu_level(void)
{
	const struct hw_event a53[] = {
	    {EV_OFF_FLUSH, 1, 1, 0}, {EV_SYSREG, 1, HW_REG_CPUECTLR, 0},
	    {EV_BARRIER, 1, 0, 0},   {EV_BARRIER, 1, 1, 0},
	    {EV_BARRIER, 1, 1, 0}, /* after the CLEAN flag */
	    {EV_WFI, 1, 0, 0},
	};
	struct secmon_psci_entry e;
	int32_t rc = 1;

	boot(false);
	cpu_up(1);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(1, PS_CPU, ENTRY + 0x100, &rc));
	/* SLEEP for domain 3, its cluster stays ON. */
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 3, 0x00010012u));
	CHECK_EQ(expect_sequence((unsigned int)hw_find(0, EV_SCMI, 1), 1, a53, 6), 6);
	CHECK_EQ(hw.scp.cpu[3], SCP_SLEEP);
	CHECK_EQ(count(EV_CCI), 0);
	/* An interrupt: the GIC's wake request makes the SCP power it up; no message. */
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 3));
	CHECK_EQ(hw_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x100);
	CHECK_EQ(e.context_id, 0x1234);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(count(EV_CCI), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x101, 0), PSCI_AFF_ON);
	CHECK_EQ(hw.violations, 0);
}

static void test_cpu_suspend_cluster_level(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 0 alone in the LITTLE cluster (big one on, so the system stays up). */
	boot(false);
	cpu_up(4);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(0, PS_CLUSTER, ENTRY, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 2, 0x00010002u)); /* CPU SLEEP, cluster OFF, max level 1 */
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	CHECK_EQ(hw.scp.cluster_offs[HW_LITTLE], 1);
	/* Woken: the cluster comes back and rejoins the CCI first thing. */
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 2));
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(hw.cci_snoop[3], 3);
	CHECK_EQ(count(EV_CCI), 1);
	CHECK_EQ(hw.violations, 0);

	/* With a sibling running, a cluster-level request only takes the CPU down. */
	cpu_up(1);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(0, PS_CLUSTER, ENTRY, &rc));
	CHECK(is_pd_set(0, 2, 0x00010012u));
	CHECK_EQ(hw.ev[hw_find(0, EV_OFF_FLUSH, 0)].a, 1);
	CHECK_EQ(count(EV_CCI), 0);
	CHECK_EQ(hw.scp.cluster[HW_LITTLE], SCP_ON);
	CHECK(scp_sim_wake(&hw.scp, 2));
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(hw.violations, 0);
}

static void test_last_cpu_is_the_one(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 1 suspends asking for its cluster, but CPU 0 still runs: CPU level only. */
	boot(false);
	cpu_up(1);
	cpu_up(4);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(is_pd_set(0, 3, 0x00010012u));
	/* CPU 0 turns off: now it is the last one, so it flushes the L2 and leaves the CCI. */
	CHECK(hw_cpu_off(0, &rc));
	CHECK(is_pd_set(1, 2, 0x00010000u));
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	CHECK_EQ(hw.ev[hw_find(0, EV_OFF_FLUSH, 1)].a, 1); /* CPU 1 only cleaned its L1 */
	CHECK(hw_find(0, EV_OFF_FLUSH, 1) < hw_find(0, EV_OFF_FLUSH, 0));
	CHECK_EQ(hw.scp.cluster_offs[HW_LITTLE], 1);
	/* CPU 1's interrupt brings the cluster back: it is the first up and rejoins. */
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 3));
	CHECK_EQ(hw_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(count(EV_CCI), 1);
	CHECK_EQ(hw.cci_snoop[3], 3);
	CHECK_EQ(secmon_psci_affinity_info(0x100, 0), PSCI_AFF_OFF);
	CHECK_EQ(hw.violations, 0);
}

static void test_system_suspend(void)
{
	struct secmon_psci_entry e;
	unsigned int gicd_writes;
	int32_t rc = 1;

	boot(false);
	/* Another CPU on: denied, and the SCP hears nothing. */
	cpu_up(4);
	hw_clear_logs();
	hw_cur = 0;
	CHECK_EQ(secmon_psci_system_suspend(0, ENTRY, 0), PSCI_RET_DENIED);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK(hw_cpu_off(4, &rc));

	hw_clear_logs();
	sim_bus_poke(HW_UART0 + 0x24, 0);
	CHECK(hw_system_suspend(0, ENTRY + 0x200, &rc));
	/* The system power protocol alone: SYSTEM_POWER_STATE_SET(forceful, SUSPEND). */
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 4));
	CHECK_EQ(hw.l2_flusher[HW_LITTLE], 0);
	CHECK_EQ(hw.cci_exiter[HW_LITTLE], 0);
	CHECK_EQ(hw.scp.system, SCP_SYS_SUSPENDED);
	/* Resume: the console and the GIC distributor are set up again. */
	gicd_writes = hw.gicd_ctlr_writes;
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 2));
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x200);
	CHECK_EQ(e.context_id, 0x5678);
	CHECK(hw.gicd_ctlr_writes > gicd_writes);
	CHECK_EQ(sim_bus_peek(HW_GICD), 3);
	CHECK_EQ(sim_bus_peek(HW_UART0 + 0x24), 4);
	CHECK_EQ(hw.cci_snoop[3], 3);
	CHECK_EQ(hw.scp.n_log, 0);

	/* CPU_SUSPEND at the system level is the same request. */
	hw_clear_logs();
	CHECK(hw_cpu_suspend(0, PS_SYSTEM, ENTRY, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 4));
	CHECK(scp_sim_wake(&hw.scp, 2));
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(hw.violations, 0);
}

static int32_t call_system_off(unsigned int cpu, const void *arg)
{
	(void)cpu;
	(void)arg;
	return secmon_psci_system_off();
}

static int32_t call_system_reset(unsigned int cpu, const void *arg)
{
	(void)cpu;
	(void)arg;
	return secmon_psci_system_reset();
}

static int32_t call_reset2(unsigned int cpu, const void *arg)
{
	(void)cpu;
	return secmon_psci_system_reset2(*(const uint32_t *)arg, 0);
}

static void test_system_off_reset(void)
{
	const uint32_t warm = 0, vendor = 0x80000000u;
	int32_t rc = 1;
	long gic, scmi;

	boot(false);
	cpu_up(5);
	hw_clear_logs();
	CHECK(hw_call(0, call_system_off, NULL, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 0));
	CHECK_EQ(hw.scp.system, SCP_SYS_OFF);
	/* The next boot must be a cold one; the CPU interface is off before the request. */
	CHECK_EQ(sim_bus_peek(HW_MAILBOX), 0);
	CHECK_EQ(sim_bus_peek(HW_MAILBOX + 4), 0);
	gic = hw_find(0, EV_GIC_DOWN, 0);
	scmi = hw_find(0, EV_SCMI, 0);
	CHECK(gic >= 0 && scmi > gic);
	CHECK(strstr(hw.log, "system off") != NULL);
	CHECK(strstr(hw.console, "system off") == NULL); /* logging is the core's console */
	/* Caches emptied after the request went out. */
	CHECK(hw_find((unsigned int)scmi, EV_OFF_FLUSH, 0) > scmi);
	CHECK_EQ(hw.ev[hw_find(0, EV_OFF_FLUSH, 0)].a, 2);
	CHECK_EQ(hw.violations, 0);

	boot(false);
	hw_clear_logs();
	CHECK(hw_call(0, call_system_reset, NULL, &rc));
	CHECK(is_sys_set(0, 1));
	CHECK_EQ(hw.scp.system, SCP_SYS_COLD_RESET);
	CHECK_EQ(hw.violations, 0);

	boot(false);
	hw_clear_logs();
	CHECK(hw_call(0, call_reset2, &warm, &rc));
	CHECK(is_sys_set(0, 2));
	CHECK_EQ(hw.scp.system, SCP_SYS_WARM_RESET);
	CHECK_EQ(hw.violations, 0);

	boot(false);
	hw_clear_logs();
	CHECK(!hw_call(0, call_reset2, &vendor, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(hw.violations, 0);
}

static void test_node_hw_state(void)
{
	int32_t rc = 1;

	boot(false);
	hw_clear_logs();
	CHECK_EQ(secmon_psci_node_hw_state(0x100, 0), PSCI_HW_ON);
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK_EQ(msg(0)->protocol, 0x11);
	CHECK_EQ(msg(0)->message, 5);
	CHECK_EQ(msg(0)->params[0], 2);
	CHECK_EQ(secmon_psci_node_hw_state(0x100, 1), PSCI_HW_ON);
	CHECK_EQ(secmon_psci_node_hw_state(0x0, 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(0x0, 1), PSCI_HW_OFF); /* the big cluster is off */
	CHECK_EQ(secmon_psci_node_hw_state(0x101, 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_node_hw_state(0x105, 0), PSCI_RET_INVALID_PARAMETERS);
	/* A sleeping CPU is off as far as the hardware goes. */
	cpu_up(1);
	CHECK(hw_cpu_suspend(1, PS_CPU, ENTRY, &rc));
	hw_cur = 0;
	CHECK_EQ(secmon_psci_node_hw_state(0x101, 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(0x101, 1), PSCI_HW_ON);
	CHECK_EQ(hw.violations, 0);
}

static void test_power_state_parsing(void)
{
	static const uint32_t bad[] = {
	    0x00010001u, /* StateID must be 0 */
	    0x00000000u, /* standby: no retention on Juno */
	    0x01000000u, /* standby at the cluster level */
	    0x03010000u, /* no level 3 */
	};
	int32_t rc = 0;

	boot(false);
	hw_clear_logs();
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(!hw_cpu_suspend(0, bad[i], ENTRY, &rc));
		CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	}
	/* Not DRAM: refused before anything happens. */
	CHECK(!hw_cpu_suspend(0, PS_CPU, 0x04003000, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(count(EV_FLUSH), 0);
	CHECK_EQ(count(EV_OFF_FLUSH), 0);
	/* DRAM2 is fine. */
	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, 0x880000000ull, 0), PSCI_RET_SUCCESS);
}

static void test_discovery_variants(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	cfg.state_get = false;
	cfg.sys_attributes = 0;
	hw_reset(&cfg, false);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_SUCCESS);

	cfg = hw_default_scp();
	cfg.system_power = false;
	hw_reset(&cfg, false);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_NOT_SUPPORTED);

	/* Back to a full SCP: everything is offered again. */
	boot(false);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(hw.violations, 0);
}

/* ---- Error paths ---- */

static void run_cpu_off(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_off(hw_cur);
}

static void run_cpu_on_4(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_on(hw_cur, 0x0, ENTRY, 0);
}

static void run_suspend(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_suspend(hw_cur, PS_CPU, ENTRY, 0);
}

static void run_system_off(const void *arg)
{
	(void)arg;
	secmon_psci_system_off();
}

static void run_cold_boot(const void *arg)
{
	(void)arg;
	hw_cold_boot();
}

static void test_scp_errors(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	/* CPU_ON refused: reported to the caller, the CPU stays off, a retry works. */
	boot(false);
	hw_clear_logs();
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -3 /* DENIED */, 1);
	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, ENTRY, 0), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_OFF);
	CHECK(strstr(hw.log, "refused to power CPU4 on: DENIED") != NULL);
	CHECK(!hw.cpu[4].powered);
	cpu_up(4);

	/* CPU_OFF refused: nothing to report it to, so a clear stop. */
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -3, 1);
	CHECK(hw_expect_panic(4, run_cpu_off, NULL));
	CHECK(strstr(hw.panic_msg, "the SCP refused CPU_OFF for CPU4: DENIED (-3)") != NULL);

	/* CPU_SUSPEND with a hardware error. */
	boot(false);
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -9 /* HARDWARE_ERROR */, 1);
	CHECK(hw_expect_panic(0, run_suspend, NULL));
	CHECK(strstr(hw.panic_msg, "refused CPU_SUSPEND for CPU0: HARDWARE_ERROR") != NULL);

	/* SYSTEM_OFF refused. */
	boot(false);
	scp_sim_fault(&hw.scp, 0x12, 3, SCP_FAULT_STATUS, -3, 1);
	CHECK(hw_expect_panic(0, run_system_off, NULL));
	CHECK(strstr(hw.panic_msg, "refused SYSTEM_OFF") != NULL);

	/* The SCP stops answering: a bounded wait, then a message naming the request. */
	boot(false);
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(hw_expect_panic(0, run_cpu_on_4, NULL));
	CHECK(strstr(hw.panic_msg, "the SCP did not answer CPU_ON for CPU4 within 1000000 polls") !=
	      NULL);
	CHECK(strstr(hw.panic_msg, "MHU 0x2b1f0000, channel 0x4000dc0") != NULL);
	CHECK_EQ(juno_scmi.last_polls, 1000000);
	CHECK(strstr(hw.log, "no answer to protocol 0x11 message 0x4") != NULL);

	/* An SCP that answers too late is fine. */
	boot(false);
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_DELAY, 500, 1);
	cpu_up(4);
	CHECK_EQ(juno_scmi.last_polls, 500);

	/* Silent at boot, or without POWER_STATE_SET: the port cannot work at all. */
	hw_reset(&cfg, false);
	scp_sim_fault(&hw.scp, -1, -1, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(hw_expect_panic(0, run_cold_boot, NULL));
	CHECK(strstr(hw.panic_msg, "did not answer BASE PROTOCOL_VERSION") != NULL);
	hw_reset(&cfg, false);
	scp_sim_fault(&hw.scp, 0x11, 2, SCP_FAULT_STATUS, -4 /* NOT_FOUND */, 1);
	CHECK(hw_expect_panic(0, run_cold_boot, NULL));
	CHECK(strstr(hw.panic_msg, "no SCMI POWER_STATE_SET") != NULL);
	CHECK_EQ(hw.violations, 0);
}

static void test_cci_stuck(void)
{
	boot(false);
	cpu_up(4);
	hw.cci_stuck = true;
	CHECK(hw_expect_panic(4, run_cpu_off, NULL));
	CHECK(strstr(hw.panic_msg, "CCI-400 exit of cluster 0 failed (-1)") != NULL);
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
	test_system_suspend();
	test_system_off_reset();
	test_node_hw_state();
	test_power_state_parsing();
	test_discovery_variants();
	test_scp_errors();
	test_cci_stuck();
	return check_report();
}
