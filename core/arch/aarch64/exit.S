/* Leaving EL3 and switching stacks. */
#include "asm_macros.S"
#include "offsets.h"

/* void secmon_el3_exit(struct secmon_cpu_context *ctx): loads everything, ERETs. */
func secmon_el3_exit
	mov	sp, x0
	ldr	x1, [sp, #CTX_ELR]
	msr	elr_el3, x1
	ldr	x1, [sp, #CTX_SPSR]
	msr	spsr_el3, x1
	ldr	x1, [sp, #CTX_SCR]
	msr	scr_el3, x1
	ldr	x1, [sp, #CTX_SP_EL0]
	msr	sp_el0, x1
	/* PMUs without SCCD: the normal world's PMCR_EL0 (DP clear) only now. */
	mrs	x1, tpidr_el3
	ldr	w1, [x1, #CPU_PMU_DP]
	cbz	w1, 1f
	ldr	x1, [sp, #CTX_NS_PMCR]
	msr	pmcr_el0, x1
1:
	ldp	x0, x1, [sp, #CTX_X(0)]
	load_x2_to_x17
	ldp	x18, x19, [sp, #CTX_X(18)]
	ldp	x20, x21, [sp, #CTX_X(20)]
	ldp	x22, x23, [sp, #CTX_X(22)]
	ldp	x24, x25, [sp, #CTX_X(24)]
	ldp	x26, x27, [sp, #CTX_X(26)]
	ldp	x28, x29, [sp, #CTX_X(28)]
	ldr	x30, [sp, #CTX_X(30)]
	eret
endfunc secmon_el3_exit

/* void secmon_run_on_stack(void *sp, void (*fn)(void)): never returns. */
func secmon_run_on_stack
	mov	sp, x0
	blr	x1
	b	secmon_halt
endfunc secmon_run_on_stack
