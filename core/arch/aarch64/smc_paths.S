/*
 * The SMC entry and return and the slow paths of the lower-EL vectors, as a macro in two
 * flavours: plain, and with the PMCR_EL0.DP handling (suffix _pmu). Included (not
 * assembled on its own) by vectors_plain.S, which holds the plain flavour with the only
 * table that uses it, and by smc_paths_dp.S, which holds the _pmu flavour every other
 * table branches to.
 *
 * While the normal world runs, SP_EL3 points at this CPU's struct secmon_cpu_context
 * (the top of its EL3 stack). An SMC saves only what the C handler may clobber
 * (x0-x17, x30), looks the handler up by the top byte of the function ID and returns
 * with x1-x17 reloaded from the context, so no EL3 value reaches the caller.
 */
#ifndef SECMON_SMC_PATHS_S
#define SECMON_SMC_PATHS_S

#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"

#define SMCCC_SVE_HINT_BIT 0x10000

	/*
	 * PMUs without SCCD (before PMUv3p5): the cycle counter would count EL3, so the
	 * normal world's PMCR_EL0 is kept in the context and DP set from the first saved
	 * register until the last restored one; x1 (saved) is the scratch register.
	 */
	.macro pmu_enter pmu
	.ifnb \pmu
	mrs	x1, pmcr_el0
	str	x1, [sp, #CTX_NS_PMCR]
	orr	x1, x1, #PMCR_DP_BIT
	msr	pmcr_el0, x1
	isb
	ldr	x1, [sp, #CTX_X(1)]
	.endif
	.endm

	/* x30 is restored right after: the normal world's PMCR_EL0 is back 2 before ERET. */
	.macro pmu_leave pmu
	.ifnb \pmu
	ldr	x30, [sp, #CTX_NS_PMCR]
	msr	pmcr_el0, x30
	.endif
	.endm

	/*
	 * The SMC entry and return, and the slow paths, in two flavours: plain, and with
	 * the PMCR_EL0.DP handling (suffix _pmu).
	 */
	.macro smc_paths pmu
/* SMC from AArch64: save, check it is "SMC #0", call the handler found in one load. */
func smc_entry\pmu
	stp	x0, x1, [sp, #CTX_X(0)]
	.global smc_entry\pmu\()_saved_x0_x1
smc_entry\pmu\()_saved_x0_x1:
	pmu_enter \pmu
	save_caller_saved_from_x2
	mrs	x9, esr_el3
	mov	w10, #ESR_SMC64_IMM0
	cmp	x9, x10
	b.ne	lower_el_sync_slow\pmu
	bic	w0, w0, #SMCCC_SVE_HINT_BIT
	lsr	w9, w0, #24
	adr	x10, secmon_smc_table
	ldr	x9, [x10, x9, lsl #3]
	mov	x4, sp
	blr	x9
	.global smc_return\pmu
smc_return\pmu:
	/* x0 is the result; x1-x17 come back from the frame (results or the caller's). */
	ldr	x1, [sp, #CTX_X(1)]
	load_x2_to_x17
	pmu_leave \pmu
	ldr	x30, [sp, #CTX_X(30)]
	eret
endfunc smc_entry\pmu

/*
 * Any other synchronous exception (x9 = ESR_EL3), or an SMC with a non-zero immediate:
 * the whole context is saved, because the handler may send the lower EL elsewhere
 * (lower_el.c), and everything comes back from it.
 */
func lower_el_sync_slow\pmu
	save_x18_to_x29_sp_el0
	mrs	x1, elr_el3
	mrs	x2, spsr_el3
	stp	x1, x2, [sp, #CTX_ELR]
	mov	x0, sp
	mov	x1, x9
	bl	secmon_lower_el_sync
	mov	x0, sp
	b	secmon_el3_exit
endfunc lower_el_sync_slow\pmu

/* Synchronous exception from AArch32 (e.g. SMC from an AArch32 guest). */
func lower_el_sync_a32\pmu
	stp	x0, x1, [sp, #CTX_X(0)]
	pmu_enter \pmu
	save_caller_saved_from_x2
	mrs	x9, esr_el3
	b	lower_el_sync_slow\pmu
endfunc lower_el_sync_a32\pmu

#if SECMON_ENABLE_SPD
/*
 * FIQ from the normal world, routed to EL3 because a secure payload owns it: a full
 * save (the handler may run another world), then the handler, then the full exit.
 */
func lower_el_fiq\pmu
	stp	x0, x1, [sp, #CTX_X(0)]
	pmu_enter \pmu
	save_caller_saved_from_x2
	save_x18_to_x29_sp_el0
	mrs	x1, elr_el3
	mrs	x2, spsr_el3
	stp	x1, x2, [sp, #CTX_ELR]
	mov	x0, sp
	bl	secmon_lower_el_fiq
	mov	x0, sp
	b	secmon_el3_exit
endfunc lower_el_fiq\pmu
#endif
	.endm

#endif
