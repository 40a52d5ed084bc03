/*
 * Exception vectors (EL2 or EL1, whichever we run at). The payload expects no exception at
 * all: every entry reports and ends the run. SP is not trusted (a broken monitor may have
 * changed it), so the report runs on its own stack.
 */
	.section .text.vectors, "ax"
	.balign 2048
	.global ns_vectors
ns_vectors:
	.irp	kind, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.balign	128
	mov	x0, #\kind
	b	exception_entry
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
