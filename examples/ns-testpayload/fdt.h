/*
 * Read-only walk over a flattened device tree, enough for the boot checks (and for PSCI
 * tests to find the CPUs). Not libfdt: the payload stays self-contained.
 */
#ifndef NS_FDT_H
#define NS_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Events of fdt_walk(), in tree order. */
enum fdt_event {
	FDT_NODE_BEGIN, /* name = node name ("" for the root) */
	FDT_PROP,	/* name = property name, value/len = its value */
	FDT_NODE_END,	/* name = node name */
};

/* Called for each event; depth is 0 for the root node. Non-zero stops the walk. */
typedef int (*fdt_walk_fn)(void *ctx, enum fdt_event ev, unsigned int depth, const char *name,
			   const void *value, uint32_t len);

/* Checks the header of the blob at addr; returns NULL or what is wrong with it. */
const char *fdt_check_header(uintptr_t addr);

/* The blob's totalsize (after fdt_check_header() accepted it). */
uint32_t fdt_total_size(uintptr_t addr);

/* Walks the structure block; returns the callback's non-zero value, 0, or -1 if malformed. */
int fdt_walk(uintptr_t addr, fdt_walk_fn fn, void *ctx);

/* Big-endian 32-bit cell i of a property value. */
uint32_t fdt_cell(const void *value, unsigned int i);

/* True if the string list value (NUL-separated) contains s. */
bool fdt_stringlist_contains(const void *value, uint32_t len, const char *s);

#endif
