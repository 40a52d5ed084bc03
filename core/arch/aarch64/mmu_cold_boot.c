/*
 * The EL3 mapping of cold-boot code run in place from the load region: secmon_mmu_setup()
 * maps it read-only and executable, and the end of the cold boot unmaps it before the
 * other CPUs are released, so a stray call to it later faults into the crash report
 * instead of running from flash. The unmapping is resident code: it runs after the last
 * cold-boot instruction.
 */
#include <stdint.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon_config.h>

#include "internal.h"
#include "mmu_cold_boot.h"
#include "mmu_desc.h"

#define BLOCK_2M (1ull << LEVEL_SHIFT(2))

extern char __secmon_cold_boot_start[], __secmon_cold_boot_end[];
/* The board's LOAD region (secmon_sections_cold_boot_in_load.ld): all of it is load medium. */
extern char __secmon_load_region_start[], __secmon_load_region_end[];

static uint64_t addr(const char *sym)
{
	return (uint64_t)(uintptr_t)sym;
}

/* The descriptor that translates va: at level 3, or where the walk meets a non-table. */
static uint64_t *descriptor(uint64_t *root, uint64_t va, unsigned int *level)
{
	const uint64_t table = DESC_VALID | DESC_TABLE;
	unsigned int l = XLAT_ROOT_LEVEL(secmon_image.va_bits);
	uint64_t *desc = &root[XLAT_INDEX(va, l)];

	while (l < 3 && (*desc & table) == table) {
		l++;
		desc = (uint64_t *)(uintptr_t)(*desc & DESC_ADDR_MASK) + XLAT_INDEX(va, l);
	}
	*level = l;
	return desc;
}

SECMON_COLD_BOOT bool secmon_mmu_map_cold_boot(uint64_t attrs)
{
	uint64_t *root = secmon_xlat_root;
	uint64_t first = addr(__secmon_cold_boot_start) & ~(BLOCK_2M - 1);
	uint64_t last = (addr(__secmon_cold_boot_end) + BLOCK_2M - 1) & ~(BLOCK_2M - 1);
	unsigned int level;

	if (addr(__secmon_cold_boot_start) == addr(__secmon_cold_boot_end))
		return true; /* this board keeps its cold-boot code in .text */
	/* A block may hold nothing but the load medium: never a device, never RAM. */
	if (first < addr(__secmon_load_region_start) || last > addr(__secmon_load_region_end))
		return false;
	for (uint64_t va = first; va < last; va += BLOCK_2M)
		if (*descriptor(root, va, &level) & DESC_VALID || level != 2)
			return false;
	for (uint64_t va = first; va < last; va += BLOCK_2M)
		*descriptor(root, va, &level) = va | attrs | DESC_VALID;
	return true;
}

void secmon_mmu_unmap_cold_boot(void)
{
	uint64_t *root = (uint64_t *)(uintptr_t)secmon_mmu_regs.ttbr0;
	const uint64_t start = addr(__secmon_cold_boot_start);
	const uint64_t end = addr(__secmon_cold_boot_end);

	if (start == end)
		return;
	for (uint64_t va = start; va < end;) {
		unsigned int level;
		uint64_t *desc = descriptor(root, va, &level);
		uint64_t size = 1ull << LEVEL_SHIFT(level);

		/* Pages, or the load-region blocks secmon_mmu_map_cold_boot() wrote. */
		SECMON_ASSERT(!(*desc & DESC_VALID) || level == 3 ||
			      (level == 2 &&
			       (va & ~(size - 1)) >= addr(__secmon_load_region_start) &&
			       (va | (size - 1)) < addr(__secmon_load_region_end)));
		*desc = 0;
		secmon_publish(desc, sizeof(*desc)); /* the others walk it with caches off */
		va = (va | (size - 1)) + 1;
	}
	/* The invalid descriptors reach the walker before the TLBs drop the old ones. */
	dsb(ishst);
	__asm__ volatile("tlbi alle3is" ::: "memory");
	dsb(ish);
	isb();

	if (SECMON_ENABLE_ASSERTS) {
		/* Every page of it must now fail to translate (PAR_EL1.F). */
		for (uint64_t va = start; va < end; va += 4096) {
			__asm__ volatile("at s1e3r, %0" ::"r"(va) : "memory");
			isb();
			SECMON_ASSERT(read_sysreg(par_el1) & 1);
		}
	}
}
