/*
 * EL3 translation tables: 4 KiB granule, SECMON_VA_BITS virtual addresses (three levels,
 * starting at a level-1 root of one entry per GiB). Image sections are mapped by page
 * with W^X (text RX, rodata RO+XN, data RW+XN), devices and normal-world memory by the
 * largest block that fits, and, with the page stack guard, each CPU's stack at a virtual
 * alias with an unmapped guard page below it.
 */
#include <stdint.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/log.h>
#include <secmon/secmon.h>

#include "internal.h"
#include "mmu_cold_boot.h"
#include "mmu_desc.h"

#define XLAT_TABLES SECMON_XLAT_TABLES
#define PAGE_SIZE   4096ull

/* MAIR_EL3: attr0 = normal write-back read/write-allocate, attr1 = Device-nGnRE. */
#define MAIR_VALUE   0x04ffull
/* TCR_EL3: T0SZ, inner/outer write-back write-allocate, inner shareable, 4 KiB. */
#define TCR_RES1     ((1ull << 31) | (1ull << 23))
#define TCR_T0SZ     (64 - VA_BITS)
#define TCR_WALK     ((1ull << 8) | (1ull << 10) | (3ull << 12))
#define TCR_PS_SHIFT 16

/* The root is aligned to its size, and to 64 bytes at least (TTBR0_EL3.BADDR). */
#define ROOT_ALIGN (ROOT_ENTRIES * 8u > 64u ? ROOT_ENTRIES * 8u : 64u)
static uint64_t xlat_root[ROOT_ENTRIES]
    __attribute__((aligned(ROOT_ALIGN), section(".bss.xlat_root")));
static uint64_t xlat_tables[XLAT_TABLES][XLAT_ENTRIES]
    __attribute__((aligned(4096), section(".bss.xlat_tables")));
static unsigned int xlat_used;

struct secmon_mmu_regs secmon_mmu_regs;

SECMON_COLD_BOOT static uint64_t *new_table(void)
{
	if (xlat_used >= XLAT_TABLES)
		SECMON_COLD_PANIC("MMU: out of translation tables (%u)", XLAT_TABLES);
	return xlat_tables[xlat_used++];
}

SECMON_COLD_BOOT static uint64_t block_size(unsigned int level)
{
	return 1ull << LEVEL_SHIFT(level);
}

/* Recursion is bounded: one call per table level, L1 to L3. */
/* NOLINTNEXTLINE(misc-no-recursion) */
SECMON_COLD_BOOT static void map_level(uint64_t *table, unsigned int level, uint64_t va,
				       uint64_t pa, uint64_t size, uint64_t attrs)
{
	uint64_t bs = block_size(level);

	while (size) {
		unsigned int idx = XLAT_INDEX(va, level);
		uint64_t chunk = bs - (va & (bs - 1));
		if (chunk > size)
			chunk = size;

		if (level == 3 || (chunk == bs && (pa & (bs - 1)) == 0)) {
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
				SECMON_COLD_PANIC("MMU: 0x%llx overlaps a block mapping",
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
	if ((va | pa | size) & (PAGE_SIZE - 1))
		SECMON_COLD_PANIC("MMU: region 0x%llx+0x%llx not page aligned",
				  (unsigned long long)pa, (unsigned long long)size);
	if (va >= (1ull << VA_BITS) || size > (1ull << VA_BITS) - va)
		SECMON_COLD_PANIC("MMU: region 0x%llx+0x%llx beyond the %u-bit EL3 address space",
				  (unsigned long long)va, (unsigned long long)size, VA_BITS);
	map_level(xlat_root, 1, va, pa, size, attrs | DESC_AF);
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
extern char __secmon_cold_boot_start[], __secmon_cold_boot_end[];

SECMON_COLD_BOOT static void map_section(const char *start, const char *end, uint64_t attrs)
{
	uint64_t s = (uint64_t)(uintptr_t)start;
	map(s, s, (uint64_t)(uintptr_t)end - s, attrs);
}

uint64_t secmon_stack_top_pa(unsigned int cpu)
{
	return (uint64_t)(uintptr_t)secmon_stacks + (uint64_t)(cpu + 1) * SECMON_STACK_SIZE;
}

uint64_t secmon_stack_top_va(unsigned int cpu)
{
#if SECMON_STACK_GUARD_PAGE
	/* Slot of two stack sizes per CPU: the lower half is the unmapped guard. */
	return SECMON_STACK_VA_BASE + (uint64_t)(cpu + 1) * 2 * SECMON_STACK_SIZE;
#else
	return secmon_stack_top_pa(cpu); /* in .bss, mapped with the image's data */
#endif
}

SECMON_COLD_BOOT void secmon_mmu_setup(const struct secmon_platform *plat)
{
	const uint64_t normal = DESC_ATTR_NORMAL | DESC_SH_INNER;

	map_section(__secmon_text_start, __secmon_text_end, normal | DESC_AP_RO);
	map_section(__secmon_rodata_start, __secmon_rodata_end, normal | DESC_AP_RO | DESC_XN);
	map_section(__secmon_data_start, __secmon_image_end, normal | DESC_XN);
#if SECMON_STACK_GUARD_PAGE
	for (unsigned int cpu = 0; cpu < SECMON_MAX_CPUS; cpu++)
		map(secmon_stack_top_va(cpu) - SECMON_STACK_SIZE,
		    secmon_stack_top_pa(cpu) - SECMON_STACK_SIZE, SECMON_STACK_SIZE,
		    normal | DESC_XN);
#endif
	for (size_t i = 0; i < plat->region_count; i++) {
		const struct secmon_mem_region *r = &plat->regions[i];
		map(r->base, r->base, r->size, region_attrs(r->attrs));
	}
	for (size_t i = 0; i < secmon_board.region_count; i++) {
		const struct secmon_mem_region *r = &secmon_board.regions[i];
		map(r->base, r->base, r->size, region_attrs(r->attrs));
	}
	/* Cold-boot code run from the load region, RX until secmon_mmu_unmap_cold_boot(). */
	if (secmon_mmu_map_cold_boot &&
	    !secmon_mmu_map_cold_boot(xlat_root, normal | DESC_AP_RO | DESC_AF))
		map_section(__secmon_cold_boot_start, __secmon_cold_boot_end, normal | DESC_AP_RO);

	uint64_t parange = ID_FIELD(read_sysreg(id_aa64mmfr0_el1), ID_AA64MMFR0_PARANGE_SHIFT);
	if (parange > 5)
		parange = 5; /* 48 bits is all a 4 KiB, 3-level walk can express here */
	secmon_mmu_regs.mair = MAIR_VALUE;
	secmon_mmu_regs.tcr = TCR_RES1 | TCR_T0SZ | TCR_WALK | (parange << TCR_PS_SHIFT);
	secmon_mmu_regs.ttbr0 = (uint64_t)(uintptr_t)xlat_root;

	/* Other CPUs walk these tables and read the registers with their caches off. */
	secmon_publish(xlat_root, sizeof(xlat_root));
	secmon_publish(xlat_tables, sizeof(xlat_tables));
	secmon_publish(&secmon_mmu_regs, sizeof(secmon_mmu_regs));
	COLD_VERBOSE("MMU: %u-bit address space, %u of %u translation tables used below the root\n",
		     VA_BITS, xlat_used, XLAT_TABLES);
}
