/*
 * GICv3 distributor and redistributors for the EL3 monitor: the normal world gets every
 * interrupt as Group 1 NS, the monitor keeps one Group 0 SGI to wake CPUs that wait in WFI
 * at EL3. Every wait on the hardware is bounded (GIC_POLL_LIMIT reads).
 */
#include <stdint.h>

#include <secmon/cold_boot.h>
#include <secmon/drivers/gicv3.h>
#include <secmon/mmio.h>

#include "gic_private.h"
#include "gicv3_private.h"
#include "gicv3_regs.h"

#define WAKE_BIT (1u << GIC_WAKE_SGI)

SECMON_COLD_BOOT void gicv3_init(struct gicv3 *g, struct gicv3_cpu *cpus, unsigned int cpu_slots,
				 uint64_t gicd, uint64_t gicr_base, uint64_t gicr_size,
				 unsigned int flags)
{
	g->gicd = gicd;
	g->gicr_base = gicr_base;
	g->gicr_size = gicr_size;
	g->flags = flags;
	g->cpu = cpus;
	g->cpu_slots = cpu_slots;
	for (unsigned int i = 0; i < cpu_slots; i++) {
		g->cpu[i].rdist = 0;
		g->cpu[i].saved_enables = 0;
	}
}

/* GICD_CTLR.RWP covers writes to GICD_CTLR and GICD_ICENABLER<n>. */
static int dist_wait_rwp(const struct gicv3 *g)
{
	return gic_poll32(g->gicd + GICD_CTLR, GICD_CTLR_RWP, 0);
}

/* MPIDR affinity fields in GICD_IROUTER layout (Aff3 [39:32], Aff2..Aff0 [23:0]). */
static uint64_t mpidr_route(uint64_t mpidr)
{
	return mpidr & 0xff00ffffffull;
}

int gicv3_dist_init(struct gicv3 *g)
{
	uint64_t d = g->gicd;
	uint32_t ctlr = mmio_read32(d + GICD_CTLR);
	uint32_t prio4 = GIC_PRIO_NS_DEFAULT * 0x01010101u;
	uint64_t route = mpidr_route(gicv3_cpuif_mpidr());
	unsigned int lines;

	/* With security disabled there is no Group 0 the normal world cannot touch. */
	if (ctlr & GICD_CTLR_DS)
		return GIC_ENODEV;

	/* Groups off first: the routing mode must not change under enabled groups. */
	ctlr &= ~(GICD_CTLR_ENABLES | GICD_CTLR_RWP);
	mmio_write32(d + GICD_CTLR, ctlr);
	if (dist_wait_rwp(g) != GIC_OK)
		return GIC_ETIMEDOUT;
	ctlr |= GICD_CTLR_ARE_S | GICD_CTLR_ARE_NS;
	mmio_write32(d + GICD_CTLR, ctlr);
	if (dist_wait_rwp(g) != GIC_OK)
		return GIC_ETIMEDOUT;

	lines = gic_lines(mmio_read32(d + GICD_TYPER));
	for (unsigned int n = 1; n < (lines + 31u) / 32u; n++) {
		mmio_write32(d + GICD_ICENABLER(n), 0xffffffffu);
		mmio_write32(d + GICD_IGROUPR(n), 0xffffffffu);
		mmio_write32(d + GICD_IGRPMODR(n), 0);
	}
	if (dist_wait_rwp(g) != GIC_OK)
		return GIC_ETIMEDOUT;
	for (unsigned int irq = 32; irq < lines; irq += 4)
		mmio_write32(d + GICD_IPRIORITYR(irq / 4u), prio4);
	for (unsigned int irq = 32; irq < lines; irq += 16)
		mmio_write32(d + GICD_ICFGR(irq / 16u), 0); /* level-sensitive */
	for (unsigned int irq = 32; irq < lines; irq++)
		mmio_write64(d + GICD_IROUTER(irq), route);

	mmio_write32(d + GICD_CTLR, ctlr | GICD_CTLR_ENABLES);
	return dist_wait_rwp(g);
}

/* GICR_TYPER.Affinity_Value packs Aff3.Aff2.Aff1.Aff0 into 32 bits. */
static uint32_t mpidr_packed(uint64_t mpidr)
{
	return (uint32_t)(((mpidr >> 8) & 0xff000000u) | (mpidr & 0xffffffu));
}

uint64_t gicv3_rdist_find(const struct gicv3 *g, uint64_t mpidr)
{
	uint32_t want = mpidr_packed(mpidr);
	uint64_t off = 0;

	/* Bounded by gicr_size: every step moves at least one full GICv3 frame. */
	while (g->gicr_size >= GICR_FRAME_V3 && off <= g->gicr_size - GICR_FRAME_V3) {
		uint64_t rd = g->gicr_base + off;
		uint64_t typer = mmio_read64(rd + GICR_TYPER);

		if ((uint32_t)(typer >> GICR_TYPER_AFF_SHIFT) == want)
			return rd;
		if (typer & GICR_TYPER_LAST)
			break;
		off += (typer & GICR_TYPER_VLPIS) ? GICR_FRAME_V4 : GICR_FRAME_V3;
	}
	return 0;
}

/* Waits until the redistributor's power group is not between on and off (GIC-600). */
static int rdist_wait_pwr_group(uint64_t rd)
{
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		uint32_t pwrr = mmio_read32(rd + GICR_PWRR);

		if (!(pwrr & GICR_PWRR_RDGPD) == !(pwrr & GICR_PWRR_RDGPO))
			return GIC_OK;
	}
	return GIC_ETIMEDOUT;
}

static int rdist_power_on(const struct gicv3 *g, uint64_t rd)
{
	/* GIC-600 redistributors come out of reset powered down. */
	if (!(g->flags & GICV3_F_GIC600_PWRR))
		return GIC_OK;
	/*
	 * A request made while the power group is in transition may be lost, so it is made
	 * again whenever the group is stable until RDPD reads back 0.
	 */
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		uint32_t pwrr = mmio_read32(rd + GICR_PWRR);

		if (!(pwrr & GICR_PWRR_RDPD))
			return GIC_OK;
		if (!(pwrr & GICR_PWRR_RDGPD) == !(pwrr & GICR_PWRR_RDGPO))
			mmio_write32(rd + GICR_PWRR, 0);
	}
	return GIC_ETIMEDOUT;
}

static int rdist_power_off(const struct gicv3 *g, uint64_t rd)
{
	if (!(g->flags & GICV3_F_GIC600_PWRR))
		return GIC_OK;
	if (rdist_wait_pwr_group(rd) != GIC_OK)
		return GIC_ETIMEDOUT;
	mmio_write32(rd + GICR_PWRR, GICR_PWRR_RDPD);
	/* The last redistributor of a power group takes the group down with it. */
	if (mmio_read32(rd + GICR_PWRR) & GICR_PWRR_RDGPD)
		return rdist_wait_pwr_group(rd);
	return GIC_OK;
}

/* ProcessorSleep = sleep; ChildrenAsleep follows once the interface is quiescent. */
static int rdist_set_sleep(uint64_t rd, int sleep)
{
	uint32_t waker = mmio_read32(rd + GICR_WAKER);

	/* Bit 0 and bit 31 are IMPLEMENTATION DEFINED on GIC-600: keep them as they are. */
	if (sleep)
		waker |= GICR_WAKER_PROCESSOR_SLEEP;
	else
		waker &= ~GICR_WAKER_PROCESSOR_SLEEP;
	waker &= ~GICR_WAKER_CHILDREN_ASLEEP;
	mmio_write32(rd + GICR_WAKER, waker);
	return gic_poll32(rd + GICR_WAKER, GICR_WAKER_CHILDREN_ASLEEP,
			  sleep ? GICR_WAKER_CHILDREN_ASLEEP : 0);
}

/* The calling CPU's SGIs and PPIs: Group 1 NS except the wake SGI. */
static int rdist_config_private(uint64_t rd)
{
	mmio_write32(rd + GICR_ICENABLER0, WAKE_BIT);
	if (gic_poll32(rd + GICR_CTLR, GICR_CTLR_RWP, 0) != GIC_OK)
		return GIC_ETIMEDOUT;
	mmio_write32(rd + GICR_IGROUPR0, ~WAKE_BIT);
	mmio_write32(rd + GICR_IGRPMODR0, 0);
	gic_set_priority(rd + GICR_IPRIORITYR, GIC_WAKE_SGI, GIC_PRIO_WAKE);
	mmio_write32(rd + GICR_ISENABLER0, WAKE_BIT);
	return GIC_OK;
}

/* A redistributor powered, awake, its SGIs and PPIs set (the wake SGI Group 0). */
static int rdist_bring_up(const struct gicv3 *g, uint64_t rd)
{
	int ret = rdist_power_on(g, rd);

	if (ret == GIC_OK)
		ret = rdist_set_sleep(rd, 0);
	if (ret == GIC_OK)
		ret = rdist_config_private(rd);
	return ret;
}

SECMON_COLD_BOOT int gicv3_rdist_prepare_all(struct gicv3 *g)
{
	uint64_t off = 0;

	/* Bounded by gicr_size, as in gicv3_rdist_find(). */
	while (g->gicr_size >= GICR_FRAME_V3 && off <= g->gicr_size - GICR_FRAME_V3) {
		uint64_t rd = g->gicr_base + off;
		uint64_t typer = mmio_read64(rd + GICR_TYPER);
		int ret = rdist_bring_up(g, rd);

		if (ret != GIC_OK)
			return ret;
		if (typer & GICR_TYPER_LAST)
			break;
		off += (typer & GICR_TYPER_VLPIS) ? GICR_FRAME_V4 : GICR_FRAME_V3;
	}
	return GIC_OK;
}

int gicv3_cpu_init(struct gicv3 *g, unsigned int cpu)
{
	uint64_t rd;
	int ret;

	if (cpu >= g->cpu_slots)
		return GIC_EINVAL;
	/* Without affinity routing the GICR SGI registers are not in use yet. */
	if (!(mmio_read32(g->gicd + GICD_CTLR) & GICD_CTLR_ARE_S))
		return GIC_ENOTREADY;
	rd = g->cpu[cpu].rdist;
	if (rd == 0) {
		rd = gicv3_rdist_find(g, gicv3_cpuif_mpidr());
		if (rd == 0)
			return GIC_ENODEV;
		g->cpu[cpu].rdist = rd;
	}
	ret = rdist_bring_up(g, rd);
	if (ret != GIC_OK)
		return ret;
	/* After the wake-up: the interface may not be used while its redistributor sleeps. */
	gicv3_cpuif_init();
	return GIC_OK;
}

int gicv3_cpu_power_down(struct gicv3 *g, unsigned int cpu, unsigned int keep)
{
	uint64_t rd;
	int ret;

	if (cpu >= g->cpu_slots || g->cpu[cpu].rdist == 0)
		return GIC_EINVAL;
	rd = g->cpu[cpu].rdist;
	g->cpu[cpu].saved_enables = gicv3_cpuif_disable(keep);
	if (keep != 0)
		return GIC_OK;
	ret = rdist_set_sleep(rd, 1);
	if (ret != GIC_OK)
		return ret;
	return rdist_power_off(g, rd);
}

int gicv3_cpu_power_up(struct gicv3 *g, unsigned int cpu)
{
	int ret = gicv3_cpu_init(g, cpu);

	if (ret != GIC_OK)
		return ret;
	gicv3_cpuif_restore_ns(g->cpu[cpu].saved_enables);
	return GIC_OK;
}
