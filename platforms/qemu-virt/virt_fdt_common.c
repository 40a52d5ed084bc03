/* QEMU virt DTB: checks and property readers shared by the parser and the patcher. */
#include <stdint.h>
#include <string.h>

#include "virt_fdt_internal.h"

int virt_fdt_err(int fdt_err)
{
	switch (fdt_err) {
	case 0:
		return 0;
	case -FDT_ERR_NOTFOUND:
		return VIRT_FDT_ENOTFOUND;
	case -FDT_ERR_NOSPACE:
		return VIRT_FDT_ENOSPACE;
	case -FDT_ERR_BADNCELLS:
	case -FDT_ERR_BADVALUE:
	case -FDT_ERR_BADPHANDLE:
		return VIRT_FDT_EBADPROP;
	case -FDT_ERR_EXISTS:
	case -FDT_ERR_BADPATH:
	case -FDT_ERR_BADOFFSET:
		return VIRT_FDT_EINVAL;
	default:
		return VIRT_FDT_EBADFDT;
	}
}

int virt_fdt_check(const void *fdt, size_t buf_size)
{
	/* fdt_check_header() reads the header before it knows the size: make sure it can. */
	if (fdt == NULL || buf_size < sizeof(struct fdt_header))
		return VIRT_FDT_EBADFDT;
	if (fdt_check_header(fdt) != 0)
		return VIRT_FDT_EBADFDT;
	if (fdt_totalsize(fdt) > buf_size)
		return VIRT_FDT_EBADFDT;
	/*
	 * The DT spec aligns the reservation block to 8 and the structure block to 4; libfdt
	 * assumes it (it casts to structures there) but does not check it.
	 */
	if (fdt_off_mem_rsvmap(fdt) % 8 != 0 || fdt_off_dt_struct(fdt) % 4 != 0)
		return VIRT_FDT_EBADFDT;
	return 0;
}

bool virt_fdt_prop_is(const void *fdt, int node, const char *name, const char *value)
{
	int len;
	const char *p = fdt_getprop(fdt, node, name, &len);
	size_t want = strlen(value) + 1;

	return p != NULL && len >= 0 && (size_t)len == want && memcmp(p, value, want) == 0;
}

/* "okay" (or the older "ok") when present; an absent property means okay. */
static bool status_okay(const void *fdt, int node, const char *name)
{
	int len;

	if (fdt_getprop(fdt, node, name, &len) == NULL)
		return len == -FDT_ERR_NOTFOUND;
	return virt_fdt_prop_is(fdt, node, name, "okay") || virt_fdt_prop_is(fdt, node, name, "ok");
}

/*
 * Devicetree binding for the secure world (Linux bindings/arm/secure.txt): secure-status
 * overrides status for the secure world; absent, status applies to both worlds.
 */
bool virt_fdt_node_usable(const void *fdt, int node, enum virt_fdt_world world)
{
	bool ns_ok = status_okay(fdt, node, "status");
	int len;

	if (world == VIRT_FDT_NS)
		return ns_ok;
	if (ns_ok || fdt_getprop(fdt, node, "secure-status", &len) == NULL)
		return false;
	return status_okay(fdt, node, "secure-status");
}

static uint64_t read_cells(const fdt32_t *cell, int count)
{
	uint64_t v = 0;

	for (int i = 0; i < count; i++)
		v = (v << 32) | fdt32_ld(&cell[i]);
	return v;
}

int virt_fdt_read_reg(const void *fdt, int node, int index, struct virt_region *r)
{
	int ac = fdt_address_cells(fdt, 0);
	int sc = fdt_size_cells(fdt, 0);
	int len, entry;
	const fdt32_t *reg;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return VIRT_FDT_EBADPROP;
	reg = fdt_getprop(fdt, node, "reg", &len);
	entry = (ac + sc) * (int)sizeof(fdt32_t);
	if (reg == NULL || len <= 0 || len % entry != 0)
		return VIRT_FDT_EBADPROP;
	if (index < 0 || index >= len / entry)
		return VIRT_FDT_ENOTFOUND;
	reg += index * (ac + sc);
	r->base = read_cells(reg, ac);
	r->size = read_cells(reg + ac, sc);
	if (r->size == 0 || r->size - 1 > UINT64_MAX - r->base)
		return VIRT_FDT_EBADPROP;
	return 0;
}

int virt_fdt_find_root_device(const void *fdt, const char *compat, enum virt_fdt_world world)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0)
	{
		if (fdt_node_check_compatible(fdt, node, compat) == 0 &&
		    virt_fdt_node_usable(fdt, node, world))
			return node;
	}
	return virt_fdt_err(node);
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
