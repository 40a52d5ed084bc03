/* Data-cache maintenance by virtual address and by set/way. */
#include <secmon/arch.h>
#include <secmon/cache.h>

#include "internal.h"

static uint64_t dcache_line_size(void)
{
	/* CTR_EL0.DminLine: log2 of the smallest data-cache line in words. */
	return 4ull << ((read_sysreg(ctr_el0) >> 16) & 0xf);
}

#define DCACHE_RANGE_OP(name, op)                                                          \
	void name(const void *addr, size_t size)                                           \
	{                                                                                  \
		uint64_t line = dcache_line_size();                                        \
		uint64_t p = (uint64_t)(uintptr_t)addr & ~(line - 1);                      \
		uint64_t end = (uint64_t)(uintptr_t)addr + size;                           \
		for (; p < end; p += line)                                                 \
			__asm__ volatile("dc " #op ", %0" ::"r"(p) : "memory");             \
		dsb(sy);                                                                   \
	}

DCACHE_RANGE_OP(secmon_dcache_clean_range, cvac)
DCACHE_RANGE_OP(secmon_dcache_inv_range, ivac)
DCACHE_RANGE_OP(secmon_dcache_flush_range, civac)

void secmon_publish(const void *addr, uint64_t size)
{
	secmon_dcache_clean_range(addr, size);
}

unsigned int secmon_cache_louis(void)
{
	return (read_sysreg(clidr_el1) >> 21) & 0x7;
}

unsigned int secmon_cache_loc(void)
{
	return (read_sysreg(clidr_el1) >> 24) & 0x7;
}

/* Clean and invalidate one cache level (0-based) by set/way. */
static void flush_level_setway(unsigned int level)
{
	write_sysreg(csselr_el1, level << 1);
	isb();
	uint64_t ccsidr = read_sysreg(ccsidr_el1);
	unsigned int line_shift = (ccsidr & 0x7) + 4;
	unsigned int ways = ((ccsidr >> 3) & 0x3ff) + 1;
	unsigned int sets = ((ccsidr >> 13) & 0x7fff) + 1;
	unsigned int way_shift = ways > 1 ? (unsigned int)__builtin_clz(ways - 1) : 0;

	for (unsigned int way = 0; way < ways; way++) {
		for (unsigned int set = 0; set < sets; set++) {
			uint64_t sw = ((uint64_t)way << way_shift) | ((uint64_t)set << line_shift) |
				      (level << 1);
			__asm__ volatile("dc cisw, %0" ::"r"(sw) : "memory");
		}
	}
}

void secmon_dcache_flush_to_level(unsigned int level)
{
	uint64_t clidr = read_sysreg(clidr_el1);

	dsb(sy);
	for (unsigned int l = 0; l < level && l < 7; l++) {
		unsigned int type = (clidr >> (3 * l)) & 0x7;
		if (type >= 2) /* data, separate I+D or unified */
			flush_level_setway(l);
	}
	dsb(sy);
	isb();
}
