/*
 * Loader structures written by hand into a test arena, byte by byte at the offsets the
 * sources give (not through the library's structs, so a wrong layout there fails here):
 * TF-A's entry_point_info, v1 bl31_params, v2 bl_params and its nodes
 * (include/export/common/ of TF-A 2.8), and a Firmware Handoff transfer list.
 */
#ifndef HANDOFF_BUILD_H
#define HANDOFF_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/handoff.h>

/* A heap buffer (AddressSanitizer sees its bounds), 16-byte aligned, zeroed; its size
 * rounded up to 16. */
struct arena {
	uint8_t *mem;
	size_t size;
};

void arena_init(struct arena *a, size_t size);
void arena_free(struct arena *a);
uint64_t at(const struct arena *a, size_t off); /* the address of offset off */
/* The one window that is the whole arena. */
struct secmon_handoff_window arena_window(const struct arena *a);

void put8(struct arena *a, size_t off, uint8_t v);
void put16(struct arena *a, size_t off, uint16_t v);
void put32(struct arena *a, size_t off, uint32_t v);
void put64(struct arena *a, size_t off, uint64_t v);

/* TF-A's values (param_header_exp.h, ep_info_exp.h, tbbr_img_def_exp.h). */
#define T_PARAM_EP	  1
#define T_PARAM_IMAGE	  2
#define T_PARAM_BL31	  3
#define T_PARAM_BL_PARAMS 5
#define T_EP_SECURE	  0x0
#define T_EP_NON_SECURE	  0x1
#define T_EP_REALM	  0x21
#define T_BL31_ID	  3
#define T_BL32_ID	  4
#define T_BL33_ID	  5
#define T_EP_SIZE	  0x58	/* sizeof(entry_point_info_t), AArch64 */
#define T_SPSR_EL2H	  0x3c9 /* EL2h, DAIF masked (U-Boot's SPSR_64(EL2, SP_ELX, all)) */
#define T_SPSR_EL1H	  0x3c5
#define T_SPSR_EL3H	  0x3cd

/*
 * An entry_point_info at off: header (PARAM_EP, version, size 0x58, attr = security
 * state), pc, spsr, and args[i] = arg_base + i.
 */
void put_ep(struct arena *a, size_t off, uint8_t version, uint32_t attr, uint64_t pc, uint32_t spsr,
	    uint64_t arg_base);

/* v1 bl31_params at off: header (BL31, 1, 0x30) and the five pointers. */
void put_v1(struct arena *a, size_t off, uint64_t bl32_ep, uint64_t bl33_ep);

/* v2 bl_params at off (BL_PARAMS, 2, 0x10) with its head; a node at off. */
void put_v2(struct arena *a, size_t off, uint64_t head);
void put_node(struct arena *a, size_t off, uint32_t image_id, uint64_t ep, uint64_t next);

/* A transfer list being built in an arena at base. */
struct tl {
	struct arena *a;
	size_t base;
};

#define T_TL_SIGNATURE 0x4a0fb10bu
#define T_TL_X1	       (0x4a0fb10bull | 1ull << 32) /* x1[31:0] signature, [39:32] version 1 */
#define T_TAG_FDT      1
#define T_TAG_EP64     0x102

/* Header: version 1, hdr_size 0x18, alignment 3, used 0x18, total, flags (1 = checksum). */
void tl_init(struct tl *t, struct arena *a, size_t base, uint32_t total, uint32_t flags);
/* Appends an entry (header size 8) with size data bytes, zeroed; returns the data's offset. */
size_t tl_add(struct tl *t, uint32_t tag, uint32_t size);
/* Appends an entry_point_info entry; returns the data's offset. */
size_t tl_add_ep(struct tl *t, uint32_t attr, uint64_t pc, uint32_t spsr, uint64_t arg_base);
/* Writes the checksum: all used bytes sum to 0 modulo 256. Call after the last change. */
void tl_seal(struct tl *t);
uint32_t tl_used(const struct tl *t);
/* x0-x3 as the convention wants them for this list (x0 = fdt). */
struct secmon_boot_regs tl_regs(const struct tl *t, uint64_t fdt);

#endif
