/* Helpers shared by the QEMU virt DTB parser and patcher (virt_fdt_*.c only). */
#ifndef QEMU_VIRT_FDT_INTERNAL_H
#define QEMU_VIRT_FDT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "virt_dtb.h"
#include "virt_fdt.h"

/* Which of a node's status properties must say "okay" (see virt_fdt_node_usable()). */
enum virt_fdt_world {
	VIRT_FDT_NS,	      /* status okay: the normal world may use it */
	VIRT_FDT_SECURE_ONLY, /* status not okay, secure-status okay: secure world only */
};

/* True when the property exists and holds exactly the string value. */
bool virt_fdt_prop_is(const struct dtb *t, int node, const char *name, const char *value);

/* True when the node is usable by the given world according to status/secure-status. */
bool virt_fdt_node_usable(const struct dtb *t, int node, enum virt_fdt_world world);

/*
 * Entry index of the reg of a node at the root, using the root's #address-cells (1 or 2)
 * and #size-cells (1 or 2). ENOTFOUND when index is past the last entry, EBADPROP when
 * reg is missing or malformed or the range wraps.
 */
int virt_fdt_read_reg(const struct dtb *t, int node, int index, struct virt_region *r);

/*
 * First node at the root that is compatible with compat and usable by world: its offset,
 * or VIRT_FDT_ENOTFOUND.
 */
int virt_fdt_find_root_device(const struct dtb *t, const char *compat, enum virt_fdt_world world);

/* Fills cpu_count, cpu[], cluster_count and topo_source from /cpus. */
int virt_fdt_parse_cpus(const struct dtb *t, struct virt_hw *hw);

#endif
