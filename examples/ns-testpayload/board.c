/* The board from the DTB; see board.h. */
#include "board.h"
#include "fault_probe.h"
#include "fdt.h"

struct board board;

/* ns-testpayload.ld */
extern char __image_start[], __image_end[], __footprint_end[];

bool board_in_dram(uint64_t addr, uint64_t size)
{
	uint64_t base = board.dt.mem_base, end = base + board.dt.mem_size;

	return board.dt.mem_size != 0 && addr >= base && addr <= end && size <= end - addr;
}

uint64_t board_high_alias(uint64_t addr)
{
	for (unsigned int i = 0; i < 32; i++) {
		unsigned int bit = 32 + (8 + i) % 32; /* 40, 41, ... 63, 32, ... 39 */
		uint64_t a = addr ^ (1ull << bit);

		if (!board_in_dram(a, 1))
			return a;
	}
	return addr | (1ull << 63);
}

/* Why the blob at addr cannot be read (a load from it faults), or NULL. */
static const char *unreadable(uintptr_t addr)
{
	struct probe_result r;

	return probe_load(addr, &r) ? "x0 points at no readable memory" : NULL;
}

/* Why the DTB at dtb cannot be walked, or NULL: all of it must be readable memory. */
static const char *check_dtb(uintptr_t dtb)
{
	const char *why;

	if (dtb == 0)
		return "x0 is 0: no DTB";
	if (dtb & 7)
		return "x0 not 8-byte aligned";
	if (dtb < board.footprint_end && dtb + 64 > board.image_base)
		return "x0 points into the payload";
	why = unreadable(dtb);
	if (!why)
		why = fdt_check_header(dtb);
	if (!why)
		why = unreadable(dtb + ((fdt_total_size(dtb) - 8) & ~7u));
	return why;
}

void board_init(uintptr_t dtb, bool generic)
{
	struct dt_info *dt = &board.dt;

	board.dtb = dtb;
	board.image_base = (uintptr_t)__image_start;
	board.image_end = (uintptr_t)__image_end;
	board.footprint_end = (uintptr_t)__footprint_end;
	board.dtb_error = check_dtb(dtb);
	if (!board.dtb_error) {
		dt_scan(dtb, dt);
		board.dtb_error = dt->error;
	}
	if (board.dtb_error) {
		*dt = (struct dt_info){.error = board.dtb_error};
		dt->uart_source = "none: no DTB";
	}
	board.dtb_in_memory = !board.dtb_error && board_in_dram(dtb, dt->size);
	board.profile_forced = generic;
	board.profile = generic ? profile_generic() : profile_for(dt);
}
