/*
 * el1_call(fn, arg) at EL2: ERET to a trampoline at EL1 that calls fn(arg) and comes
 * back with HVC #EL1_CALL_HVC_IMM, which the EL2 vectors (vectors.S) send to
 * el1_call_return with x0 = fn's result. The EL2 stack pointer waits in TPIDR_EL2; the
 * callee-saved registers on the EL2 stack.
 */
#include "el1_call.h"

#define SPSR_EL1H_DAIF	0x3c5	    /* EL1h, D, A, I, F masked */
#define SCTLR_EL1_VALUE 0x30d01800 /* RES1 + I: MMU and data cache off, as start.S */
#define EL1_STACK_GAP	256	    /* SP_EL1 this far below the EL2 frame */

	.text
	.global el1_call
	.type el1_call, %function
el1_call:
	stp	x29, x30, [sp, #-96]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	mov	x29, sp
	mov	x9, sp
	msr	tpidr_el2, x9
	sub	x9, x9, #EL1_STACK_GAP
	msr	sp_el1, x9
	adrp	x9, ns_vectors
	add	x9, x9, :lo12:ns_vectors
	msr	vbar_el1, x9
	mov	x9, #(SCTLR_EL1_VALUE & 0xffff)
	movk	x9, #(SCTLR_EL1_VALUE >> 16), lsl #16
	msr	sctlr_el1, x9
	adr	x9, el1_trampoline
	msr	elr_el2, x9
	mov	x9, #SPSR_EL1H_DAIF
	msr	spsr_el2, x9
	mov	x2, x0
	mov	x0, x1
	isb
	eret
	.size el1_call, . - el1_call

/* At EL1: fn (x2) with x0 = arg, then back to EL2. */
el1_trampoline:
	blr	x2
	hvc	#EL1_CALL_HVC_IMM
1:	b	1b

/* Reached from the EL2 lower-EL vector on that HVC, x0 = fn's result. */
	.global el1_call_return
	.type el1_call_return, %function
el1_call_return:
	mrs	x9, tpidr_el2
	mov	sp, x9
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.size el1_call_return, . - el1_call_return
