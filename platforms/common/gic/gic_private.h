/* Helpers shared by the GIC drivers. Private. */
#ifndef SECMON_GIC_PRIVATE_H
#define SECMON_GIC_PRIVATE_H

#include <stdint.h>

#include <secmon/drivers/gic.h>
#include <secmon/mmio.h>

/* Number of interrupt IDs the distributor implements, from GICD_TYPER.ITLinesNumber. */
static inline unsigned int gic_lines(uint32_t typer)
{
	unsigned int lines = 32u * ((typer & 0x1fu) + 1u);

	return lines > 1020u ? 1020u : lines;
}

/*
 * Makes earlier normal-memory stores (a mailbox, an entry point) visible to every CPU
 * before a following device write, such as an SGI, can be observed.
 */
static inline void gic_dsb_ishst(void)
{
#ifndef SECMON_HOST
	__asm__ volatile("dsb ishst" ::: "memory");
#endif
}

static inline void gic_isb(void)
{
#ifndef SECMON_HOST
	__asm__ volatile("isb" ::: "memory");
#endif
}

/* Reads addr until (value & mask) == want; GIC_ETIMEDOUT after GIC_POLL_LIMIT reads. */
static inline int gic_poll32(uint64_t addr, uint32_t mask, uint32_t want)
{
	for (uint32_t i = 0; i < GIC_POLL_LIMIT; i++) {
		if ((mmio_read32(addr) & mask) == want)
			return GIC_OK;
	}
	return GIC_ETIMEDOUT;
}

/* Sets byte (irq % 4) of the priority register that holds irq, keeping the other three. */
static inline void gic_set_priority(uint64_t ipriorityr_base, unsigned int irq, uint32_t prio)
{
	uint64_t reg = ipriorityr_base + (irq & ~3u);
	unsigned int shift = 8u * (irq & 3u);

	mmio_clrset32(reg, 0xffu << shift, (prio & 0xffu) << shift);
}

#endif
