/* Helpers for the assembly files of the AArch64 arch layer. */
#ifndef SECMON_ASM_MACROS_S
#define SECMON_ASM_MACROS_S

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

	/* x\dst = address of this CPU's struct secmon_cpu. */
	.macro this_cpu dst
	mrs	\dst, tpidr_el3
	.endm

#endif
