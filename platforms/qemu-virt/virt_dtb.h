/*
 * A small reader for flattened device trees (DTSpec 0.4, blob version 17): only what the
 * QEMU virt port needs, in place of libfdt.
 *
 * dtb_open() checks the header and walks the whole structure block once (every token,
 * name and property inside its block, nodes balanced, one root, properties before
 * subnodes). Everything else trusts that walk and does no bounds checks of its own, so
 * a tree must go through dtb_open() before anything reads it.
 *
 * A node is the offset of its BEGIN_NODE token in the structure block (the root is 0);
 * functions that find a node return it, or VIRT_FDT_ENOTFOUND.
 */
#ifndef QEMU_VIRT_DTB_H
#define QEMU_VIRT_DTB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Structure block tokens. */
#define DTB_BEGIN_NODE 1u
#define DTB_END_NODE   2u
#define DTB_PROP       3u
#define DTB_NOP	       4u
#define DTB_END	       9u

#define DTB_HEADER_SIZE 40u

/* The header fields, as 32-bit big-endian word indices. */
enum dtb_header_word {
	DTB_MAGIC,
	DTB_TOTALSIZE,
	DTB_OFF_STRUCT,
	DTB_OFF_STRINGS,
	DTB_OFF_RSVMAP,
	DTB_VERSION,
	DTB_LAST_COMP,
	DTB_BOOT_CPUID,
	DTB_SIZE_STRINGS,
	DTB_SIZE_STRUCT,
};

/* A checked tree: where its blocks are. */
struct dtb {
	const uint8_t *st; /* structure block */
	const char *str;   /* strings block */
	uint32_t st_size;  /* bytes in the structure block, up to and including END */
	uint32_t str_size; /* bytes in the strings block */
};

/* Reads a big-endian 32-bit value at a 4-byte aligned address. */
static inline uint32_t dtb_be32(const void *p)
{
	return __builtin_bswap32(*(const uint32_t *)p);
}

/* Header word w of the blob at fdt (8-byte aligned, at least DTB_HEADER_SIZE bytes). */
static inline uint32_t dtb_hdr(const void *fdt, enum dtb_header_word w)
{
	return dtb_be32((const uint32_t *)fdt + w);
}

/*
 * Checks the blob at fdt (at most buf_size readable bytes) and fills *t: 0, or
 * VIRT_FDT_EBADFDT for anything malformed, misaligned or larger than buf_size.
 */
int dtb_open(struct dtb *t, const void *fdt, size_t buf_size);

/*
 * Checks a structure block of st_size bytes whose names point into a strings block of
 * str_size bytes, as dtb_open() does: 0 or VIRT_FDT_EBADFDT.
 */
int dtb_check_struct(const struct dtb *t);

/* Offset just after the token at off; *tag receives the token. */
uint32_t dtb_next_token(const struct dtb *t, uint32_t off, uint32_t *tag);

/* Offset just after the END_NODE that closes node. */
uint32_t dtb_skip_node(const struct dtb *t, int node);

/* Offset of node's first property or subnode token (after its name; NOPs skipped). */
uint32_t dtb_node_body(const struct dtb *t, int node);

/* The node's name, including any unit address ("" for the root). */
const char *dtb_name(const struct dtb *t, int node);

/* True when name (len bytes, no NUL) names the node: exactly, or without its "@unit". */
bool dtb_name_is(const char *node_name, const char *name, size_t len);

/* A property's value; p is NULL when the node has no such property. */
struct dtb_val {
	const void *p; /* the value, 4-byte aligned */
	uint32_t len;  /* its length in bytes */
};

/* Property name (len bytes, no NUL needed) of node. */
struct dtb_val dtb_prop_n(const struct dtb *t, int node, const char *name, size_t len);

/* Property name of node (a constant name's length folds at compile time). */
static inline struct dtb_val dtb_prop(const struct dtb *t, int node, const char *name)
{
	return dtb_prop_n(t, node, name, __builtin_strlen(name));
}

/* The value of a one-cell property, or def when it is absent or not one cell. */
static inline uint32_t dtb_u32(struct dtb_val v, uint32_t def)
{
	return v.p != NULL && v.len == 4 ? dtb_be32(v.p) : def;
}

/* First subnode / next sibling, or VIRT_FDT_ENOTFOUND. */
int dtb_first_child(const struct dtb *t, int node);
int dtb_next_sibling(const struct dtb *t, int node);

/*
 * The next node in document order after node (-1: the root), with *depth updated as
 * libfdt's fdt_next_node() does: +1 into a child, -n back out; VIRT_FDT_ENOTFOUND at the
 * end of the tree.
 */
int dtb_next_node(const struct dtb *t, int node, int *depth);

/* The node at an absolute path, or at an alias from /aliases (len bytes of path). */
int dtb_path_n(const struct dtb *t, const char *path, size_t len);

static inline int dtb_path(const struct dtb *t, const char *path)
{
	return dtb_path_n(t, path, __builtin_strlen(path));
}

/* True when the node's compatible string list holds compat. */
bool dtb_compatible(const struct dtb *t, int node, const char *compat);

/* The node's phandle ("phandle", else "linux,phandle"), or 0. */
uint32_t dtb_phandle(const struct dtb *t, int node);

/* The node whose phandle is phandle, or VIRT_FDT_ENOTFOUND. */
int dtb_by_phandle(const struct dtb *t, uint32_t phandle);

/* The first node after node (-1: from the start) compatible with compat. */
int dtb_by_compatible(const struct dtb *t, int node, const char *compat);

/*
 * #address-cells or #size-cells (name) of node: the property's value, def when absent,
 * -1 when malformed.
 */
int dtb_cells(const struct dtb *t, int node, const char *name, int def);

#define dtb_for_each_child(t, node, parent)                                                        \
	for ((node) = dtb_first_child((t), (parent)); (node) >= 0;                                 \
	     (node) = dtb_next_sibling((t), (node)))

#endif
