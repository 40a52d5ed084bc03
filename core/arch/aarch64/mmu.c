/*
 * EL3 translation tables: 4 KiB granule, the image's VA_BITS virtual addresses (a level-1
 * root up to 39 bits, a level-0 root above, mmu_desc.h), its XLAT_TABLES tables below the
 * root. Image sections are mapped by page with W^X (text RX, rodata RO+XN, data RW+XN;
 * the pages only the cold boot writes RW+XN, then RO+XN before the other CPUs run),
 * devices and normal-world memory by the largest block that fits, and, with the page
 * stack guard, each CPU's stack at a virtual alias with an unmapped guard page below it.
 */
#include <stdint.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon/log.h>
#include <secmon/secmon.h>

#include "internal.h"
#include "mmu_cold_boot.h"
#include "mmu_desc.h"

#define PAGE_SIZE 4096ull

/* MAIR_EL3: attr0 = normal write-back read/write-allocate, attr1 = Device-nGnRE. */
#define MAIR_VALUE   0x04ffull
/* TCR_EL3: T0SZ, inner/outer write-back write-allocate, inner shareable, 4 KiB. */
#define TCR_RES1     ((1ull << 31) | (1ull << 23))
#define TCR_WALK     ((1ull << 8) | (1ull << 10) | (3ull << 12))
#define TCR_PS_SHIFT 16

static unsigned int xlat_used;

struct secmon_mmu_regs secmon_mmu_regs;

SECMON_COLD_BOOT static uint64_t *new_table(void)
{
	if (xlat_used >= secmon_image.xlat_tables)
		secmon_panic("MMU: out of translation tables (%u)", secmon_image.xlat_tables);
	return secmon_xlat_tables[xlat_used++];
}

/* Recursion is bounded: one call per table level, from the root to level 3. */
/* NOLINTNEXTLINE(misc-no-recursion) */
SECMON_COLD_BOOT static void map_level(uint64_t *table, unsigned int level, uint64_t va,
				       uint64_t pa, uint64_t size, uint64_t attrs)
{
	uint64_t bs = 1ull << LEVEL_SHIFT(level);

	while (size) {
		unsigned int idx = XLAT_INDEX(va, level);
		uint64_t chunk = bs - (va & (bs - 1));
		if (chunk > size)
			chunk = size;

		/* Blocks exist at levels 1 and 2 (4 KiB granule), pages at level 3. */
		if (level == 3 || (level > 0 && chunk == bs && (pa & (bs - 1)) == 0)) {
			SECMON_ASSERT(!(table[idx] & DESC_VALID) || level == 3 ||
				      !(table[idx] & DESC_TABLE));
			table[idx] = (pa & DESC_ADDR_MASK) | attrs | DESC_VALID |
				     (level == 3 ? DESC_TABLE : 0);
		} else {
			uint64_t *next;
			if (!(table[idx] & DESC_VALID)) {
				next = new_table();
				table[idx] = (uint64_t)(uintptr_t)next | DESC_TABLE | DESC_VALID;
			} else if (table[idx] & DESC_TABLE) {
				next = (uint64_t *)(uintptr_t)(table[idx] & DESC_ADDR_MASK);
			} else {
				secmon_panic("MMU: 0x%llx overlaps a block mapping",
					     (unsigned long long)va);
			}
			map_level(next, level + 1, va, pa, chunk, attrs);
		}
		va += chunk;
		pa += chunk;
		size -= chunk;
	}
}

SECMON_COLD_BOOT static void map(uint64_t va, uint64_t pa, uint64_t size, uint64_t attrs)
{
	unsigned int va_bits = secmon_image.va_bits;

	if ((va | pa | size) & (PAGE_SIZE - 1))
		secmon_panic("MMU: region 0x%llx+0x%llx not page aligned", (unsigned long long)pa,
			     (unsigned long long)size);
	if (va >= (1ull << va_bits) || size > (1ull << va_bits) - va)
		secmon_panic("MMU: region 0x%llx+0x%llx beyond the %u-bit EL3 address space",
			     (unsigned long long)va, (unsigned long long)size, va_bits);
	map_level(secmon_xlat_root, XLAT_ROOT_LEVEL(va_bits), va, pa, size, attrs | DESC_AF);
}

SECMON_COLD_BOOT static uint64_t region_attrs(uint32_t flags)
{
	uint64_t attrs = DESC_XN;
	attrs |=
	    (flags & SECMON_MEM_DEVICE) ? DESC_ATTR_DEVICE : (DESC_ATTR_NORMAL | DESC_SH_INNER);
	if (flags & SECMON_MEM_RO)
		attrs |= DESC_AP_RO;
	if (flags & SECMON_MEM_NS)
		attrs |= DESC_NS;
	return attrs;
}

extern char __secmon_text_start[], __secmon_text_end[];
extern char __secmon_rodata_start[], __secmon_rodata_end[];
extern char __secmon_data_start[], __secmon_image_end[];
extern char __secmon_ro_after_boot_start[], __secmon_ro_after_boot_end[];
extern char __secmon_cold_boot_start[], __secmon_cold_boot_end[];

SECMON_COLD_BOOT static void map_section(const char *start, const char *end, uint64_t attrs)
{
	uint64_t s = (uint64_t)(uintptr_t)start;
	map(s, s, (uint64_t)(uintptr_t)end - s, attrs);
}

uint64_t secmon_stack_top_pa(unsigned int cpu)
{
	return (uint64_t)(uintptr_t)secmon_stacks + (uint64_t)(cpu + 1) * secmon_image.stack_size;
}

uint64_t secmon_stack_top_va(unsigned int cpu)
{
	if (!secmon_stack_page_guard())
		return secmon_stack_top_pa(cpu); /* in .bss, mapped with the image's data */
	/* The top GiB of the address space; a slot of two stack sizes per CPU, the lower
	 * half of which is the unmapped guard. */
	uint64_t window = (1ull << secmon_image.va_bits) - (1ull << 30);
	return window + (uint64_t)(cpu + 1) * 2 * secmon_image.stack_size;
}

SECMON_COLD_BOOT static void map_regions(const struct secmon_mem_region *r, size_t count)
{
	for (size_t i = 0; i < count; i++)
		map(r[i].base, r[i].base, r[i].size, region_attrs(r[i].attrs));
}

/* Other CPUs walk the tables with their caches off. */
SECMON_COLD_BOOT static void publish_tables(void)
{
	secmon_publish(secmon_xlat_root,
		       XLAT_ROOT_ENTRIES(secmon_image.va_bits) * sizeof(uint64_t));
	secmon_publish(secmon_xlat_tables, (size_t)xlat_used * XLAT_ENTRIES * sizeof(uint64_t));
}

SECMON_COLD_BOOT void secmon_mmu_setup(const struct secmon_platform *plat)
{
	const uint64_t normal = DESC_ATTR_NORMAL | DESC_SH_INNER;
	const unsigned int va_bits = secmon_image.va_bits;
	const uint64_t stack = secmon_image.stack_size;

	map_section(__secmon_text_start, __secmon_text_end, normal | DESC_AP_RO);
	map_section(__secmon_rodata_start, __secmon_rodata_end, normal | DESC_AP_RO | DESC_XN);
	/* Its read-only-after-boot pages apart, so that they are pages of their own to seal. */
	map_section(__secmon_data_start, __secmon_ro_after_boot_start, normal | DESC_XN);
	map_section(__secmon_ro_after_boot_start, __secmon_ro_after_boot_end, normal | DESC_XN);
	map_section(__secmon_ro_after_boot_end, __secmon_image_end, normal | DESC_XN);
	if (secmon_stack_page_guard())
		for (unsigned int cpu = 0; cpu < secmon_image.max_cpus; cpu++)
			map(secmon_stack_top_va(cpu) - stack, secmon_stack_top_pa(cpu) - stack,
			    stack, normal | DESC_XN);
	map_regions(plat->regions, plat->region_count);
	map_regions(secmon_board.regions, secmon_board.region_count);
	/* Cold-boot code run from the load region, RX until secmon_mmu_unmap_cold_boot(). */
	if (!secmon_mmu_map_cold_boot(normal | DESC_AP_RO | DESC_AF))
		map_section(__secmon_cold_boot_start, __secmon_cold_boot_end, normal | DESC_AP_RO);

	uint64_t parange = ID_FIELD(read_sysreg(id_aa64mmfr0_el1), ID_AA64MMFR0_PARANGE_SHIFT);
	if (parange > 5)
		parange = 5; /* 48 bits: all a 4 KiB granule without FEAT_LPA2 can output */
	secmon_mmu_regs.mair = MAIR_VALUE;
	secmon_mmu_regs.tcr = TCR_RES1 | (64u - va_bits) | TCR_WALK | (parange << TCR_PS_SHIFT);
	secmon_mmu_regs.ttbr0 = (uint64_t)(uintptr_t)secmon_xlat_root;

	publish_tables();
	secmon_publish(&secmon_mmu_regs, sizeof(secmon_mmu_regs));
	VERBOSE("MMU: %u-bit address space, %u of %u translation tables used below the root\n",
		va_bits, xlat_used, secmon_image.xlat_tables);
}

SECMON_COLD_BOOT void secmon_mmu_seal_ro_after_boot(void)
{
	const uint64_t start = (uint64_t)(uintptr_t)__secmon_ro_after_boot_start;
	const uint64_t end = (uint64_t)(uintptr_t)__secmon_ro_after_boot_end;

	/* Their level-3 descriptors again, read-only: a change of permission needs no break. */
	map(start, start, end - start, DESC_ATTR_NORMAL | DESC_SH_INNER | DESC_XN | DESC_AP_RO);
	publish_tables();
	/* The new descriptors reach the walker before the TLBs drop the writable ones. */
	dsb(ishst);
	__asm__ volatile("tlbi alle3is" ::: "memory");
	dsb(ish);
	isb();

	if (SECMON_ENABLE_ASSERTS) {
		/* Every page of them must now refuse a write (PAR_EL1.F) and allow a read. */
		for (uint64_t va = start; va < end; va += PAGE_SIZE) {
			__asm__ volatile("at s1e3w, %0" ::"r"(va) : "memory");
			isb();
			SECMON_ASSERT(read_sysreg(par_el1) & 1);
			__asm__ volatile("at s1e3r, %0" ::"r"(va) : "memory");
			isb();
			SECMON_ASSERT(!(read_sysreg(par_el1) & 1));
		}
	}
}
