/*
 * EL3 translation table format shared by mmu.c and mmu_cold_boot.c: 4 KiB granule,
 * SECMON_VA_BITS (32..39) virtual address bits, three levels starting at level 1. The
 * level-1 root has one entry per GiB of the address space; the tables below it have 512.
 */
#ifndef SECMON_ARCH_MMU_DESC_H
#define SECMON_ARCH_MMU_DESC_H

#include <secmon_config.h>

#define XLAT_ENTRIES	  512
#define VA_BITS		  SECMON_VA_BITS
#define ROOT_ENTRIES	  (1u << (VA_BITS - 30))
#define LEVEL_SHIFT(l)	  (39u - 9u * (l)) /* bits translated below level l */
#define XLAT_INDEX(va, l) (((va) >> LEVEL_SHIFT(l)) & (XLAT_ENTRIES - 1))

/* Descriptor bits. */
#define DESC_VALID	 (1ull << 0)
#define DESC_TABLE	 (1ull << 1) /* table at levels 1-2, page at level 3 */
#define DESC_ATTR_NORMAL (0ull << 2)
#define DESC_ATTR_DEVICE (1ull << 2)
#define DESC_NS		 (1ull << 5)
#define DESC_AP_RO	 (1ull << 7)
#define DESC_SH_INNER	 (3ull << 8)
#define DESC_AF		 (1ull << 10)
#define DESC_XN		 (1ull << 54)
#define DESC_ADDR_MASK	 0x0000fffffffff000ull

#endif
