/*
 * The payload's S-EL1 translation tables: an identity map of what it touches, one set for
 * every CPU, built once by the primary with the MMU off (entry.S then turns it on).
 *
 *   its image       Normal write-back, inner shareable, Secure: code read-only and
 *                   executable, read-only data, and everything else read/write and never
 *                   executable; the guard page below each CPU's stack is left unmapped
 *   0x08000000-     Device-nGnRnE, Secure, never executable: the GIC (distributor, CPU
 *   0x08ffffff      interface, redistributors), in 2 MiB blocks
 *   UART0           one Device-nGnRnE page, Non-secure (boot and crash lines)
 *
 * Nothing else is mapped: not the rest of secure SRAM, which holds the monitor.
 */
#include <stdint.h>

#include "tsp.h"
#include "tsp_memory.h"

#define BLOCK_SHIFT 21
#define PAGE_SHIFT  12
#define ENTRIES	    512

#define DESC_BLOCK    0x1ull
#define DESC_TABLE    0x3ull /* at level 2 */
#define DESC_PAGE     0x3ull /* at level 3 */
#define DESC_ATTR(i)  ((uint64_t)(i) << 2)
#define DESC_NS	      (1ull << 5)
#define DESC_AP_RO    (1ull << 7) /* AP[2]; AP[1] = 0: no EL0 access */
#define DESC_SH_INNER (3ull << 8)
#define DESC_AF	      (1ull << 10)
#define DESC_PXN      (1ull << 53)
#define DESC_UXN      (1ull << 54)
#define ATTR_DEVICE   0 /* MAIR attr 0: Device-nGnRnE */
#define ATTR_NORMAL   1 /* MAIR attr 1: Normal write-back */
#define DEVICE_BASE   0x08000000ull
#define DEVICE_END    0x09000000ull

#define NORMAL	  (DESC_ATTR(ATTR_NORMAL) | DESC_SH_INNER | DESC_AF | DESC_UXN)
#define PAGE_CODE (DESC_PAGE | NORMAL | DESC_AP_RO)
#define PAGE_RO	  (DESC_PAGE | NORMAL | DESC_AP_RO | DESC_PXN)
#define PAGE_RW	  (DESC_PAGE | NORMAL | DESC_PXN)
#define DEVICE	  (DESC_ATTR(ATTR_DEVICE) | DESC_AF | DESC_PXN | DESC_UXN)

_Static_assert(TSP_LOAD_BASE % (1u << BLOCK_SHIFT) == 0, "TSP_LOAD_BASE not 2 MiB aligned");
_Static_assert(TSP_LOAD_SIZE <= (1u << BLOCK_SHIFT), "the payload fits one level-3 table");
_Static_assert(TSP_UART_BASE >> BLOCK_SHIFT != TSP_LOAD_BASE >> BLOCK_SHIFT, "own tables");
_Static_assert(TSP_UART_BASE >= DEVICE_END, "UART0 outside the GIC blocks");

/* Level 2 covers the whole 1 GiB of VA (TCR T0SZ = 34); TTBR0_EL1 points here. */
uint64_t tsp_xlat_l2[ENTRIES] __attribute__((aligned(TSP_PAGE_SIZE)));
static uint64_t xlat_l3_image[ENTRIES] __attribute__((aligned(TSP_PAGE_SIZE)));
static uint64_t xlat_l3_uart[ENTRIES] __attribute__((aligned(TSP_PAGE_SIZE)));

/* Linker script symbols (tsp.ld) and the stacks (entry.S). */
extern const char __tsp_start[], __text_end[], __rodata_end[], __tsp_end[];
extern const char tsp_stacks[], tsp_stacks_end[];

static uint64_t addr(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

/* Descriptor of the image page at pa, 0 for a guard page. */
static uint64_t image_page(uint64_t pa)
{
	if (pa < addr(__text_end))
		return pa | PAGE_CODE;
	if (pa < addr(__rodata_end))
		return pa | PAGE_RO;
	if (pa >= addr(tsp_stacks) && pa < addr(tsp_stacks_end) &&
	    (pa - addr(tsp_stacks)) % (2 * TSP_STACK_SIZE) < TSP_STACK_SIZE)
		return 0;
	return pa | PAGE_RW;
}

void tsp_mmu_build(void)
{
	for (uint64_t pa = DEVICE_BASE; pa < DEVICE_END; pa += 1ull << BLOCK_SHIFT)
		tsp_xlat_l2[pa >> BLOCK_SHIFT] = pa | DESC_BLOCK | DEVICE;

	tsp_xlat_l2[TSP_UART_BASE >> BLOCK_SHIFT] = addr(xlat_l3_uart) | DESC_TABLE;
	xlat_l3_uart[(TSP_UART_BASE >> PAGE_SHIFT) % ENTRIES] =
	    TSP_UART_BASE | DESC_PAGE | DEVICE | DESC_NS;

	tsp_xlat_l2[TSP_LOAD_BASE >> BLOCK_SHIFT] = addr(xlat_l3_image) | DESC_TABLE;
	for (uint64_t pa = addr(__tsp_start); pa < addr(__tsp_end); pa += TSP_PAGE_SIZE)
		xlat_l3_image[(pa >> PAGE_SHIFT) % ENTRIES] = image_page(pa);
	__asm__ volatile("dsb ish" ::: "memory");
}
