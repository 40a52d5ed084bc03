/*
 * What a loader that ran before the monitor hands it, when the image is entered as a BL31
 * (docs/porting.md, "BL31 handoff"): TF-A's BL2-to-BL31 parameters (the bl_params v2 list,
 * or the v1 bl31_params structure U-Boot SPL passes by default) or an Arm Firmware Handoff
 * transfer list. The parsers only read, never follow a pointer outside the windows the port
 * names, read only naturally aligned fields (they run with the MMU off), and run at cold
 * boot (library secmon::handoff; pure C, the host tests build it too).
 */
#ifndef SECMON_HANDOFF_H
#define SECMON_HANDOFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* x0-x3 as the loader left them at the image's first instruction (primary CPU). */
struct secmon_boot_regs {
	uint64_t x[4];
};

/* One image's entry point as the loader describes it (TF-A's entry_point_info). */
struct secmon_handoff_ep {
	uint64_t pc;
	uint32_t spsr;
	bool secure;	  /* the image runs in the secure world */
	uint64_t args[8]; /* x0-x7 at entry */
};

struct secmon_handoff {
	struct secmon_handoff_ep bl33; /* always present when parsing succeeded */
	struct secmon_handoff_ep bl32; /* only when has_bl32 */
	bool has_bl32;
	uint64_t fdt;	   /* the platform's DTB, 0 when the loader gave none */
	uint64_t fdt_size; /* the transfer list's FDT entry size; 0 when not said (x0, x1) */
};

/*
 * Memory where the loader's structures may lie: [base, base + size), readable at EL3. Each
 * structure must lie within one window (one that spans two adjacent windows is outside).
 */
struct secmon_handoff_window {
	uint64_t base;
	uint64_t size;
};

/*
 * The most nodes of a bl_params list, or entries of a transfer list, the parsers walk: a
 * longer list (one that loops back on itself) is SECMON_HANDOFF_TOO_LONG.
 */
#define SECMON_HANDOFF_MAX_ENTRIES 256u

/* Errors of the parsers (negative), for secmon_handoff_strerror(). */
enum secmon_handoff_error {
	SECMON_HANDOFF_OK = 0,
	SECMON_HANDOFF_NO_LIST = -1,	  /* no list where the registers point */
	SECMON_HANDOFF_OUTSIDE = -2,	  /* a structure lies outside every window */
	SECMON_HANDOFF_BAD_TYPE = -3,	  /* a header's type is not the expected one */
	SECMON_HANDOFF_BAD_VERSION = -4,  /* a header or list version this code does not know */
	SECMON_HANDOFF_TRUNCATED = -5,	  /* sizes that do not fit their container */
	SECMON_HANDOFF_BAD_CHECKSUM = -6, /* transfer list checksum */
	SECMON_HANDOFF_NO_BL33 = -7,	  /* no normal-world entry point */
	SECMON_HANDOFF_BAD_ENTRY = -8,	  /* an entry point that cannot be entered */
	SECMON_HANDOFF_TOO_LONG = -9,	  /* more entries than any loader passes (a loop) */
	SECMON_HANDOFF_MISALIGNED = -10,  /* a structure not aligned as its fields need */
	SECMON_HANDOFF_BAD_REGS = -11,	  /* x0-x3 break the transfer list's register convention */
	SECMON_HANDOFF_DUPLICATE = -12,	  /* two BL33s, two BL32s or two FDTs */
};

/*
 * Parses what the loader passed: a Firmware Handoff transfer list when x1 carries its
 * signature (x1[31:0], the register convention's version in x1[39:32]; x3 = the list), else
 * TF-A's BL2-to-BL31 parameters at x0 (v1 or v2, told apart by the header's version; x1 =
 * the platform's DTB, taken as fdt). Returns SECMON_HANDOFF_OK with *out filled, or a
 * negative secmon_handoff_error with *out zeroed.
 */
int secmon_handoff_parse(const struct secmon_boot_regs *regs,
			 const struct secmon_handoff_window *windows, size_t window_count,
			 struct secmon_handoff *out);

/* The two parsers it chooses between, for a port that accepts only one. */
int secmon_bl_params_parse(uint64_t x0, uint64_t x1, const struct secmon_handoff_window *windows,
			   size_t window_count, struct secmon_handoff *out);
int secmon_transfer_list_parse(const struct secmon_boot_regs *regs,
			       const struct secmon_handoff_window *windows, size_t window_count,
			       struct secmon_handoff *out);

/* A short message for a secmon_handoff_error, for the cold boot's panic. */
const char *secmon_handoff_strerror(int err);

#endif
