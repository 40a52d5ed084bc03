/*
 * Entry points of the NS test payload.
 *
 * _start: the primary, entered by the monitor at NS_PAYLOAD_BASE at EL2 (EL1 without EL2)
 * with x0 = DTB address, x1-x3 = 0, MMU off and DAIF masked (arm64 boot protocol). It
 * records that state for the boot checks, zeroes .bss and runs payload_main(dtb) on CPU 0's
 * stack.
 * secondary_entry: where PSCI CPU_ON tests start secondaries, x0 = logical CPU index.
 */
#include "cpu.h"

/* SCTLR with the MMU and data cache off, instruction cache on, no alignment checks. */
#define SCTLR_EL2_VALUE 0x30c51830 /* RES1 bits 4,5,11,16,18,22,23,28,29 + I */
#define SCTLR_EL1_VALUE 0x30d01800 /* RES1 bits 11,20,22,23,28,29 + I */

	.section .text.start, "ax"
	.global _start
_start:
	/* Keep what the monitor handed over before anything else touches it. */
	mov	x19, x0
	mov	x20, x1
	mov	x21, x2
	mov	x22, x3
	mrs	x23, CurrentEL
	mrs	x24, DAIF
	cmp	x23, #(2 << 2)
	b.ne	1f
	mrs	x25, sctlr_el2
	b	2f
1:	mrs	x25, sctlr_el1
2:	bl	el_setup

	/* Zero .bss (16-byte aligned at both ends, see the linker script). */
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __bss_end
	add	x1, x1, :lo12:__bss_end
3:	cmp	x0, x1
	b.hs	4f
	stp	xzr, xzr, [x0], #16
	b	3b
4:
	mov	x0, #0
	bl	cpu_setup

	adrp	x0, boot_state
	add	x0, x0, :lo12:boot_state
	stp	x19, x20, [x0, #BOOT_X0]
	stp	x21, x22, [x0, #BOOT_X2]
	stp	x23, x24, [x0, #BOOT_EL]
	str	x25, [x0, #BOOT_SCTLR]

	mov	x0, x19
	bl	payload_main
	b	park

	.text
	.global secondary_entry
secondary_entry:
	mov	x19, x0
	bl	el_setup
	cmp	x19, #SECMON_MAX_CPUS
	b.hs	park
	mov	x0, x19
	bl	cpu_setup
	mov	x0, x19
	bl	secondary_main
	.global park
park:
	wfi
	b	park

/*
 * Masks interrupts and sets SCTLR and VBAR for the EL we run at. Anything but EL2 or EL1
 * is not a state the payload can run in: park. Clobbers x0; uses no stack.
 */
	.global el_setup
el_setup:
	msr	daifset, #0xf
	mrs	x0, CurrentEL
	cmp	x0, #(2 << 2)
	b.eq	1f
	cmp	x0, #(1 << 2)
	b.ne	park
	mov	x0, #(SCTLR_EL1_VALUE & 0xffff)
	movk	x0, #(SCTLR_EL1_VALUE >> 16), lsl #16
	msr	sctlr_el1, x0
	adrp	x0, ns_vectors
	add	x0, x0, :lo12:ns_vectors
	msr	vbar_el1, x0
	isb
	ret
1:	mov	x0, #(SCTLR_EL2_VALUE & 0xffff)
	movk	x0, #(SCTLR_EL2_VALUE >> 16), lsl #16
	msr	sctlr_el2, x0
	adrp	x0, ns_vectors
	add	x0, x0, :lo12:ns_vectors
	msr	vbar_el2, x0
	isb
	ret

/*
 * x0 = logical CPU index: sets SP to the top of its stack and TPIDR_EL1 to its cpu_data.
 * Clobbers x1-x3.
 */
	.global cpu_setup
cpu_setup:
	adrp	x1, ns_stacks
	add	x1, x1, :lo12:ns_stacks
	add	x2, x0, #1
	mov	x3, #NS_STACK_SIZE
	madd	x1, x2, x3, x1
	mov	sp, x1
	adrp	x1, cpu_data
	add	x1, x1, :lo12:cpu_data
	add	x1, x1, x0, lsl #CPU_DATA_SHIFT
	msr	tpidr_el1, x1
	ret

	.section .stacks, "aw", %nobits
	.balign 16
ns_stacks:
	.space	NS_STACK_SIZE * SECMON_MAX_CPUS
