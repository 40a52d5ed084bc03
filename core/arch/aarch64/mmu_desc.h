/*
 * EL3 translation table format shared by mmu.c, mmu_cold_boot.c and image_storage.c: 4 KiB
 * granule, the image's VA_BITS (32..48) virtual address bits. The root is at level 1 (one
 * entry per GiB) up to 39 bits and at level 0 (one entry per 512 GiB) above; the tables
 * below it have 512 entries.
 */
#ifndef SECMON_ARCH_MMU_DESC_H
#define SECMON_ARCH_MMU_DESC_H

#define XLAT_ENTRIES	  512u
#define LEVEL_SHIFT(l)	  (39u - 9u * (l)) /* bits translated below level l */
#define XLAT_INDEX(va, l) (((va) >> LEVEL_SHIFT(l)) & (XLAT_ENTRIES - 1))

/* The root table of a va_bits address space: its level and number of entries. */
#define XLAT_ROOT_LEVEL(va_bits)   ((va_bits) > 39u ? 0u : 1u)
#define XLAT_ROOT_ENTRIES(va_bits) (1u << ((va_bits)-LEVEL_SHIFT(XLAT_ROOT_LEVEL(va_bits))))
/* TTBR0_EL3 wants the root aligned to its size, and to 64 bytes at least. */
#define XLAT_ROOT_ALIGN(va_bits)                                                                   \
	(XLAT_ROOT_ENTRIES(va_bits) * 8u > 64u ? XLAT_ROOT_ENTRIES(va_bits) * 8u : 64u)

/* Descriptor bits. */
#define DESC_VALID	 (1ull << 0)
#define DESC_TABLE	 (1ull << 1) /* table at levels 0-2, page at level 3 */
#define DESC_ATTR_NORMAL (0ull << 2)
#define DESC_ATTR_DEVICE (1ull << 2)
#define DESC_NS		 (1ull << 5)
#define DESC_AP_RO	 (1ull << 7)
#define DESC_SH_INNER	 (3ull << 8)
#define DESC_AF		 (1ull << 10)
#define DESC_XN		 (1ull << 54)
#define DESC_ADDR_MASK	 0x0000fffffffff000ull

/* The image's tables (image_storage.c), sized by its VA_BITS and XLAT_TABLES. */
#ifndef __ASSEMBLER__
#include <stdint.h>
extern uint64_t secmon_xlat_root[];
extern uint64_t secmon_xlat_tables[][XLAT_ENTRIES];
#endif

#endif
