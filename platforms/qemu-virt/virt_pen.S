/*
 * QEMU virt's reset pen (secmon_platform.pen_wait): the CPUs other than the primary sleep
 * in WFI until the primary's wake SGI (virt_gic_release_secondaries()), instead of the
 * core's WFE poll, which QEMU's TCG runs as a busy loop: with 8 vCPUs on a small host,
 * seven spinning vCPUs slowed the primary's fw_cfg load after a reset (tools/reboot-time).
 *
 * Runs at reset with the MMU off, no stack, from flash: position independent, x0 = the
 * pen word, x1 = its released value, clobbers x2-x4. It leaves once the pen is open and
 * the primary's wake SGI, sent after the pen opened, has come: it completes that SGI, so
 * nothing stays pending for the monitor's own wake-ups, and nothing spins meanwhile.
 * Before the DTB is read it knows only what QEMU's virt machine fixes: the GIC
 * distributor and GICv2 CPU interface addresses. GICv3: the GIC driver's pen
 * (gicv3_pen_wait), for which the primary has woken every redistributor and enabled the
 * wake SGI there (gicv3_rdist_prepare_all()). GICv2: the distributor's SGI enables and the
 * CPU interface are banked, so this CPU sets its own.
 */
#include "qemu_virt.h"

#define GIC_WAKE_SGI	15
#define GICD_ISENABLER0 0x100
#define GICD_PIDR2_V2	0xfe8 /* GICv3 has its ID registers at 0xffd0: RAZ here */
#define GICC_CTLR	0x000
#define GICC_PMR	0x004
#define GICC_IAR	0x00c
#define GICC_EOIR	0x010

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

	/* GICv3: the driver's pen, which needs no address (system registers only). */
	b	gicv3_pen_wait

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
