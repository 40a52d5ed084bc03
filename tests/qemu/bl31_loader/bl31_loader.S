/*
 * A stand-in for TF-A's BL2 that hands the qemu-bl31-tfa image a handoff of the test's
 * choice (a -bios image: flash at 0, run in place). CPU 0 copies the BL31 image to
 * BL31_BASE and the handoff below it to secure SRAM, then enters the image as BL2 would:
 * x0 = the bl_params list, x1-x3 = 0, MMU off, at EL3. Other CPUs wait for good. The image
 * must stop with a clear panic (tests/qemu/CMakeLists.txt says which).
 *
 * HANDOFF_LOOP: a bl_params v2 list whose node is its own successor (a corrupt list).
 * HANDOFF_EL1_SPSR: a well-formed list whose BL33 asks for EL1h, which a CPU with EL2
 * cannot be given (the core's check of the entry SPSR).
 */
#define BL31_BASE 0x0e0a0000
#define PARAMS	  0x0e001000 /* in secure SRAM, below BL31: one of the port's windows */

	.section .text.loader, "ax"
	.global _start
_start:
	mrs	x0, mpidr_el1
	and	x0, x0, #0xffffff
	cbnz	x0, park
	adr	x1, bl31_image
	adr	x2, bl31_image_end
	ldr	x3, =BL31_BASE
	bl	copy
	adr	x1, params
	adr	x2, params_end
	ldr	x3, =PARAMS
	bl	copy
	dsb	sy
	isb
	ldr	x0, =PARAMS
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	ldr	x9, =BL31_BASE
	br	x9
park:	wfe
	b	park

/* Copies [x1, x2) to x3, 16 bytes at a time. */
copy:	ldp	x4, x5, [x1], #16
	stp	x4, x5, [x3], #16
	cmp	x1, x2
	b.lo	copy
	ret
	.ltorg

	/* The handoff, linked where it is copied to (PARAMS). */
	.balign 16
params:
	/* bl_params v2: type PARAM_BL_PARAMS (5), version 2, size 16; head. */
	.byte	5, 2
	.hword	16
	.word	0
	.quad	PARAMS + 0x10
#if defined(HANDOFF_LOOP)
	/* A node of another image (99) whose next is itself. */
	.word	99, 0
	.quad	0, 0, PARAMS + 0x10
#elif defined(HANDOFF_EL1_SPSR)
	/* BL33's node (image id 5), then its entry_point_info: PARAM_EP (1), version 2,
	   size 0x58, attr NON_SECURE; pc 0x60000000, SPSR EL1h with DAIF masked, x0 = DTB. */
	.word	5, 0
	.quad	0, PARAMS + 0x30, 0
	.byte	1, 2
	.hword	0x58
	.word	1
	.quad	0x60000000
	.word	0x3c5, 0
	.quad	0x40000000, 0, 0, 0, 0, 0, 0, 0
#else
#error "HANDOFF_LOOP or HANDOFF_EL1_SPSR"
#endif
	.balign 16
params_end:

	.balign 16
bl31_image:
	.incbin BL31_IMAGE_PATH
	.balign 16
bl31_image_end:
