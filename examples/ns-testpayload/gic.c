/* GICv2 (memory-mapped CPU interface) and GICv3 (system registers) for the payload. */
#include <stdbool.h>

#include "cpu.h"
#include "gic.h"

#define GICD_CTLR	  0x000
#define GICD_CTLR_DS	  (1u << 6) /* GICv3: one security state, the GIC is ours */
#define GICD_CTLR_ARE	  (1u << 4)
#define GICD_CTLR_G1	  (1u << 1)
#define GICD_CTLR_G0	  (1u << 0) /* GICv2 NS view: Group 1; no security: enable */
#define GICD_CTLR_RWP	  (1u << 31)
#define GICD_ISENABLER0	  0x100
#define GICD_IPRIORITYR	  0x400
#define GICC_CTLR	  0x000
#define GICC_PMR	  0x004
#define GICR_WAKER	  0x014
#define GICR_WAKER_SLEEP  (1u << 1)
#define GICR_WAKER_ASLEEP (1u << 2)
#define GICR_TYPER	  0x008
#define GICR_TYPER_VLPIS  (1ull << 1)
#define GICR_TYPER_LAST	  (1ull << 4)
#define GICR_SGI_BASE	  0x10000
#define GICR_ISENABLER0	  0x100
#define GICR_IPRIORITYR	  0x400
#define GICR_MAX_FRAMES	  1024

#define ICC_SRE_SRE    (1u << 0)
#define ICC_SRE_ENABLE (1u << 3)
#define PRIORITY_MID   0x80u
#define PMR_OPEN       0xffu

static unsigned int version;
static uint64_t dist_base, cpu_base;

static inline uint32_t rd32(uint64_t a)
{
	return *(volatile uint32_t *)(uintptr_t)a;
}

static inline void wr32(uint64_t a, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)a = v;
}

static inline uint64_t rd64(uint64_t a)
{
	return *(volatile uint64_t *)(uintptr_t)a;
}

/* GICv3 with a single security state: no firmware set the GIC up, we do. */
static bool gic_is_ours(void)
{
	return version == 3 && (rd32(dist_base + GICD_CTLR) & GICD_CTLR_DS);
}

void gic_setup(unsigned int ver, uint64_t dist, uint64_t cpu_or_redist)
{
	version = (ver == 2 || ver == 3) && dist && cpu_or_redist ? ver : 0;
	dist_base = dist;
	cpu_base = cpu_or_redist;
	/*
	 * Under a monitor these writes change nothing (it enabled the Non-secure group).
	 * Without one (QEMU's built-in PSCI) the distributor is still off.
	 */
	if (version == 2) {
		wr32(dist_base + GICD_CTLR, rd32(dist_base + GICD_CTLR) | GICD_CTLR_G0);
	} else if (gic_is_ours()) {
		wr32(dist_base + GICD_CTLR,
		     rd32(dist_base + GICD_CTLR) | GICD_CTLR_ARE | GICD_CTLR_G1 | GICD_CTLR_G0);
		while (rd32(dist_base + GICD_CTLR) & GICD_CTLR_RWP)
			;
	}
}

unsigned int gic_version(void)
{
	return version;
}

/* Sets the priority byte of intid in a bank of 32-bit priority registers. */
static void set_priority(uint64_t priority_regs, unsigned int intid)
{
	uint64_t reg = priority_regs + (intid & ~3u);
	unsigned int shift = 8 * (intid & 3);
	uint32_t v = rd32(reg);

	wr32(reg, (v & ~(0xffu << shift)) | (PRIORITY_MID << shift));
}

/* The redistributor whose GICR_TYPER affinity is this CPU's MPIDR, or 0. */
static uint64_t find_redistributor(void)
{
	uint64_t mpidr = read_mpidr();
	uint64_t aff = ((mpidr >> 32) & 0xff) << 24 | (mpidr & 0xffffff);
	uint64_t rd = cpu_base;

	for (unsigned int i = 0; i < GICR_MAX_FRAMES; i++) {
		uint64_t typer = rd64(rd + GICR_TYPER);

		if ((typer >> 32) == aff)
			return rd;
		if (typer & GICR_TYPER_LAST)
			break;
		rd += (typer & GICR_TYPER_VLPIS) ? 0x40000 : 0x20000;
	}
	return 0;
}

static int gicv3_cpu_init(unsigned int intid)
{
	uint64_t rd = find_redistributor(), sre;

	if (!rd)
		return -1;
	if (gic_is_ours()) {
		/* Wake the redistributor; interrupts stay Group 0 (reset value), enabled below. */
		wr32(rd + GICR_WAKER, rd32(rd + GICR_WAKER) & ~GICR_WAKER_SLEEP);
		while (rd32(rd + GICR_WAKER) & GICR_WAKER_ASLEEP)
			;
		__asm__ volatile("msr S3_0_C12_C12_6, %0" ::"r"((uint64_t)1)); /* ICC_IGRPEN0_EL1 */
	}
	if (current_el() == 2) {
		__asm__ volatile("mrs %0, S3_4_C12_C9_5" : "=r"(sre)); /* ICC_SRE_EL2 */
		sre |= ICC_SRE_SRE | ICC_SRE_ENABLE;
		__asm__ volatile("msr S3_4_C12_C9_5, %0\n\tisb" ::"r"(sre));
	} else {
		__asm__ volatile("mrs %0, S3_0_C12_C12_5" : "=r"(sre)); /* ICC_SRE_EL1 */
		sre |= ICC_SRE_SRE;
		__asm__ volatile("msr S3_0_C12_C12_5, %0\n\tisb" ::"r"(sre));
	}
	/* ICC_PMR_EL1, then ICC_IGRPEN1_EL1 (Group 1 Non-secure from here). */
	__asm__ volatile("msr S3_0_C4_C6_0, %0" ::"r"((uint64_t)PMR_OPEN));
	__asm__ volatile("msr S3_0_C12_C12_7, %0\n\tisb" ::"r"((uint64_t)1));
	set_priority(rd + GICR_SGI_BASE + GICR_IPRIORITYR, intid);
	wr32(rd + GICR_SGI_BASE + GICR_ISENABLER0, 1u << intid);
	return 0;
}

static int gicv2_cpu_init(unsigned int intid)
{
	/* The SGI/PPI registers of the distributor are banked per CPU. */
	set_priority(dist_base + GICD_IPRIORITYR, intid);
	wr32(dist_base + GICD_ISENABLER0, 1u << intid);
	wr32(cpu_base + GICC_PMR, PMR_OPEN);
	/* Non-secure view of GICC_CTLR: bit 0 enables Group 1. */
	wr32(cpu_base + GICC_CTLR, rd32(cpu_base + GICC_CTLR) | 1u);
	return 0;
}

int gic_cpu_init(unsigned int intid)
{
	if (intid >= 32)
		return -1;
	if (version == 3)
		return gicv3_cpu_init(intid);
	if (version == 2)
		return gicv2_cpu_init(intid);
	return -1;
}
