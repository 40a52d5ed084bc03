/*
 * The N1SDP port's PSCI platform ops, driven through the real PSCI engine, against the
 * simulated SCP, GIC-600 and N1 cores of n1sdp_hw: the exact SCMI message of every
 * power transition, the N1 power-down sequence, who asks for the cluster power-down
 * (CLUSTERPWRDN) and who withdraws it, the GIC-600 redistributor power, the Neoverse N1
 * cpu ops, and the error paths.
 */
#include <string.h>

#include <secmon/drivers/cpus.h>
#include <secmon/mmio.h>
#include <secmon/psci.h>

#include "check.h"
#include "n1sdp.h"
#include "n1sdp_hw.h"
#include "n1sdp_private.h" /* n1sdp_scmi */
#include "sim_bus.h"

#define ENTRY	   0x80080000ull
#define PS_CPU	   0x00010000u /* power-down, level 0, StateID 0 */
#define PS_CLUSTER 0x01010000u /* power-down, level 1 */
#define PS_SYSTEM  0x02010000u /* power-down, level 2 */
#define PWRDN	   HW_REG_CLUSTERPWRDN
#define PWRCTLR	   HW_REG_CPUPWRCTLR

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

static unsigned int count(enum hw_event_kind kind, int cpu, int a)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < hw.n_ev; i++)
		n += hw.ev[i].kind == kind && (cpu < 0 || hw.ev[i].cpu == (unsigned int)cpu) &&
		     (a < 0 || hw.ev[i].a == (uint64_t)a);
	return n;
}

/* Value of the last write to a logged register by cpu, or -1. */
static long long last_write(unsigned int cpu, unsigned int reg)
{
	long long v = -1;

	for (unsigned int i = 0; i < hw.n_ev; i++)
		if (hw.ev[i].kind == EV_SYSREG && hw.ev[i].cpu == cpu && hw.ev[i].a == reg)
			v = (long long)hw.ev[i].b;
	return v;
}

static void boot(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
}

static void cpu_up(unsigned int cpu)
{
	struct secmon_psci_entry e;

	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, HW_MPIDR(cpu), ENTRY, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(hw_warm_boot(cpu, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
}

/* Events of one CPU from `from` on (SCMI and GIC events skipped), in order. */
static unsigned int expect_sequence(unsigned int from, unsigned int cpu,
				    const struct hw_event *want, unsigned int n)
{
	unsigned int k = 0;

	for (unsigned int i = from; i < hw.n_ev && k < n; i++) {
		const struct hw_event *e = &hw.ev[i];

		if (e->cpu != cpu || e->kind == EV_SCMI || e->kind == EV_GICR_WAKER ||
		    e->kind == EV_GICR_PWRR)
			continue;
		if (e->kind != want[k].kind || e->a != want[k].a || e->b != want[k].b)
			return k;
		k++;
	}
	return k;
}

static void test_cold_boot(void)
{
	uint64_t mailbox;

	boot();
	CHECK_EQ(hw.scp.n_log, 5); /* version, vendor, three message attributes */
	CHECK_EQ(msg(0)->header, 0x00004000u);
	CHECK_EQ(msg(2)->params[0], 4); /* POWER_STATE_SET */
	CHECK_EQ(msg(3)->params[0], 5); /* POWER_STATE_GET */
	CHECK_EQ(msg(4)->header, 0x00004802u | 4u << 18);
	CHECK(strstr(hw.log, "SCMI 2.0, SCP firmware by arm") != NULL);
	/* BL1 sends powered-up CPUs straight to the core's warm entry. */
	mailbox = sim_bus_peek(HW_MAILBOX) | (uint64_t)sim_bus_peek(HW_MAILBOX + 4) << 32;
	CHECK_EQ(mailbox, (uint64_t)(uintptr_t)secmon_entry_warm);
	/* UART1 at 115200 from 50 MHz: divisor 27 + 8/64; 8N1 with FIFOs; enabled. */
	CHECK_EQ(sim_bus_peek(HW_UART + 0x24), 27);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x28), 8);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x30), 0x301);
	/* GIC-600: affinity routing, all groups on; CPU 0's redistributor powered and awake. */
	CHECK_EQ(sim_bus_peek(HW_GICD) & 0x37u, 0x37u);
	CHECK_EQ(sim_bus_peek(HW_GICR(0) + 0x24), 0);
	CHECK_EQ(sim_bus_peek(HW_GICR(0) + 0x14) & 2u, 0);
	CHECK_EQ(sim_bus_peek(HW_GICR(1) + 0x24), 1); /* the others' still down */
	CHECK(hw_find(0, EV_GICR_PWRR, 0) < hw_find(0, EV_GICR_WAKER, 0));
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_count(), 4);
	CHECK_EQ(secmon_psci_levels(), 3);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_ON);
	for (unsigned int cpu = 1; cpu < HW_CPUS; cpu++)
		CHECK_EQ(secmon_psci_affinity_info(HW_MPIDR(cpu), 0), PSCI_AFF_OFF);
	/* SMCCC_ARCH_SOC_ID: Arm's JEP-106 code and SSC_VERSION's part and revision. */
	CHECK_EQ((uint32_t)n1sdp_platform.soc_id(0), 0x043b00a5u);
	CHECK_EQ(n1sdp_platform.soc_id(1), 0x11);
	CHECK_EQ(hw.violations, 0);
}

static void test_neoverse_n1_ops(void)
{
	const struct secmon_cpu_ops *n1 = &secmon_neoverse_n1_ops;
	const struct hw_event seq[] = {
	    {EV_SYSREG, 0, PWRDN, 0}, {EV_BARRIER, 0, 0, 0}, {EV_SYSREG, 0, PWRCTLR, 1},
	    {EV_BARRIER, 0, 1, 0}, /* erratum 2743102: DSB before the ISB */
	    {EV_BARRIER, 0, 0, 0},
	};

	boot();
	/* Chosen by MIDR part number 0xD0C, any revision; not for other parts. */
	CHECK_EQ(n1sdp_platform.cpu_ops_count, 1);
	CHECK((0x410fd0c0u & n1->midr_mask) == n1->midr);
	CHECK((0x414fd0c1u & n1->midr_mask) == n1->midr);
	CHECK((0x410fd0d0u & n1->midr_mask) != n1->midr); /* Cortex-A77 */
	CHECK((0x410fd080u & n1->midr_mask) != n1->midr); /* Cortex-A72 */
	/* Workarounds: CSV2 and SSBS say 1 and 2 are not needed; BHB is not mitigated. */
	CHECK_EQ(n1->wa_status(1), SECMON_WA_NOT_REQUIRED);
	CHECK_EQ(n1->wa_status(2), SECMON_WA_NOT_REQUIRED);
	CHECK_EQ(n1->wa_status(3), SECMON_WA_NOT_SUPPORTED);
	hw.pfr0 = 1ull << 8;
	hw.pfr1 = 0;
	CHECK_EQ(n1->wa_status(1), SECMON_WA_NOT_SUPPORTED);
	CHECK_EQ(n1->wa_status(2), SECMON_WA_NOT_SUPPORTED);
	CHECK_EQ(n1->bp_inval, SECMON_BP_INVAL_NONE);
	/* Core power-down, exactly; on a later revision the erratum's DSB goes. */
	hw_clear_logs();
	n1->core_pwr_dwn();
	CHECK_EQ(expect_sequence(0, 0, seq, 5), 5);
	CHECK_EQ(hw.n_ev, 5);
	hw.midr = 0x414fd0c2u; /* r4p2: not affected */
	hw_clear_logs();
	n1->cluster_pwr_dwn();
	CHECK_EQ(hw.n_ev, 4);
	CHECK_EQ(hw.ev[0].a, PWRDN);
	CHECK_EQ(hw.ev[0].b, 1);
	CHECK_EQ(count(EV_BARRIER, 0, 1), 0);
	/* Reset: CORE_PWRDN_EN cleared, nothing else touched. */
	hw_clear_logs();
	n1->reset();
	CHECK_EQ(last_write(0, PWRCTLR), 0);
	CHECK_EQ(count(EV_SYSREG, -1, -1), 1);
}

static void test_cpu_on(void)
{
	struct secmon_psci_entry e;

	boot();
	hw_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10100, ENTRY, 42), PSCI_RET_SUCCESS);
	/* One message: CPU 3 (domain 3) with its cluster and the system all ON. */
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 3, 0x00020111u));
	CHECK(hw.cpu[3].powered);
	CHECK_EQ(hw.scp.cluster[1], SCP_ON);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10100, ENTRY, 42), PSCI_RET_ON_PENDING);
	CHECK_EQ(hw_warm_boot(3, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, ENTRY);
	CHECK_EQ(e.context_id, 42);
	/* Its redistributor: powered (GICR_PWRR) first, then woken. */
	CHECK_EQ(sim_bus_peek(HW_GICR(3) + 0x24), 0);
	CHECK(hw_find(0, EV_GICR_PWRR, 3) >= 0 &&
	      hw_find(0, EV_GICR_PWRR, 3) < hw_find(0, EV_GICR_WAKER, 3));
	/* First up in cluster 1: the cluster power-down request is withdrawn. */
	CHECK_EQ(last_write(3, PWRDN), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x10100, 0), PSCI_AFF_ON);
	/* Its sibling is not the first: it leaves CLUSTERPWRDN alone. */
	hw_clear_logs();
	cpu_up(2);
	CHECK(is_pd_set(0, 2, 0x00020111u));
	CHECK_EQ(count(EV_SYSREG, 2, PWRDN), 0);
	/* Refused before the SCP hears of it. */
	hw_clear_logs();
	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, 0x100, 0x04020000, 0), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x880000000ull, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x200, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x20000, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x101, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(hw.scp.n_log, 0);
	/* DRAM2 as N1SDP has it (0x80_8000_0000) is a valid entry point. */
	CHECK_EQ(secmon_psci_cpu_on(0, 0x100, 0x8080000000ull, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(hw.violations, 0);
}

static void test_cpu_off_cluster(void)
{
	const struct hw_event core[] = {
	    {EV_SYSREG, 3, PWRDN, 0}, {EV_BARRIER, 3, 0, 0}, {EV_SYSREG, 3, PWRCTLR, 1},
	    {EV_BARRIER, 3, 1, 0},    {EV_BARRIER, 3, 0, 0}, {EV_WFI, 3, 0, 0},
	};
	int32_t rc = 1;
	long scmi, gic;

	boot();
	cpu_up(2);
	cpu_up(3);
	hw_clear_logs();
	/* CPU 3 goes first: only the core; it states the cluster stays (PWRDN 0). */
	CHECK(hw_cpu_off(3, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 3, 0x00010010u)); /* CPU off, cluster on */
	scmi = hw_find(0, EV_SCMI, 3);
	gic = hw_find(0, EV_GICR_PWRR, 3);
	CHECK(gic >= 0 && scmi > gic && hw.ev[gic].b == 1);
	CHECK(hw_find(0, EV_GICR_WAKER, 3) < gic); /* asleep before powered down */
	CHECK_EQ(expect_sequence((unsigned int)scmi, 3, core, 6), 6);
	CHECK_EQ(count(EV_FLUSH, -1, -1), 0); /* no set/way maintenance: hardware does it */
	CHECK_EQ(hw.cluster_downs[1], 0);
	CHECK_EQ(secmon_psci_affinity_info(0x10100, 0), PSCI_AFF_OFF);

	/* CPU 2 is now the last of cluster 1: it requests the cluster power-down. */
	hw_clear_logs();
	CHECK(hw_cpu_off(2, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 2, 0x00010000u)); /* CPU and cluster off */
	CHECK_EQ(last_write(2, PWRDN), 1);
	CHECK(hw_find(0, EV_CLUSTER_OFF, -1) > hw_find(0, EV_WFI, 2));
	CHECK_EQ(hw.cluster_downs[1], 1);
	CHECK_EQ(hw.cluster_downer[1], 2);
	CHECK_EQ(hw.scp.cluster[1], SCP_OFF);
	CHECK_EQ(hw.scp.cluster[0], SCP_ON);
	CHECK_EQ(hw.violations, 0);
}

static void test_cpu_suspend_levels(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* Level 0: SLEEP for the CPU, its cluster stays ON; no message on the way back. */
	boot();
	cpu_up(1);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(1, PS_CPU, ENTRY + 0x100, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK_EQ(hw.scp.cpu[1], SCP_SLEEP);
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 1));
	CHECK_EQ(hw_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x100);
	CHECK_EQ(e.context_id, 0x1234);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(count(EV_SYSREG, 1, PWRDN), 0); /* the cluster never went */
	CHECK_EQ(sim_bus_peek(HW_GICR(1) + 0x24), 0);

	/* Level 1 with a sibling running: only the CPU goes. */
	hw_clear_logs();
	CHECK(hw_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK(scp_sim_wake(&hw.scp, 1));
	CHECK_EQ(hw_warm_boot(1, &e), PSCI_RET_SUCCESS);

	/* Level 1, alone in cluster 1 (cluster 0 runs): SLEEP, cluster OFF, PWRDN set. */
	cpu_up(2);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(2, PS_CLUSTER, ENTRY, &rc));
	CHECK(is_pd_set(0, 2, 0x00010002u));
	CHECK_EQ(last_write(2, PWRDN), 1);
	CHECK_EQ(hw.cluster_downs[1], 1);
	/* Woken: the first (and only) CPU up in the cluster withdraws the request. */
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 2));
	CHECK_EQ(hw_warm_boot(2, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(last_write(2, PWRDN), 0);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(hw.violations, 0);
}

static void test_last_cpu_is_the_one(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 1 asks for its cluster, but CPU 0 runs: CPU level only, PWRDN clear. */
	boot();
	cpu_up(1);
	cpu_up(2);
	hw_clear_logs();
	CHECK(hw_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	/* CPU 0 turns off: now it is the last one, and it asks for the cluster. */
	CHECK(hw_cpu_off(0, &rc));
	CHECK(is_pd_set(1, 0, 0x00010000u));
	CHECK_EQ(last_write(0, PWRDN), 1);
	CHECK_EQ(count(EV_SYSREG, 1, PWRDN), 1);
	CHECK_EQ(hw.cluster_downs[0], 1);
	CHECK_EQ(hw.cluster_downer[0], 0);
	/* CPU 1's interrupt brings the cluster back: first up, it handles the cluster. */
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 1));
	CHECK_EQ(hw_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK_EQ(count(EV_SYSREG, 0, PWRDN), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_OFF);
	/* CPU 0 back on: second up, no cluster work. */
	hw_clear_logs();
	hw_cur = 1;
	CHECK_EQ(secmon_psci_cpu_on(1, 0x0, ENTRY, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(count(EV_SYSREG, 0, PWRDN), 0);
	CHECK_EQ(hw.violations, 0);
}

static void test_system_suspend(void)
{
	struct secmon_psci_entry e;
	unsigned int gicd_writes;
	int32_t rc = 1;

	boot();
	cpu_up(3);
	hw_clear_logs();
	hw_cur = 0;
	CHECK_EQ(secmon_psci_system_suspend(0, ENTRY, 0), PSCI_RET_DENIED);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK(hw_cpu_off(3, &rc));

	hw_clear_logs();
	sim_bus_poke(HW_UART + 0x24, 0);
	CHECK(hw_system_suspend(0, ENTRY + 0x200, &rc));
	/* The system power protocol alone: SYSTEM_POWER_STATE_SET(forceful, SUSPEND). */
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 4));
	CHECK_EQ(last_write(0, PWRDN), 1);
	CHECK_EQ(hw.scp.system, SCP_SYS_SUSPENDED);
	/* Resume: console, GIC distributor and the cluster request set up again. */
	gicd_writes = hw.gicd_ctlr_writes;
	hw_clear_logs();
	CHECK(scp_sim_wake(&hw.scp, 0));
	CHECK_EQ(hw_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x200);
	CHECK_EQ(e.context_id, 0x5678);
	CHECK(hw.gicd_ctlr_writes > gicd_writes);
	CHECK_EQ(sim_bus_peek(HW_GICD) & 0x37u, 0x37u);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x24), 27);
	CHECK_EQ(last_write(0, PWRDN), 0);
	CHECK_EQ(hw.scp.n_log, 0);

	/* CPU_SUSPEND at the system level is the same request. */
	hw_clear_logs();
	CHECK(hw_cpu_suspend(0, PS_SYSTEM, ENTRY, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 4));
	CHECK(scp_sim_wake(&hw.scp, 0));
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
	long gic, scmi, flush;

	boot();
	cpu_up(3);
	hw_clear_logs();
	CHECK(hw_call(0, call_system_off, NULL, &rc));
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK(is_sys_set(0, 0));
	CHECK_EQ(hw.scp.system, SCP_SYS_OFF);
	CHECK_EQ(sim_bus_peek(HW_MAILBOX), 0); /* the next boot is a cold one */
	CHECK_EQ(sim_bus_peek(HW_MAILBOX + 4), 0);
	gic = hw_find(0, EV_GICR_PWRR, 0);
	scmi = hw_find(0, EV_SCMI, 0);
	flush = hw_find(0, EV_FLUSH, 0);
	CHECK(gic >= 0 && scmi > gic && flush > scmi);
	CHECK_EQ(hw.ev[flush].a, 3); /* to the point of coherency: L1, L2, L3 */
	CHECK(hw_find((unsigned int)flush, EV_WFI, 0) > flush);
	CHECK_EQ(last_write(0, PWRDN), 1);
	CHECK(strstr(hw.log, "system off") != NULL);
	CHECK_EQ(hw.violations, 0);

	boot();
	hw_clear_logs();
	CHECK(hw_call(0, call_system_reset, NULL, &rc));
	CHECK(is_sys_set(0, 1));
	CHECK_EQ(hw.scp.system, SCP_SYS_COLD_RESET);

	boot();
	hw_clear_logs();
	CHECK(hw_call(0, call_reset2, &warm, &rc));
	CHECK(is_sys_set(0, 2));
	CHECK_EQ(hw.scp.system, SCP_SYS_WARM_RESET);

	boot();
	hw_clear_logs();
	CHECK(!hw_call(0, call_reset2, &vendor, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(hw.violations, 0);
}

static void test_node_hw_state(void)
{
	int32_t rc = 1;

	boot();
	hw_clear_logs();
	CHECK_EQ(secmon_psci_node_hw_state(0x0, 0), PSCI_HW_ON);
	CHECK_EQ(hw.scp.n_log, 1);
	CHECK_EQ(msg(0)->protocol, 0x11);
	CHECK_EQ(msg(0)->message, 5);
	CHECK_EQ(msg(0)->params[0], 0);
	CHECK_EQ(secmon_psci_node_hw_state(0x0, 1), PSCI_HW_ON);
	CHECK_EQ(secmon_psci_node_hw_state(0x10000, 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(0x10000, 1), PSCI_HW_OFF); /* cluster 1 is off */
	CHECK_EQ(secmon_psci_node_hw_state(0x100, 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_node_hw_state(0x200, 0), PSCI_RET_INVALID_PARAMETERS);
	cpu_up(1);
	CHECK(hw_cpu_suspend(1, PS_CPU, ENTRY, &rc));
	hw_cur = 0;
	CHECK_EQ(secmon_psci_node_hw_state(0x100, 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(0x100, 1), PSCI_HW_ON);
	CHECK_EQ(hw.violations, 0);
}

static void test_power_state_parsing(void)
{
	static const uint32_t bad[] = {0x00010001u, 0x00000000u, 0x01000000u, 0x03010000u};
	int32_t rc = 0;

	boot();
	hw_clear_logs();
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(!hw_cpu_suspend(0, bad[i], ENTRY, &rc));
		CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	}
	CHECK(!hw_cpu_suspend(0, PS_CPU, 0x04020000, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(hw.scp.n_log, 0);
	CHECK_EQ(hw.n_ev, 0);
}

static void test_discovery_variants(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	cfg.state_get = false;
	cfg.sys_attributes = 0;
	hw_reset(&cfg);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_SUCCESS);
	cfg = hw_default_scp();
	cfg.system_power = false;
	hw_reset(&cfg);
	CHECK_EQ(hw_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_NOT_SUPPORTED);
	boot();
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(hw.violations, 0);
}

/* ---- Error paths ---- */

static void run_cpu_off(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_off(hw_cur);
}

static void run_cpu_on_3(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_on(hw_cur, 0x10100, ENTRY, 0);
}

static void run_suspend(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_suspend(hw_cur, PS_CPU, ENTRY, 0);
}

static void run_system_reset(const void *arg)
{
	(void)arg;
	secmon_psci_system_reset();
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
	boot();
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -3 /* DENIED */, 1);
	hw_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10100, ENTRY, 0), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(secmon_psci_affinity_info(0x10100, 0), PSCI_AFF_OFF);
	CHECK(strstr(hw.log, "refused to power CPU3 on: DENIED") != NULL);
	CHECK(!hw.cpu[3].powered);
	cpu_up(3);

	/* CPU_OFF refused: nothing to report it to, so a clear stop before any WFI. */
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -3, 1);
	hw_clear_logs();
	CHECK(hw_expect_panic(3, run_cpu_off, NULL));
	CHECK(strstr(hw.panic_msg, "N1SDP: the SCP refused CPU_OFF for CPU3: DENIED (-3)") != NULL);
	CHECK_EQ(count(EV_WFI, -1, -1), 0);

	/* CPU_SUSPEND with a hardware error. */
	boot();
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_STATUS, -9 /* HARDWARE_ERROR */, 1);
	CHECK(hw_expect_panic(0, run_suspend, NULL));
	CHECK(strstr(hw.panic_msg, "refused CPU_SUSPEND for CPU0: HARDWARE_ERROR (-9)") != NULL);

	/* SYSTEM_RESET refused. */
	boot();
	scp_sim_fault(&hw.scp, 0x12, 3, SCP_FAULT_STATUS, -3, 1);
	CHECK(hw_expect_panic(0, run_system_reset, NULL));
	CHECK(strstr(hw.panic_msg, "refused SYSTEM_RESET for CPU0: DENIED") != NULL);

	/* The SCP stops answering: a bounded wait, then a message naming the request. */
	boot();
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(hw_expect_panic(0, run_cpu_on_3, NULL));
	CHECK(strstr(hw.panic_msg, "the SCP did not answer CPU_ON for CPU3 within 1000000 polls") !=
	      NULL);
	CHECK(strstr(hw.panic_msg, "MHU 0x45000000, channel 0x45400000") != NULL);
	CHECK_EQ(n1sdp_scmi.last_polls, 1000000);
	/* ... and a CPU_OFF it ignores stops the system the same way. */
	boot();
	cpu_up(3);
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(hw_expect_panic(3, run_cpu_off, NULL));
	CHECK(strstr(hw.panic_msg, "did not answer CPU_OFF for CPU3") != NULL);

	/* An SCP that answers late is fine. */
	boot();
	scp_sim_fault(&hw.scp, 0x11, 4, SCP_FAULT_DELAY, 500, 1);
	cpu_up(3);
	CHECK_EQ(n1sdp_scmi.last_polls, 500);

	/* Silent at boot, or without POWER_STATE_SET: the port cannot work at all. */
	hw_reset(&cfg);
	scp_sim_fault(&hw.scp, -1, -1, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(hw_expect_panic(0, run_cold_boot, NULL));
	CHECK(strstr(hw.panic_msg, "did not answer BASE PROTOCOL_VERSION") != NULL);
	hw_reset(&cfg);
	scp_sim_fault(&hw.scp, 0x11, 2, SCP_FAULT_STATUS, -4 /* NOT_FOUND */, 1);
	CHECK(hw_expect_panic(0, run_cold_boot, NULL));
	CHECK(strstr(hw.panic_msg, "no SCMI POWER_STATE_SET") != NULL);
	CHECK_EQ(hw.violations, 0);
}

/* The model's rules can fire (expect one "rule broken" line): a redistributor programmed
 * while powered down is caught. */
static void test_model_catches(void)
{
	boot();
	hw_cur = 1;
	hw.cpu[1].powered = true;
	sim_bus_poke(HW_GICR(1) + 0x24, 1);
	mmio_write32(HW_GICR(1) + 0x10080, 0);
	CHECK_EQ(hw.violations, 1);
	CHECK(strstr(hw.violation, "redistributor of CPU1 programmed") != NULL);
}

int main(void)
{
	test_cold_boot();
	test_neoverse_n1_ops();
	test_cpu_on();
	test_cpu_off_cluster();
	test_cpu_suspend_levels();
	test_last_cpu_is_the_one();
	test_system_suspend();
	test_system_off_reset();
	test_node_hw_state();
	test_power_state_parsing();
	test_discovery_variants();
	test_scp_errors();
	test_model_catches();
	return check_report();
}
