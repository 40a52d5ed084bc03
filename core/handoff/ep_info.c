/*
 * TF-A's entry_point_info, as both bl_params and the transfer list carry it: reading one
 * and taking it as the loader's BL33 or BL32.
 */
#include <secmon/cold_boot.h>
#include <secmon/handoff.h>

#include "handoff_private.h"

/* SPSR.M: bit 4 set for AArch32; AArch64 EL in M[3:2]; AArch32 Monitor mode 0x16. */
#define SPSR_M_AARCH32	  0x10u
#define SPSR_EL(spsr)	  (((spsr) >> 2) & 0x3u)
#define SPSR_MODE32(spsr) ((spsr)&0x1fu)
#define SPSR_MODE32_MON	  0x16u

SECMON_COLD_BOOT int handoff_read_ep(const struct handoff_windows *win, uint64_t addr,
				     uint64_t room, struct secmon_handoff_ep *ep)
{
	int err = handoff_reach(win, addr, sizeof(struct handoff_ep_info), 8);

	if (err != SECMON_HANDOFF_OK)
		return err;
	const struct handoff_ep_info *e = handoff_at(addr);

	if (e->h.type != HANDOFF_PARAM_EP)
		return SECMON_HANDOFF_BAD_TYPE;
	/* Version 1 (U-Boot's v1 list, some TF-A ports) and 2 share the AArch64 layout. */
	if (e->h.version != 1 && e->h.version != 2)
		return SECMON_HANDOFF_BAD_VERSION;
	if (e->h.size < sizeof(struct handoff_ep_info) || e->h.size > room)
		return SECMON_HANDOFF_TRUNCATED;

	uint32_t state = e->h.attr & HANDOFF_EP_SECURITY_MASK;

	/* Realm (both bits) and the reserved value: nothing this monitor can enter. */
	if (state != HANDOFF_EP_SECURE && state != HANDOFF_EP_NON_SECURE)
		return SECMON_HANDOFF_BAD_ENTRY;
	ep->pc = e->pc;
	ep->spsr = e->spsr;
	ep->secure = state == HANDOFF_EP_SECURE;
	for (unsigned int i = 0; i < 8; i++)
		ep->args[i] = e->args[i];
	return SECMON_HANDOFF_OK;
}

/* Whether an exception return with this SPSR would stay at EL3. */
SECMON_COLD_BOOT static bool spsr_is_el3(uint32_t spsr)
{
	if (spsr & SPSR_M_AARCH32)
		return SPSR_MODE32(spsr) == SPSR_MODE32_MON;
	return SPSR_EL(spsr) == 3;
}

SECMON_COLD_BOOT int handoff_take_ep(struct secmon_handoff *out, const struct secmon_handoff_ep *ep,
				     bool bl33)
{
	if (!bl33 && ep->pc == 0)
		return SECMON_HANDOFF_OK;
	if (ep->secure == bl33 || ep->pc == 0 || (ep->pc & 3u) != 0 || spsr_is_el3(ep->spsr))
		return SECMON_HANDOFF_BAD_ENTRY;
	if (bl33) {
		if (out->bl33.pc != 0)
			return SECMON_HANDOFF_DUPLICATE;
		out->bl33 = *ep;
	} else {
		if (out->has_bl32)
			return SECMON_HANDOFF_DUPLICATE;
		out->bl32 = *ep;
		out->has_bl32 = true;
	}
	return SECMON_HANDOFF_OK;
}
