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
#include "css_sim_tests.h"
#include "n1sdp.h"
#include "n1sdp_hw.h"
#include "sim_bus.h"

#define PWRDN	HW_REG_CLUSTERPWRDN
#define PWRCTLR HW_REG_CPUPWRCTLR

/* Value of the last write to a logged register by cpu, or -1. */
static long long last_write(unsigned int cpu, unsigned int reg)
{
	long long v = -1;

	for (unsigned int i = 0; i < sim.n_ev; i++)
		if (sim.ev[i].kind == EV_SYSREG && sim.ev[i].cpu == cpu && sim.ev[i].a == reg)
			v = (long long)sim.ev[i].b;
	return v;
}

static void boot(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
}

static void test_cold_boot(void)
{
	boot();
	sim_check_cold_boot();
	/* UART1 at 115200 from 50 MHz: divisor 27 + 8/64; 8N1 with FIFOs; enabled. */
	CHECK_EQ(sim_bus_peek(HW_UART + 0x24), 27);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x28), 8);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x30), 0x301);
	/* GIC-600: affinity routing, all groups on; CPU 0's redistributor powered and awake. */
	CHECK_EQ(sim_bus_peek(HW_GICD) & 0x37u, 0x37u);
	CHECK_EQ(sim_bus_peek(HW_GICR(0) + 0x24), 0);
	CHECK_EQ(sim_bus_peek(HW_GICR(0) + 0x14) & 2u, 0);
	CHECK_EQ(sim_bus_peek(HW_GICR(1) + 0x24), 1); /* the others' still down */
	CHECK(sim_find(0, EV_GICR_PWRR, 0) < sim_find(0, EV_GICR_WAKER, 0));
	CHECK_EQ(secmon_psci_levels(), 3);
	/* SMCCC_ARCH_SOC_ID: Arm's JEP-106 code and SSC_VERSION's part and revision. */
	CHECK_EQ((uint32_t)n1sdp_platform.soc_id(0), 0x043b00a5u);
	CHECK_EQ(n1sdp_platform.soc_id(1), 0x11);
	CHECK_EQ(sim.violations, 0);
}

static void test_neoverse_n1_ops(void)
{
	const struct secmon_cpu_ops *n1 = &secmon_neoverse_n1_ops;
	const struct sim_event seq[] = {
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
	/*
	 * Workarounds: CSV2 and SSBS say 1 and 2 are not needed; Spectre-BHB is mitigated
	 * by the 24-iteration branch loop of the vectors the ops point at, whatever the
	 * ID registers say.
	 */
	CHECK_EQ(n1->wa_status(1), SECMON_WA_NOT_REQUIRED);
	CHECK_EQ(n1->wa_status(2), SECMON_WA_NOT_REQUIRED);
	CHECK_EQ(n1->wa_status(3), SECMON_WA_REQUIRED);
	hw.pfr0 = 1ull << 8;
	hw.pfr1 = 0;
	CHECK_EQ(n1->wa_status(1), SECMON_WA_NOT_SUPPORTED);
	CHECK_EQ(n1->wa_status(2), SECMON_WA_NOT_SUPPORTED);
	CHECK_EQ(n1->wa_status(3), SECMON_WA_REQUIRED);
	CHECK(strcmp(n1->vectors, "bhb24") == 0);
	/* Core power-down, exactly; on a later revision the erratum's DSB goes. */
	sim_clear_logs();
	n1->core_pwr_dwn();
	CHECK_EQ(sim_match_sequence(0, 0, seq, 5), 5);
	CHECK_EQ(sim.n_ev, 5);
	hw.midr = 0x414fd0c2u; /* r4p2: not affected */
	sim_clear_logs();
	n1->cluster_pwr_dwn();
	CHECK_EQ(sim.n_ev, 4);
	CHECK_EQ(sim.ev[0].a, PWRDN);
	CHECK_EQ(sim.ev[0].b, 1);
	CHECK_EQ(sim_count(EV_BARRIER, 0, 1), 0);
	/* Reset: CORE_PWRDN_EN cleared, nothing else touched. */
	sim_clear_logs();
	n1->reset();
	CHECK_EQ(last_write(0, PWRCTLR), 0);
	CHECK_EQ(sim_count(EV_SYSREG, -1, -1), 1);
}

static void test_cpu_on(void)
{
	struct secmon_psci_entry e;

	boot();
	sim_clear_logs();
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10100, ENTRY, 42), PSCI_RET_SUCCESS);
	/* One message: CPU 3 (domain 3) with its cluster and the system all ON. */
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 3, 0x00020111u));
	CHECK(sim.cpu[3].powered);
	CHECK_EQ(sim.scp.cluster[1], SCP_ON);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x10100, ENTRY, 42), PSCI_RET_ON_PENDING);
	CHECK_EQ(sim_warm_boot(3, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, ENTRY);
	CHECK_EQ(e.context_id, 42);
	/* Its redistributor: powered (GICR_PWRR) first, then woken. */
	CHECK_EQ(sim_bus_peek(HW_GICR(3) + 0x24), 0);
	CHECK(sim_find(0, EV_GICR_PWRR, 3) >= 0 &&
	      sim_find(0, EV_GICR_PWRR, 3) < sim_find(0, EV_GICR_WAKER, 3));
	/* First up in cluster 1: the cluster power-down request is withdrawn. */
	CHECK_EQ(last_write(3, PWRDN), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x10100, 0), PSCI_AFF_ON);
	/* Its sibling is not the first: it leaves CLUSTERPWRDN alone. */
	sim_clear_logs();
	sim_check_cpu_up(2);
	CHECK(sim_is_pd_set(0, 2, 0x00020111u));
	CHECK_EQ(sim_count(EV_SYSREG, 2, PWRDN), 0);
	/* Refused before the SCP hears of it. */
	sim_clear_logs();
	sim_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, 0x100, 0x04020000, 0), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x880000000ull, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x200, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x20000, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x101, ENTRY, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(sim.scp.n_log, 0);
	/* DRAM2 as N1SDP has it (0x80_8000_0000) is a valid entry point. */
	CHECK_EQ(secmon_psci_cpu_on(0, 0x100, 0x8080000000ull, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(sim.violations, 0);
}

static void test_cpu_off_cluster(void)
{
	const struct sim_event core[] = {
	    {EV_SYSREG, 3, PWRDN, 0}, {EV_BARRIER, 3, 0, 0}, {EV_SYSREG, 3, PWRCTLR, 1},
	    {EV_BARRIER, 3, 1, 0},    {EV_BARRIER, 3, 0, 0}, {EV_WFI, 3, 0, 0},
	};
	int32_t rc = 1;
	long scmi, gic;

	boot();
	sim_check_cpu_up(2);
	sim_check_cpu_up(3);
	sim_clear_logs();
	/* CPU 3 goes first: only the core; it states the cluster stays (PWRDN 0). */
	CHECK(sim_cpu_off(3, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 3, 0x00010010u)); /* CPU off, cluster on */
	scmi = sim_find(0, EV_SCMI, 3);
	gic = sim_find(0, EV_GICR_PWRR, 3);
	CHECK(gic >= 0 && scmi > gic && sim.ev[gic].b == 1);
	CHECK(sim_find(0, EV_GICR_WAKER, 3) < gic); /* asleep before powered down */
	CHECK_EQ(sim_match_sequence((unsigned int)scmi, 3, core, 6), 6);
	CHECK_EQ(sim_count(EV_FLUSH, -1, -1), 0); /* no set/way maintenance: hardware does it */
	CHECK_EQ(hw.cluster_downs[1], 0);
	CHECK_EQ(secmon_psci_affinity_info(0x10100, 0), PSCI_AFF_OFF);

	/* CPU 2 is now the last of cluster 1: it requests the cluster power-down. */
	sim_clear_logs();
	CHECK(sim_cpu_off(2, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 2, 0x00010000u)); /* CPU and cluster off */
	CHECK_EQ(last_write(2, PWRDN), 1);
	CHECK(sim_find(0, EV_CLUSTER_OFF, -1) > sim_find(0, EV_WFI, 2));
	CHECK_EQ(hw.cluster_downs[1], 1);
	CHECK_EQ(hw.cluster_downer[1], 2);
	CHECK_EQ(sim.scp.cluster[1], SCP_OFF);
	CHECK_EQ(sim.scp.cluster[0], SCP_ON);
	CHECK_EQ(sim.violations, 0);
}

static void test_cpu_suspend_levels(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* Level 0: SLEEP for the CPU, its cluster stays ON; no message on the way back. */
	boot();
	sim_check_cpu_up(1);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(1, PS_CPU, ENTRY + 0x100, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK_EQ(sim.scp.cpu[1], SCP_SLEEP);
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 1));
	CHECK_EQ(sim_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x100);
	CHECK_EQ(e.context_id, 0x1234);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim_count(EV_SYSREG, 1, PWRDN), 0); /* the cluster never went */
	CHECK_EQ(sim_bus_peek(HW_GICR(1) + 0x24), 0);

	/* Level 1 with a sibling running: only the CPU goes. */
	sim_clear_logs();
	CHECK(sim_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(sim_is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK(scp_sim_wake(&sim.scp, 1));
	CHECK_EQ(sim_warm_boot(1, &e), PSCI_RET_SUCCESS);

	/* Level 1, alone in cluster 1 (cluster 0 runs): SLEEP, cluster OFF, PWRDN set. */
	sim_check_cpu_up(2);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(2, PS_CLUSTER, ENTRY, &rc));
	CHECK(sim_is_pd_set(0, 2, 0x00010002u));
	CHECK_EQ(last_write(2, PWRDN), 1);
	CHECK_EQ(hw.cluster_downs[1], 1);
	/* Woken: the first (and only) CPU up in the cluster withdraws the request. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 2));
	CHECK_EQ(sim_warm_boot(2, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(last_write(2, PWRDN), 0);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim.violations, 0);
}

static void test_last_cpu_is_the_one(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* CPU 1 asks for its cluster, but CPU 0 runs: CPU level only, PWRDN clear. */
	boot();
	sim_check_cpu_up(1);
	sim_check_cpu_up(2);
	sim_clear_logs();
	CHECK(sim_cpu_suspend(1, PS_CLUSTER, ENTRY, &rc));
	CHECK(sim_is_pd_set(0, 1, 0x00010012u));
	CHECK_EQ(last_write(1, PWRDN), 0);
	/* CPU 0 turns off: now it is the last one, and it asks for the cluster. */
	CHECK(sim_cpu_off(0, &rc));
	CHECK(sim_is_pd_set(1, 0, 0x00010000u));
	CHECK_EQ(last_write(0, PWRDN), 1);
	CHECK_EQ(sim_count(EV_SYSREG, 1, PWRDN), 1);
	CHECK_EQ(hw.cluster_downs[0], 1);
	CHECK_EQ(hw.cluster_downer[0], 0);
	/* CPU 1's interrupt brings the cluster back: first up, it handles the cluster. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, 1));
	CHECK_EQ(sim_warm_boot(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(last_write(1, PWRDN), 0);
	CHECK_EQ(sim_count(EV_SYSREG, 0, PWRDN), 0);
	CHECK_EQ(secmon_psci_affinity_info(0x0, 0), PSCI_AFF_OFF);
	/* CPU 0 back on: second up, no cluster work. */
	sim_clear_logs();
	sim_cur = 1;
	CHECK_EQ(secmon_psci_cpu_on(1, 0x0, ENTRY, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(sim_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(sim_count(EV_SYSREG, 0, PWRDN), 0);
	CHECK_EQ(sim.violations, 0);
}

/* SYSTEM_SUSPEND, N1SDP's part: the cluster power-down asked for in CLUSTERPWRDN. */
static unsigned int gicd_writes;

static void system_suspended(void)
{
	CHECK_EQ(last_write(0, PWRDN), 1);
	gicd_writes = hw.gicd_ctlr_writes;
}

/* Resumed: console, GIC distributor and the cluster request set up again. */
static void system_resumed(void)
{
	CHECK(hw.gicd_ctlr_writes > gicd_writes);
	CHECK_EQ(sim_bus_peek(HW_GICD) & 0x37u, 0x37u);
	CHECK_EQ(sim_bus_peek(HW_UART + 0x24), 27);
	CHECK_EQ(last_write(0, PWRDN), 0);
}

/*
 * SYSTEM_OFF, N1SDP's part: the redistributor powered down before the request, the
 * caches cleaned to the point of coherency after it, then the cluster power-down.
 */
static void system_off_order(void)
{
	long gic = sim_find(0, EV_GICR_PWRR, 0), scmi = sim_find(0, EV_SCMI, 0);
	long flush = sim_find(0, EV_FLUSH, 0);

	CHECK(gic >= 0 && scmi > gic && flush > scmi);
	CHECK_EQ(sim.ev[flush].a, 3); /* L1, L2 and the DSU's L3 */
	CHECK(sim_find((unsigned int)flush, EV_WFI, 0) > flush);
	CHECK_EQ(last_write(0, PWRDN), 1);
}

/* The model's rules can fire (expect one "rule broken" line): a redistributor programmed
 * while powered down is caught. */
static void test_model_catches(void)
{
	boot();
	sim_cur = 1;
	sim.cpu[1].powered = true;
	sim_bus_poke(HW_GICR(1) + 0x24, 1);
	mmio_write32(HW_GICR(1) + 0x10080, 0);
	CHECK_EQ(sim.violations, 1);
	CHECK(strstr(sim.violation, "redistributor of CPU1 programmed") != NULL);
}

int main(void)
{
	test_cold_boot();
	test_neoverse_n1_ops();
	test_cpu_on();
	test_cpu_off_cluster();
	test_cpu_suspend_levels();
	test_last_cpu_is_the_one();
	sim_run_common_tests(system_suspended, system_resumed, system_off_order);
	test_model_catches();
	sim_tests_add_checks(&check_passed, &check_failed);
	return check_report();
}
