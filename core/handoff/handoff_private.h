/*
 * Internal to secmon_handoff: the loaders' layouts as this library reads them, and the
 * helpers the parsers share. The layouts are AArch64's, little-endian, with every pointer
 * a 64-bit address; the sources of each are named where they are defined.
 */
#ifndef SECMON_HANDOFF_PRIVATE_H
#define SECMON_HANDOFF_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <secmon/assert.h>
#include <secmon/handoff.h>

/*
 * TF-A's parameter header (include/export/common/param_header_exp.h): the first 8 bytes
 * of bl31_params, bl_params and entry_point_info.
 */
struct handoff_param_header {
	uint8_t type;
	uint8_t version;
	uint16_t size; /* of the whole structure */
	uint32_t attr;
};

#define HANDOFF_PARAM_EP	0x01u /* entry_point_info */
#define HANDOFF_PARAM_BL31	0x03u /* v1 bl31_params */
#define HANDOFF_PARAM_BL_PARAMS 0x05u /* v2 bl_params */

/*
 * entry_point_info, AArch64 (include/export/common/ep_info_exp.h): the header's attr bits
 * 0 and 5 are the security state.
 */
struct handoff_ep_info {
	struct handoff_param_header h;
	uint64_t pc;
	uint32_t spsr;
	uint32_t pad;
	uint64_t args[8];
};

#define HANDOFF_EP_SECURITY_MASK 0x21u
#define HANDOFF_EP_SECURE	 0x00u
#define HANDOFF_EP_NON_SECURE	 0x01u

/*
 * v1 bl31_params (TF-A's common/desc_image_load.c, bl31_params_parse_helper(); U-Boot's
 * arch/arm/lib/bl31.c): header (type BL31, version 1) and five pointers.
 */
struct handoff_bl31_params_v1 {
	struct handoff_param_header h;
	uint64_t bl31_image_info;
	uint64_t bl32_ep_info; /* may be 0, or an entry with pc 0: no BL32 */
	uint64_t bl32_image_info;
	uint64_t bl33_ep_info;
	uint64_t bl33_image_info;
};

/* v2 bl_params and its nodes (include/export/common/bl_common_exp.h). */
struct handoff_bl_params_v2 {
	struct handoff_param_header h; /* type BL_PARAMS, version 2 */
	uint64_t head;
};

struct handoff_bl_params_node {
	uint32_t image_id;
	uint32_t pad;
	uint64_t image_info;
	uint64_t ep_info;
	uint64_t next; /* 0 ends the list */
};

/* Image ids (include/export/common/tbbr/tbbr_img_def_exp.h). */
#define HANDOFF_IMAGE_BL32 4u
#define HANDOFF_IMAGE_BL33 5u

/*
 * Firmware Handoff transfer list header, version 1 (the specification's transfer_list.rst,
 * "Transfer list header"). Later versions only add fields after these.
 */
struct handoff_tl_header {
	uint32_t signature;
	uint8_t checksum;
	uint8_t version;
	uint8_t hdr_size;
	uint8_t alignment;
	uint32_t used_size; /* header and entries, a multiple of 8 */
	uint32_t total_size;
	uint32_t flags;
	uint32_t reserved;
};

/* Transfer entry header: tag_id in bits [23:0] of the first word, hdr_size in [31:24]. */
struct handoff_tl_entry {
	uint32_t tag_and_hdr_size;
	uint32_t data_size;
};

#define HANDOFF_TL_SIGNATURE	 0x4a0fb10bu
#define HANDOFF_TL_REG_VERSION	 1u	/* x1[39:32]: the AArch64 register convention's */
#define HANDOFF_TL_FLAG_CHECKSUM 0x1u	/* flags bit 0: has_checksum */
#define HANDOFF_TL_TAG_FDT	 0x1u	/* XFERLIST_FDT */
#define HANDOFF_TL_TAG_EP_INFO64 0x102u /* XFERLIST_EXEC_EP_INFO64: an entry_point_info */
#define HANDOFF_TL_ENTRY_ALIGN	 8u
#define HANDOFF_TL_ENTRY_HDR_MIN 8u

SECMON_STATIC_ASSERT(sizeof(struct handoff_param_header) == 8, "param_header");
SECMON_STATIC_ASSERT(offsetof(struct handoff_ep_info, pc) == 0x08, "ep_info pc");
SECMON_STATIC_ASSERT(offsetof(struct handoff_ep_info, spsr) == 0x10, "ep_info spsr");
SECMON_STATIC_ASSERT(offsetof(struct handoff_ep_info, args) == 0x18, "ep_info args");
SECMON_STATIC_ASSERT(sizeof(struct handoff_ep_info) == 0x58, "ep_info");
SECMON_STATIC_ASSERT(sizeof(struct handoff_bl31_params_v1) == 0x30, "bl31_params v1");
SECMON_STATIC_ASSERT(sizeof(struct handoff_bl_params_v2) == 0x10, "bl_params v2");
SECMON_STATIC_ASSERT(offsetof(struct handoff_bl_params_node, next) == 0x18, "bl_params_node");
SECMON_STATIC_ASSERT(sizeof(struct handoff_tl_header) == 0x18, "TL header");
SECMON_STATIC_ASSERT(offsetof(struct handoff_tl_header, flags) == 0x10, "TL flags");
SECMON_STATIC_ASSERT(sizeof(struct handoff_tl_entry) == 8, "TE header");

/* The windows the port named, passed along to every check. */
struct handoff_windows {
	const struct secmon_handoff_window *w;
	size_t count;
};

/*
 * Whether [addr, addr + size) lies within one window and addr is a multiple of align (a
 * power of two): SECMON_HANDOFF_OK, _OUTSIDE or _MISALIGNED. No overflow for any input.
 */
int handoff_reach(const struct handoff_windows *win, uint64_t addr, uint64_t size, uint64_t align);

/* The structure at an address handoff_reach() accepted. */
static inline const void *handoff_at(uint64_t addr)
{
	return (const void *)(uintptr_t)addr;
}

/*
 * Reads the entry_point_info at addr, which has room bytes for it (the transfer entry's
 * data size; UINT64_MAX for a pointer of bl_params): reached, type EP, version 1 or 2, a
 * size that covers the AArch64 layout and fits the room, and a security state that is
 * secure or non-secure.
 */
int handoff_read_ep(const struct handoff_windows *win, uint64_t addr, uint64_t room,
		    struct secmon_handoff_ep *ep);

/*
 * Takes ep as the loader's BL33 (bl33 true) or BL32 into out: BL33 non-secure, BL32
 * secure, a pc that is non-zero and 4-byte aligned, an SPSR that does not name EL3; one of
 * each (a BL32 with pc 0 is no BL32: U-Boot passes one when it has none).
 */
int handoff_take_ep(struct secmon_handoff *out, const struct secmon_handoff_ep *ep, bool bl33);

/* Ends a parse: SECMON_HANDOFF_NO_BL33 when none was taken; *out zeroed on any error. */
int handoff_finish(struct secmon_handoff *out, int err);

#endif
