/*
 * The EL3 vector table, as a macro, with the entry-time mitigation a core may need on
 * every exception taken from a lower EL. Included (not assembled on its own) by
 * vectors_none.S, vectors_bp_mmu.S and vectors_bhb.S: one table per mitigation, each
 * linked only with the cpu ops that name it (secmon/cpu_ops.h). Every table serves
 * every PMU: the paths it branches to (smc_paths.S) set PMCR_EL0.DP where the CPU needs
 * it.
 *
 * While a lower EL runs, SP_EL3 points at its struct secmon_cpu_context: the mitigations
 * keep x0/x1 there, and the paths they branch to expect it.
 *
 * Mitigations (argument "mitigation" of vector_table):
 *   none  nothing on entry.
 *   mmu   Cortex-A57/A72: the branch predictor is invalidated by turning the EL3 MMU off
 *         and on (CVE-2017-5715 and CVE-2022-23960), on SMC and AArch32 sync entries.
 *   bhb   Spectre-BHB (CVE-2022-23960) on cores without FEAT_CLRBHB: "bhb_loops" taken
 *         branches overwrite the branch history the lower EL trained, then DSB SY + ISB,
 *         on every lower-EL entry (sync, IRQ, FIQ, SError; AArch64 and AArch32) before any
 *         indirect branch. Arm gives the count per core (24 on Neoverse N1).
 * With mmu or bhb, SMCCC_ARCH_WORKAROUND_3 (and _1 with mmu) from AArch64 has been
 * served by the time the check runs, so it returns from the vector.
 */
#ifndef SECMON_VECTOR_TABLE_S
#define SECMON_VECTOR_TABLE_S

#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"

#define SMCCC_ARCH_WORKAROUND_1 0x80008000
#define SMCCC_ARCH_WORKAROUND_3 0x80003fff
#define EC_SMC64 0x17

	/* Branch-predictor invalidation for Cortex-A57/A72 (clobbers x1; x0/x1 saved). */
	.macro mmu_toggle_bp_inval
	stp	x0, x1, [sp, #CTX_X(0)]
	mrs	x1, sctlr_el3
	bic	x1, x1, #1
	msr	sctlr_el3, x1
	isb
	orr	x1, x1, #1
	msr	sctlr_el3, x1
	/* No ISB: the ERET or the exception return path synchronises. */
	.endm

	/*
	 * Branch-history overwrite: each iteration is two taken branches (the one to the
	 * next instruction and the one back), as in Arm's sequence; the barriers keep
	 * anything after it from running on the history from before. Saves x0/x1 in the
	 * context, clobbers x1 (0 at the end) and the flags.
	 */
	.macro bhb_loop loops
	.if \loops < 1
	.error "bhb_loop needs a loop count"
	.endif
	stp	x0, x1, [sp, #CTX_X(0)]
	mov	x1, #\loops
1:	b	. + 4
	subs	x1, x1, #1
	b.ne	1b
	dsb	sy
	isb
	.endm

	/*
	 * The end of a workaround call answered in the vector (x0/x1 saved, x0 = the ID):
	 * an SMC from AArch64 returns at once with the caller's x0/x1; any other trap that
	 * happens to carry that x0 goes on to the SMC path with x1 reloaded.
	 */
	.macro wa_return_or_continue not_wa
	mrs	x1, esr_el3
	ubfx	x1, x1, #26, #6
	cmp	x1, #EC_SMC64
	b.ne	\not_wa
	ldp	x0, x1, [sp, #CTX_X(0)]
	eret
\not_wa:
	ldr	x1, [sp, #CTX_X(1)]
	b	smc_entry_saved_x0_x1
	.endm

	/* bhb: the loop, then x1 back, for entries that go on with the caller's registers. */
	.macro lower_el_bhb mitigation, loops
	.ifc \mitigation, bhb
	bhb_loop \loops
	ldr	x1, [sp, #CTX_X(1)]
	.endif
	.endm

	.macro vector_table name, mitigation, bhb_loops=0
	.section .text.vectors.\name, "ax"
	.balign 2048
	.global \name
\name:
	vector_entry \name\()_sync_sp0
	crash_entry CRASH_SYNC_SP0
	vector_entry \name\()_irq_sp0
	crash_entry CRASH_IRQ_SP0
	vector_entry \name\()_fiq_sp0
	crash_entry CRASH_FIQ_SP0
	vector_entry \name\()_serror_sp0
	crash_entry CRASH_SERROR_SP0

	vector_entry \name\()_sync_spx
	crash_entry CRASH_SYNC_SPX
	vector_entry \name\()_irq_spx
	crash_entry CRASH_IRQ_SPX
	vector_entry \name\()_fiq_spx
	crash_entry CRASH_FIQ_SPX
	vector_entry \name\()_serror_spx
	crash_entry CRASH_SERROR_SPX

	vector_entry \name\()_sync_a64
	.ifc \mitigation, mmu
	mmu_toggle_bp_inval
	/* Workaround calls have nothing left to do: return at once. */
	mov	w1, #SMCCC_ARCH_WORKAROUND_1
	cmp	w0, w1
	b.eq	\name\()_wa_return
	mov	w1, #SMCCC_ARCH_WORKAROUND_3
	cmp	w0, w1
	b.eq	\name\()_wa_return
	ldr	x1, [sp, #CTX_X(1)]
	b	smc_entry_saved_x0_x1
\name\()_wa_return:
	wa_return_or_continue \name\()_wa_not_smc
	.else
	.ifc \mitigation, bhb
	bhb_loop \bhb_loops
	/*
	 * WORKAROUND_3 asks for exactly what the loop did. WORKAROUND_1 goes on to the
	 * handler: the loop does not stand in for it on a core without CSV2.
	 */
	mov	w1, #SMCCC_ARCH_WORKAROUND_3
	cmp	w0, w1
	b.ne	\name\()_not_wa
	wa_return_or_continue \name\()_not_wa
	.else
	b	smc_entry
	.endif
	.endif
	vector_entry \name\()_irq_a64
	lower_el_bhb \mitigation, \bhb_loops
	crash_entry CRASH_IRQ_LOWER
	vector_entry \name\()_fiq_a64
	lower_el_bhb \mitigation, \bhb_loops
#if SECMON_ENABLE_SPD
	b	lower_el_fiq
#else
	crash_entry CRASH_FIQ_LOWER
#endif
	vector_entry \name\()_serror_a64
	lower_el_bhb \mitigation, \bhb_loops
	crash_entry CRASH_SERROR_LOWER

	vector_entry \name\()_sync_a32
	.ifc \mitigation, mmu
	mmu_toggle_bp_inval
	ldr	x1, [sp, #CTX_X(1)]
	.endif
	lower_el_bhb \mitigation, \bhb_loops
	b	lower_el_sync_a32
	vector_entry \name\()_irq_a32
	lower_el_bhb \mitigation, \bhb_loops
	crash_entry CRASH_IRQ_LOWER32
	vector_entry \name\()_fiq_a32
	lower_el_bhb \mitigation, \bhb_loops
#if SECMON_ENABLE_SPD
	b	lower_el_fiq
#else
	crash_entry CRASH_FIQ_LOWER32
#endif
	vector_entry \name\()_serror_a32
	lower_el_bhb \mitigation, \bhb_loops
	crash_entry CRASH_SERROR_LOWER32
	.balign 128
	/*
	 * An entry longer than its 32 instructions would have moved all that follow: the
	 * table would end past 2 KiB, and this .org backwards is then an assembly error.
	 */
	.org 2048
	.endm

#endif
