/*
 * The normal world's PMU never sees EL3 (issue 4 item 6, docs/pmu.md): the monitor
 * keeps MDCR_EL3.SPME = 0 (event counting prohibited in Secure state and at EL3), sets
 * SCCD where the PMU has it (PMUv3p5+), and on older PMUs holds PMCR_EL0.DP while EL3
 * runs, so that the cycle counter stops where event counting is prohibited.
 *
 * The payload programs the cycle counter (PMCCFILTR_EL0 counts EL2, EL1 and EL0; its
 * Secure and EL3 filter bits, P/M and SH, are left at "count": only the monitor's policy
 * keeps EL3 out), event counter 0 with INST_RETIRED and event counter 1 with CPU_CYCLES,
 * both filtered to NS EL2 and EL1 (EL3 again left to the policy). It runs the same loop
 * with an SMC and with a NOP in its place and compares the counts.
 *
 * Under QEMU -icount shift=0 the counts are exact (checked first, on two NOP loops).
 * What QEMU 7.2 does: INST_RETIRED is implemented only with icount and counts QEMU's
 * instruction count; the cycle counter and CPU_CYCLES are virtual time at 1 GHz, which
 * icount shift=0 advances by exactly 1 ns per instruction; counting is switched at every
 * exception entry and return and at every PMCR write, per the filter and prohibition
 * rules. (The count is global to all vCPUs: the other CPUs are parked in WFI here.)
 *
 * The SMC itself retires at NS EL2 just as the NOP it replaces does, so the two loops
 * must give identical INST_RETIRED and CPU_CYCLES counts (event counters obey SPME alone):
 * one EL3 instruction counted shows. The cycle counter is held to the same where the PMU
 * has SCCD (QEMU -cpu max, PMUv3p5). With PMCR_EL0.DP instead (cortex-a57) it can stop
 * only once EL3 has written DP and runs again from the write that restores the normal
 * world's PMCR, so the EL3 instructions at both edges are counted by the architecture's
 * own rules (24 per SMC with this monitor on cortex-a57: the vector's MMU toggle and
 * workaround checks, a register store and the per-CPU DP test up to the DP write, the
 * last load and the ERET after the restore). The check is then exact in another way: the
 * excess is a whole number per SMC, the same for SMCCC_VERSION and PSCI_VERSION, whose
 * handlers differ by tens of instructions, so no instruction between the edges was
 * counted; and it is at most EDGE_MAX. Without icount QEMU offers no INST_RETIRED and its
 * cycles are host time: the exact checks are skipped with an INFO line.
 *
 * A power-down CPU_SUSPEND must keep the whole configuration, and the counters must go
 * on counting from where they were: the QEMU port resets the PMU before it parks the
 * CPU, like a real power loss, so this checks the monitor's save and restore.
 */
#include <secmon/smccc.h>
#include <tsp_abi.h>

#include "console.h"
#include "cpu.h"
#include "discovery.h"
#include "framework.h"
#include "gic.h"
#include "ns_pmu.h"
#include "psci_client.h"
#include "tests.h"

#define LOOPS	 1000u	/* SMCs per measured loop */
#define EDGE_MAX 48u	/* cycles per SMC the PMCR_EL0.DP scheme may let through */
#define WAKE_US	 2000u	/* power-down suspend, timer wake-up */
#define USERENR	 0xdull /* PMUSERENR_EL0: EN, CR, ER */
#define SELR	 1ull	/* PMSELR_EL0 */

/* PMCEID0_EL0: bit n = common event n implemented. */
#define EVENT_IMPLEMENTED(ceid0, ev) (((ceid0) >> (ev)) & 1u)

static const uint64_t evtyper0 = NS_EVT_U | NS_EVT_NSH | NS_EV_INST_RETIRED;
static const uint64_t evtyper1 = NS_EVT_U | NS_EVT_NSH | NS_EV_CPU_CYCLES;

/* What this run can check. */
struct pmu_env {
	unsigned int version; /* ID_AA64DFR0_EL1.PMUVer */
	bool inst_retired;    /* INST_RETIRED implemented (QEMU: only under icount) */
	bool exact;	      /* counts proved exact by the calibration */
	bool sccd;	      /* PMUv3p5+: the monitor stops the cycle counter with SCCD */
};

static struct pmu_env env;

static void program(void)
{
	uint64_t n = NS_PMCR_N(NS_READ_SYSREG(pmcr_el0));

	/* At EL2: every event counter belongs to the EL1 side, enabled by PMCR_EL0.E. */
	if (current_el() == 2) {
		uint64_t mdcr = NS_READ_SYSREG(mdcr_el2);

		mdcr &= ~(NS_MDCR_EL2_HPMN_MASK | (1ull << 5) | (1ull << 6) | (1ull << 7) |
			  (1ull << 17));
		NS_WRITE_SYSREG(mdcr_el2, mdcr | n);
	}
	NS_WRITE_SYSREG(pmcr_el0, 0);
	NS_WRITE_SYSREG(pmcntenclr_el0, 0xffffffffull);
	NS_WRITE_SYSREG(pmintenclr_el1, 0xffffffffull);
	NS_WRITE_SYSREG(pmovsclr_el0, 0xffffffffull);
	NS_WRITE_SYSREG(pmevtyper0_el0, evtyper0);
	NS_WRITE_SYSREG(pmevtyper1_el0, evtyper1);
	NS_WRITE_SYSREG(pmccfiltr_el0, NS_EVT_NSH);
	NS_WRITE_SYSREG(pmuserenr_el0, USERENR);
	NS_WRITE_SYSREG(pmselr_el0, SELR);
	NS_WRITE_SYSREG(pmcntenset_el0, NS_CNT_C | NS_CNT_P(0) | NS_CNT_P(1));
	NS_WRITE_SYSREG(pmcr_el0, NS_PMCR_E | NS_PMCR_LC | NS_PMCR_P | NS_PMCR_C);
}

/* Leaves the PMU as the suites after this one expect it: off. */
static void unprogram(void)
{
	NS_WRITE_SYSREG(pmcr_el0, 0);
	NS_WRITE_SYSREG(pmcntenclr_el0, 0xffffffffull);
	NS_WRITE_SYSREG(pmevtyper0_el0, 0);
	NS_WRITE_SYSREG(pmevtyper1_el0, 0);
	NS_WRITE_SYSREG(pmccfiltr_el0, 0);
	NS_WRITE_SYSREG(pmuserenr_el0, 0);
	NS_WRITE_SYSREG(pmselr_el0, 0);
}

static uint64_t cycles_of(const struct pmu_sample *s)
{
	return s->cycles1 - s->cycles0;
}

/* Event counters are 32 bits wide before PMUv3p5 (and without PMCR_EL0.LP). */
static uint64_t ev0_of(const struct pmu_sample *s)
{
	return (uint32_t)(s->ev0_1 - s->ev0_0);
}

static uint64_t ev1_of(const struct pmu_sample *s)
{
	return (uint32_t)(s->ev1_1 - s->ev1_0);
}

/*
 * Exact counting: two NOP loops of N and 2N iterations differ by exactly the 4N
 * instructions of the extra iterations, and all three counters agree on every loop.
 */
static bool calibrate(char *why, unsigned int size)
{
	struct pmu_sample a, b;

	pmu_loop_nop(0, LOOPS, &a);
	pmu_loop_nop(0, 2 * LOOPS, &b);
	if (!env.inst_retired) {
		fmt_format(why, size, "INST_RETIRED is not implemented (QEMU: only with -icount)");
		return false;
	}
	if (ev0_of(&b) - ev0_of(&a) != 4 * LOOPS || cycles_of(&a) != ev0_of(&a) ||
	    cycles_of(&b) != ev0_of(&b) || ev1_of(&a) != ev0_of(&a) || ev1_of(&b) != ev0_of(&b)) {
		fmt_format(why, size,
			   "counts are not exact: NOP loops of %u/%u: INST_RETIRED %lu/%lu, "
			   "CPU_CYCLES %lu/%lu, PMCCNTR %lu/%lu",
			   LOOPS, 2 * LOOPS, (unsigned long)ev0_of(&a), (unsigned long)ev0_of(&b),
			   (unsigned long)ev1_of(&a), (unsigned long)ev1_of(&b),
			   (unsigned long)cycles_of(&a), (unsigned long)cycles_of(&b));
		return false;
	}
	return true;
}

/*
 * The SMC loop against the NOP loop, for one function ID. Returns the cycle counter's
 * excess per SMC, or -1 if it is not a whole number per SMC.
 */
static int64_t measure(const char *name, uint32_t fid)
{
	struct pmu_sample nop, smc;
	char check[48];

	pmu_loop_nop(fid, LOOPS, &nop);
	pmu_loop_smc(fid, LOOPS, &smc);
	int64_t d_inst = (int64_t)ev0_of(&smc) - (int64_t)ev0_of(&nop);
	int64_t d_evcyc = (int64_t)ev1_of(&smc) - (int64_t)ev1_of(&nop);
	int64_t d_cyc = (int64_t)cycles_of(&smc) - (int64_t)cycles_of(&nop);

	tf_info("%s: %u SMCs vs %u NOPs: INST_RETIRED %ld, CPU_CYCLES %ld, PMCCNTR %ld more", name,
		LOOPS, LOOPS, (long)d_inst, (long)d_evcyc, (long)d_cyc);
	if (!env.exact)
		return 0;
	fmt_format(check, sizeof(check), "%s_inst_retired", name);
	tf_check(d_inst == 0, check,
		 "the SMC loop retired %ld more instructions than the NOP loop (%u SMCs): EL3 "
		 "counted",
		 (long)d_inst, LOOPS);
	fmt_format(check, sizeof(check), "%s_cpu_cycles_event", name);
	tf_check(d_evcyc == 0, check, "CPU_CYCLES %ld more over %u SMCs: EL3 counted",
		 (long)d_evcyc, LOOPS);
	fmt_format(check, sizeof(check), "%s_cycle_counter", name);
	if (env.sccd) {
		tf_check(d_cyc == 0, check, "PMCCNTR %ld more over %u SMCs with SCCD: EL3 counted",
			 (long)d_cyc, LOOPS);
		return 0;
	}
	tf_check(d_cyc >= 0 && d_cyc % LOOPS == 0 && d_cyc <= (int64_t)(EDGE_MAX * LOOPS), check,
		 "PMCCNTR %ld more over %u SMCs, want a fixed 0..%u per SMC (the DP edges only)",
		 (long)d_cyc, LOOPS, EDGE_MAX);
	return d_cyc >= 0 && d_cyc % LOOPS == 0 ? d_cyc / LOOPS : -1;
}

static bool config_equal(const struct ns_pmu_config *a, const struct ns_pmu_config *b, char *why,
			 unsigned int size)
{
	static const char *const names[] = {"PMCR_EL0",	      "PMCNTENSET_EL0", "PMEVTYPER0_EL0",
					    "PMEVTYPER1_EL0", "PMCCFILTR_EL0",	"PMUSERENR_EL0",
					    "PMSELR_EL0"};
	const uint64_t va[] = {a->pmcr,	   a->cntenset, a->evtyper0, a->evtyper1,
			       a->ccfiltr, a->userenr,	a->selr};
	const uint64_t vb[] = {b->pmcr,	   b->cntenset, b->evtyper0, b->evtyper1,
			       b->ccfiltr, b->userenr,	b->selr};

	for (unsigned int i = 0; i < sizeof(va) / sizeof(va[0]); i++) {
		if (va[i] != vb[i]) {
			fmt_format(why, size, "%s 0x%lx after the suspend, 0x%lx before", names[i],
				   (unsigned long)vb[i], (unsigned long)va[i]);
			return false;
		}
	}
	return true;
}

/* The configuration and the counts over a power-down suspend. */
static __attribute__((unused)) void check_suspend(void)
{
	static const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;
	struct ns_pmu_config before, after,
	    want = {
		.pmcr = NS_PMCR_E | NS_PMCR_LC,
		.cntenset = NS_CNT_C | NS_CNT_P(0) | NS_CNT_P(1),
		.evtyper0 = evtyper0,
		.evtyper1 = evtyper1,
		.ccfiltr = NS_EVT_NSH,
		.userenr = USERENR,
		.selr = SELR,
	    };
	struct ns_pmu_counts c0, c1, c2;
	struct suspend_result r;
	struct pmu_sample s;
	char why[160];

	if (!psci_require())
		return;
	if (!tf_check(gic_version() != 0, "gic", "no GIC in the DTB to wake up with"))
		return;
	if (!psci_states_known("power-down suspend", NEED_CPU_OFF))
		return;
	program();
	ns_pmu_read_config(&before);
	tf_check(config_equal(&want, &before, why, sizeof(why)), "programmed",
		 "read back as written? %s", why);
	pmu_loop_nop(0, LOOPS, &s);
	ns_pmu_read_counts(&c0);
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, 0x9e0, WAKE_US);
	/* First thing after the resume: nothing has touched the PMU since. */
	ns_pmu_read_config(&after);
	ns_pmu_read_counts(&c1);
	if (!tf_check(r.resumed && r.context_id == 0x9e0, "suspend_powered_down",
		      "%s, want a resume at the entry point",
		      suspend_describe(&r, why, sizeof(why))))
		return;
	tf_check(config_equal(&before, &after, why, sizeof(why)), "config_kept", "%s", why);
	/* The counters go on from their values: power loss would have reset them to 0. */
	tf_check(c1.cycles > c0.cycles && (uint32_t)(c1.ev1 - c0.ev1) < 0x80000000u &&
		     c1.ev1 != c0.ev1 &&
		     (!env.inst_retired ||
		      ((uint32_t)(c1.ev0 - c0.ev0) < 0x80000000u && c1.ev0 != c0.ev0)),
		 "counters_kept",
		 "before/after the suspend: PMCCNTR 0x%lx/0x%lx, INST_RETIRED 0x%lx/0x%lx, "
		 "CPU_CYCLES 0x%lx/0x%lx",
		 (unsigned long)c0.cycles, (unsigned long)c1.cycles, (unsigned long)c0.ev0,
		 (unsigned long)c1.ev0, (unsigned long)c0.ev1, (unsigned long)c1.ev1);
	pmu_loop_nop(0, LOOPS, &s);
	ns_pmu_read_counts(&c2);
	tf_check(c2.cycles > c1.cycles && c2.ev1 != c1.ev1 &&
		     (!env.inst_retired || c2.ev0 != c1.ev0),
		 "still_counting",
		 "after %u NOPs: PMCCNTR 0x%lx -> 0x%lx, INST_RETIRED 0x%lx -> 0x%lx, CPU_CYCLES "
		 "0x%lx -> 0x%lx",
		 LOOPS, (unsigned long)c1.cycles, (unsigned long)c2.cycles, (unsigned long)c1.ev0,
		 (unsigned long)c2.ev0, (unsigned long)c1.ev1, (unsigned long)c2.ev1);
	if (env.exact)
		tf_check(ev0_of(&s) == cycles_of(&s) && ev1_of(&s) == cycles_of(&s),
			 "exact_after_resume",
			 "NOP loop after the resume: INST_RETIRED %lu, CPU_CYCLES %lu, PMCCNTR %lu",
			 (unsigned long)ev0_of(&s), (unsigned long)ev1_of(&s),
			 (unsigned long)cycles_of(&s));
}

static void run(void)
{
	uint64_t dfr0 = NS_READ_SYSREG(id_aa64dfr0_el1);
	char why[200];

	env.version = NS_PMUVER(dfr0);
	if (!tf_check(env.version != 0 && env.version != 0xf, "pmuv3",
		      "ID_AA64DFR0_EL1.PMUVer = %u: no PMUv3", env.version))
		return;
	if (!tf_check(NS_PMCR_N(NS_READ_SYSREG(pmcr_el0)) >= 2, "two_event_counters",
		      "PMCR_EL0.N = %lu", (unsigned long)NS_PMCR_N(NS_READ_SYSREG(pmcr_el0))))
		return;
	env.sccd = env.version >= 6 && env.version != 0xf;
	env.inst_retired = EVENT_IMPLEMENTED(NS_READ_SYSREG(pmceid0_el0), NS_EV_INST_RETIRED);
	program();
	env.exact = calibrate(why, sizeof(why));
	tf_info("PMUVer %u (%s), %lu event counters; %s", env.version,
		env.sccd ? "SCCD: no DP needed" : "no SCCD: the monitor sets PMCR_EL0.DP",
		(unsigned long)NS_PMCR_N(NS_READ_SYSREG(pmcr_el0)),
		env.exact ? "counts exact (icount)" : "exact checks skipped");
	if (!env.exact)
		tf_info("exact-count checks skipped: %s", why);
	int64_t edge_arch = measure("smccc_version", SMCCC_VERSION);
	int64_t edge_psci = measure("psci_version", PSCI32(FN_PSCI_VERSION));

	/*
	 * The two calls run different handlers at EL3 (arch service vs PSCI) but the same
	 * entry and exit: if the cycle counter counted any instruction between the DP edges,
	 * their excesses would differ.
	 */
	if (env.exact && !env.sccd)
		tf_check(edge_arch == edge_psci && edge_arch >= 0, "cycle_counter_edges_only",
			 "PMCCNTR excess per SMC: %ld (SMCCC_VERSION) vs %ld (PSCI_VERSION)",
			 (long)edge_arch, (long)edge_psci);
	if (env.exact && !env.sccd)
		tf_info("cycle counter: %ld EL3 cycles per SMC around the PMCR_EL0.DP writes",
			(long)edge_arch);
	/*
	 * A trusted-OS fast call runs the secure payload at S-EL1 too: none of it may show
	 * in the normal world's counters, and the cycle counter must see the same EL3 edges
	 * as any other SMC.
	 */
	if (spd_served()) {
		int64_t edge_tos = measure("tos_fast_call", TSP_FAST_SMC64(TSP_FUNC_ADD));

		if (env.exact && !env.sccd)
			tf_check(edge_tos == edge_arch, "secure_payload_not_counted",
				 "PMCCNTR excess per SMC: %ld (trusted-OS call) vs %ld "
				 "(SMCCC_VERSION)",
				 (long)edge_tos, (long)edge_arch);
	}
	if (psci_served())
		check_suspend();
	unprogram();
}

const struct tf_suite pmu_isolation_suite = {"pmu_isolation", run};
