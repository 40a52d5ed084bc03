/*
 * Running another lower-EL world (a trusted OS at S-EL1) from EL3, synchronously.
 *
 * secmon_world_run() enters the world described by a context and returns when that
 * world traps back to EL3 (an SMC, or an interrupt routed to EL3 by the context's
 * SCR_EL3). The caller's EL3 state (callee-saved registers, stack, VBAR_EL3, SCR_EL3,
 * ELR/SPSR_EL3, SP_EL0) is preserved, so it may be called from an SMC handler of the
 * normal world, from a PSCI hook or at boot. EL1 system registers are not touched:
 * switch them with secmon_el1_sysregs_save()/restore().
 */
#ifndef SECMON_INTERNAL_WORLD_H
#define SECMON_INTERNAL_WORLD_H

#include <stdint.h>

#include <secmon/internal/context.h>

/* Why secmon_world_run() returned (the vector slot the world came back through). */
#define SECMON_WORLD_EXIT_SYNC 8  /* SMC or another trap: ESR_EL3 still says which */
#define SECMON_WORLD_EXIT_IRQ  9  /* IRQ routed to EL3 (SCR_EL3.IRQ) */
#define SECMON_WORLD_EXIT_FIQ  10 /* FIQ routed to EL3 (SCR_EL3.FIQ) */

/*
 * Enters ctx (its x0-x30, SP_EL0, ELR/SPSR/SCR_EL3; PMCR_EL0 from ctx->ns_pmcr on PMUs
 * without SCCD) and returns once it traps to EL3, with its registers, ELR_EL3 and
 * SPSR_EL3 saved back into ctx. AArch64 lower worlds only.
 */
uint64_t secmon_world_run(struct secmon_cpu_context *ctx);

/* EL1 (and EL0 thread) system registers a world owns. */
struct secmon_el1_sysregs {
	uint64_t sctlr, actlr, cpacr, csselr;			/* control */
	uint64_t ttbr0, ttbr1, tcr, mair, amair;		/* translation */
	uint64_t vbar, sp_el1, elr, spsr;			/* exceptions */
	uint64_t esr, far, afsr0, afsr1, par;			/* syndromes */
	uint64_t contextidr, tpidr_el1, tpidr_el0, tpidrro_el0; /* thread ids */
	uint64_t mdscr, cntkctl;				/* debug, timer control */
};

void secmon_el1_sysregs_save(struct secmon_el1_sysregs *r);
void secmon_el1_sysregs_restore(const struct secmon_el1_sysregs *r);

/*
 * Interrupts routed to EL3 while the normal world runs: fn handles an FIQ taken from
 * the normal world (whose full context is saved in ns_ctx and restored after fn), and
 * every normal-world context entered from now on has SCR_EL3.FIQ set (this CPU's
 * current one too). Other CPUs pick it up at their next CPU_ON or power-down resume,
 * so call it at cold boot.
 */
typedef void (*secmon_ns_fiq_handler_fn)(struct secmon_cpu_context *ns_ctx);
void secmon_route_ns_fiq_to_el3(secmon_ns_fiq_handler_fn fn);

#endif
