/*
 * A stand-in for the loader before the qemu-bl31-tfa image (TF-A's BL2, U-Boot SPL or a
 * Firmware Handoff producer) that hands it a handoff of the test's choice (a -bios image:
 * flash at 0, run in place). CPU 0 copies the BL31 image to BL31_BASE and the handoff
 * below it to secure SRAM, then enters the image at EL3, MMU off, with x0-x3 as that
 * loader would set them. The other CPUs wait in a hold pen like TF-A 2.8's QEMU BL1 (the
 * facts are in platforms/qemu-virt/virt_bl31.h): each polls its hold word and, once the
 * image has set it to GO, sets it back to WAIT and branches to the address in BL1's
 * mailbox; a CPU without a hold word parks. tests/qemu/CMakeLists.txt says what each
 * kind must print.
 *
 * HANDOFF_LOOP: a bl_params v2 list whose node is its own successor (a corrupt list).
 * HANDOFF_EL1_SPSR: a well-formed list whose BL33 asks for EL1h, which a CPU with EL2
 * cannot be given (the core's check of the entry SPSR).
 * HANDOFF_V1: U-Boot SPL's default handoff, the v1 bl31_params structure, with a BL32
 * entry point whose pc is 0 (no BL32, as U-Boot passes it); x0 = the structure, x1 = the
 * DTB.
 * HANDOFF_TL: a Firmware Handoff transfer list with a checksum (computed here after the
 * copy, as a producer does) and BL33's entry_point_info in an XFERLIST_EXEC_EP_INFO64
 * entry, passed with the AArch64 register convention version 1: x1 = signature | 1 << 32,
 * x2 = 0, x3 = the list. No XFERLIST_FDT entry: the image reads QEMU's DTB where QEMU put
 * it, at 0x40000000, and an entry's data is never there (the list would have to start
 * below DRAM), so x0 names that DTB, which the parser takes when the list has none.
 * HANDOFF_TL_BAD_CHECKSUM: the same list with one byte changed after the checksum.
 * HANDOFF_TL_FDT: the same list, in normal-world DRAM at 0x48000000 (one of the image's
 * windows), with an XFERLIST_FDT entry last that holds a copy of QEMU's DTB, made here at
 * run time. QEMU's totalsize is 1 MiB, mostly free space after the strings block, so the
 * copy is packed as TF-A's BL2 packs the tree: its totalsize (and the entry's size) is the
 * end of the structure or strings block, whichever is later, rounded up to 8. The list
 * has room for 64 KiB of it; the loader stops with a message on the UART if QEMU's is
 * larger. QEMU's own DTB then loses its first 64 bytes, so only the list's copy can boot
 * the image; x0 = that entry's data, as the register convention wants. The port moves it
 * back to 0x40000000, where BL33 gets the patched tree as always.
 * HANDOFF_TL_FDT_SHORT: the same, but the FDT entry's data size (and the list's used
 * size with it) is 8 bytes short of the copy's totalsize (a DTB that does not fit its
 * entry).
 *
 * In the last four BL33 is the NS test payload at 0x60000000, at EL2h with DAIF masked
 * and x0 = the DTB.
 */
#define BL31_BASE 0x0e0a0000
#define PARAMS	  0x0e001000 /* in secure SRAM, below BL31: one of the port's windows */
#define DTB	  0x40000000 /* QEMU's, at the start of DRAM */
#define BL33_PC	  0x60000000 /* where tools/qemu-run's --payload puts the NS payload */
#define SPSR_EL2H 0x3c9	     /* AArch64 EL2h, D, A, I and F masked */

/* TF-A 2.8's QEMU BL1 (virt_bl31.h): mailbox, 8-byte hold words, their values. */
#define BL1_MAILBOX   0x0e000000
#define BL1_HOLD_BASE 0x0e000008
#define BL1_HOLD_CPUS 8
#define BL1_HOLD_WAIT 0
#define BL1_HOLD_GO   1

/* Firmware Handoff: the transfer list's signature, the register convention's version. */
#define TL_SIGNATURE	0x4a0fb10b
#define TL_REG_VERSION	1

/* The address a label of the handoff has once copied to PARAMS. */
#define AT(label) (PARAMS + ((label) - params))

#if defined(HANDOFF_LOOP) || defined(HANDOFF_EL1_SPSR)
#define REG_X0 PARAMS
#define REG_X1 0
#define REG_X3 0
#elif defined(HANDOFF_V1)
#define REG_X0 PARAMS
#define REG_X1 DTB
#define REG_X3 0
#elif defined(HANDOFF_TL) || defined(HANDOFF_TL_BAD_CHECKSUM)
#define TRANSFER_LIST 1
#define REG_X0 DTB
#define REG_X1 (TL_SIGNATURE | (TL_REG_VERSION << 32))
#define REG_X3 PARAMS
#elif defined(HANDOFF_TL_FDT) || defined(HANDOFF_TL_FDT_SHORT)
#define TL_FDT 1
#undef PARAMS
#define PARAMS	    0x48000000 /* normal-world DRAM: one of the port's windows */
#define TL_FDT_ROOM 0x10000    /* the most DTB bytes the list takes */
#define TL_TOTAL    0x11000    /* the list's total size: entries and the DTB's room */
#define TRANSFER_LIST 1
#define REG_X1 (TL_SIGNATURE | (TL_REG_VERSION << 32))
#define REG_X3 PARAMS
#else
#error "HANDOFF_LOOP, HANDOFF_EL1_SPSR, HANDOFF_V1, HANDOFF_TL, HANDOFF_TL_BAD_CHECKSUM, HANDOFF_TL_FDT or HANDOFF_TL_FDT_SHORT"
#endif

	.section .text.loader, "ax"
	.global _start
_start:
	mrs	x0, mpidr_el1
	and	x0, x0, #0xffffff
	cbnz	x0, secondary
	adr	x1, bl31_image
	adr	x2, bl31_image_end
	ldr	x3, =BL31_BASE
	bl	copy
	adr	x1, params
	adr	x2, params_end
	ldr	x3, =PARAMS
	bl	copy
#if defined(TL_FDT)
	bl	tl_fdt
#endif
#if defined(TRANSFER_LIST)
	bl	tl_checksum
#endif
#if defined(HANDOFF_TL_BAD_CHECKSUM)
	/*
	 * One byte changed behind the checksum: BL33's x1, 0 in the good list, becomes 1.
	 * Its copy's address from its offset in params (GNU as takes no literal of a
	 * difference of labels that follow).
	 */
	adr	x1, tl_bl33_x1
	adr	x2, params
	sub	x1, x1, x2
	ldr	x2, =PARAMS
	mov	w3, #1
	strb	w3, [x2, x1]
#endif
	dsb	sy
	isb
#if defined(TL_FDT)
	mov	x0, x19			/* the FDT entry's data (tl_fdt) */
#else
	ldr	x0, =REG_X0
#endif
	ldr	x1, =REG_X1
	mov	x2, #0
	ldr	x3, =REG_X3
	ldr	x9, =BL31_BASE
	br	x9

/*
 * BL1's hold pen. The hold word of CPU Aff1 * 4 + Aff0, when that is below 8 and Aff2 is 0;
 * any other CPU parks.
 */
secondary:
	mrs	x0, mpidr_el1
	ubfx	x1, x0, #16, #8		/* Aff2 */
	cbnz	x1, park
	ubfx	x1, x0, #8, #8		/* Aff1 */
	and	x2, x0, #0xff		/* Aff0 */
	add	x1, x2, x1, lsl #2
	cmp	x1, #BL1_HOLD_CPUS
	b.hs	park
	ldr	x2, =BL1_HOLD_BASE
	add	x2, x2, x1, lsl #3
hold:	wfe
	ldr	x3, [x2]
	cmp	x3, #BL1_HOLD_GO
	b.ne	hold
	mov	x3, #BL1_HOLD_WAIT
	str	x3, [x2]
	dsb	sy			/* the mailbox is read after the GO that published it */
	ldr	x4, =BL1_MAILBOX
	ldr	x4, [x4]
	br	x4
park:	wfe
	b	park

/* Copies [x1, x2) to x3, 16 bytes at a time. */
copy:	ldp	x4, x5, [x1], #16
	stp	x4, x5, [x3], #16
	cmp	x1, x2
	b.lo	copy
	ret

#if defined(TRANSFER_LIST)
/*
 * Sets the checksum byte of the list at PARAMS so that its used bytes sum to 0 modulo 256
 * (the byte is 0 in the data below, so the sum leaves it out).
 */
tl_checksum:
	ldr	x1, =PARAMS
	ldr	w2, [x1, #8]		/* used_size */
	mov	x3, #0			/* offset */
	mov	w4, #0			/* sum */
1:	ldrb	w5, [x1, x3]
	add	w4, w4, w5
	add	x3, x3, #1
	cmp	x3, x2
	b.lo	1b
	neg	w4, w4
	strb	w4, [x1, #4]		/* checksum */
	ret
#endif

#if defined(TL_FDT)
/*
 * Copies QEMU's DTB, packed, into the FDT entry of the list at PARAMS (x19 = the entry's
 * data on return), sets the copy's totalsize, the entry's data size and the list's used
 * size, then clears the first 64 bytes of QEMU's DTB. The header's fields are big-endian
 * 32-bit words. The data's offset is taken from the labels at run time (GNU as takes no
 * literal of a difference of labels that follow).
 */
tl_fdt:
	mov	x21, x30
	ldr	x1, =DTB
	ldr	w2, [x1, #8]		/* off_dt_struct */
	ldr	w3, [x1, #36]		/* size_dt_struct */
	rev	w2, w2
	rev	w3, w3
	add	x2, x2, x3
	ldr	w3, [x1, #12]		/* off_dt_strings */
	ldr	w4, [x1, #32]		/* size_dt_strings */
	rev	w3, w3
	rev	w4, w4
	add	x3, x3, x4
	cmp	x2, x3
	csel	x20, x2, x3, hi
	add	x20, x20, #7
	and	x20, x20, #~7		/* the packed totalsize */
	mov	x2, #TL_FDT_ROOM
	cmp	x20, x2
	b.hi	dtb_too_big
	adr	x2, tl_fdt_data
	adr	x3, params
	sub	x2, x2, x3
	ldr	x3, =PARAMS
	add	x19, x3, x2		/* the entry's data */
	mov	x3, x19
	add	x2, x1, x20
	bl	copy			/* [DTB, DTB + totalsize), rounded up to 16 bytes */
	rev	w2, w20
	str	w2, [x19, #4]		/* the copy's totalsize */
#if defined(HANDOFF_TL_FDT_SHORT)
	sub	x20, x20, #8		/* the entry and the list end 8 bytes early */
#endif
	str	w20, [x19, #-4]		/* the entry's data_size */
	add	x2, x20, #7
	and	x2, x2, #~7
	add	x2, x2, x19
	ldr	x3, =PARAMS
	sub	x2, x2, x3
	str	w2, [x3, #8]		/* used_size: up to the data's end, 8-byte aligned */
	ldr	x1, =DTB
	stp	xzr, xzr, [x1]
	stp	xzr, xzr, [x1, #16]
	stp	xzr, xzr, [x1, #32]
	stp	xzr, xzr, [x1, #48]
	mov	x30, x21
	ret

/* QEMU's DTB does not fit the list: say so on the UART (PL011 at 0x09000000) and park. */
dtb_too_big:
	adr	x1, too_big_msg
	ldr	x2, =0x09000000
1:	ldrb	w3, [x1], #1
	cbz	w3, park
	str	w3, [x2]
	b	1b
too_big_msg:
	.asciz	"bl31_loader: QEMU's DTB is larger than the transfer list's 64 KiB for it\n"
	.balign 4
#endif
	.ltorg

	/* The handoff, linked where it is copied to (PARAMS): pointers use AT(). */
	.balign 16
params:
#if defined(HANDOFF_LOOP) || defined(HANDOFF_EL1_SPSR)
	/* bl_params v2: type PARAM_BL_PARAMS (5), version 2, size 16; head. */
	.byte	5, 2
	.hword	16
	.word	0
	.quad	PARAMS + 0x10
#endif
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
#elif defined(HANDOFF_V1)
	/* bl31_params: type PARAM_BL31 (3), version 1, size 0x30, attr 0. */
	.byte	3, 1
	.hword	0x30
	.word	0
	.quad	AT(v1_bl31_image)	/* bl31_image_info */
	.quad	AT(v1_bl32_ep)		/* bl32_ep_info */
	.quad	AT(v1_bl32_image)	/* bl32_image_info */
	.quad	AT(v1_bl33_ep)		/* bl33_ep_info */
	.quad	AT(v1_bl33_image)	/* bl33_image_info */
v1_bl31_image:
	/* image_info: type PARAM_IMAGE_BINARY (2), version 1, size 0x18, attr 0;
	   image_base, image_size, padding. */
	.byte	2, 1
	.hword	0x18
	.word	0
	.quad	BL31_BASE
	.word	bl31_image_end - bl31_image, 0
v1_bl32_ep:
	/* entry_point_info: PARAM_EP (1), version 1, size 0x58, attr SECURE (0); pc 0 (no
	   BL32), SPSR EL1h with DAIF masked, padding; x0-x7. */
	.byte	1, 1
	.hword	0x58
	.word	0
	.quad	0
	.word	0x3c5, 0
	.quad	0, 0, 0, 0, 0, 0, 0, 0
v1_bl32_image:
	/* image_info: PARAM_IMAGE_BINARY, version 1, size 0x18; no image (base and size 0). */
	.byte	2, 1
	.hword	0x18
	.word	0
	.quad	0
	.word	0, 0
v1_bl33_ep:
	/* entry_point_info: PARAM_EP, version 1, size 0x58, attr NON_SECURE (1); pc, SPSR
	   EL2h with DAIF masked, padding; x0 = the DTB, x1-x7 = 0. */
	.byte	1, 1
	.hword	0x58
	.word	1
	.quad	BL33_PC
	.word	SPSR_EL2H, 0
	.quad	DTB, 0, 0, 0, 0, 0, 0, 0
v1_bl33_image:
	/* image_info: PARAM_IMAGE_BINARY, version 1, size 0x18; image_base, size unknown (0). */
	.byte	2, 1
	.hword	0x18
	.word	0
	.quad	BL33_PC
	.word	0, 0
#elif defined(TRANSFER_LIST)
	/* Transfer list header: signature; checksum (set by tl_checksum), version 1,
	   hdr_size 0x18, alignment 3 (8 bytes); used_size, total_size (a page, or
	   TL_TOTAL); flags has_checksum (bit 0); reserved. */
	.word	TL_SIGNATURE
	.byte	0, 1, 0x18, 3
#if defined(TL_FDT)
	.word	tl_end - params, TL_TOTAL	/* used_size set by tl_fdt */
#else
	.word	tl_end - params, 0x1000
#endif
	.word	1, 0
	/* An XFERLIST_VOID entry (tag 0: free space, skipped): tag_id | hdr_size 8 << 24,
	   data_size 8; its data. */
	.word	0 | (8 << 24), 8
	.quad	0
	/* XFERLIST_EXEC_EP_INFO64 (tag 0x102) | hdr_size 8 << 24, data_size 0x58; then
	   BL33's entry_point_info: PARAM_EP (1), version 2, size 0x58, attr NON_SECURE (1);
	   pc, SPSR EL2h with DAIF masked, padding; x0 = the DTB, x1-x7 = 0. */
	.word	0x102 | (8 << 24), 0x58
	.byte	1, 2
	.hword	0x58
	.word	1
	.quad	BL33_PC
	.word	SPSR_EL2H, 0
	.quad	DTB
tl_bl33_x1:
	.quad	0, 0, 0, 0, 0, 0, 0
#if defined(TL_FDT)
	/* XFERLIST_FDT (tag 1) | hdr_size 8 << 24; data_size and the data set by tl_fdt. */
	.word	1 | (8 << 24), 0
tl_fdt_data:
#endif
tl_end:
#endif
	.balign 16
params_end:

	.balign 16
bl31_image:
	.incbin BL31_IMAGE_PATH
	.balign 16
bl31_image_end:
