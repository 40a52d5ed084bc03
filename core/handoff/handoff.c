/*
 * The handoff parsers' common part: which parser the registers call for, the window check
 * every structure passes before it is read, the end of a parse, and the error messages.
 */
#include <secmon/cold_boot.h>
#include <secmon/handoff.h>

#include "handoff_private.h"

SECMON_COLD_BOOT int handoff_reach(const struct handoff_windows *win, uint64_t addr, uint64_t size,
				   uint64_t align)
{
	for (size_t i = 0; i < win->count; i++) {
		const struct secmon_handoff_window *w = &win->w[i];

		/* addr - base <= w->size - size, without computing an end that may wrap. */
		if (addr >= w->base && size <= w->size && addr - w->base <= w->size - size)
			return (addr & (align - 1u)) == 0 ? SECMON_HANDOFF_OK
							  : SECMON_HANDOFF_MISALIGNED;
	}
	return SECMON_HANDOFF_OUTSIDE;
}

SECMON_COLD_BOOT int handoff_finish(struct secmon_handoff *out, int err)
{
	if (err == SECMON_HANDOFF_OK && out->bl33.pc == 0)
		err = SECMON_HANDOFF_NO_BL33; /* a taken BL33 has a non-zero pc */
	if (err != SECMON_HANDOFF_OK)
		*out = (struct secmon_handoff){0};
	return err;
}

/*
 * A transfer list when x1's low 24 bits are its signature's: they are the same in every
 * version of the register convention, so a list passed with one this code does not know
 * is reported as such (BAD_VERSION) rather than read as bl_params. bl_params' x1 is an
 * address (a DTB, 8-byte aligned), never these odd values.
 */
SECMON_COLD_BOOT int secmon_handoff_parse(const struct secmon_boot_regs *regs,
					  const struct secmon_handoff_window *windows,
					  size_t window_count, struct secmon_handoff *out)
{
	if ((regs->x[1] & 0xffffffu) == (HANDOFF_TL_SIGNATURE & 0xffffffu))
		return secmon_transfer_list_parse(regs, windows, window_count, out);
	return secmon_bl_params_parse(regs->x[0], regs->x[1], windows, window_count, out);
}

SECMON_COLD_BOOT const char *secmon_handoff_strerror(int err)
{
	switch (err) {
	case SECMON_HANDOFF_OK:
		return "no error";
	case SECMON_HANDOFF_NO_LIST:
		return "no handoff list where the registers point";
	case SECMON_HANDOFF_OUTSIDE:
		return "handoff structure outside the allowed memory";
	case SECMON_HANDOFF_BAD_TYPE:
		return "handoff header of the wrong type";
	case SECMON_HANDOFF_BAD_VERSION:
		return "handoff version not supported";
	case SECMON_HANDOFF_TRUNCATED:
		return "handoff sizes do not fit";
	case SECMON_HANDOFF_BAD_CHECKSUM:
		return "transfer list checksum mismatch";
	case SECMON_HANDOFF_NO_BL33:
		return "no normal-world (BL33) entry point";
	case SECMON_HANDOFF_BAD_ENTRY:
		return "entry point cannot be entered";
	case SECMON_HANDOFF_TOO_LONG:
		return "handoff list too long (a loop?)";
	case SECMON_HANDOFF_MISALIGNED:
		return "handoff structure misaligned";
	case SECMON_HANDOFF_BAD_REGS:
		return "x0-x3 break the transfer list convention";
	case SECMON_HANDOFF_DUPLICATE:
		return "two BL33s, BL32s or FDTs";
	default:
		return "unknown handoff error";
	}
}
