/*
 * Instructions that may fault, each in a function of the same shape (see fault_probe.h):
 * int probe_xxx(uint64_t value, struct probe_result *r). The probe instruction reads its
 * input from x0 and leaves its result in x1, which holds PROBE_MARKER before. The vectors
 * recognise a synchronous exception of any instruction between probe_insns_start and
 * probe_insns_end and resume after it with x2 = ESR, x3 = FAR, x4 = 1. Clobbers x16 and
 * x17 besides the argument registers.
 */
#include "fault_probe.h"

	/* One probe function: name, then the instruction (operands x0 in, x1 out). */
	.macro probe name, insn:vararg
	.global \name
	.type \name, %function
\name:
	mov	x5, x1
	movz	x1, #(PROBE_MARKER_LO & 0xffff)
	movk	x1, #(PROBE_MARKER_LO >> 16), lsl #16
	movk	x1, #(PROBE_MARKER_HI & 0xffff), lsl #32
	movk	x1, #(PROBE_MARKER_HI >> 16), lsl #48
	mov	x2, #0
	mov	x3, #0
	mov	x4, #0
	dsb	sy
	isb
	\insn
	dsb	sy
	isb
	stp	x1, x2, [x5, #PR_VALUE]
	stp	x3, x4, [x5, #PR_FAR]
	mov	x0, x4
	ret
	.size \name, . - \name
	.endm

	.text
	.global probe_insns_start
probe_insns_start:
	probe	probe_load, ldr x1, [x0]
	/* TPIDR2_EL0 (SME), by encoding: no assembler extension needed. */
	probe	probe_write_tpidr2, msr S3_3_C13_C0_5, x0
	probe	probe_read_tpidr2, mrs x1, S3_3_C13_C0_5
	probe	probe_read_pmcr, mrs x1, pmcr_el0

/*
 * A semihosting call (x0 = operation, x1 = parameter block), returning x0; or
 * SEMIHOST_ABSENT if the HLT trapped: without semihosting it is UNDEFINED, and the run
 * goes on without it (a console, an exit through PSCI) instead of dying on the trap.
 */
	.global semihost_call
	.type semihost_call, %function
semihost_call:
	mov	x4, #0
	hlt	#0xf000
	cbz	x4, 1f
	mov	x0, #SEMIHOST_ABSENT
1:	ret
	.size semihost_call, . - semihost_call
	.global probe_insns_end
probe_insns_end:
