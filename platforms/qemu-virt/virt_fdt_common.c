/* QEMU virt DTB: checks and property readers shared by the parser and the patcher. */
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

/*
 * Cold-boot code only: the DTB is read and patched before the normal world runs. Before
 * the port's headers, so that their inline functions are cold-boot code here too.
 */

#include "virt_fdt_internal.h"

bool virt_fdt_prop_is(const struct dtb *t, int node, const char *name, const char *value)
{
	struct dtb_val v = dtb_prop_n(t, node, name, strlen(name));
	size_t want = strlen(value) + 1;

	return v.p != NULL && v.len == want && memcmp(v.p, value, want) == 0;
}

/* "okay" (or the older "ok") when present; an absent property means okay. */
static bool status_okay(const struct dtb *t, int node, const char *name)
{
	if (dtb_prop_n(t, node, name, strlen(name)).p == NULL)
		return true;
	return virt_fdt_prop_is(t, node, name, "okay") || virt_fdt_prop_is(t, node, name, "ok");
}

/*
 * Devicetree binding for the secure world (Linux bindings/arm/secure.txt): secure-status
 * overrides status for the secure world; absent, status applies to both worlds.
 */
bool virt_fdt_node_usable(const struct dtb *t, int node, enum virt_fdt_world world)
{
	bool ns_ok = status_okay(t, node, "status");

	if (world == VIRT_FDT_NS)
		return ns_ok;
	if (ns_ok || dtb_prop(t, node, "secure-status").p == NULL)
		return false;
	return status_okay(t, node, "secure-status");
}

static uint64_t read_cells(const uint32_t *cell, int count)
{
	uint64_t v = 0;

	for (int i = 0; i < count; i++)
		v = (v << 32) | dtb_be32(&cell[i]);
	return v;
}

int virt_fdt_read_reg(const struct dtb *t, int node, int index, struct virt_region *r)
{
	int ac = dtb_cells(t, 0, "#address-cells", 2);
	int sc = dtb_cells(t, 0, "#size-cells", 1);
	struct dtb_val v = dtb_prop(t, node, "reg");
	const uint32_t *reg = v.p;
	uint32_t entry = (uint32_t)(ac + sc) * sizeof(uint32_t);

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return VIRT_FDT_EBADPROP;
	if (reg == NULL || v.len == 0 || v.len % entry != 0)
		return VIRT_FDT_EBADPROP;
	if (index < 0 || (uint32_t)index >= v.len / entry)
		return VIRT_FDT_ENOTFOUND;
	reg += index * (ac + sc);
	r->base = read_cells(reg, ac);
	r->size = read_cells(reg + ac, sc);
	if (r->size == 0 || r->size - 1 > UINT64_MAX - r->base)
		return VIRT_FDT_EBADPROP;
	return 0;
}

int virt_fdt_find_root_device(const struct dtb *t, const char *compat, enum virt_fdt_world world)
{
	int node;

	dtb_for_each_child(t, node, 0)
	{
		if (dtb_compatible(t, node, compat) && virt_fdt_node_usable(t, node, world))
			return node;
	}
	return node;
}

const char *virt_fdt_strerror(int err)
{
	switch (err) {
	case 0:
		return "ok";
	case VIRT_FDT_EBADFDT:
		return "malformed DTB";
	case VIRT_FDT_ENOTFOUND:
		return "required node missing";
	case VIRT_FDT_EBADPROP:
		return "malformed property";
	case VIRT_FDT_ETOOMANY:
		return "more than this build supports";
	case VIRT_FDT_ENOSPACE:
		return "DTB buffer too small";
	case VIRT_FDT_EINVAL:
		return "invalid argument";
	default:
		return "unknown error";
	}
}
