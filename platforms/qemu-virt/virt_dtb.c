/* A small flattened-device-tree reader: one checking walk, then unchecked navigation. */
#include <string.h>

#include <secmon/cold_boot.h>

/*
 * Cold-boot code only: the DTB is read and patched before the normal world runs. Before
 * the port's headers, so that their inline functions are cold-boot code here too.
 */

#include "virt_dtb.h"
#include "virt_fdt.h"

#define DTB_MAGIC_VALUE 0xd00dfeedu
#define DTB_VERSION_MIN 17u /* size_dt_struct is in the header from 17 on */
#define DTB_MAX_CELLS	4u  /* largest #address-cells / #size-cells accepted */

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* A block of size bytes at off lies within total bytes, after the header. */
static bool block_ok(uint32_t off, uint32_t size, uint32_t total)
{
	return off >= DTB_HEADER_SIZE && off <= total && size <= total - off;
}

int dtb_open(struct dtb *t, const void *fdt, size_t buf_size)
{
	uint32_t total, off_st, off_str;

	if (fdt == NULL || ((uintptr_t)fdt & 7) != 0 || buf_size < DTB_HEADER_SIZE)
		return VIRT_FDT_EBADFDT;
	total = dtb_hdr(fdt, DTB_TOTALSIZE);
	off_st = dtb_hdr(fdt, DTB_OFF_STRUCT);
	off_str = dtb_hdr(fdt, DTB_OFF_STRINGS);
	t->st_size = dtb_hdr(fdt, DTB_SIZE_STRUCT);
	t->str_size = dtb_hdr(fdt, DTB_SIZE_STRINGS);
	if (dtb_hdr(fdt, DTB_MAGIC) != DTB_MAGIC_VALUE ||
	    dtb_hdr(fdt, DTB_VERSION) < DTB_VERSION_MIN ||
	    dtb_hdr(fdt, DTB_LAST_COMP) > DTB_VERSION_MIN || total > buf_size || off_st % 4 != 0 ||
	    dtb_hdr(fdt, DTB_OFF_RSVMAP) % 8 != 0 ||
	    !block_ok(dtb_hdr(fdt, DTB_OFF_RSVMAP), 16, total) ||
	    !block_ok(off_st, t->st_size, total) || !block_ok(off_str, t->str_size, total))
		return VIRT_FDT_EBADFDT;
	t->st = (const uint8_t *)fdt + off_st;
	t->str = (const char *)fdt + off_str;
	return dtb_check_struct(t);
}

int dtb_check_struct(const struct dtb *t)
{
	size_t off = 0, size = t->st_size;
	int depth = 0;
	bool root_seen = false, props_allowed = false;

	for (;;) {
		const uint8_t *nul;
		uint32_t tag, len, name;

		if (size - off < 4)
			return VIRT_FDT_EBADFDT;
		tag = dtb_be32(t->st + off);
		off += 4;
		switch (tag) {
		case DTB_BEGIN_NODE:
			if (root_seen && depth == 0)
				return VIRT_FDT_EBADFDT; /* a second root */
			nul = memchr(t->st + off, 0, size - off);
			if (nul == NULL)
				return VIRT_FDT_EBADFDT;
			off = align4((size_t)(nul - t->st) + 1);
			if (off > size)
				return VIRT_FDT_EBADFDT;
			depth++;
			root_seen = true;
			props_allowed = true;
			break;
		case DTB_PROP:
			if (!props_allowed || size - off < 8)
				return VIRT_FDT_EBADFDT;
			len = dtb_be32(t->st + off);
			name = dtb_be32(t->st + off + 4);
			off += 8;
			if (len > size - off || align4(len) > size - off)
				return VIRT_FDT_EBADFDT;
			off += align4(len);
			if (name >= t->str_size ||
			    memchr(t->str + name, 0, t->str_size - name) == NULL)
				return VIRT_FDT_EBADFDT;
			break;
		case DTB_END_NODE:
			if (depth == 0)
				return VIRT_FDT_EBADFDT;
			depth--;
			props_allowed = false; /* properties come before subnodes */
			break;
		case DTB_NOP:
			break;
		case DTB_END:
			return root_seen && depth == 0 ? 0 : VIRT_FDT_EBADFDT;
		default:
			return VIRT_FDT_EBADFDT;
		}
	}
}

/* True when one of the 4 bytes of w is 0. */
static bool has_zero_byte(uint32_t w)
{
	return ((w - 0x01010101u) & ~w & 0x80808080u) != 0;
}

uint32_t dtb_next_token(const struct dtb *t, uint32_t off, uint32_t *tag)
{
	*tag = dtb_be32(t->st + off);
	off += 4;
	if (*tag == DTB_BEGIN_NODE) {
		/* The name is NUL-terminated and padded to 4: step a word at a time. */
		while (!has_zero_byte(*(const uint32_t *)(t->st + off)))
			off += 4;
		off += 4;
	} else if (*tag == DTB_PROP)
		off += 8 + (uint32_t)align4(dtb_be32(t->st + off));
	return off;
}

uint32_t dtb_skip_node(const struct dtb *t, int node)
{
	uint32_t off = (uint32_t)node, tag;
	int depth = 0;

	for (;;) {
		off = dtb_next_token(t, off, &tag);
		if (tag == DTB_BEGIN_NODE)
			depth++;
		else if (tag == DTB_END_NODE && --depth == 0)
			return off;
	}
}

uint32_t dtb_node_body(const struct dtb *t, int node)
{
	uint32_t tag;

	return dtb_next_token(t, (uint32_t)node, &tag);
}

const char *dtb_name(const struct dtb *t, int node)
{
	return (const char *)t->st + node + 4;
}

bool dtb_name_is(const char *node_name, const char *name, size_t len)
{
	if (strncmp(node_name, name, len) != 0)
		return false;
	return node_name[len] == '\0' || (node_name[len] == '@' && memchr(name, '@', len) == NULL);
}

struct dtb_val dtb_prop_n(const struct dtb *t, int node, const char *name, size_t len)
{
	uint32_t off = dtb_node_body(t, node), next, tag;

	for (;; off = next) {
		const char *pname;

		next = dtb_next_token(t, off, &tag);
		if (tag == DTB_NOP)
			continue;
		if (tag != DTB_PROP)
			return (struct dtb_val){NULL, 0};
		pname = t->str + dtb_be32(t->st + off + 8);
		if (pname[0] == name[0] && strncmp(pname, name, len) == 0 && pname[len] == '\0')
			return (struct dtb_val){t->st + off + 12, dtb_be32(t->st + off + 4)};
	}
}

/* The next BEGIN_NODE at the same level from off (after NOPs), or ENOTFOUND. */
static int node_at(const struct dtb *t, uint32_t off)
{
	uint32_t tag, next;

	for (;; off = next) {
		next = dtb_next_token(t, off, &tag);
		if (tag == DTB_BEGIN_NODE)
			return (int)off;
		if (tag != DTB_NOP && tag != DTB_PROP)
			return VIRT_FDT_ENOTFOUND;
	}
}

int dtb_first_child(const struct dtb *t, int node)
{
	return node_at(t, dtb_node_body(t, node));
}

int dtb_next_sibling(const struct dtb *t, int node)
{
	return node_at(t, dtb_skip_node(t, node));
}

int dtb_next_node(const struct dtb *t, int node, int *depth)
{
	uint32_t off = node < 0 ? 0 : dtb_node_body(t, node), tag, next;

	for (;; off = next) {
		next = dtb_next_token(t, off, &tag);
		if (tag == DTB_BEGIN_NODE) {
			if (depth)
				++*depth;
			return (int)off;
		}
		if (tag == DTB_END || (tag == DTB_END_NODE && depth && --*depth < 0))
			return VIRT_FDT_ENOTFOUND;
	}
}

int dtb_path_n(const struct dtb *t, const char *path, size_t len)
{
	const char *end = path + len, *p = path;
	int node = 0;

	if (len == 0)
		return VIRT_FDT_ENOTFOUND;
	if (*p != '/') {
		/* An alias: its value must be an absolute path (so this recurses once). */
		const char *q = memchr(p, '/', len);
		int aliases = dtb_path(t, "/aliases");
		struct dtb_val v = {NULL, 0};
		const char *s;

		q = q ? q : end;
		if (aliases >= 0)
			v = dtb_prop_n(t, aliases, p, (size_t)(q - p));
		s = v.p;
		if (s == NULL || v.len < 2 || s[0] != '/' || memchr(s, 0, v.len) == NULL)
			return VIRT_FDT_ENOTFOUND;
		node = dtb_path_n(t, s, strlen(s));
		p = q;
	}
	while (node >= 0 && p < end) {
		const char *q;
		int child;

		if (*p == '/') {
			p++;
			continue;
		}
		q = memchr(p, '/', (size_t)(end - p));
		q = q ? q : end;
		dtb_for_each_child(t, child, node)
		{
			if (dtb_name_is(dtb_name(t, child), p, (size_t)(q - p)))
				break;
		}
		node = child;
		p = q;
	}
	return node;
}

bool dtb_compatible(const struct dtb *t, int node, const char *compat)
{
	struct dtb_val v = dtb_prop(t, node, "compatible");
	const char *p = v.p, *end;
	size_t n = strlen(compat) + 1;

	if (p == NULL)
		return false; /* no such property (no pointer arithmetic on NULL) */
	end = p + v.len;
	/* A list of NUL-terminated strings: compare each whole entry. */
	while ((size_t)(end - p) >= n) {
		const char *z = memchr(p, 0, (size_t)(end - p));

		if (memcmp(p, compat, n) == 0)
			return true;
		if (z == NULL)
			break;
		p = z + 1;
	}
	return false;
}

uint32_t dtb_phandle(const struct dtb *t, int node)
{
	struct dtb_val v = dtb_prop(t, node, "phandle");
	uint32_t ph;

	/* Most nodes have neither: look for the old name only where "phandle" is missing. */
	if (v.p == NULL)
		v = dtb_prop(t, node, "linux,phandle");
	ph = dtb_u32(v, 0);
	return ph == 0xffffffffu ? 0 : ph;
}

int dtb_by_phandle(const struct dtb *t, uint32_t phandle)
{
	int node;

	if (phandle == 0 || phandle == 0xffffffffu)
		return VIRT_FDT_ENOTFOUND;
	for (node = dtb_next_node(t, -1, NULL); node >= 0; node = dtb_next_node(t, node, NULL)) {
		if (dtb_phandle(t, node) == phandle)
			return node;
	}
	return node;
}

int dtb_by_compatible(const struct dtb *t, int node, const char *compat)
{
	for (node = dtb_next_node(t, node, NULL); node >= 0; node = dtb_next_node(t, node, NULL)) {
		if (dtb_compatible(t, node, compat))
			return node;
	}
	return node;
}

int dtb_cells(const struct dtb *t, int node, const char *name, int def)
{
	struct dtb_val v = dtb_prop_n(t, node, name, strlen(name));
	uint32_t cells = dtb_u32(v, 0xffffffffu);

	if (v.p == NULL)
		return def;
	return cells > DTB_MAX_CELLS ? -1 : (int)cells;
}
