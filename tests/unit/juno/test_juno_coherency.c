/*
 * The cluster coherency handshake of the Juno port (juno_coherency.c), with the two
 * CPUs' steps interleaved by hand: a read hook on a flag word lets the "other" CPU act
 * at the exact moment one CPU polls it. Also the CPU ops' own sequences, step by step.
 */
#include <string.h>

#include <secmon/drivers/cpus.h>

#include "check.h"
#include "juno.h"
#include "juno_hw.h"
#include "juno_private.h"
#include "sim_bus.h"

#define COH_STATE(cpu)	 (HW_COHERENT_PAGE + 4ull * (cpu))
#define COH_EXITING(cpu) (HW_COHERENT_PAGE + 0x40ull + 4ull * (cpu))
#define RUN		 0u
#define PENDING		 1u
#define CLEAN		 2u
#define SMPEN		 (1ull << 6)

/* What the other CPU does while one polls a word. */
struct interleave {
	unsigned int after; /* reads of the word before it acts */
	unsigned int reads; /* reads so far */
	unsigned int cpu;   /* the other CPU */
	void (*act)(unsigned int cpu);
	bool done;
};

static struct interleave il;

static uint32_t poll_hook(void *ctx, uint64_t addr, uint32_t stored)
{
	unsigned int me = sim_cur;

	(void)ctx;
	(void)addr;
	if (!il.done && ++il.reads == il.after) {
		il.done = true;
		sim_cur = il.cpu;
		il.act(il.cpu);
		sim_cur = me;
		return sim_bus_peek(addr);
	}
	return stored;
}

static void interleave_on(uint64_t word, unsigned int after, unsigned int cpu,
			  void (*act)(unsigned int))
{
	il = (struct interleave){.after = after, .cpu = cpu, .act = act};
	sim_bus_map(word, 4, poll_hook, NULL, NULL);
}

/* The big cluster with CPU 4 running and coherent, CPU 5 off. */
static void setup(void)
{
	struct scp_sim_config cfg = hw_default_scp();
	struct secmon_psci_entry e;

	hw_reset(&cfg, false);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, 0x0, 0x80000000, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(sim_warm_boot(4, &e), PSCI_RET_SUCCESS);
	sim_clear_logs();
}

/* CPU 4 as cluster_pwr_dwn leaves it: caches off, out of SMP. */
static void leaver_caches_off(void)
{
	hw.cpu[4].cache_on = false;
	hw.cpu[4].reg[HW_REG_CPUECTLR] &= ~SMPEN;
}

static unsigned int cci_writes(unsigned int iface, uint64_t value)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < sim.n_ev; i++)
		n += sim.ev[i].kind == EV_CCI && sim.ev[i].a == iface && sim.ev[i].b == value;
	return n;
}

static void leaver_ends(unsigned int cpu)
{
	juno_coherency_exit_end(cpu);
}

static void test_leaver_alone(void)
{
	setup();
	/* After cold boot every CPU but the boot CPU is CLEAN (never powered). */
	CHECK_EQ(sim_bus_peek(COH_STATE(0)), RUN);
	CHECK_EQ(sim_bus_peek(COH_STATE(1)), CLEAN);
	CHECK_EQ(sim_bus_peek(COH_STATE(4)), RUN); /* it booted in setup() */
	CHECK_EQ(sim_bus_peek(COH_STATE(5)), CLEAN);
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	CHECK_EQ(sim_bus_peek(COH_EXITING(4)), 1);
	juno_coherency_wait_siblings(4);
	leaver_caches_off();
	juno_coherency_exit_end(4);
	CHECK_EQ(cci_writes(4, 0), 1);
	CHECK_EQ(hw.cci_snoop[4], 0);
	CHECK_EQ(sim_bus_peek(COH_EXITING(4)), 0);
	/* Then CPU 5 arrives: the cluster comes back into the CCI. */
	sim.cpu[5].powered = true;
	sim_cur = 5;
	juno_coherency_enter(5);
	CHECK_EQ(cci_writes(4, 3), 1);
	CHECK_EQ(sim_bus_peek(COH_STATE(5)), RUN);
	CHECK_EQ(sim.violations, 0);
}

static void test_arriver_waits_for_exit(void)
{
	/* CPU 5 powers up while CPU 4 is between exit_begin and exit_end. */
	setup();
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	leaver_caches_off();
	sim.cpu[5].powered = true;
	interleave_on(COH_EXITING(4), 3, 4, leaver_ends);
	sim_cur = 5;
	juno_coherency_enter(5);
	/* The leaver saw the newcomer and left the CCI alone; the newcomer waited for it. */
	CHECK(il.done);
	CHECK_EQ(il.reads, 3); /* the third read saw the exit finished */
	CHECK_EQ(cci_writes(4, 0), 0);
	CHECK_EQ(hw.cci_snoop[4], 3);
	CHECK_EQ(sim_bus_peek(COH_EXITING(4)), 0);
	CHECK_EQ(sim.violations, 0);
}

static void test_arriver_first(void)
{
	/* CPU 5 is through enter() before CPU 4's exit: the engine may still elect CPU 4. */
	setup();
	sim.cpu[5].powered = true;
	sim_cur = 5;
	juno_coherency_enter(5);
	hw.cpu[5].cache_on = true; /* it runs with its caches on now */
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	juno_coherency_wait_siblings(4);
	leaver_caches_off();
	juno_coherency_exit_end(4);
	CHECK_EQ(cci_writes(4, 0), 0); /* CPU 5 is up: the cluster stays coherent */
	CHECK_EQ(hw.cci_snoop[4], 3);
	CHECK_EQ(sim.violations, 0);
}

static void test_stale_leaver_and_sibling_going_down(void)
{
	/*
	 * CPU 5 came up, was counted, and is already going down again (PENDING, caches
	 * still on) when a leaver elected before it arrived gets to its CCI exit: only a
	 * CLEAN sibling lets the cluster go.
	 */
	setup();
	sim.cpu[5].powered = true;
	sim_cur = 5;
	juno_coherency_enter(5);
	hw.cpu[5].cache_on = true;
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	sim_cur = 5;
	juno_coherency_going_down(5);
	sim_cur = 4;
	leaver_caches_off();
	juno_coherency_exit_end(4);
	CHECK_EQ(cci_writes(4, 0), 0);
	CHECK_EQ(sim.violations, 0);
	/* CPU 5 finishes as the new last CPU: now the exit happens. */
	sim_cur = 5;
	juno_coherency_exit_begin(5);
	juno_coherency_wait_siblings(5); /* CPU 4 is not PENDING */
	hw.cpu[5].cache_on = false;
	hw.cpu[5].reg[HW_REG_CPUECTLR] &= ~SMPEN;
	sim_cur = 4;
	juno_coherency_cpu_clean(4);
	sim_cur = 5;
	juno_coherency_exit_end(5);
	CHECK_EQ(cci_writes(4, 0), 1);
	CHECK_EQ(sim.violations, 0);
}

static void sibling_cleans(unsigned int cpu)
{
	juno_coherency_cpu_clean(cpu);
}

static void test_leaver_waits_for_sibling_clean(void)
{
	setup();
	sim_cur = 5;
	juno_coherency_going_down(5);
	CHECK_EQ(sim_bus_peek(COH_STATE(5)), PENDING);
	sim_cur = 4;
	juno_coherency_exit_begin(4); /* CPU 5 announced before: it is waited for */
	interleave_on(COH_STATE(5), 5, 5, sibling_cleans);
	juno_coherency_wait_siblings(4);
	CHECK(il.done);
	CHECK_EQ(il.reads, 5);
	CHECK_EQ(sim_bus_peek(COH_STATE(5)), CLEAN);
}

static void test_new_round_not_waited(void)
{
	/*
	 * CPU 5 was up when CPU 4 was elected, then went down again as the next last CPU:
	 * CPU 4 must not wait for it (CPU 5 waits for CPU 4), or both would wait forever.
	 */
	setup();
	sim.cpu[5].powered = true;
	sim_cur = 5;
	juno_coherency_enter(5);
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	sim_cur = 5;
	juno_coherency_going_down(5);
	juno_coherency_exit_begin(5);
	sim_cur = 4;
	juno_coherency_wait_siblings(4); /* returns at once */
	juno_coherency_exit_end(4);
	juno_coherency_cpu_clean(4);
	CHECK_EQ(cci_writes(4, 0), 0); /* CPU 5 is not CLEAN: it will leave the CCI itself */
	sim_cur = 5;
	juno_coherency_wait_siblings(5); /* CPU 4 is CLEAN now */
	hw.cpu[4].cache_on = false;
	hw.cpu[4].reg[HW_REG_CPUECTLR] &= ~SMPEN;
	hw.cpu[5].cache_on = false;
	hw.cpu[5].reg[HW_REG_CPUECTLR] &= ~SMPEN;
	juno_coherency_exit_end(5);
	CHECK_EQ(cci_writes(4, 0), 1);
	CHECK_EQ(sim.violations, 0);
}

static void run_wait_siblings(const void *arg)
{
	(void)arg;
	juno_coherency_wait_siblings(sim_cur);
}

static void run_enter(const void *arg)
{
	(void)arg;
	juno_coherency_enter(sim_cur);
}

static void test_stuck_waits(void)
{
	setup();
	sim_cur = 5;
	juno_coherency_going_down(5);
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	CHECK(sim_expect_panic(4, run_wait_siblings, NULL));
	CHECK(strstr(sim_panic_msg, "CPU4 waited too long for the final L1 clean of CPU 5") !=
	      NULL);
	setup();
	sim_cur = 4;
	juno_coherency_exit_begin(4);
	sim.cpu[5].powered = true;
	CHECK(sim_expect_panic(5, run_enter, NULL));
	CHECK(strstr(sim_panic_msg, "CPU5 waited too long for the CCI exit by CPU 4") != NULL);
}

static unsigned int sequence_ok(const struct sim_event *want, unsigned int n)
{
	unsigned int k = 0;

	for (; k < n && k < sim.n_ev; k++) {
		const struct sim_event *e = &sim.ev[k];

		if (e->kind != want[k].kind || e->a != want[k].a || e->b != want[k].b)
			break;
	}
	return k;
}

static void test_cpu_ops_sequences(void)
{
	const struct sim_event a53_cluster[] = {
	    {EV_OFF_FLUSH, 0, 2, 0},
	    {EV_SYSREG, 0, HW_REG_CPUECTLR, 0},
	    {EV_BARRIER, 0, 0, 0},
	    {EV_BARRIER, 0, 1, 0},
	};
	const struct sim_event a57_reset[] = {
	    {EV_SYSREG, 0, HW_REG_CPUECTLR, SMPEN},
	    {EV_BARRIER, 0, 0, 0},
	    {EV_SYSREG, 0, HW_REG_CPUACTLR, 1ull << 55},
	    {EV_BARRIER, 0, 0, 0},
	};
	const struct sim_event a57_cluster[] = {
	    {EV_SYSREG, 0, HW_REG_CPUECTLR, SMPEN | 1ull << 38},
	    {EV_BARRIER, 0, 0, 0},
	    {EV_BARRIER, 0, 1, 0},
	    {EV_OFF_FLUSH, 0, 2, 0},
	    {EV_SYSREG, 0, HW_REG_CPUECTLR, 1ull << 38},
	    {EV_BARRIER, 0, 0, 0},
	    {EV_SYSREG, 0, HW_REG_OSDLR, 1},
	    {EV_BARRIER, 0, 0, 0},
	    {EV_BARRIER, 0, 1, 0},
	};
	const struct secmon_cpu_ops *big[] = {&secmon_cortex_a57_ops, &secmon_cortex_a72_ops};
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg, false);
	sim_cur = 0;
	hw.cpu[0].cache_on = true;
	hw.cpu[0].reg[HW_REG_CPUECTLR] = SMPEN;
	secmon_cortex_a53_ops.cluster_pwr_dwn();
	CHECK_EQ(sequence_ok(a53_cluster, 4), 4);
	CHECK_EQ(sim.n_ev, 4);
	CHECK(!hw.cpu[0].cache_on);

	for (unsigned int i = 0; i < 2; i++) {
		sim_clear_logs();
		hw.cpu[0].reg[HW_REG_CPUECTLR] = 0;
		hw.cpu[0].reg[HW_REG_CPUACTLR] = 0;
		big[i]->reset();
		CHECK_EQ(sequence_ok(a57_reset, 4), 4);
		sim_clear_logs();
		hw.cpu[0].cache_on = true;
		hw.cpu[0].reg[HW_REG_CPUECTLR] |= 3ull << 32 | 2ull << 35;
		big[i]->cluster_pwr_dwn();
		CHECK_EQ(sequence_ok(a57_cluster, 9), 9);
		CHECK_EQ(sim.n_ev, 9);
	}
	/* Workaround answers are unchanged by the power-down additions. */
	CHECK_EQ(secmon_cortex_a53_ops.wa_status(1), SECMON_WA_NOT_REQUIRED);
	CHECK_EQ(secmon_cortex_a57_ops.wa_status(2), SECMON_WA_ALWAYS_ON);
	CHECK_EQ(secmon_cortex_a72_ops.wa_status(1), SECMON_WA_REQUIRED);
	/* The big cores' ops name the MMU-toggle table, the A53's the one without a mitigation. */
	for (unsigned int i = 0; i < 2; i++)
		CHECK(strcmp(big[i]->vectors, "bp_mmu") == 0);
	CHECK(strcmp(secmon_cortex_a53_ops.vectors, "none") == 0);
	CHECK_EQ(sim.violations, 0);
}

static void test_soc_id(void)
{
	struct scp_sim_config cfg = hw_default_scp();

	hw_reset(&cfg, false);
	/* Arm's JEP-106 code (bank 4 continuation codes, 0x3b) and Juno's part number. */
	CHECK_EQ(juno_platform.soc_id(0), 0x043b0030u);
	CHECK_EQ(juno_platform.soc_id(1), 0x20u);
	CHECK_EQ(juno_platform.cpu_count(), 6);
	CHECK_EQ(juno_platform.cpu_mpidr(0), 0x100);
	CHECK_EQ(juno_platform.cpu_mpidr(3), 0x103);
	CHECK_EQ(juno_platform.cpu_mpidr(4), 0x0);
	CHECK_EQ(juno_platform.cpu_mpidr(5), 0x1);
	CHECK_EQ(juno_platform.primary_mpidr, 0x100);
}

int main(void)
{
	test_leaver_alone();
	test_arriver_waits_for_exit();
	test_arriver_first();
	test_stale_leaver_and_sibling_going_down();
	test_leaver_waits_for_sibling_clean();
	test_new_round_not_waited();
	test_stuck_waits();
	test_cpu_ops_sequences();
	test_soc_id();
	return check_report();
}
