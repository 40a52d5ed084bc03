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

	/* x\dst = address of this CPU's struct secmon_cpu. */
	.macro this_cpu dst
	mrs	\dst, tpidr_el3
	.endm

#endif
