/*
 * GICv2 driver for the EL3 monitor: the normal world gets every interrupt as Group 1, the
 * monitor keeps one Group 0 SGI to wake CPUs that wait in WFI at EL3.
 */
#include <stdint.h>

#include <secmon/cold_boot.h>
#include <secmon/drivers/gicv2.h>
#include <secmon/mmio.h>

#include "gic_private.h"
#include "gicv2_regs.h"

#define WAKE_BIT       (1u << GIC_WAKE_SGI)
/* Longest run of acknowledges: one wake SGI from each of 8 interfaces, plus one stray. */
#define GICV2_MAX_ACKS 9u

SECMON_COLD_BOOT void gicv2_init(struct gicv2 *g, uint64_t gicd, uint64_t gicc)
{
	g->gicd = gicd;
	g->gicc = gicc;
	for (unsigned int i = 0; i < GICV2_MAX_CPUS; i++) {
		g->cpu[i].if_mask = 0;
		g->cpu[i].saved_ctlr = 0;
	}
}

int gicv2_dist_init(struct gicv2 *g)
{
	uint64_t d = g->gicd;
	uint32_t typer = mmio_read32(d + GICD_TYPER);
	unsigned int lines = gic_lines(typer);
	uint32_t prio4 = GIC_PRIO_NS_DEFAULT * 0x01010101u;

	/* Without security extensions there is no Group 0 the normal world cannot touch. */
	if (!(typer & GICD_TYPER_SECURITY_EXTN))
		return GIC_ENODEV;

	mmio_write32(d + GICD_CTLR, 0);
	for (unsigned int n = 1; n < (lines + 31u) / 32u; n++) {
		mmio_write32(d + GICD_ICENABLER(n), 0xffffffffu);
		mmio_write32(d + GICD_IGROUPR(n), 0xffffffffu);
	}
	for (unsigned int irq = 32; irq < lines; irq += 4)
		mmio_write32(d + GICD_IPRIORITYR(irq / 4u), prio4);
	for (unsigned int irq = 32; irq < lines; irq += 16)
		mmio_write32(d + GICD_ICFGR(irq / 16u), 0); /* level-sensitive */
	mmio_write32(d + GICD_CTLR, GICD_CTLR_ENABLE_GRP0 | GICD_CTLR_ENABLE_GRP1);
	return GIC_OK;
}

/* This CPU's interface bit. Uniprocessor GICs read ITARGETSR as zero: interface 0. */
static uint8_t this_if_mask(const struct gicv2 *g)
{
	uint32_t mask = mmio_read32(g->gicd + GICD_ITARGETSR(0)) & 0xffu;

	return mask ? (uint8_t)(mask & -mask) : 1u;
}

unsigned int gicv2_cpu_if_id(const struct gicv2 *g)
{
	return (unsigned int)__builtin_ctz(this_if_mask(g));
}

int gicv2_cpu_init(struct gicv2 *g, unsigned int cpu)
{
	uint64_t d = g->gicd;
	uint64_t c = g->gicc;
	uint32_t ctlr;

	if (cpu >= GICV2_MAX_CPUS)
		return GIC_EINVAL;
	g->cpu[cpu].if_mask = this_if_mask(g);

	/* Banked SGI/PPI registers: disable the wake SGI while its group changes. */
	mmio_write32(d + GICD_ICENABLER(0), WAKE_BIT);
	mmio_write32(d + GICD_IGROUPR(0), ~WAKE_BIT);
	gic_set_priority(d + GICD_IPRIORITYR(0), GIC_WAKE_SGI, GIC_PRIO_WAKE);
	mmio_write32(d + GICD_ISENABLER(0), WAKE_BIT);

	/*
	 * A mask in the Secure half (reset value 0) blocks everything and the normal world
	 * could not even write it; a value in the NS half is the normal world's own.
	 */
	if (mmio_read32(c + GICC_PMR) < 0x80u)
		mmio_write32(c + GICC_PMR, GIC_PMR_ALLOW_ALL);

	/*
	 * Group 0 on, as FIQ; AckCtl = 0 so a Secure acknowledge never takes a Group 1
	 * interrupt. Group 1 enable and EOImodeNS stay whatever the normal world set.
	 */
	ctlr = mmio_read32(c + GICC_CTLR) & GICC_CTLR_NS_OWNED;
	mmio_write32(c + GICC_CTLR,
		     ctlr | GICC_CTLR_ENABLE_GRP0 | GICC_CTLR_FIQ_EN | GICC_CTLR_BYPASS_DISABLE);
	return GIC_OK;
}

void gicv2_send_wake_sgi(const struct gicv2 *g, uint8_t target_mask)
{
	if (target_mask == 0)
		return;
	gic_dsb_ishst();
	/* NSATT = 0: the SGI is sent only to interfaces where it is Group 0. */
	mmio_write32(g->gicd + GICD_SGIR,
		     ((uint32_t)target_mask << GICD_SGIR_TARGET_LIST_SHIFT) | GIC_WAKE_SGI);
}

void gicv2_send_wake_sgi_others(const struct gicv2 *g)
{
	gic_dsb_ishst();
	mmio_write32(g->gicd + GICD_SGIR, GICD_SGIR_FILTER_OTHERS | GIC_WAKE_SGI);
}

int gicv2_send_wake_sgi_cpu(const struct gicv2 *g, unsigned int cpu)
{
	if (cpu >= GICV2_MAX_CPUS || g->cpu[cpu].if_mask == 0)
		return GIC_EINVAL;
	gicv2_send_wake_sgi(g, g->cpu[cpu].if_mask);
	return GIC_OK;
}

unsigned int gicv2_clear_wake_sgi(const struct gicv2 *g)
{
	unsigned int cleared = 0;

	for (unsigned int i = 0; i < GICV2_MAX_ACKS; i++) {
		uint32_t iar = mmio_read32(g->gicc + GICC_IAR);
		uint32_t id = iar & GICC_IAR_ID_MASK;

		if (id >= GICC_IAR_SPURIOUS_MIN)
			break;
		/* Complete whatever Group 0 interrupt came, with its source CPU bits. */
		mmio_write32(g->gicc + GICC_EOIR, iar);
		if (id == GIC_WAKE_SGI)
			cleared++;
	}
	return cleared;
}

int gicv2_cpu_power_down(struct gicv2 *g, unsigned int cpu, unsigned int keep)
{
	uint64_t c = g->gicc;
	uint32_t ctlr;

	if (cpu >= GICV2_MAX_CPUS)
		return GIC_EINVAL;
	ctlr = mmio_read32(c + GICC_CTLR);
	g->cpu[cpu].saved_ctlr = ctlr;
	if (!(keep & GIC_PD_KEEP_WAKE_SGI))
		ctlr &= ~GICC_CTLR_ENABLE_GRP0;
	if (!(keep & GIC_PD_KEEP_NS))
		ctlr &= ~GICC_CTLR_ENABLE_GRP1;
	mmio_write32(c + GICC_CTLR, ctlr | GICC_CTLR_BYPASS_DISABLE);
	return GIC_OK;
}

int gicv2_cpu_power_up(struct gicv2 *g, unsigned int cpu)
{
	int ret = gicv2_cpu_init(g, cpu);

	if (ret != GIC_OK)
		return ret;
	mmio_clrset32(g->gicc + GICC_CTLR, 0, g->cpu[cpu].saved_ctlr & GICC_CTLR_NS_OWNED);
	return GIC_OK;
}
