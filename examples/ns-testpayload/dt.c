/*
 * Scan of the DTB for the facts of dt.h, in two walks: the first collects everything and
 * /chosen's stdout-path (with /aliases), the second finds the node that path names, which
 * may come before /chosen in the tree.
 */
#include "dt.h"
#include "fdt.h"
#include "util.h"

#define MAX_DEPTH   16
#define MAX_ALIASES 16

/* What one node on the current path has told so far. */
struct frame {
	const char *name;
	uint32_t addr_cells, size_cells; /* its own, for its children (defaults 2 and 1) */
	bool ranges_identity;		 /* "ranges" present and empty: children map 1:1 */
	bool disabled;			 /* "status" is neither "okay" nor "ok" */
	bool memory, cpu;		 /* device_type */
	bool psci, psci_1_0, method_smc; /* a PSCI node */
	bool enable_psci;		 /* a cpu's enable-method */
	unsigned int gic;		 /* 2 or 3 from its compatible */
	bool pl011;
	bool idle_state, has_param;
	uint32_t param;		/* arm,psci-suspend-param */
	unsigned int reg_pairs; /* (address, size) pairs read into reg[] */
	uint64_t reg[4];	/* the first two, in the parent's cells */
	uint64_t cpu_reg;	/* a cpu's reg: MPIDR affinity fields */
};

/* An /aliases entry (a path, not NUL-terminated). */
struct alias {
	const char *name;
	const char *path;
	uint32_t len;
};

struct scan {
	struct dt_info *info;
	struct frame f[MAX_DEPTH];
	struct alias aliases[MAX_ALIASES];
	unsigned int alias_count;
	const char *stdout_value; /* /chosen stdout-path's value */
	uint32_t stdout_len;
	/* Second walk: the node the console path names. */
	const char *want;
	uint32_t want_len;
	bool found, found_usable;
	uint64_t found_base;
	/* First walk: the first usable PL011. */
	bool fallback;
	uint64_t fallback_base;
};

static bool is(const char *name, const char *want)
{
	return strcmp(name, want) == 0;
}

/* Reads a value of n (1 or 2) cells starting at cell *i. */
static uint64_t read_cells(const void *value, unsigned int *i, unsigned int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt_cell(value, (*i)++);
	return v;
}

/* A node's reg, in its parent's #address-cells / #size-cells. */
static void read_reg(struct frame *node, const struct frame *parent, const void *value,
		     uint32_t len)
{
	unsigned int ac = parent->addr_cells, sc = parent->size_cells, i = 0;

	node->reg_pairs = 0;
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	while (node->reg_pairs < 2 && (i + ac + sc) * 4 <= len) {
		node->reg[2 * node->reg_pairs] = read_cells(value, &i, ac);
		node->reg[2 * node->reg_pairs + 1] = read_cells(value, &i, sc);
		node->reg_pairs++;
	}
}

/* A node's reg is a CPU physical address if every bus above it maps 1:1. */
static bool reachable(const struct scan *s, unsigned int depth)
{
	for (unsigned int k = 1; k < depth; k++)
		if (!s->f[k].ranges_identity)
			return false;
	return true;
}

/* True if the node at depth has the path p (len bytes, no terminating NUL needed). */
static bool path_is(const struct scan *s, unsigned int depth, const char *p, uint32_t len)
{
	uint32_t i = 0;

	if (depth == 0)
		return len == 1 && p[0] == '/';
	for (unsigned int k = 1; k <= depth; k++) {
		const char *n = s->f[k].name;
		size_t nl = strlen(n);

		if (i >= len || p[i] != '/')
			return false;
		i++;
		if (len - i < nl || memcmp(p + i, n, nl) != 0)
			return false;
		i += (uint32_t)nl;
	}
	return i == len;
}

static void node_begin(struct scan *s, unsigned int depth, const char *name)
{
	struct frame *f = &s->f[depth];

	memset(f, 0, sizeof(*f));
	f->name = name;
	f->addr_cells = 2;
	f->size_cells = 1;
	f->cpu_reg = UINT64_MAX;
}

static void compatible(struct frame *f, const void *value, uint32_t len)
{
	if (fdt_stringlist_contains(value, len, "arm,gic-v3"))
		f->gic = 3;
	else if (fdt_stringlist_contains(value, len, "arm,cortex-a15-gic") ||
		 fdt_stringlist_contains(value, len, "arm,gic-400"))
		f->gic = 2;
	f->psci = fdt_stringlist_contains(value, len, "arm,psci") ||
		  fdt_stringlist_contains(value, len, "arm,psci-0.2") ||
		  fdt_stringlist_contains(value, len, "arm,psci-1.0");
	f->psci_1_0 = fdt_stringlist_contains(value, len, "arm,psci-1.0");
	f->pl011 = fdt_stringlist_contains(value, len, "arm,pl011");
	f->idle_state = fdt_stringlist_contains(value, len, "arm,idle-state");
}

/* A property of the root node, /chosen or /aliases. */
static void special_prop(struct scan *s, unsigned int depth, const char *name, const void *value,
			 uint32_t len)
{
	struct dt_info *info = s->info;

	if (depth == 0) {
		if (is(name, "compatible") && len > 0) {
			info->compatible = value;
			info->compatible_len = len;
		} else if (is(name, "model") && len > 0 && ((const char *)value)[len - 1] == '\0') {
			info->model = value;
		}
	} else if (depth == 1 && is(s->f[1].name, "chosen")) {
		if ((is(name, "stdout-path") ||
		     (is(name, "linux,stdout-path") && !s->stdout_value)) &&
		    len > 1 && ((const char *)value)[len - 1] == '\0') {
			s->stdout_value = value;
			s->stdout_len = len - 1;
		}
	} else if (depth == 1 && is(s->f[1].name, "aliases")) {
		if (s->alias_count < MAX_ALIASES && len > 1 &&
		    ((const char *)value)[len - 1] == '\0')
			s->aliases[s->alias_count++] = (struct alias){name, value, len - 1};
	}
}

/* A property any node may have. */
static void frame_prop(struct scan *s, unsigned int depth, const char *name, const void *value,
		       uint32_t len)
{
	struct frame *f = &s->f[depth];

	if (is(name, "#address-cells") && len == 4)
		f->addr_cells = fdt_cell(value, 0);
	else if (is(name, "#size-cells") && len == 4)
		f->size_cells = fdt_cell(value, 0);
	else if (is(name, "ranges"))
		f->ranges_identity = len == 0;
	else if (is(name, "status"))
		f->disabled = !fdt_stringlist_contains(value, len, "okay") &&
			      !fdt_stringlist_contains(value, len, "ok");
	else if (is(name, "device_type")) {
		f->memory = fdt_stringlist_contains(value, len, "memory");
		f->cpu = fdt_stringlist_contains(value, len, "cpu");
	} else if (is(name, "compatible"))
		compatible(f, value, len);
	else if (is(name, "method"))
		f->method_smc = fdt_stringlist_contains(value, len, "smc");
	else if (is(name, "enable-method"))
		f->enable_psci = fdt_stringlist_contains(value, len, "psci");
	else if (is(name, "arm,psci-suspend-param") && len == 4) {
		f->has_param = true;
		f->param = fdt_cell(value, 0);
	}
	if (depth > 0 && is(name, "reg")) {
		const struct frame *parent = &s->f[depth - 1];

		read_reg(f, parent, value, len);
		if ((parent->addr_cells == 1 || parent->addr_cells == 2) &&
		    len == 4 * parent->addr_cells) {
			unsigned int i = 0;

			f->cpu_reg = read_cells(value, &i, parent->addr_cells);
		}
	}
}

/* The end of a node in the first walk: keep what it told. */
static void node_end(struct scan *s, unsigned int depth)
{
	struct dt_info *info = s->info;
	const struct frame *f = &s->f[depth];
	bool in_cpus = depth == 2 && is(s->f[1].name, "cpus");

	if (depth == 1 && f->psci) {
		info->psci_node = true;
		info->psci_1_0 = f->psci_1_0;
		info->psci_method_smc = f->method_smc;
	}
	if (depth == 1 && f->memory && f->reg_pairs > 0 && info->mem_size == 0) {
		info->mem_base = f->reg[0];
		info->mem_size = f->reg[1];
	}
	if (f->gic && f->reg_pairs == 2 && info->gic_version == 0 && reachable(s, depth)) {
		info->gic_version = f->gic;
		info->gic_dist = f->reg[0];
		info->gic_cpu = f->reg[2];
	}
	if (in_cpus && f->cpu) {
		if (info->cpus < NS_MAX_CPUS)
			info->mpidr[info->cpus] = f->cpu_reg;
		info->cpus++;
		if (f->enable_psci)
			info->cpus_psci++;
	}
	if (f->idle_state && f->has_param && !f->disabled) {
		if (info->idle_states < DT_MAX_IDLE_STATES)
			info->idle_param[info->idle_states] = f->param;
		info->idle_states++;
	}
	if (f->pl011 && !f->disabled && f->reg_pairs > 0 && !s->fallback && reachable(s, depth)) {
		s->fallback = true;
		s->fallback_base = f->reg[0];
	}
}

static int walk1(void *ctx, enum fdt_event ev, unsigned int depth, const char *name,
		 const void *value, uint32_t len)
{
	struct scan *s = ctx;

	if (depth >= MAX_DEPTH)
		return -1;
	if (ev == FDT_NODE_BEGIN) {
		node_begin(s, depth, name);
	} else if (ev == FDT_PROP) {
		special_prop(s, depth, name, value, len);
		frame_prop(s, depth, name, value, len);
	} else {
		node_end(s, depth);
	}
	return 0;
}

/* Second walk: only the node the console path names. */
static int walk2(void *ctx, enum fdt_event ev, unsigned int depth, const char *name,
		 const void *value, uint32_t len)
{
	struct scan *s = ctx;
	const struct frame *f;

	if (depth >= MAX_DEPTH)
		return -1;
	f = &s->f[depth];
	if (ev == FDT_NODE_BEGIN) {
		node_begin(s, depth, name);
	} else if (ev == FDT_PROP) {
		frame_prop(s, depth, name, value, len);
	} else if (!s->found && path_is(s, depth, s->want, s->want_len)) {
		s->found = true;
		s->found_usable =
		    f->pl011 && !f->disabled && f->reg_pairs > 0 && reachable(s, depth);
		s->found_base = f->reg[0];
	}
	return 0;
}

/* The path /chosen's stdout-path names (an alias resolved), without its options. */
static bool console_path(struct scan *s)
{
	const char *v = s->stdout_value;
	uint32_t len = 0;

	if (!v)
		return false;
	while (len < s->stdout_len && v[len] != ':')
		len++;
	if (len > 0 && v[0] == '/') {
		s->want = v;
		s->want_len = len;
		return true;
	}
	for (unsigned int i = 0; i < s->alias_count; i++) {
		const struct alias *a = &s->aliases[i];

		if (strlen(a->name) == len && memcmp(a->name, v, len) == 0 && a->path[0] == '/') {
			s->want = a->path;
			s->want_len = a->len;
			return true;
		}
	}
	return false;
}

static void choose_console(uintptr_t addr, struct scan *s)
{
	struct dt_info *info = s->info;

	info->stdout_path = s->stdout_value;
	if (console_path(s) && fdt_walk(addr, walk2, s) == 0 && s->found_usable) {
		info->uart_base = s->found_base;
		info->uart_source = "/chosen stdout-path";
		return;
	}
	if (s->fallback) {
		info->uart_base = s->fallback_base;
		info->uart_source = s->stdout_value
					? "first arm,pl011 node (stdout-path names no usable PL011)"
					: "first arm,pl011 node (no stdout-path)";
		return;
	}
	info->uart_source = "none: no usable arm,pl011 node";
}

void dt_scan(uintptr_t addr, struct dt_info *info)
{
	static struct scan s; /* large for a stack; the scan runs on CPU 0 only */

	memset(info, 0, sizeof(*info));
	memset(&s, 0, sizeof(s));
	s.info = info;
	info->error = fdt_check_header(addr);
	if (info->error)
		return;
	info->size = fdt_total_size(addr);
	if (fdt_walk(addr, walk1, &s) != 0) {
		info->error = "malformed structure block";
		return;
	}
	choose_console(addr, &s);
}

bool dt_root_compatible(const struct dt_info *info, const char *s)
{
	return info->compatible &&
	       fdt_stringlist_contains(info->compatible, info->compatible_len, s);
}
