/*
 * QEMU virt DTB reader: one walk over the tree with libfdt (see virt_dt_internal.h), then
 * memory, GIC, UARTs, secure GPIO, fw_cfg and the secure seed from what it noted. CPUs and
 * clusters: virt_dt_cpus.c.
 */
#include <libfdt.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

#include "virt_dt_internal.h"

/*
 * The names of DT_PROPS, one char array each in one struct: the names themselves and a
 * byte offset per property are all the rodata (a table of pointers would be 8 bytes a
 * name more, and rodata stays resident after the cold boot).
 */
struct dt_prop_names {
#define DT_PROP_NAME(id, name) char n_##id[sizeof(name)];
	DT_PROPS(DT_PROP_NAME)
#undef DT_PROP_NAME
};

/* The dt_prop a property name is, or DT_OTHER (by its first letter, then the whole name). */
SECMON_COLD_BOOT static enum dt_prop prop_id(const char *name)
{
	static const struct dt_prop_names names = {
#define DT_PROP_INIT(id, name) name,
	    DT_PROPS(DT_PROP_INIT)
#undef DT_PROP_INIT
	};
	static const uint8_t offset[DT_NPROPS] = {
#define DT_PROP_OFFSET(id, name) offsetof(struct dt_prop_names, n_##id),
	    DT_PROPS(DT_PROP_OFFSET)
#undef DT_PROP_OFFSET
	};
	_Static_assert(sizeof(struct dt_prop_names) <= 256, "name offsets must fit a byte");

	for (unsigned int id = 0; id < DT_NPROPS; id++) {
		const char *s = (const char *)&names + offset[id];

		if (s[0] == name[0] && strcmp(s, name) == 0)
			return (enum dt_prop)id;
	}
	return DT_OTHER;
}

/*
 * The dt_prop of the property whose name is at nameoff in the strings block, or -1 when
 * that is no string of the block. A tree uses the same few names over and over: each is
 * checked and read once (fdt_get_string()) and remembered by its offset.
 */
SECMON_COLD_BOOT static int name_id(struct dt_walk *w, uint32_t nameoff)
{
	const char *name;
	enum dt_prop id;

	if (nameoff < DT_NAME_CACHE && w->name_id[nameoff] != 0)
		return w->name_id[nameoff] == DT_OTHER ? DT_OTHER : w->name_id[nameoff] - 1;
	name = fdt_get_string(w->fdt, (int)nameoff, NULL);
	if (name == NULL)
		return -1;
	id = prop_id(name);
	if (nameoff < DT_NAME_CACHE)
		w->name_id[nameoff] = id == DT_OTHER ? DT_OTHER : (uint8_t)(id + 1);
	return (int)id;
}

/* "okay" (or the older "ok") when present; an absent property means okay. */
SECMON_COLD_BOOT static bool status_okay(struct dt_val v)
{
	return v.p == NULL || dt_is_string(v, "okay") || dt_is_string(v, "ok");
}

/*
 * Devicetree binding for the secure world (Linux bindings/arm/secure.txt): secure-status
 * overrides status for the secure world; absent, status applies to both worlds.
 */
SECMON_COLD_BOOT bool dt_usable(const struct dt_node *n, enum dt_world world)
{
	bool ns_ok = status_okay(dt_prop(n, P_STATUS));

	if (world == DT_NS)
		return ns_ok;
	return !ns_ok && (n->have & (1u << P_SECURE_STATUS)) &&
	       status_okay(dt_prop(n, P_SECURE_STATUS));
}

SECMON_COLD_BOOT int dt_cells(struct dt_val v, int def)
{
	if (v.p == NULL)
		return def;
	return v.len == 4 && dt_cell(v, 0) <= 4 ? (int)dt_cell(v, 0) : -1;
}

SECMON_COLD_BOOT uint32_t dt_phandle(const struct dt_node *n)
{
	struct dt_val v = dt_prop(n, n->have & (1u << P_PHANDLE) ? P_PHANDLE : P_LINUX_PHANDLE);
	uint32_t ph = v.p != NULL && v.len == 4 ? dt_cell(v, 0) : 0;

	return ph == 0xffffffffu ? 0 : ph;
}

SECMON_COLD_BOOT bool dt_name_is(const char *node_name, const char *name, size_t len)
{
	if (strncmp(node_name, name, len) != 0)
		return false;
	return node_name[len] == '\0' || (node_name[len] == '@' && memchr(name, '@', len) == NULL);
}

/* The dt_compat bits of a compatible string list: whole entries only. */
SECMON_COLD_BOOT static unsigned int compat_bits(struct dt_val v)
{
	static const struct {
		const char *s;
		unsigned int len;
		unsigned int bit;
	} known[] = {
	    {"arm,gic-v3", 10, DT_GICV3},
	    {"arm,cortex-a15-gic", 18, DT_GICV2},
	    {"arm,pl011", 9, DT_PL011},
	    {"arm,pl061", 9, DT_PL061},
	    {"qemu,fw-cfg-mmio", 16, DT_FW_CFG},
	    {"gpio-poweroff", 13, DT_GPIO_POWEROFF},
	    {"gpio-restart", 12, DT_GPIO_RESTART},
	};
	const char *p = v.p, *end;
	unsigned int bits = 0;

	if (p == NULL)
		return 0;
	end = p + v.len;
	while (p < end) {
		const char *z = p;

		while (z < end && *z != '\0')
			z++;
		if (z == end)
			break; /* an unterminated entry matches nothing */
		/* Every known string starts with 'a', 'g' or 'q'. */
		if (p[0] == 'a' || p[0] == 'g' || p[0] == 'q') {
			for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
				if (known[i].len == (unsigned int)(z - p) &&
				    memcmp(known[i].s, p, known[i].len) == 0)
					bits |= known[i].bit;
			}
		}
		p = z + 1;
	}
	return bits;
}

/* Entry index of a reg at the root (its #address-cells and #size-cells, each 1 or 2). */
SECMON_COLD_BOOT static int read_reg(const struct dt_walk *w, struct dt_val v, int index,
				     struct virt_region *r)
{
	int ac = w->root_ac, sc = w->root_sc;
	int entry = (ac + sc) * 4;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return VIRT_DT_EBADPROP;
	if (v.p == NULL || v.len == 0 || v.len % entry != 0)
		return VIRT_DT_EBADPROP;
	if (index < 0 || index >= v.len / entry)
		return VIRT_DT_ENOTFOUND;
	index *= ac + sc;
	r->base = dt_cell(v, index);
	if (ac == 2)
		r->base = r->base << 32 | dt_cell(v, index + 1);
	index += ac;
	r->size = dt_cell(v, index);
	if (sc == 2)
		r->size = r->size << 32 | dt_cell(v, index + 1);
	if (r->size == 0 || r->size - 1 > UINT64_MAX - r->base)
		return VIRT_DT_EBADPROP;
	return 0;
}

/* A missing entry of a node we have already chosen is a malformed node. */
SECMON_COLD_BOOT static int read_reg_required(const struct dt_walk *w, struct dt_val v, int index,
					      struct virt_region *r)
{
	int err = read_reg(w, v, index, r);

	return err == VIRT_DT_ENOTFOUND ? VIRT_DT_EBADPROP : err;
}

/* A memory node at the root: normal-world ones -> mem[], secure-only -> secure_mem. */
SECMON_COLD_BOOT static void memory_node(struct dt_walk *w, const struct dt_node *n)
{
	struct virt_hw *hw = w->hw;
	struct virt_region r;
	int err = 0;

	if (w->mem_err)
		return; /* the first error is the one reported */
	if (dt_usable(n, DT_SECURE_ONLY)) {
		err = read_reg_required(w, dt_prop(n, P_REG), 0, &r);
		if (!err && hw->secure_mem.size == 0)
			hw->secure_mem = r;
	} else if (dt_usable(n, DT_NS)) {
		for (int i = 0; !err; i++) {
			err = read_reg(w, dt_prop(n, P_REG), i, &r);
			if (err == VIRT_DT_ENOTFOUND) {
				err = 0;
				break;
			}
			if (!err && hw->mem_count == VIRT_DT_MAX_MEM)
				err = VIRT_DT_ETOOMANY;
			if (!err)
				hw->mem[hw->mem_count++] = (struct secmon_mem_region){
				    r.base, r.size, SECMON_MEM_NORMAL | SECMON_MEM_NS};
		}
	}
	w->mem_err = err;
}

/* A PL011 at the root: noted for stdout-path, and as a fallback console. */
SECMON_COLD_BOOT static void uart_node(struct dt_walk *w, const struct dt_node *n)
{
	struct dt_uart u = {n->name, dt_prop(n, P_REG), dt_prop(n, P_CLOCKS), dt_usable(n, DT_NS),
			    dt_usable(n, DT_SECURE_ONLY)};

	if (w->uart_count < DT_MAX_UARTS)
		w->uart[w->uart_count++] = u;
	if (u.ns && w->first_uart[DT_NS].name == NULL)
		w->first_uart[DT_NS] = u;
	if (u.secure_only && w->first_uart[DT_SECURE_ONLY].name == NULL)
		w->first_uart[DT_SECURE_ONLY] = u;
}

/* A child of the root: memory, devices, /chosen, /secure-chosen, /aliases. */
SECMON_COLD_BOOT static void root_child(struct dt_walk *w, const struct dt_node *n,
					unsigned int compat)
{
	if (n->offset == w->chosen) {
		w->chosen_stdout = dt_prop(n, P_STDOUT_PATH);
	} else if (n->offset == w->secure_chosen) {
		w->secure_stdout = dt_prop(n, P_STDOUT_PATH);
		w->kaslr_seed = dt_prop(n, P_KASLR_SEED);
		w->rng_seed = dt_prop(n, P_RNG_SEED);
	}
	if (dt_is_string(dt_prop(n, P_DEVICE_TYPE), "memory"))
		memory_node(w, n);
	if (compat == 0)
		return;
	if ((compat & DT_GICV3) && w->gicv3 == 0 && dt_usable(n, DT_NS)) {
		w->gicv3 = n->offset;
		w->gicv3_reg = dt_prop(n, P_REG);
		w->gicv3_regions = dt_prop(n, P_REDISTRIBUTOR_REGIONS);
	}
	if ((compat & DT_GICV2) && w->gicv2 == 0 && dt_usable(n, DT_NS)) {
		w->gicv2 = n->offset;
		w->gicv2_reg = dt_prop(n, P_REG);
	}
	if (compat & DT_PL011)
		uart_node(w, n);
	if ((compat & DT_PL061) && w->pl061 == 0 && dt_usable(n, DT_SECURE_ONLY)) {
		w->pl061 = n->offset;
		w->pl061_reg = dt_prop(n, P_REG);
		w->pl061_phandle = dt_phandle(n);
	}
	if ((compat & DT_FW_CFG) && w->fw_cfg == 0 && dt_usable(n, DT_NS)) {
		w->fw_cfg = n->offset;
		w->fw_cfg_reg = dt_prop(n, P_REG);
	}
}

/* A secure gpio-poweroff / gpio-restart node, anywhere: the controller and pin it names. */
SECMON_COLD_BOOT static void gpio_node(struct dt_walk *w, const struct dt_node *n,
				       unsigned int compat)
{
	struct dt_gpio g;

	struct dt_val gpios = dt_prop(n, P_GPIOS);

	if (!dt_usable(n, DT_SECURE_ONLY) || gpios.p == NULL || gpios.len < 8)
		return;
	g.controller = dt_cell(gpios, 0);
	g.pin = dt_cell(gpios, 1);
	if ((compat & DT_GPIO_POWEROFF) && w->poweroff_count < DT_MAX_GPIOS)
		w->poweroff[w->poweroff_count++] = g;
	if ((compat & DT_GPIO_RESTART) && w->restart_count < DT_MAX_GPIOS)
		w->restart[w->restart_count++] = g;
}

/* The open node has all its properties: note what the port needs of it. */
SECMON_COLD_BOOT static void node_done(struct dt_walk *w)
{
	const struct dt_node *n = &w->node;
	uint32_t phandle = dt_phandle(n);
	unsigned int compat = compat_bits(dt_prop(n, P_COMPATIBLE));

	w->node_open = false;
	if (w->copy != NULL)
		dt_copy_props_done(w, phandle);
	if (phandle != 0 && (n->have & (1u << P_CLOCK_FREQUENCY)) &&
	    w->clock_count < DT_MAX_CLOCKS) {
		w->clock[w->clock_count].phandle = phandle;
		w->clock[w->clock_count++].frequency = dt_prop(n, P_CLOCK_FREQUENCY);
	}
	if (compat & (DT_GPIO_POWEROFF | DT_GPIO_RESTART))
		gpio_node(w, n, compat);
	if (n->depth == 0) {
		w->root_ac = dt_cells(dt_prop(n, P_ADDRESS_CELLS), 2);
		w->root_sc = dt_cells(dt_prop(n, P_SIZE_CELLS), 1);
	} else if (w->cpus_depth != 0) {
		dt_cpus_node(w);
	} else if (n->depth == 1) {
		root_child(w, n, compat);
	}
}

/*
 * A child of the root by its name: the first /cpus, /chosen, /secure-chosen and
 * /aliases are noted; /psci and /secure-chosen are left out of the copy, /chosen is
 * copied last (virt_dt_patch()).
 */
SECMON_COLD_BOOT static void root_child_begin(struct dt_walk *w, int offset, const char *name)
{
	bool drop_secure = w->p != NULL && !w->p->keep_secure_chosen;

	switch (name[0]) {
	case 'a':
		if (w->aliases == 0 && dt_name_is(name, "aliases", 7))
			w->aliases = offset;
		break;
	case 'c':
		if (w->cpus == 0 && dt_name_is(name, "cpus", 4)) {
			w->cpus = offset;
			w->cpus_depth = 1;
		} else if (w->chosen == 0 && dt_name_is(name, "chosen", 6)) {
			w->chosen = offset;
			w->skip = DT_LATER;
		}
		break;
	case 'p':
		if (dt_name_is(name, "psci", 4))
			w->skip = DT_DROP; /* QEMU's own, with PSCI 0.1 function IDs */
		break;
	case 's':
		if (dt_name_is(name, "secure-chosen", 13)) {
			if (w->secure_chosen == 0)
				w->secure_chosen = offset;
			if (drop_secure)
				w->skip = DT_DROP; /* the secure world's seeds */
		}
		break;
	default:
		break;
	}
}

SECMON_COLD_BOOT static void node_begin(struct dt_walk *w, const struct fdt_node_header *nh,
					int offset, int depth)
{
	struct dt_node *n = &w->node;

	n->have = 0;
	n->offset = offset;
	n->depth = depth;
	n->name = nh->name;
	w->node_open = true;
	if (depth == 1) {
		root_child_begin(w, offset, n->name);
		if (w->skip != DT_COPY)
			w->skip_depth = 1;
	} else if (w->cpus_depth != 0) {
		dt_cpus_begin(w, offset, depth, n->name);
	}
	if (w->copy != NULL)
		dt_copy_begin(w, n->name);
}

SECMON_COLD_BOOT static void node_end(struct dt_walk *w, int depth)
{
	if (w->copy != NULL && depth > 0)
		dt_copy_end(w, depth);
	if (depth == w->skip_depth)
		w->skip = DT_COPY;
	if (depth == w->map_depth)
		w->map_depth = 0;
	if (depth == w->cpus_depth)
		w->cpus_depth = 0;
}

/*
 * The walk: every tag once, in order, through fdt_next_tag() (which bounds-checks each
 * tag, name and value). The tree must have one root, balanced nodes, and properties
 * before subnodes; any other shape is EBADFDT.
 */
SECMON_COLD_BOOT static int walk(struct dt_walk *w)
{
	/*
	 * The structure and strings blocks. A tag fdt_next_tag() has returned lies whole in
	 * the structure block (tag, name or property header, value), and a name offset
	 * name_id() has accepted names a string of the strings block.
	 */
	const char *st = fdt_offset_ptr(w->fdt, 0, 0);
	const char *strings = (const char *)w->fdt + fdt_off_dt_strings(w->fdt);
	int offset, next, depth = -1; /* depth of the innermost open node; -1: none */
	bool root_done = false;

	if (st == NULL)
		return VIRT_DT_EBADFDT;
	for (offset = 0;; offset = next) {
		const struct fdt_property *prop;
		uint32_t nameoff;
		int id, len;

		switch (fdt_next_tag(w->fdt, offset, &next)) {
		case FDT_BEGIN_NODE:
			if (root_done)
				return VIRT_DT_EBADFDT; /* a second root */
			if (w->node_open)
				node_done(w);
			node_begin(w, (const struct fdt_node_header *)(st + offset), offset,
				   ++depth);
			break;
		case FDT_PROP:
			if (!w->node_open)
				return VIRT_DT_EBADFDT; /* outside a node, or after a subnode */
			prop = (const struct fdt_property *)(st + offset);
			nameoff = fdt32_to_cpu(prop->nameoff);
			len = (int)fdt32_to_cpu(prop->len);
			id = name_id(w, nameoff);
			if (id < 0)
				return VIRT_DT_EBADFDT; /* its name is not in the strings block */
			if (id != DT_OTHER && !(w->node.have & (1u << id))) {
				/* The first one counts. */
				w->node.have |= 1u << id;
				w->node.v[id] = (struct dt_val){prop->data, len};
			}
			/* name_id() has checked the name (fdt_get_string()). */
			if (w->copy != NULL)
				dt_copy_prop(w, id, strings + nameoff, prop->data, len);
			break;
		case FDT_END_NODE:
			if (depth < 0)
				return VIRT_DT_EBADFDT;
			if (w->node_open)
				node_done(w);
			node_end(w, depth);
			root_done = --depth < 0;
			break;
		case FDT_NOP:
			break;
		default: /* FDT_END; next < 0 when the tag or its data is broken */
			return next >= 0 && root_done ? 0 : VIRT_DT_EBADFDT;
		}
	}
}

SECMON_COLD_BOOT int dt_check_header(const void *fdt, size_t buf_size)
{
	if (fdt == NULL || buf_size < sizeof(struct fdt_header) || fdt_check_header(fdt) != 0 ||
	    fdt_totalsize(fdt) > buf_size || fdt_version(fdt) < 17 ||
	    fdt_off_dt_struct(fdt) % 4 != 0 || fdt_off_mem_rsvmap(fdt) % 8 != 0)
		return VIRT_DT_EBADFDT;
	return 0;
}

SECMON_COLD_BOOT static int parse_gic(const struct dt_walk *w)
{
	struct virt_hw *hw = w->hw;
	uint32_t regions = 1;
	int err;

	if (w->gicv3 == 0) {
		if (w->gicv2 == 0)
			return VIRT_DT_ENOTFOUND;
		hw->gic_version = 2;
		err = read_reg_required(w, w->gicv2_reg, 0, &hw->gicd);
		return err ? err : read_reg_required(w, w->gicv2_reg, 1, &hw->gicc);
	}
	/* GICv3 reg: GICD, then #redistributor-regions GICR ranges, then optional others. */
	hw->gic_version = 3;
	err = read_reg_required(w, w->gicv3_reg, 0, &hw->gicd);
	if (err)
		return err;
	if (w->gicv3_regions.p != NULL) {
		regions = w->gicv3_regions.len == 4 ? dt_cell(w->gicv3_regions, 0) : 0;
		if (regions == 0)
			return VIRT_DT_EBADPROP;
	}
	if (regions > VIRT_DT_MAX_GICR)
		return VIRT_DT_ETOOMANY;
	for (uint32_t i = 0; i < regions; i++) {
		err = read_reg_required(w, w->gicv3_reg, (int)(1 + i), &hw->gicr[i]);
		if (err)
			return err;
	}
	hw->gicr_count = regions;
	return 0;
}

/* The root child a path names ("/name", extra slashes allowed): false for anything else. */
SECMON_COLD_BOOT static bool root_child_path(const char *path, size_t len, const char **name,
					     size_t *name_len)
{
	size_t i = 0, start;

	if (len == 0 || path[0] != '/')
		return false;
	while (i < len && path[i] == '/')
		i++;
	start = i;
	while (i < len && path[i] != '/')
		i++;
	*name = path + start;
	*name_len = i - start;
	while (i < len && path[i] == '/')
		i++;
	return *name_len != 0 && i == len;
}

/*
 * The PL011 a stdout-path names, if it is a child of the root usable by world. The path
 * ends at ':' (its options); one not starting with '/' begins with an alias from /aliases.
 */
SECMON_COLD_BOOT static const struct dt_uart *
stdout_uart(const struct dt_walk *w, struct dt_val stdout_path, enum dt_world world)
{
	const char *path = stdout_path.p, *name;
	size_t len = 0, name_len;

	if (path == NULL)
		return NULL;
	while (len < (size_t)stdout_path.len && path[len] != '\0' && path[len] != ':')
		len++;
	if (len != 0 && path[0] != '/') {
		/* An alias, whose value must be an absolute path; only slashes may follow it. */
		const char *slash = memchr(path, '/', len);
		size_t alias_len = slash != NULL ? (size_t)(slash - path) : len;
		const char *target;
		int target_len;

		if (w->aliases == 0)
			return NULL;
		target = fdt_getprop_namelen(w->fdt, w->aliases, path, (int)alias_len, &target_len);
		if (target == NULL || target_len < 2 ||
		    memchr(target, 0, (size_t)target_len) == NULL)
			return NULL;
		for (size_t i = alias_len; i < len; i++) {
			if (path[i] != '/')
				return NULL;
		}
		path = target;
		len = strlen(target);
	}
	if (!root_child_path(path, len, &name, &name_len))
		return NULL;
	for (unsigned int i = 0; i < w->uart_count; i++) {
		const struct dt_uart *u = &w->uart[i];

		if (dt_name_is(u->name, name, name_len))
			return (world == DT_NS ? u->ns : u->secure_only) ? u : NULL;
	}
	return NULL;
}

/* UARTCLK: the clock-frequency of the node the first clocks entry names, or 0. */
SECMON_COLD_BOOT static uint32_t clock_rate(const struct dt_walk *w, struct dt_val clocks)
{
	uint32_t phandle;

	if (clocks.p == NULL || clocks.len < 4)
		return 0;
	phandle = dt_cell(clocks, 0);
	for (unsigned int i = 0; i < w->clock_count; i++) {
		struct dt_val f = w->clock[i].frequency;

		if (w->clock[i].phandle == phandle)
			return f.len == 4 ? dt_cell(f, 0) : 0;
	}
	return 0;
}

/* The console of a world: the stdout-path of its chosen node, else its first PL011. */
SECMON_COLD_BOOT static int parse_uart(const struct dt_walk *w, struct dt_val stdout_path,
				       enum dt_world world, struct virt_uart *uart)
{
	const struct dt_uart *u = stdout_uart(w, stdout_path, world);
	int err;

	if (u == NULL)
		u = &w->first_uart[world];
	if (u->name == NULL)
		return VIRT_DT_ENOTFOUND;
	err = read_reg_required(w, u->reg, 0, &uart->reg);
	if (err)
		return err;
	uart->clock_hz = clock_rate(w, u->clocks);
	uart->present = true;
	return 0;
}

/* Pin of a secure gpio-poweroff / gpio-restart node that uses our GPIO controller. */
SECMON_COLD_BOOT static uint32_t gpio_pin(const struct dt_gpio *g, unsigned int count,
					  uint32_t controller)
{
	for (unsigned int i = 0; i < count; i++) {
		if (g[i].controller == controller)
			return g[i].pin;
	}
	return VIRT_DT_NO_PIN;
}

SECMON_COLD_BOOT static int parse_secure_gpio(const struct dt_walk *w)
{
	struct virt_hw *hw = w->hw;
	int err;

	hw->secure_gpio.poweroff_pin = VIRT_DT_NO_PIN;
	hw->secure_gpio.reset_pin = VIRT_DT_NO_PIN;
	if (w->pl061 == 0)
		return 0;
	err = read_reg_required(w, w->pl061_reg, 0, &hw->secure_gpio.reg);
	if (err)
		return err;
	hw->secure_gpio.present = true;
	if (w->pl061_phandle != 0) {
		hw->secure_gpio.poweroff_pin =
		    gpio_pin(w->poweroff, w->poweroff_count, w->pl061_phandle);
		hw->secure_gpio.reset_pin =
		    gpio_pin(w->restart, w->restart_count, w->pl061_phandle);
	}
	return 0;
}

SECMON_COLD_BOOT static int parse_fw_cfg(const struct dt_walk *w)
{
	int err;

	if (w->fw_cfg == 0)
		return 0;
	err = read_reg_required(w, w->fw_cfg_reg, 0, &w->hw->fw_cfg.reg);
	if (!err)
		w->hw->fw_cfg.present = true;
	return err;
}

/* 64 bits of /secure-chosen's kaslr-seed, else of its rng-seed. */
SECMON_COLD_BOOT static void parse_secure_seed(const struct dt_walk *w)
{
	struct dt_val seed = w->kaslr_seed;

	if (seed.p == NULL || seed.len < 8)
		seed = w->rng_seed;
	if (seed.p == NULL || seed.len < 8)
		return;
	w->hw->secure_seed = (uint64_t)dt_cell(seed, 0) << 32 | dt_cell(seed, 1);
	w->hw->secure_seed_present = true;
}

/* Zeroes n bytes, 8 at a time (p 8-byte aligned, n a multiple of 4). */
SECMON_COLD_BOOT static void zero_words(void *p, size_t n)
{
	uint64_t *q = p;

	for (; n >= 8; n -= 8)
		*q++ = 0;
	if (n != 0)
		*(uint32_t *)q = 0;
}

SECMON_COLD_BOOT int virt_dt_parse(void *fdt, size_t buf_size, struct virt_hw *hw,
				   const struct virt_dt_patch_params *p, struct virt_dt_copy *copy)
{
	struct dt_walk w;
	int err;

	if (hw == NULL || (copy != NULL && p == NULL))
		return VIRT_DT_EINVAL;
	err = dt_check_header(fdt, buf_size);
	if (err)
		return err;
	_Static_assert(sizeof(*hw) % 4 == 0 && sizeof(w) % 4 == 0, "zeroed by words");
	zero_words(hw, sizeof(*hw));
	zero_words(&w, sizeof(w));
	w.fdt = fdt;
	w.hw = hw;
	w.mpidr_rising = true;
	if (copy != NULL) {
		w.p = p;
		w.copy = copy;
		err = dt_copy_start(&w, fdt, buf_size);
		if (err)
			return err;
	}

	err = walk(&w);
	if (!err)
		err = w.mem_err ? w.mem_err : hw->mem_count ? 0 : VIRT_DT_ENOTFOUND;
	if (!err)
		err = dt_cpus_finish(&w);
	if (!err)
		err = parse_gic(&w);
	if (!err)
		err = parse_uart(&w, w.chosen_stdout, DT_NS, &hw->uart);
	if (!err) {
		err = parse_uart(&w, w.secure_stdout, DT_SECURE_ONLY, &hw->secure_uart);
		if (err == VIRT_DT_ENOTFOUND)
			err = 0; /* optional */
	}
	if (!err)
		err = parse_secure_gpio(&w);
	if (!err)
		err = parse_fw_cfg(&w);
	if (!err)
		parse_secure_seed(&w);
	if (!err && copy != NULL)
		err = dt_copy_finish_walk(&w);
	return err;
}

SECMON_COLD_BOOT const char *virt_dt_strerror(int err)
{
	switch (err) {
	case 0:
		return "ok";
	case VIRT_DT_EBADFDT:
		return "malformed DTB";
	case VIRT_DT_ENOTFOUND:
		return "required node missing";
	case VIRT_DT_EBADPROP:
		return "malformed property";
	case VIRT_DT_ETOOMANY:
		return "more than this build supports";
	case VIRT_DT_ENOSPACE:
		return "DTB buffer too small";
	case VIRT_DT_EINVAL:
		return "invalid argument";
	default:
		return "unknown error";
	}
}
