/*
 * QEMU virt's reset pen (secmon_platform.pen_wait): the CPUs other than the primary sleep
 * in WFI until the primary's wake SGI (virt_gic_release_secondaries()), instead of the
 * core's WFE poll, which QEMU's TCG runs as a busy loop: with 8 vCPUs on a small host,
 * seven spinning vCPUs slowed the primary's fw_cfg load after a reset (tools/reboot-time).
 *
 * Runs at reset with the MMU off, no stack, from flash: position independent, x0 = the
 * pen word, x1 = its released value, clobbers x2-x4. It leaves once the pen is open and
 * the primary's wake SGI, sent after the pen opened, has come: it completes that SGI, so
 * nothing stays pending for the monitor's own wake-ups, and nothing spins meanwhile. It only uses
 * what QEMU's virt machine fixes: the GIC distributor and CPU interface addresses
 * (virt_gic_init() checks that the DTB agrees). GICv3: the primary has woken every
 * redistributor and enabled the wake SGI there (gicv3_rdist_prepare_all()); this CPU
 * enables its own interface through system registers. GICv2: the distributor's SGI
 * enables and the CPU interface are banked, so this CPU sets its own.
 */
#include "qemu_virt.h"

#define GIC_WAKE_SGI	15
#define GICD_ISENABLER0 0x100
#define GICD_PIDR2_V2	0xfe8 /* GICv3 has its ID registers at 0xffd0: RAZ here */
#define GICC_CTLR	0x000
#define GICC_PMR	0x004
#define GICC_IAR	0x00c
#define GICC_EOIR	0x010
#define ICC_PMR_EL1	S3_0_C4_C6_0
#define ICC_IAR0_EL1	S3_0_C12_C8_0
#define ICC_EOIR0_EL1	S3_0_C12_C8_1
#define ICC_IGRPEN0_EL1 S3_0_C12_C12_6
#define ICC_SRE_EL3	S3_6_C12_C12_5

	/* Cold-boot code: only ever runs at reset, before the pen opens. */
	.section .cold_boot.text.virt_pen_wait, "ax"
	.global virt_pen_wait
	.type virt_pen_wait, %function
	.balign 4
virt_pen_wait:
	mov	x2, #VIRT_GICD_BASE
	ldr	w3, [x2, #GICD_PIDR2_V2]
	ubfx	w3, w3, #4, #4 /* ArchRev: 2 on GICv2 (a GICv2 has no 0xffe8) */
	cmp	w3, #2
	b.eq	gicv2

	/* GICv3: system register interface on, Group 0 (the wake SGI) unmasked. */
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

gicv2:
	mov	w3, #(1 << GIC_WAKE_SGI)
	str	w3, [x2, #GICD_ISENABLER0]
	mov	x2, #VIRT_GICC_BASE
	mov	w3, #0xff
	str	w3, [x2, #GICC_PMR]
	mov	w3, #1 /* EnableGrp0: the wake SGI, signalled as IRQ */
	str	w3, [x2, #GICC_CTLR]
	dsb	sy
3:	ldr	x3, [x0]
	cmp	x3, x1
	b.ne	4f
	ldr	w3, [x2, #GICC_IAR]
	and	w4, w3, #0x3ff
	cmp	w4, #1020
	b.hs	4f
	str	w3, [x2, #GICC_EOIR]
	dsb	sy
	ret
4:	wfi
	b	3b
	.size virt_pen_wait, . - virt_pen_wait
