/*
 * TF-A's BL2-to-BL31 parameters at x0: the v2 bl_params list (TF-A's BL2, U-Boot SPL with
 * SPL_ATF_LOAD_IMAGE_V2) or the v1 bl31_params structure (U-Boot SPL's default), told
 * apart by the header's version. x1 is the platform's argument: the DTB for U-Boot SPL and
 * TF-A's QEMU BL2.
 */
#include <secmon/cold_boot.h>
#include <secmon/handoff.h>

#include "handoff_private.h"

/* No room limit for an entry_point_info reached through a pointer: its header's size. */
#define EP_ROOM_ANY UINT64_MAX

/* Reads the entry_point_info at addr and takes it as BL33 or BL32; 0 is no entry. */
SECMON_COLD_BOOT static int take_ep_at(const struct handoff_windows *win, uint64_t addr, bool bl33,
				       struct secmon_handoff *out)
{
	struct secmon_handoff_ep ep;

	if (addr == 0)
		return SECMON_HANDOFF_OK;
	int err = handoff_read_ep(win, addr, EP_ROOM_ANY, &ep);

	return err != SECMON_HANDOFF_OK ? err : handoff_take_ep(out, &ep, bl33);
}

/* v1: one structure with a pointer to each image's entry point. */
SECMON_COLD_BOOT static int parse_v1(const struct handoff_windows *win, uint64_t x0,
				     struct secmon_handoff *out)
{
	const struct handoff_bl31_params_v1 *p = handoff_at(x0);

	if (p->h.type != HANDOFF_PARAM_BL31)
		return SECMON_HANDOFF_BAD_TYPE;
	if (p->h.size < sizeof(*p))
		return SECMON_HANDOFF_TRUNCATED;
	int err = handoff_reach(win, x0, sizeof(*p), 8);

	if (err == SECMON_HANDOFF_OK)
		err = take_ep_at(win, p->bl32_ep_info, false, out);
	if (err == SECMON_HANDOFF_OK)
		err = take_ep_at(win, p->bl33_ep_info, true, out);
	return err;
}

/* v2: a list of nodes, one per image; the entry points of BL32 and BL33 are taken. */
SECMON_COLD_BOOT static int parse_v2(const struct handoff_windows *win, uint64_t x0,
				     struct secmon_handoff *out)
{
	const struct handoff_bl_params_v2 *p = handoff_at(x0);

	if (p->h.type != HANDOFF_PARAM_BL_PARAMS)
		return SECMON_HANDOFF_BAD_TYPE;
	if (p->h.size < sizeof(*p))
		return SECMON_HANDOFF_TRUNCATED;
	int err = handoff_reach(win, x0, sizeof(*p), 8);

	if (err != SECMON_HANDOFF_OK)
		return err;
	uint64_t node = p->head;

	for (unsigned int n = 0; node != 0; n++) {
		if (n == SECMON_HANDOFF_MAX_ENTRIES)
			return SECMON_HANDOFF_TOO_LONG;
		err = handoff_reach(win, node, sizeof(struct handoff_bl_params_node), 8);
		if (err != SECMON_HANDOFF_OK)
			return err;
		const struct handoff_bl_params_node *nd = handoff_at(node);

		/* Other images' nodes (BL31's own, configs) are not read further. */
		if (nd->image_id == HANDOFF_IMAGE_BL32 || nd->image_id == HANDOFF_IMAGE_BL33)
			err = take_ep_at(win, nd->ep_info, nd->image_id == HANDOFF_IMAGE_BL33, out);
		if (err != SECMON_HANDOFF_OK)
			return err;
		node = nd->next;
	}
	return SECMON_HANDOFF_OK;
}

SECMON_COLD_BOOT int secmon_bl_params_parse(uint64_t x0, uint64_t x1,
					    const struct secmon_handoff_window *windows,
					    size_t window_count, struct secmon_handoff *out)
{
	const struct handoff_windows win = {windows, window_count};
	int err;

	*out = (struct secmon_handoff){0};
	if (x0 == 0)
		return handoff_finish(out, SECMON_HANDOFF_NO_LIST);
	/* The header first: its version says which structure follows. */
	err = handoff_reach(&win, x0, sizeof(struct handoff_param_header), 8);
	if (err == SECMON_HANDOFF_OK) {
		const struct handoff_param_header *h = handoff_at(x0);

		if (h->version == 1)
			err = parse_v1(&win, x0, out);
		else if (h->version == 2)
			err = parse_v2(&win, x0, out);
		else
			err = SECMON_HANDOFF_BAD_VERSION;
	}
	out->fdt = x1;
	return handoff_finish(out, err);
}
