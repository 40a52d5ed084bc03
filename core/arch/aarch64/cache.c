/* Data-cache maintenance by virtual address and by set/way. */
#include <secmon/arch.h>
#include <secmon/cache.h>

#include "internal.h"

static uint64_t dcache_line_size(void)
{
	/* CTR_EL0.DminLine: log2 of the smallest data-cache line in words. */
	return 4ull << ((read_sysreg(ctr_el0) >> 16) & 0xf);
}

#define DCACHE_RANGE_OP(name, op)                                                                  \
	void name(const void *addr, size_t size)                                                   \
	{                                                                                          \
		uint64_t line = dcache_line_size();                                                \
		uint64_t p = (uint64_t)(uintptr_t)addr & ~(line - 1);                              \
		uint64_t end = (uint64_t)(uintptr_t)addr + size;                                   \
		for (; p < end; p += line)                                                         \
			__asm__ volatile("dc " #op ", %0" ::"r"(p) : "memory");                    \
		dsb(sy);                                                                           \
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
