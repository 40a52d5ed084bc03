/* Data-cache maintenance, by virtual-address range and by set/way. */
#ifndef SECMON_CACHE_H
#define SECMON_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* Clean (write back) to the point of coherency. */
void secmon_dcache_clean_range(const void *addr, size_t size);
/* Invalidate (discard) to the point of coherency; callers must own whole lines. */
void secmon_dcache_inv_range(const void *addr, size_t size);
/* Clean and invalidate to the point of coherency. */
void secmon_dcache_flush_range(const void *addr, size_t size);
/*
 * Clean and invalidate every data/unified cache from level 1 up to and including
 * `level` (1-based, as CLIDR_EL1 numbers them) by set/way; e.g. 1 for a CPU's own cache
 * when its cluster stays up, 2 when the cluster's L2 is powered down too.
 */
void secmon_dcache_flush_to_level(unsigned int level);
/* Level of unification / coherency as CLIDR_EL1 reports them (LoUIS, LoC). */
unsigned int secmon_cache_louis(void);
unsigned int secmon_cache_loc(void);

#endif
