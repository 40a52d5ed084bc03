/*
 * gicv3_pen_wait: a reset pen's wait (secmon_platform.pen_wait) for any GICv3 board whose
 * CPUs all start at reset. Each CPU but the primary enables its own system-register
 * interface for Group 0 and sleeps in WFI, instead of polling the pen in WFE (which an
 * emulator may run as a busy loop). It needs the primary to have woken every
 * redistributor with the wake SGI enabled (gicv3_rdist_prepare_all(), at init) and to
 * send that SGI to all others once the pen is open (gicv3_send_wake_sgi_others() as the
 * board's release_secondaries).
 *
 * Reset, MMU off, no stack, position independent: x0 = the pen word, x1 = its released
 * value; clobbers x3-x4. It leaves once the pen is open and the wake SGI has come, and
 * completes that SGI, so nothing stays pending for the monitor's own wake-ups.
 */
#define ICC_PMR_EL1	S3_0_C4_C6_0
#define ICC_IAR0_EL1	S3_0_C12_C8_0
#define ICC_EOIR0_EL1	S3_0_C12_C8_1
#define ICC_IGRPEN0_EL1 S3_0_C12_C12_6
#define ICC_SRE_EL3	S3_6_C12_C12_5

	/* Cold-boot code: only ever runs at reset, before the pen opens. */
	.section .cold_boot.text.gicv3_pen_wait, "ax"
	.global gicv3_pen_wait
	.type gicv3_pen_wait, %function
	.balign 4
gicv3_pen_wait:
	/* System register interface on, Group 0 (the wake SGI) unmasked. */
	mrs	x3, ICC_SRE_EL3
	mov	x4, #0x9 /* SRE, Enable (lower ELs may use the system registers) */
	orr	x3, x3, x4
	msr	ICC_SRE_EL3, x3
	isb
	mov	x3, #0xff
	msr	ICC_PMR_EL1, x3
	mov	x3, #1
	msr	ICC_IGRPEN0_EL1, x3
	isb
	/* Sleep until the pen is open and the wake SGI has come; complete it, leave. */
1:	ldr	x3, [x0]
	cmp	x3, x1
	b.ne	2f
	mrs	x3, ICC_IAR0_EL1
	and	x4, x3, #0xffffff
	cmp	x4, #1020 /* 1020-1023: nothing of Group 0 pending yet */
	b.hs	2f
	msr	ICC_EOIR0_EL1, x3
	isb
	ret
2:	wfi
	b	1b
	.size gicv3_pen_wait, . - gicv3_pen_wait
