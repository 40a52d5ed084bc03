/*
 * Running the payload on a CPU: switches the EL1 registers, picks the interrupt routing
 * for the call type, and loops over secmon_world_run() until the payload answers.
 */
#include <string.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/log.h>
#include <secmon/psci.h>

#include "spd_private.h"

/* SCTLR_EL1 RES1 bits, MMU and caches off, little endian: as after a reset. */
#define SCTLR_EL1_RESET 0x30d00800ull
#define ESR_EC(esr)	(((esr) >> 26) & 0x3f)
#define EC_SMC64	0x17

/* CPTR_EL3 / MDCR_EL3 bits the secure payload runs with (secure_controls()). */
#define CPTR_EZ	   (1ull << 8)
#define CPTR_ESM   (1ull << 12)
#define CPTR_TAM   (1ull << 30)
#define MDCR_TDA   (1ull << 9)
#define MDCR_TDOSA (1ull << 10)
#define PFR0_AMU   44 /* ID_AA64PFR0_EL1.AMU */
#define DFR0_PMSV  32 /* ID_AA64DFR0_EL1.PMSVer (SPE) */
#define DFR0_TRB   44 /* ID_AA64DFR0_EL1.TraceBuffer (TRBE) */

/*
 * The normal world's features stay out of the secure payload's reach (docs/features.md):
 * its SCR_EL3 (secure_scr()) enables none of them; CPTR_EL3 traps SVE, SME and the AMU
 * while it runs and MDCR_EL3 the debug registers, which belong to the normal world like
 * SPE, TRBE and BRBE (whose owner fields already trap secure accesses). Any use is a
 * trap to EL3, a payload bug (spd_run() stops the system), and none of the normal
 * world's feature registers can change under it, so none needs switching. Profiling
 * and trace data the normal world has in flight is drained first (as TF-A does), so
 * no buffer write lands after the world changed.
 */
static void secure_controls(uint64_t ns_cptr, uint64_t ns_mdcr)
{
	uint64_t dfr0 = read_sysreg(id_aa64dfr0_el1);
	uint64_t cptr = ns_cptr & ~(CPTR_EZ | CPTR_ESM);

	if (ID_FIELD(read_sysreg(id_aa64pfr0_el1), PFR0_AMU))
		cptr |= CPTR_TAM;
	if (ID_FIELD(dfr0, DFR0_PMSV))
		__asm__ volatile("hint #17" ::: "memory"); /* PSB CSYNC */
	if (ID_FIELD(dfr0, DFR0_TRB))
		__asm__ volatile("hint #18" ::: "memory"); /* TSB CSYNC */
	dsb(nsh);
	write_sysreg(cptr_el3, cptr);
	write_sysreg(mdcr_el3, ns_mdcr | MDCR_TDA | MDCR_TDOSA);
	isb();
}

/*
 * Secure world SCR_EL3: AArch64 S-EL1 that may use the secure timer (ST). Its own
 * interrupts stay with it; during a yielding call the signal that carries normal-world
 * interrupts in Secure state is routed to EL3 so they preempt the call.
 */
static uint64_t secure_scr(bool yielding)
{
	uint64_t scr = SCR_RES1 | SCR_RW | SCR_ST;

	if (yielding)
		scr |= spd_payload->ns_intr_signal() == SECMON_SPD_NS_INTR_FIQ ? SCR_FIQ : SCR_IRQ;
	return scr;
}

void spd_reset_cpu(unsigned int cpu)
{
	struct spd_cpu *sc = &spd_cpus[cpu];

	memset(sc, 0, sizeof(*sc));
	sc->el1.sctlr = SCTLR_EL1_RESET;
	/* CPACR_EL1 = 0: FP/SIMD traps at S-EL1, since the monitor does not switch it. */
}

bool spd_in_payload(uint64_t addr, uint64_t size)
{
	uint64_t base = spd_payload->mem_base, end = base + spd_payload->mem_size;

	return addr >= base && addr <= end && size <= end - addr;
}

int spd_run(unsigned int cpu, uint64_t pc, const uint64_t args[8], uint32_t done_fid, bool yielding)
{
	struct spd_cpu *sc = &spd_cpus[cpu];
	struct secmon_el1_sysregs ns_el1;
	int outcome;

	if (pc == 0) {
		/* Back into the preempted call exactly where the interrupt stopped it. */
		sc->ctx.gp = sc->yield.gp;
		sc->ctx.el3 = sc->yield.el3;
		sc->preempted = false;
	} else {
		sc->ctx.el3.elr = pc;
		sc->ctx.el3.spsr = SPSR_DAIF_MASKED | SPSR_M_EL1H;
		for (unsigned int i = 0; i < 8; i++)
			sc->ctx.gp.x[i] = args[i];
	}
	sc->ctx.el3.scr = secure_scr(yielding);
	/* PMUs without SCCD: the cycle counter stays stopped (DP) in the secure world. */
	if (secmon_this_cpu()->pmu_dp)
		sc->ctx.ns_pmcr = read_sysreg(pmcr_el0) | PMCR_DP;

	uint64_t ns_cptr = read_sysreg(cptr_el3), ns_mdcr = read_sysreg(mdcr_el3);

	secmon_el1_sysregs_save(&ns_el1);
	secmon_el1_sysregs_restore(&sc->el1);
	secure_controls(ns_cptr, ns_mdcr);
	for (;;) {
		uint64_t kind = secmon_world_run(&sc->ctx);

		if (kind == SECMON_WORLD_EXIT_SYNC) {
			uint64_t esr = read_sysreg(esr_el3);

			if (ESR_EC(esr) != EC_SMC64)
				secmon_panic("secure payload trapped to EL3 on CPU%u: ESR 0x%llx "
					     "ELR 0x%llx",
					     cpu, (unsigned long long)esr,
					     (unsigned long long)sc->ctx.el3.elr);
			if ((uint32_t)sc->ctx.gp.x[0] == done_fid) {
				outcome = SPD_DONE;
				break;
			}
			/* Any other call from the payload: unknown, and it carries on. */
			WARN("SPD: unexpected SMC 0x%llx from the payload on CPU%u\n",
			     (unsigned long long)sc->ctx.gp.x[0], cpu);
			sc->ctx.gp.x[0] = SMC_UNK;
			continue;
		}
		if (!yielding)
			secmon_panic("SPD: interrupt routed to EL3 during a fast entry (CPU%u)",
				     cpu);
		/* A normal-world interrupt: keep the call for RESUME, let the caller take it. */
		sc->yield.gp = sc->ctx.gp;
		sc->yield.el3 = sc->ctx.el3;
		sc->preempted = true;
		outcome = SPD_PREEMPT;
		break;
	}
	write_sysreg(cptr_el3, ns_cptr);
	write_sysreg(mdcr_el3, ns_mdcr);
	isb();
	secmon_el1_sysregs_save(&sc->el1);
	secmon_el1_sysregs_restore(&ns_el1);
	return outcome;
}
