/*
 * S-EL1 exception vectors. The payload runs at EL1h and expects one kind of exception: its
 * own timer's interrupt while SLOW_SUM runs with it unmasked (an IRQ under GICv3, where
 * the timer is Secure Group 1; an FIQ under GICv2, where it is Group 0). Those are served
 * on the current stack and return. Anything else is a bug: it is reported on the UART from
 * a stack of its own (the faulting SP may be the problem) and the CPU stops.
 */
#include "tsp.h"

/* Caller-saved registers the C handler may change, plus the return state. */
#define IRQ_FRAME 176

	.section .text.vectors, "ax"
	.balign	2048
	.global	tsp_vectors
tsp_vectors:
	.irp	kind, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.balign	128
	.if	\kind == 5 || \kind == 6
	b	irq_entry
	.else
	mov	x0, #\kind
	b	crash_entry
	.endif
	.endr

irq_entry:
	sub	sp, sp, #IRQ_FRAME
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x29, x30, [sp, #144]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x0, x1, [sp, #160]
	bl	tsp_irq_main
	ldp	x0, x1, [sp, #160]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x29, x30, [sp, #144]
	add	sp, sp, #IRQ_FRAME
	eret

crash_entry:
	adrp	x1, crash_stack_top
	add	x1, x1, :lo12:crash_stack_top
	mov	sp, x1
	bl	tsp_crash
1:	wfe
	b	1b

	.section .bss.crash_stack, "aw", %nobits
	.balign	16
	.space	2048
crash_stack_top:
