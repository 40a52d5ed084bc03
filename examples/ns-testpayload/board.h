/*
 * The board the payload runs on. Nothing about it is built in: board_init() reads the
 * DTB the monitor handed over in x0 (arm64 boot protocol) for the console UART, NS DRAM,
 * the CPUs, the GIC and the idle states, and picks the profile of expectations that are
 * the board's or its monitor port's choice by the root node's compatible (profiles.c).
 */
#ifndef NS_BOARD_H
#define NS_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "dt.h"
#include "profiles.h"

/* Filled by board_init() on CPU 0 before anything prints; read-only afterwards. */
struct board {
	uintptr_t dtb;			     /* x0 at entry */
	const char *dtb_error;		     /* NULL, or why there is no usable DTB */
	struct dt_info dt;		     /* what the DTB says (zero if dtb_error) */
	bool dtb_in_memory;		     /* the DTB lies inside the /memory region */
	const struct board_profile *profile; /* never NULL: the generic one if none fits */
	bool profile_forced;		     /* the generic profile asked for on the command line */
	uintptr_t image_base;		     /* where the payload was loaded (runs) */
	uintptr_t image_end;		     /* end of the loaded image */
	uintptr_t footprint_end;	     /* end of its .bss, stacks and .persist */
};

extern struct board board;

/*
 * Reads the DTB at dtb (if it is readable memory outside the payload) and chooses the
 * profile; with generic set, the generic profile whatever the board. Makes no SMC.
 */
void board_init(uintptr_t dtb, bool generic);

/* The board's NS DRAM (first /memory region): base and size, 0 and 0 if unknown. */
static inline uint64_t board_dram_base(void)
{
	return board.dt.mem_base;
}

static inline uint64_t board_dram_size(void)
{
	return board.dt.mem_size;
}

/* True if [addr, addr + size) lies in NS DRAM. */
bool board_in_dram(uint64_t addr, uint64_t size);

/*
 * An address that is addr with one bit at or above bit 32 changed and that lies outside
 * NS DRAM: a 32-bit truncation would turn it into addr. Bit 40 where that works (as the
 * checks have always used), else the next that does.
 */
uint64_t board_high_alias(uint64_t addr);

#endif
