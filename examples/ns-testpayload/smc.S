/* SMC conduits of the payload; see smc.h. */
#include "cpu.h"
#include "smc.h"

	.text

/* x0-x7 = arguments, x8 = where AAPCS64 wants the struct smc_result. */
	.global smc_call
smc_call:
	stp	x8, x30, [sp, #-16]!
	smc	#0
	ldp	x8, x30, [sp], #16
	stp	x0, x1, [x8]
	stp	x2, x3, [x8, #16]
	ret

/* x0 = struct smc_regs *. */
	.global smc_call_regs
smc_call_regs:
	stp	x0, x30, [sp, #-32]!
	ldp	x16, x17, [x0, #128]
	ldp	x14, x15, [x0, #112]
	ldp	x12, x13, [x0, #96]
	ldp	x10, x11, [x0, #80]
	ldp	x8, x9, [x0, #64]
	ldp	x6, x7, [x0, #48]
	ldp	x4, x5, [x0, #32]
	ldp	x2, x3, [x0, #16]
	ldp	x0, x1, [x0]
	smc	#0
	str	x0, [sp, #16]
	ldr	x0, [sp]
	str	x1, [x0, #8]
	stp	x2, x3, [x0, #16]
	stp	x4, x5, [x0, #32]
	stp	x6, x7, [x0, #48]
	stp	x8, x9, [x0, #64]
	stp	x10, x11, [x0, #80]
	stp	x12, x13, [x0, #96]
	stp	x14, x15, [x0, #112]
	stp	x16, x17, [x0, #128]
	ldr	x1, [sp, #16]
	str	x1, [x0]
	ldr	x30, [sp, #8]
	add	sp, sp, #32
	ret

/*
 * x0 = struct smc_regcheck *. Every general register carries a test value across the SMC,
 * so nothing but SP could hold our bookkeeping, and SP is one of the things under test.
 * The bookkeeping (SP and rc) therefore lives in this CPU's cpu_data, found through
 * TPIDR_EL1; right after the SMC, x0 (a result) is parked in TPIDRRO_EL0 to free a register.
 */
	.global smc_regcheck
smc_regcheck:
	sub	sp, sp, #112
	stp	x29, x30, [sp]
	stp	x27, x28, [sp, #16]
	stp	x25, x26, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x21, x22, [sp, #64]
	stp	x19, x20, [sp, #80]
	str	x18, [sp, #96]

	mrs	x9, tpidr_el1
	mov	x10, sp
	stp	x10, x0, [x9, #CPU_DATA_RC_SP]
	str	x10, [x0, #RC_SP_BEFORE]

	ldp	x4, x5, [x0, #(RC_IN + 4 * 8)]
	ldp	x6, x7, [x0, #(RC_IN + 6 * 8)]
	ldp	x8, x9, [x0, #(RC_IN + 8 * 8)]
	ldp	x10, x11, [x0, #(RC_IN + 10 * 8)]
	ldp	x12, x13, [x0, #(RC_IN + 12 * 8)]
	ldp	x14, x15, [x0, #(RC_IN + 14 * 8)]
	ldp	x16, x17, [x0, #(RC_IN + 16 * 8)]
	ldp	x18, x19, [x0, #(RC_IN + 18 * 8)]
	ldp	x20, x21, [x0, #(RC_IN + 20 * 8)]
	ldp	x22, x23, [x0, #(RC_IN + 22 * 8)]
	ldp	x24, x25, [x0, #(RC_IN + 24 * 8)]
	ldp	x26, x27, [x0, #(RC_IN + 26 * 8)]
	ldp	x28, x29, [x0, #(RC_IN + 28 * 8)]
	ldr	x30, [x0, #(RC_IN + 30 * 8)]
	ldp	x2, x3, [x0, #(RC_IN + 2 * 8)]
	ldr	x1, [x0, #(RC_IN + 1 * 8)]
	ldr	x0, [x0, #(RC_IN + 0 * 8)]

	smc	#0

	msr	tpidrro_el0, x0
	mrs	x0, tpidr_el1
	ldr	x0, [x0, #CPU_DATA_RC_PTR]
	str	x1, [x0, #(RC_OUT + 1 * 8)]
	stp	x2, x3, [x0, #(RC_OUT + 2 * 8)]
	stp	x4, x5, [x0, #(RC_OUT + 4 * 8)]
	stp	x6, x7, [x0, #(RC_OUT + 6 * 8)]
	stp	x8, x9, [x0, #(RC_OUT + 8 * 8)]
	stp	x10, x11, [x0, #(RC_OUT + 10 * 8)]
	stp	x12, x13, [x0, #(RC_OUT + 12 * 8)]
	stp	x14, x15, [x0, #(RC_OUT + 14 * 8)]
	stp	x16, x17, [x0, #(RC_OUT + 16 * 8)]
	stp	x18, x19, [x0, #(RC_OUT + 18 * 8)]
	stp	x20, x21, [x0, #(RC_OUT + 20 * 8)]
	stp	x22, x23, [x0, #(RC_OUT + 22 * 8)]
	stp	x24, x25, [x0, #(RC_OUT + 24 * 8)]
	stp	x26, x27, [x0, #(RC_OUT + 26 * 8)]
	stp	x28, x29, [x0, #(RC_OUT + 28 * 8)]
	str	x30, [x0, #(RC_OUT + 30 * 8)]
	mov	x1, sp
	str	x1, [x0, #RC_SP_AFTER]
	mrs	x1, tpidrro_el0
	str	x1, [x0, #(RC_OUT + 0 * 8)]
	msr	tpidrro_el0, xzr

	/* Back on the SP we left with, whatever the SMC did to it. */
	mrs	x1, tpidr_el1
	ldr	x1, [x1, #CPU_DATA_RC_SP]
	mov	sp, x1

	/* Mask of x4..x30 that changed, plus RC_SP_BIT for SP. */
	mov	x5, #0
	mov	x1, #4
	add	x2, x0, #RC_IN
	add	x3, x0, #RC_OUT
1:	ldr	x6, [x2, x1, lsl #3]
	ldr	x7, [x3, x1, lsl #3]
	cmp	x6, x7
	b.eq	2f
	mov	x8, #1
	lsl	x8, x8, x1
	orr	x5, x5, x8
2:	add	x1, x1, #1
	cmp	x1, #31
	b.lo	1b
	ldr	x6, [x0, #RC_SP_BEFORE]
	ldr	x7, [x0, #RC_SP_AFTER]
	cmp	x6, x7
	b.eq	3f
	orr	x5, x5, #(1 << RC_SP_BIT)
3:	mov	x0, x5

	ldr	x18, [sp, #96]
	ldp	x19, x20, [sp, #80]
	ldp	x21, x22, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #32]
	ldp	x27, x28, [sp, #16]
	ldp	x29, x30, [sp]
	add	sp, sp, #112
	ret
