/* Loader structures written by hand into a test arena (handoff_build.h). */
#include "handoff_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void arena_init(struct arena *a, size_t size)
{
	a->size = (size + 15) & ~(size_t)15; /* aligned_alloc() wants a multiple */
	a->mem = aligned_alloc(16, a->size);
	if (!a->mem) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	memset(a->mem, 0, a->size);
}

void arena_free(struct arena *a)
{
	free(a->mem);
	a->mem = NULL;
}

uint64_t at(const struct arena *a, size_t off)
{
	return (uint64_t)(uintptr_t)(a->mem + off);
}

struct secmon_handoff_window arena_window(const struct arena *a)
{
	return (struct secmon_handoff_window){at(a, 0), a->size};
}

/* Little-endian, as the formats are, whatever the host. */
static void put_le(struct arena *a, size_t off, uint64_t v, unsigned int bytes)
{
	if (off + bytes > a->size) {
		fprintf(stderr, "test writes past its arena (offset %zu)\n", off);
		exit(1);
	}
	for (unsigned int i = 0; i < bytes; i++)
		a->mem[off + i] = (uint8_t)(v >> (8 * i));
}

void put8(struct arena *a, size_t off, uint8_t v)
{
	put_le(a, off, v, 1);
}

void put16(struct arena *a, size_t off, uint16_t v)
{
	put_le(a, off, v, 2);
}

void put32(struct arena *a, size_t off, uint32_t v)
{
	put_le(a, off, v, 4);
}

void put64(struct arena *a, size_t off, uint64_t v)
{
	put_le(a, off, v, 8);
}

/* param_header: type u8 @0, version u8 @1, size u16 @2, attr u32 @4. */
static void put_header(struct arena *a, size_t off, uint8_t type, uint8_t version, uint16_t size,
		       uint32_t attr)
{
	put8(a, off, type);
	put8(a, off + 1, version);
	put16(a, off + 2, size);
	put32(a, off + 4, attr);
}

/* entry_point_info: header, pc @8, spsr @0x10, args x0-x7 @0x18. */
void put_ep(struct arena *a, size_t off, uint8_t version, uint32_t attr, uint64_t pc, uint32_t spsr,
	    uint64_t arg_base)
{
	put_header(a, off, T_PARAM_EP, version, T_EP_SIZE, attr);
	put64(a, off + 0x08, pc);
	put32(a, off + 0x10, spsr);
	for (unsigned int i = 0; i < 8; i++)
		put64(a, off + 0x18 + 8 * i, arg_base + i);
}

/* bl31_params v1: header, bl31_image_info @8, bl32_ep @0x10, bl32_image @0x18, bl33_ep
 * @0x20, bl33_image @0x28. */
void put_v1(struct arena *a, size_t off, uint64_t bl32_ep, uint64_t bl33_ep)
{
	put_header(a, off, T_PARAM_BL31, 1, 0x30, 0);
	put64(a, off + 0x08, 0);
	put64(a, off + 0x10, bl32_ep);
	put64(a, off + 0x18, 0);
	put64(a, off + 0x20, bl33_ep);
	put64(a, off + 0x28, 0);
}

/* bl_params v2: header, head @8. */
void put_v2(struct arena *a, size_t off, uint64_t head)
{
	put_header(a, off, T_PARAM_BL_PARAMS, 2, 0x10, 0);
	put64(a, off + 0x08, head);
}

/* bl_params_node: image_id u32 @0, image_info @8, ep_info @0x10, next @0x18. */
void put_node(struct arena *a, size_t off, uint32_t image_id, uint64_t ep, uint64_t next)
{
	put32(a, off, image_id);
	put64(a, off + 0x08, 0);
	put64(a, off + 0x10, ep);
	put64(a, off + 0x18, next);
}

/* TL header: signature u32 @0, checksum u8 @4, version u8 @5, hdr_size u8 @6, alignment
 * u8 @7, used size u32 @8, total size u32 @0xc, flags u32 @0x10, reserved u32 @0x14. */
void tl_init(struct tl *t, struct arena *a, size_t base, uint32_t total, uint32_t flags)
{
	t->a = a;
	t->base = base;
	memset(a->mem + base, 0, total);
	put32(a, base, T_TL_SIGNATURE);
	put8(a, base + 5, 1);
	put8(a, base + 6, 0x18);
	put8(a, base + 7, 3);
	put32(a, base + 8, 0x18);
	put32(a, base + 0xc, total);
	put32(a, base + 0x10, flags);
}

uint32_t tl_used(const struct tl *t)
{
	const uint8_t *p = t->a->mem + t->base + 8;

	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* TE header: tag_id (24 bits) and hdr_size (8 bits) @0, data_size u32 @4. */
size_t tl_add(struct tl *t, uint32_t tag, uint32_t size)
{
	size_t off = t->base + tl_used(t);

	put32(t->a, off, tag | 8u << 24);
	put32(t->a, off + 4, size);
	put32(t->a, t->base + 8, tl_used(t) + ((8 + size + 7) & ~7u));
	return off + 8;
}

size_t tl_add_ep(struct tl *t, uint32_t attr, uint64_t pc, uint32_t spsr, uint64_t arg_base)
{
	size_t data = tl_add(t, T_TAG_EP64, T_EP_SIZE);

	put_ep(t->a, data, 2, attr, pc, spsr, arg_base);
	return data;
}

void tl_seal(struct tl *t)
{
	uint8_t sum = 0;

	put8(t->a, t->base + 4, 0);
	for (uint32_t i = 0; i < tl_used(t); i++)
		sum = (uint8_t)(sum + t->a->mem[t->base + i]);
	put8(t->a, t->base + 4, (uint8_t)(0x100 - sum));
}

struct secmon_boot_regs tl_regs(const struct tl *t, uint64_t fdt)
{
	return (struct secmon_boot_regs){{fdt, T_TL_X1, 0, at(t->a, t->base)}};
}
