/*
 * Per-CPU normal-world context. It sits at the top of each CPU's EL3 stack: while the
 * normal world runs, SP_EL3 points at it, so the SMC entry stores registers with one
 * base register and the C stack grows down from below it.
 */
#ifndef SECMON_INTERNAL_CONTEXT_H
#define SECMON_INTERNAL_CONTEXT_H

#include <stdint.h>

#include <secmon/smc.h>

/* EL3 state that decides how the normal world is resumed. */
struct secmon_el3_state {
	uint64_t elr;  /* ELR_EL3: where the normal world resumes */
	uint64_t spsr; /* SPSR_EL3: its PSTATE */
	uint64_t scr;  /* SCR_EL3 while it runs */
	uint64_t pad;
};

struct secmon_cpu_context {
	struct secmon_smc_frame gp;  /* x0-x30, sp_el0: offset 0, used by assembly */
	struct secmon_el3_state el3; /* offset 256 */
	uint64_t entry_el;	     /* 1 or 2: exception level the normal world runs at */
	uint64_t ns_pmcr;	     /* PMCR_EL0 of the normal world while EL3 runs (PMUs
					without SCCD: EL3 sets PMCR_EL0.DP on entry) */
	uint64_t world_el3_sp;	     /* secmon_world_run(): EL3 stack to return on */
	/*
	 * The normal world's AMU group 0 over a power-down (ns_state.c): counters 0-3
	 * at [0..3], their enables (AMCNTENSET0_EL0) at [4].
	 */
	uint64_t amu[5];
	uint64_t reserved[2]; /* other per-world state (later modules) */
};

struct secmon_ns_entry;

/*
 * Cold boot: sets up a context to enter the normal world as entry says (pc, x0-x3, and
 * its SPSR when nonzero); panics on an SPSR this monitor cannot honour.
 */
void secmon_ctx_init_ns(struct secmon_cpu_context *ctx, const struct secmon_ns_entry *entry);

/*
 * Resets the normal world's registers for a fresh entry at pc (CPU_ON, resume from a
 * power-down state): PSCI leaves restoring EL1/EL2 state to the caller, so only the
 * entry point, context id and the reset values of SCTLR_ELx are set here.
 */
void secmon_ctx_reset_entry(struct secmon_cpu_context *ctx, uint64_t pc, uint64_t x0);

/* Leaves EL3 with every register loaded from ctx (SP_EL3 becomes ctx). Never returns. */
__attribute__((noreturn)) void secmon_el3_exit(struct secmon_cpu_context *ctx);

#endif
