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

	/* A read and a write probe for a system register, by encoding (tests/features.c). */
	.macro	sysreg_probes name, enc
	probe	probe_rd_\name, mrs x1, \enc
	probe	probe_wr_\name, msr \enc, x0
	.endm
	sysreg_probes fpcr, S3_3_C4_C4_0
	sysreg_probes zcr_el1, S3_0_C1_C2_0
	sysreg_probes zcr_el2, S3_4_C1_C2_0
	sysreg_probes smcr_el1, S3_0_C1_C2_6
	sysreg_probes smcr_el2, S3_4_C1_C2_6
	sysreg_probes smidr_el1, S3_1_C0_C0_6
	sysreg_probes svcr, S3_3_C4_C2_2
	sysreg_probes apiakeylo_el1, S3_0_C2_C1_0
	sysreg_probes apgakeyhi_el1, S3_0_C2_C3_1
	sysreg_probes scxtnum_el0, S3_3_C13_C0_7
	sysreg_probes scxtnum_el1, S3_0_C13_C0_7
	sysreg_probes scxtnum_el2, S3_4_C13_C0_7
	sysreg_probes hcrx_el2, S3_4_C1_C2_2
	sysreg_probes gcr_el1, S3_0_C1_C0_6
	sysreg_probes rgsr_el1, S3_0_C1_C0_5
	sysreg_probes tfsr_el1, S3_0_C5_C6_0
	sysreg_probes tfsre0_el1, S3_0_C5_C6_1
	sysreg_probes tfsr_el2, S3_4_C5_C6_0
	sysreg_probes erridr_el1, S3_0_C5_C3_0
	sysreg_probes errselr_el1, S3_0_C5_C3_1
	sysreg_probes disr_el1, S3_0_C12_C1_1
	sysreg_probes rndr, S3_3_C2_C4_0
	sysreg_probes dbgbvr0_el1, S2_0_C0_C0_4
	sysreg_probes dbgbcr0_el1, S2_0_C0_C0_5
	sysreg_probes mdscr_el1, S2_0_C0_C2_2
	sysreg_probes oslsr_el1, S2_0_C1_C1_4
	sysreg_probes amcr_el0, S3_3_C13_C2_0
	sysreg_probes amevcntr00_el0, S3_3_C13_C4_0
	sysreg_probes hfgrtr_el2, S3_4_C1_C1_4
	sysreg_probes cntpoff_el2, S3_4_C14_C0_6
	sysreg_probes trfcr_el1, S3_0_C1_C2_1
	sysreg_probes pmblimitr_el1, S3_0_C9_C10_0
	sysreg_probes trblimitr_el1, S3_0_C9_C11_0
	sysreg_probes brbcr_el1, S2_1_C9_C0_0
	sysreg_probes accdata_el1, S3_0_C13_C0_5
	/* RDVL / RDSVL x1, #1 (SVE, SME): bytes in a vector at this EL, by encoding. */
	probe	probe_rdvl, .inst 0x04bf5021
	probe	probe_rdsvl, .inst 0x04bf5821

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
