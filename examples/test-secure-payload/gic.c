/*
 * The secure timer's interrupt (PPI, INTID 29) at QEMU virt's GIC, from S-EL1.
 *
 * GICv3: Secure Group 1 (IGROUPR0 bit 0, IGRPMODR0 bit 1) in this CPU's redistributor,
 * enabled in the CPU interface with the Secure ICC_IGRPEN1_EL1, acknowledged with
 * ICC_IAR1_EL1. In Secure state it arrives as an IRQ, in the normal world as an FIQ (taken
 * by EL3, which enters the payload's fiq entry).
 * GICv2: Group 0 in the distributor's banked PPI registers (a Secure access), acknowledged
 * through GICC_IAR; an FIQ in both worlds (the monitor enables Group 0 and FIQEn).
 * The monitor's GIC code makes every PPI Non-secure when it sets a CPU interface up, so
 * this runs at boot, cpu_on and cpu_resume.
 */
#include <stdint.h>

#include "tsp.h"
#include "tsp_abi.h"

#define GICD_BASE	 0x08000000ull
#define GICC_BASE	 0x08010000ull
#define GICR_BASE	 0x080a0000ull
#define GICR_LIMIT	 0x09000000ull /* end of QEMU virt's redistributor region */
#define GICD_ICPIDR2_V2	 0x0fe8	       /* GICv2 (4 KiB distributor) */
#define GICD_PIDR2_V3	 0xffe8	       /* GICv3 (64 KiB distributor) */
#define PIDR2_ARCHREV(v) (((v) >> 4) & 0xfu)

/* Distributor (GICv2) and redistributor SGI frame (GICv3) share these offsets. */
#define GIC_IGROUPR0	 0x080
#define GIC_ISENABLER0	 0x100
#define GIC_ICENABLER0	 0x180
#define GIC_IPRIORITYR	 0x400
#define GICR_IGRPMODR0	 0x0d00
#define GICR_CTLR	 0x0000
#define GICR_CTLR_RWP	 (1u << 3)
#define GICR_TYPER	 0x0008
#define GICR_TYPER_VLPIS (1ull << 1)
#define GICR_TYPER_LAST	 (1ull << 4)
#define GICR_FRAME	 0x20000
#define GICR_SGI_FRAME	 0x10000
#define GICC_IAR	 0x000c
#define GICC_EOIR	 0x0010

#define TIMER_PRIORITY 0x10u /* high, and in the Secure half of the range */
#define POLL_LIMIT     1000000u

static unsigned int gic_version;

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

unsigned int tsp_gic_detect(void)
{
	/*
	 * GICv2's identification registers sit at 0xfe8 of a 4 KiB distributor, so 0xffe8 may
	 * not exist there; in a GICv3 distributor 0xfe8 is reserved (reads as zero).
	 */
	if (PIDR2_ARCHREV(rd32(GICD_BASE + GICD_ICPIDR2_V2)) == 2)
		gic_version = 2;
	else if (PIDR2_ARCHREV(rd32(GICD_BASE + GICD_PIDR2_V3)) >= 3)
		gic_version = 3;
	return gic_version;
}

static void set_priority(uint64_t regs, unsigned int intid, uint32_t prio)
{
	uint64_t reg = regs + GIC_IPRIORITYR + (intid & ~3u);
	unsigned int shift = 8 * (intid & 3u);

	wr32(reg, (rd32(reg) & ~(0xffu << shift)) | (prio << shift));
}

/* This CPU's redistributor: the frame whose GICR_TYPER affinity is our MPIDR's. */
static uint64_t find_redistributor(void)
{
	uint64_t mpidr = tsp_read_mpidr();
	uint64_t want = ((mpidr >> 32) & 0xff) << 24 | (mpidr & 0xffffff);

	for (uint64_t rd = GICR_BASE; rd + GICR_FRAME <= GICR_LIMIT;) {
		uint64_t typer = rd64(rd + GICR_TYPER);

		if ((typer >> 32) == want)
			return rd;
		if (typer & GICR_TYPER_LAST)
			break;
		rd += (typer & GICR_TYPER_VLPIS) ? 2 * GICR_FRAME : GICR_FRAME;
	}
	return 0;
}

static int gicv3_cpu_setup(void)
{
	const uint32_t bit = 1u << TSP_TIMER_INTID;
	uint64_t rd = find_redistributor(), sgi, sre;
	unsigned int n = 0;

	if (!rd)
		return -1;
	sgi = rd + GICR_SGI_FRAME;
	/* Disabled while its group changes. */
	wr32(sgi + GIC_ICENABLER0, bit);
	while ((rd32(rd + GICR_CTLR) & GICR_CTLR_RWP) && ++n < POLL_LIMIT)
		;
	wr32(sgi + GIC_IGROUPR0, rd32(sgi + GIC_IGROUPR0) & ~bit);
	wr32(sgi + GICR_IGRPMODR0, rd32(sgi + GICR_IGRPMODR0) | bit);
	set_priority(sgi, TSP_TIMER_INTID, TIMER_PRIORITY);
	wr32(sgi + GIC_ISENABLER0, bit);

	/* Secure ICC_SRE_EL1.SRE, then the Secure ICC_IGRPEN1_EL1 (Group 1 Secure). */
	__asm__ volatile("mrs %0, S3_0_C12_C12_5" : "=r"(sre));
	__asm__ volatile("msr S3_0_C12_C12_5, %0\n\tisb" ::"r"(sre | 1u));
	__asm__ volatile("msr S3_0_C12_C12_7, %0\n\tisb" ::"r"((uint64_t)1));
	return 0;
}

static int gicv2_cpu_setup(void)
{
	const uint32_t bit = 1u << TSP_TIMER_INTID;

	/* PPI registers of the distributor are banked per CPU; a Secure access sees groups. */
	wr32(GICD_BASE + GIC_ICENABLER0, bit);
	wr32(GICD_BASE + GIC_IGROUPR0, rd32(GICD_BASE + GIC_IGROUPR0) & ~bit);
	set_priority(GICD_BASE, TSP_TIMER_INTID, TIMER_PRIORITY);
	wr32(GICD_BASE + GIC_ISENABLER0, bit);
	return 0;
}

int tsp_gic_cpu_setup(void)
{
	if (gic_version == 3)
		return gicv3_cpu_setup();
	if (gic_version == 2)
		return gicv2_cpu_setup();
	return -1;
}

unsigned int tsp_gic_ack(void)
{
	uint64_t iar;

	if (gic_version == 2)
		return rd32(GICC_BASE + GICC_IAR);
	if (gic_version != 3)
		return 1023;
	__asm__ volatile("mrs %0, S3_0_C12_C12_0" : "=r"(iar)); /* ICC_IAR1_EL1 */
	return (unsigned int)iar;
}

void tsp_gic_eoi(unsigned int iar)
{
	if (gic_version == 2)
		wr32(GICC_BASE + GICC_EOIR, iar);
	else if (gic_version == 3)
		__asm__ volatile("msr S3_0_C12_C12_1, %0\n\tisb" ::"r"((uint64_t)iar)); /* EOIR1 */
}

void tsp_secure_irq_unmask(void)
{
	if (gic_version == 2)
		__asm__ volatile("msr daifclr, #1" ::: "memory"); /* F */
	else
		__asm__ volatile("msr daifclr, #2" ::: "memory"); /* I */
}
