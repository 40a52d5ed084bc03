/*
 * An Arm Firmware Handoff transfer list (the specification's transfer_list.rst and
 * register_conventions.rst): x1 = signature | register convention version << 32, x2 = 0,
 * x3 = the list, x0 = the FDT in it (or 0). The list's BL33 is its entry_point_info entry
 * (XFERLIST_EXEC_EP_INFO64) in the non-secure state, its BL32 the one in the secure state,
 * as TF-A's BL2 writes them; the FDT is the XFERLIST_FDT entry's data.
 */
#include <secmon/cold_boot.h>
#include <secmon/handoff.h>

#include "handoff_private.h"

SECMON_COLD_BOOT static uint64_t align8(uint64_t v)
{
	return (v + (HANDOFF_TL_ENTRY_ALIGN - 1u)) & ~(uint64_t)(HANDOFF_TL_ENTRY_ALIGN - 1u);
}

/*
 * The checksum: every byte of the used part, the checksum byte included, sums to 0 modulo
 * 256, as U-Boot's bloblist and TF-A's transfer list library compute it and the
 * specification says again since its pull request 81 (it said xor for a while). Read in
 * aligned 64-bit words (used_size is a multiple of 8).
 */
SECMON_COLD_BOOT static bool checksum_ok(uint64_t base, uint32_t used)
{
	const uint64_t *word = handoff_at(base);
	uint64_t sum = 0;

	for (uint32_t i = 0; i < used / 8u; i++) {
		uint64_t v = word[i];

		for (unsigned int b = 0; b < 8; b++, v >>= 8)
			sum += v & 0xffu;
	}
	return (sum & 0xffu) == 0;
}

/*
 * The header, and the used part of the list in one window. A version above 1 is read as
 * version 1 (the specification: later versions stay readable by older readers, with a
 * larger header whose extra bytes are skipped); version 0 is invalid.
 */
SECMON_COLD_BOOT static int check_header(const struct handoff_windows *win, uint64_t base)
{
	int err = handoff_reach(win, base, sizeof(struct handoff_tl_header), 8);

	if (err != SECMON_HANDOFF_OK)
		return err;
	const struct handoff_tl_header *h = handoff_at(base);

	if (h->signature != HANDOFF_TL_SIGNATURE)
		return SECMON_HANDOFF_NO_LIST;
	if (h->version == 0)
		return SECMON_HANDOFF_BAD_VERSION;
	if (h->hdr_size < sizeof(*h) || h->used_size < h->hdr_size ||
	    h->used_size > h->total_size || h->used_size % 8u != 0)
		return SECMON_HANDOFF_TRUNCATED;
	err = handoff_reach(win, base, h->used_size, 8);
	if (err != SECMON_HANDOFF_OK)
		return err;
	if ((h->flags & HANDOFF_TL_FLAG_CHECKSUM) && !checksum_ok(base, h->used_size))
		return SECMON_HANDOFF_BAD_CHECKSUM;
	return SECMON_HANDOFF_OK;
}

/* One entry whose data (size bytes at data) lies in the list; other tags are skipped. */
SECMON_COLD_BOOT static int take_entry(const struct handoff_windows *win, uint32_t tag,
				       uint64_t data, uint64_t size, struct secmon_handoff *out)
{
	struct secmon_handoff_ep ep;
	int err;

	switch (tag) {
	case HANDOFF_TL_TAG_FDT:
		if (out->fdt != 0)
			return SECMON_HANDOFF_DUPLICATE;
		out->fdt = data;
		out->fdt_size = size;
		return SECMON_HANDOFF_OK;
	case HANDOFF_TL_TAG_EP_INFO64:
		err = handoff_read_ep(win, data, size, &ep);
		return err != SECMON_HANDOFF_OK ? err : handoff_take_ep(out, &ep, !ep.secure);
	default:
		return SECMON_HANDOFF_OK;
	}
}

/* The entries, from the end of the header to used_size, each within it. */
SECMON_COLD_BOOT static int read_entries(const struct handoff_windows *win, uint64_t base,
					 struct secmon_handoff *out)
{
	const struct handoff_tl_header *h = handoff_at(base);
	const uint64_t used = h->used_size;
	uint64_t off = align8(h->hdr_size);

	for (unsigned int n = 0; off < used; n++) {
		if (n == SECMON_HANDOFF_MAX_ENTRIES)
			return SECMON_HANDOFF_TOO_LONG;
		if (used - off < sizeof(struct handoff_tl_entry))
			return SECMON_HANDOFF_TRUNCATED;
		const struct handoff_tl_entry *te = handoff_at(base + off);
		const uint32_t tag = te->tag_and_hdr_size & 0xffffffu;
		const uint64_t hdr_size = te->tag_and_hdr_size >> 24;
		const uint64_t data_size = te->data_size;

		if (hdr_size < HANDOFF_TL_ENTRY_HDR_MIN || hdr_size + data_size > used - off)
			return SECMON_HANDOFF_TRUNCATED;
		int err = take_entry(win, tag, base + off + hdr_size, data_size, out);

		if (err != SECMON_HANDOFF_OK)
			return err;
		off = align8(off + hdr_size + data_size);
	}
	return SECMON_HANDOFF_OK;
}

SECMON_COLD_BOOT int secmon_transfer_list_parse(const struct secmon_boot_regs *regs,
						const struct secmon_handoff_window *windows,
						size_t window_count, struct secmon_handoff *out)
{
	const struct handoff_windows win = {windows, window_count};
	const uint64_t x0 = regs->x[0], x1 = regs->x[1], x3 = regs->x[3];
	int err;

	*out = (struct secmon_handoff){0};
	/* x1[23:0] is the signature's in every register convention; the rest says which. */
	if ((x1 & 0xffffffu) != (HANDOFF_TL_SIGNATURE & 0xffffffu))
		return handoff_finish(out, SECMON_HANDOFF_NO_LIST);
	if ((x1 & 0xffffffffu) != HANDOFF_TL_SIGNATURE || (x1 >> 32) != HANDOFF_TL_REG_VERSION)
		return handoff_finish(out, SECMON_HANDOFF_BAD_VERSION);
	if (regs->x[2] != 0)
		return handoff_finish(out, SECMON_HANDOFF_BAD_REGS);
	if (x3 == 0)
		return handoff_finish(out, SECMON_HANDOFF_NO_LIST);
	err = check_header(&win, x3);
	if (err == SECMON_HANDOFF_OK)
		err = read_entries(&win, x3, out);
	/* x0 must be the list's FDT; without an FDT entry it is the DTB (no size known). */
	if (err == SECMON_HANDOFF_OK && x0 != 0) {
		if (out->fdt == 0)
			out->fdt = x0;
		else if (out->fdt != x0)
			err = SECMON_HANDOFF_BAD_REGS;
	}
	return handoff_finish(out, err);
}
