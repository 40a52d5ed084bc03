/*
 * Exception vectors (EL2 or EL1, whichever we run at). The payload expects no exception
 * but two: a synchronous fault of a probe instruction (fault_probe.S), which
 * tests/isolation.c, tests/lower_el_traps.c and tests/features.c provoke on purpose and
 * which resumes after the instruction with the syndrome in registers, and the HVC that
 * ends an el1_call() (el1_call.S). Every other entry reports and ends the run. SP is not trusted (a broken
 * monitor may have changed it), so the report runs on its own stack.
 */

#include "el1_call.h"

/*
 * A synchronous exception at the payload's own EL: if it comes from a probe instruction
 * (fault_probe.S), return past it with x2 = ESR, x3 = FAR, x4 = 1 (x1, the instruction's
 * target, is left alone). Uses x16 and x17 only, which the probes declare clobbered.
 */
.macro in_probes reg, not
	adr	x17, probe_insns_start
	cmp	\reg, x17
	b.lo	\not
	adr	x17, probe_insns_end
	cmp	\reg, x17
	b.hs	\not
.endm

.macro probe_fixup kind
	mrs	x16, CurrentEL
	cmp	x16, #(2 << 2)
	b.ne	1f
	mrs	x16, elr_el2
	in_probes x16, 3f
	mrs	x2, esr_el2
	mrs	x3, far_el2
	add	x16, x16, #4
	msr	elr_el2, x16
	b	2f
1:	mrs	x16, elr_el1
	in_probes x16, 3f
	mrs	x2, esr_el1
	mrs	x3, far_el1
	add	x16, x16, #4
	msr	elr_el1, x16
2:	mov	x4, #1
	eret
3:	mov	x0, #\kind
	b	exception_entry
.endm

/*
 * A synchronous exception from EL1 taken to EL2: el1_call()'s return (HVC with its
 * immediate, x0 the result), or else a report. Uses x16 and x17, like a probe.
 */
.macro lower_sync kind
	mrs	x16, CurrentEL
	cmp	x16, #(2 << 2)
	b.ne	1f
	mrs	x16, esr_el2
	movz	x17, #EL1_CALL_HVC_IMM
	movk	x17, #(((0x16 << 26) | (1 << 25)) >> 16), lsl #16 /* EC HVC64, IL */
	cmp	x16, x17
	b.eq	el1_call_return
1:	mov	x0, #\kind
	b	exception_entry
.endm

	.section .text.vectors, "ax"
	.balign 2048
	.global ns_vectors
ns_vectors:
	.irp	kind, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.balign	128
	.if	\kind == 0 || \kind == 4
	probe_fixup \kind
	.elseif	\kind == 8
	lower_sync \kind
	.else
	mov	x0, #\kind
	b	exception_entry
	.endif
	.endr

exception_entry:
	adrp	x1, exception_stack_top
	add	x1, x1, :lo12:exception_stack_top
	mov	sp, x1
	bl	exception_report
1:	wfi
	b	1b

	.section .stacks, "aw", %nobits
	.balign	16
	.space	4096
exception_stack_top:
