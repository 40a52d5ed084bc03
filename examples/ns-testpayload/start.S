/*
 * Entry of the NS test payload.
 *
 * The image starts with an arm64 Image header (Linux Documentation/arch/arm64/booting.rst),
 * so that a loader that boots Linux kernels (QEMU's -kernel, U-Boot's booti, a monitor's
 * fw_cfg loader) places and enters the payload like one: at a 2 MiB-aligned address in
 * RAM, at EL2 (EL1 without EL2) with x0 = DTB address, x1-x3 = 0, MMU off and DAIF masked.
 * Its first word branches to _start, so a monitor that enters the first byte of a raw
 * image (QEMU virt: 0x60000000) gets the same.
 *
 * _start records that state for the boot checks, relocates the image for the address it
 * runs at (the payload is linked at 0, see ns-testpayload.ld), zeroes .bss and runs
 * payload_main(dtb) on CPU 0's stack. Other CPUs enter at psci_entry.S's entry points.
 * Everything here reaches memory PC-relative (ADR/ADRP), which with the MMU off gives
 * physical addresses of wherever the image was loaded.
 */
#include "cpu.h"

#define R_AARCH64_RELATIVE 1027
#define IMAGE_FLAGS	   (1 << 3) /* little endian, any page size, 2 MiB base anywhere */

	.section .text.head, "ax"
	.global _image_head
_image_head:
	b	_start		/* code0 */
	nop			/* code1 */
	.quad	0		/* text_offset: load at a 2 MiB boundary */
	/*
	 * image_size: image, .bss, stacks, .persist (ns-testpayload.ld), from here: a
	 * PC-relative difference, which needs no run-time relocation (an absolute symbol of
	 * the linker script would get one from GNU ld in a PIE).
	 */
	.quad	__footprint_end - _image_head
	.quad	IMAGE_FLAGS
	.quad	0, 0, 0		/* res2-res4 */
	.ascii	"ARM\x64"	/* magic */
	.word	0		/* res5 */

/* SCTLR with the MMU and data cache off, instruction cache on, no alignment checks. */
#define SCTLR_EL2_VALUE 0x30c51830 /* RES1 bits 4,5,11,16,18,22,23,28,29 + I */
#define SCTLR_EL1_VALUE 0x30d01800 /* RES1 bits 11,20,22,23,28,29 + I */

	.section .text.start, "ax"
	.global _start
_start:
	/* The counter first (boot-time mode), then what the monitor handed over. */
	isb
	mrs	x27, cntpct_el0
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
	bl	relocate
	mov	x26, x0

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
	stp	x25, x26, [x0, #BOOT_SCTLR]
	str	x27, [x0, #BOOT_CNTPCT]

	mov	x0, x19
	bl	payload_main
	b	park

	.text
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
 * Applies .rela.dyn for the address the image runs at: the 64-bit word at base + r_offset
 * of each R_AARCH64_RELATIVE entry becomes base + r_addend (the link address is 0).
 * Writing the value rather than adding to it keeps a second run harmless (a reset that
 * does not reload the image). Entries of any other type are skipped and counted: returns
 * their number in x0 (a boot check reports it). Clobbers x1-x6; no stack.
 */
relocate:
	adrp	x1, __image_start
	add	x1, x1, :lo12:__image_start
	adrp	x2, __rela_start
	add	x2, x2, :lo12:__rela_start
	adrp	x3, __rela_end
	add	x3, x3, :lo12:__rela_end
	mov	x0, #0
1:	cmp	x2, x3
	b.hs	3f
	ldp	x4, x5, [x2], #16	/* r_offset, r_info */
	ldr	x6, [x2], #8		/* r_addend */
	cmp	x5, #R_AARCH64_RELATIVE
	b.ne	2f
	add	x6, x6, x1
	str	x6, [x1, x4]
	b	1b
2:	add	x0, x0, #1
	b	1b
3:	dsb	sy
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
	.space	NS_STACK_SIZE * NS_MAX_CPUS
