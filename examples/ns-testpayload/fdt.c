/* Flattened device tree walker (devicetree specification v0.3, chapter 5). */
#include "fdt.h"
#include "util.h"

#define FDT_MAGIC      0xd00dfeedu
#define FDT_BEGIN_NODE 1
#define FDT_END_NODE   2
#define FDT_PROP_TOKEN 3
#define FDT_NOP	       4
#define FDT_END	       9

#define FDT_MAX_SIZE (2u << 20) /* far more than any DTB we boot with */

/* Header fields, as 32-bit big-endian words. */
#define HDR_MAGIC	 0
#define HDR_TOTALSIZE	 1
#define HDR_OFF_STRUCT	 2
#define HDR_OFF_STRINGS	 3
#define HDR_VERSION	 5
#define HDR_SIZE_STRINGS 8
#define HDR_SIZE_STRUCT	 9

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static uint32_t hdr(uintptr_t addr, unsigned int field)
{
	return be32((const uint8_t *)addr + 4 * field);
}

uint32_t fdt_cell(const void *value, unsigned int i)
{
	return be32((const uint8_t *)value + 4 * i);
}

const char *fdt_check_header(uintptr_t addr)
{
	if (addr & 7)
		return "not 8-byte aligned";
	if (hdr(addr, HDR_MAGIC) != FDT_MAGIC)
		return "bad magic";
	if (hdr(addr, HDR_VERSION) < 17)
		return "version below 17";
	uint32_t total = hdr(addr, HDR_TOTALSIZE);

	if (total < 40 || total > FDT_MAX_SIZE)
		return "implausible totalsize";
	if ((uint64_t)hdr(addr, HDR_OFF_STRUCT) + hdr(addr, HDR_SIZE_STRUCT) > total ||
	    (uint64_t)hdr(addr, HDR_OFF_STRINGS) + hdr(addr, HDR_SIZE_STRINGS) > total)
		return "blocks outside totalsize";
	return NULL;
}

uint32_t fdt_total_size(uintptr_t addr)
{
	return hdr(addr, HDR_TOTALSIZE);
}

int fdt_walk(uintptr_t addr, fdt_walk_fn fn, void *ctx)
{
	const uint8_t *base = (const uint8_t *)addr;
	const uint8_t *p = base + hdr(addr, HDR_OFF_STRUCT);
	const uint8_t *end = p + hdr(addr, HDR_SIZE_STRUCT);
	const char *strings = (const char *)base + hdr(addr, HDR_OFF_STRINGS);
	uint32_t strings_size = hdr(addr, HDR_SIZE_STRINGS);
	const char *names[16]; /* node names of the current path */
	unsigned int depth = 0;
	int ret;

	while (p + 4 <= end) {
		uint32_t token = be32(p);

		p += 4;
		switch (token) {
		case FDT_BEGIN_NODE: {
			const char *name = (const char *)p;
			size_t n = strlen(name);

			if (depth >= ARRAY_SIZE(names))
				return -1;
			names[depth] = name;
			ret = fn(ctx, FDT_NODE_BEGIN, depth, name, NULL, 0);
			if (ret)
				return ret;
			depth++;
			p += (n + 1 + 3) & ~(size_t)3;
			break;
		}
		case FDT_END_NODE:
			if (depth == 0)
				return -1;
			depth--;
			ret = fn(ctx, FDT_NODE_END, depth, names[depth], NULL, 0);
			if (ret)
				return ret;
			break;
		case FDT_PROP_TOKEN: {
			if (p + 8 > end || depth == 0)
				return -1;
			uint32_t len = be32(p);
			uint32_t nameoff = be32(p + 4);

			p += 8;
			if (nameoff >= strings_size || p + len > end)
				return -1;
			ret = fn(ctx, FDT_PROP, depth - 1, strings + nameoff, p, len);
			if (ret)
				return ret;
			p += (len + 3) & ~(uint32_t)3;
			break;
		}
		case FDT_NOP:
			break;
		case FDT_END:
			return depth == 0 ? 0 : -1;
		default:
			return -1;
		}
	}
	return -1;
}

bool fdt_stringlist_contains(const void *value, uint32_t len, const char *s)
{
	const char *p = value;
	const char *end = p + len;

	while (p < end) {
		size_t n = strlen(p);

		if (p + n >= end)
			return false; /* not NUL-terminated inside the value */
		if (strcmp(p, s) == 0)
			return true;
		p += n + 1;
	}
	return false;
}
