/* Helpers for the assembly files of the AArch64 arch layer. */
#ifndef SECMON_ASM_MACROS_S
#define SECMON_ASM_MACROS_S

#include "offsets.h"

	.macro func name, section=.text
	.section \section\().\name, "ax"
	.global \name
	.type \name, %function
	.balign 4
\name:
	.endm

	.macro endfunc name
	.size \name, . - \name
	.endm

	/* Loads x2-x17 from a struct secmon_cpu_context at sp (SMC return, EL3 exit). */
	.macro load_x2_to_x17
	ldp	x2, x3, [sp, #CTX_X(2)]
	ldp	x4, x5, [sp, #CTX_X(4)]
	ldp	x6, x7, [sp, #CTX_X(6)]
	ldp	x8, x9, [sp, #CTX_X(8)]
	ldp	x10, x11, [sp, #CTX_X(10)]
	ldp	x12, x13, [sp, #CTX_X(12)]
	ldp	x14, x15, [sp, #CTX_X(14)]
	ldp	x16, x17, [sp, #CTX_X(16)]
	.endm

	/* Keeps x1/x2 of a dying context in the per-CPU scratch; SP_EL0 keeps x0. */
	.macro crash_entry type
	msr	spsel, #0
	mov	sp, x0
	mrs	x0, tpidr_el3
	stp	x1, x2, [x0, #CPU_CRASH_SCRATCH]
	mov	x1, #\type
	b	crash_common
	.endm

	/* Starts one 128-byte slot of a vector table. */
	.macro vector_entry label
	.balign 128
\label:
	.endm

	/*
	 * Saves x2-x15 and x30 into the context at sp. The lower-EL entries store x16/x17
	 * first, to use them as scratch before anything else (smc_paths.S).
	 */
	.macro save_x2_to_x15_x30
	stp	x2, x3, [sp, #CTX_X(2)]
	stp	x4, x5, [sp, #CTX_X(4)]
	stp	x6, x7, [sp, #CTX_X(6)]
	stp	x8, x9, [sp, #CTX_X(8)]
	stp	x10, x11, [sp, #CTX_X(10)]
	stp	x12, x13, [sp, #CTX_X(12)]
	stp	x14, x15, [sp, #CTX_X(14)]
	str	x30, [sp, #CTX_X(30)]
	.endm

	/* Saves x2-x17 and x30 into the context at sp: with x0/x1, what C may clobber. */
	.macro save_caller_saved_from_x2
	stp	x16, x17, [sp, #CTX_X(16)]
	save_x2_to_x15_x30
	.endm

	/* Saves x18-x29 and SP_EL0 into the context at sp (x0-x17 and x30 already saved). */
	.macro save_x18_to_x29_sp_el0
	stp	x18, x19, [sp, #CTX_X(18)]
	stp	x20, x21, [sp, #CTX_X(20)]
	stp	x22, x23, [sp, #CTX_X(22)]
	stp	x24, x25, [sp, #CTX_X(24)]
	stp	x26, x27, [sp, #CTX_X(26)]
	stp	x28, x29, [sp, #CTX_X(28)]
	mrs	x18, sp_el0
	str	x18, [sp, #CTX_SP_EL0]
	.endm

	/* x\dst = address of this CPU's struct secmon_cpu. */
	.macro this_cpu dst
	mrs	\dst, tpidr_el3
	.endm

#endif
