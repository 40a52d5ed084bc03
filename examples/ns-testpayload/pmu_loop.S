/*
 * The loops tests/pmu_isolation.c measures (see ns_pmu.h): identical instructions except
 * for SMC <-> NOP, so that any difference in the counts is what the SMC costs the
 * normal world's counters. x0 = function ID, x1 = iterations (> 0), x2 = struct
 * pmu_sample *. Only x9-x17 carry state across the SMC (SMCCC preserves x4-x17).
 */
	.text

.macro measured_loop name, body
	.global \name
\name:
	mov	x9, x0
	mov	x10, x1
	mov	x11, x2
	isb
	mrs	x12, pmccntr_el0
	mrs	x13, pmevcntr0_el0
	mrs	x14, pmevcntr1_el0
1:	mov	x0, x9
	\body
	subs	x10, x10, #1
	b.ne	1b
	mrs	x15, pmccntr_el0
	mrs	x16, pmevcntr0_el0
	mrs	x17, pmevcntr1_el0
	stp	x12, x13, [x11]
	stp	x14, x15, [x11, #16]
	stp	x16, x17, [x11, #32]
	ret
.endm

	measured_loop pmu_loop_smc, "smc #0"
	measured_loop pmu_loop_nop, "nop"
