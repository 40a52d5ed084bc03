/*
 * QEMU virt DTB reader and copier: the state of the one walk over QEMU's tree
 * (virt_dt_*.c only).
 *
 * virt_dt_parse() reads the structure block once with libfdt: fdt_next_tag() from tag to
 * tag (it checks each tag, name and value against the blocks), the property header at
 * each FDT_PROP tag, fdt_get_string() once per property name. Nothing is looked up by
 * path or phandle, which would walk the tree again. While a node is open the walk keeps
 * the properties it cares about in struct dt_node; properties come before subnodes, so a
 * node is complete, and handed to node_done(), at its first subnode or its end. What
 * refers to another node (a stdout-path, a clocks or gpios phandle, a cpu-map entry) is
 * noted and resolved after the walk.
 *
 * When it copies (virt_dt_patch.c), the walk hands every node and property to the copy as
 * it goes, which writes them with libfdt's sequential-write API.
 */
#ifndef QEMU_VIRT_DT_INTERNAL_H
#define QEMU_VIRT_DT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "virt_dt.h"

/* A property's value in the tree; p is NULL when the node has no such property. */
struct dt_val {
	const void *p; /* 4-byte aligned in the tree (checked 8-byte aligned) */
	int len;       /* bytes */
};

/* Compatible strings the port looks for (dt_node.compat bits). */
enum dt_compat {
	DT_GICV3 = 1u << 0,	    /* "arm,gic-v3" */
	DT_GICV2 = 1u << 1,	    /* "arm,cortex-a15-gic" */
	DT_PL011 = 1u << 2,	    /* "arm,pl011" */
	DT_PL061 = 1u << 3,	    /* "arm,pl061" */
	DT_FW_CFG = 1u << 4,	    /* "qemu,fw-cfg-mmio" */
	DT_GPIO_POWEROFF = 1u << 5, /* "gpio-poweroff" */
	DT_GPIO_RESTART = 1u << 6,  /* "gpio-restart" */
};

/*
 * The properties the reader and the copy look at, as X(id, name): the one list that both
 * enum dt_prop and the names prop_id() matches (virt_dt_parse.c) are made from.
 */
#define DT_PROPS(X)                                                                                \
	X(P_COMPATIBLE, "compatible")                                                              \
	X(P_DEVICE_TYPE, "device_type")                                                            \
	X(P_STATUS, "status")                                                                      \
	X(P_SECURE_STATUS, "secure-status")                                                        \
	X(P_REG, "reg")                                                                            \
	X(P_PHANDLE, "phandle")                                                                    \
	X(P_LINUX_PHANDLE, "linux,phandle")                                                        \
	X(P_CLOCKS, "clocks")                                                                      \
	X(P_CLOCK_FREQUENCY, "clock-frequency")                                                    \
	X(P_GPIOS, "gpios")                                                                        \
	X(P_REDISTRIBUTOR_REGIONS, "#redistributor-regions")                                       \
	X(P_ADDRESS_CELLS, "#address-cells")                                                       \
	X(P_SIZE_CELLS, "#size-cells")                                                             \
	X(P_STDOUT_PATH, "stdout-path")                                                            \
	X(P_KASLR_SEED, "kaslr-seed")                                                              \
	X(P_RNG_SEED, "rng-seed")                                                                  \
	X(P_CPU, "cpu")                                                                            \
	X(P_ENABLE_METHOD, "enable-method")                                                        \
	X(P_CPU_IDLE_STATES, "cpu-idle-states")

/* clang-format would take the list's expansion for an expression that goes on. */
/* clang-format off */
enum dt_prop {
#define DT_PROP_ID(id, name) id,
	DT_PROPS(DT_PROP_ID)
#undef DT_PROP_ID
	DT_NPROPS,
	DT_OTHER = 0xff, /* any other property */
};
/* clang-format on */

/* The open node: where it is, and the properties of it the reader uses. */
struct dt_node {
	int offset;	  /* of its FDT_BEGIN_NODE tag */
	int depth;	  /* 0: the root */
	const char *name; /* with any unit address ("" for the root) */
	uint32_t have;	  /* bit (1 << dt_prop) set: v[dt_prop] holds the property */
	struct dt_val v[DT_NPROPS];
};

/* Property id of the node, absent (p NULL) unless the node has it. */
static inline struct dt_val dt_prop(const struct dt_node *n, enum dt_prop id)
{
	return n->have & (1u << id) ? n->v[id] : (struct dt_val){NULL, 0};
}

/* Which world may use a node, by its status and secure-status properties. */
enum dt_world {
	DT_NS,		/* status okay: the normal world may use it */
	DT_SECURE_ONLY, /* status not okay, secure-status okay: the secure world only */
};

/* Most PL011s, clocks and gpio-poweroff/-restart nodes the walk notes for later. */
#define DT_MAX_UARTS  4
#define DT_MAX_CLOCKS 4
#define DT_MAX_GPIOS  4

/* A PL011 at the root, for the stdout-path of /chosen or /secure-chosen. */
struct dt_uart {
	const char *name;     /* node name */
	struct dt_val reg;    /* its reg */
	struct dt_val clocks; /* its clocks */
	bool ns, secure_only; /* usable by the normal world / by the secure world only */
};

/* A secure gpio-poweroff or gpio-restart node: which controller and pin it drives. */
struct dt_gpio {
	uint32_t controller; /* phandle */
	uint32_t pin;
};

/* A cpu-map entry: a core's cpu phandle and the offset of its "cluster*" ancestor. */
struct dt_map_entry {
	uint32_t phandle;
	uint32_t cluster;
};

/* Deepest cpu-map node accepted (socket, cluster, nested cluster, core, thread and spare). */
#define DT_CPU_MAP_MAX_DEPTH 8

/* Property names remembered by their offset in the strings block (QEMU's: 481 bytes). */
#define DT_NAME_CACHE 512

/* What happens to the subtree the walk is in, in the copy. */
enum dt_skip {
	DT_COPY,  /* copied */
	DT_DROP,  /* left out: /psci, /secure-chosen, /cpus/idle-states */
	DT_LATER, /* copied by virt_dt_patch(): /chosen */
};

/* Everything the walk keeps; hw is filled as the nodes are read. */
struct dt_walk {
	const void *fdt;
	struct virt_hw *hw;
	struct dt_node node;		/* the open node */
	bool node_open;			/* node still collects properties */
	uint8_t name_id[DT_NAME_CACHE]; /* by name offset: dt_prop + 1, or DT_OTHER; 0: unknown */
	int root_ac, root_sc;		/* root's #address-cells / #size-cells; -1: malformed */

	int mem_err; /* first error in a memory node (doc order), 0 if none */

	/* /cpus and its cpu nodes. */
	int cpus;	   /* offset of /cpus (the first one); 0: none */
	int cpus_depth;	   /* 1 while inside it, else 0 */
	int cpus_ac;	   /* its #address-cells */
	int cpus_err;	   /* first error in /cpus or a cpu node, 0 if none */
	bool mpidr_rising; /* MPIDRs so far strictly increasing: no duplicate possible */
	int map_depth;	   /* depth of /cpus/cpu-map while inside it, else 0 */
	bool map_seen;	   /* a cpu-map was found */
	bool map_unusable; /* the cpu-map cannot give every CPU its cluster */
	unsigned int map_count;
	int cluster_at[DT_CPU_MAP_MAX_DEPTH + 1]; /* "cluster*" node offset by relative depth */
	struct dt_map_entry map[SECMON_IMAGE_MAX_CPUS];
	uint32_t cpu_phandle[SECMON_IMAGE_MAX_CPUS]; /* of hw->cpu[i]'s node; 0 if none */

	/* Root devices, the first usable one of each kind (offset 0: none). */
	int gicv3, gicv2, pl061, fw_cfg;
	struct dt_val gicv3_reg, gicv3_regions, gicv2_reg, pl061_reg, fw_cfg_reg;
	uint32_t pl061_phandle;
	struct dt_uart uart[DT_MAX_UARTS]; /* PL011s at the root, in order (stdout-path) */
	unsigned int uart_count;
	struct dt_uart first_uart[2]; /* the first usable one per dt_world (name NULL: none) */

	/* /chosen, /secure-chosen, /aliases (offset 0: none). */
	int chosen, secure_chosen, aliases;
	struct dt_val chosen_stdout, secure_stdout, kaslr_seed, rng_seed;

	/* Nodes found by phandle after the walk. */
	struct {
		uint32_t phandle;
		struct dt_val frequency;
	} clock[DT_MAX_CLOCKS];
	unsigned int clock_count;
	struct dt_gpio poweroff[DT_MAX_GPIOS], restart[DT_MAX_GPIOS];
	unsigned int poweroff_count, restart_count;

	/* The copy (virt_dt_patch.c), when one is made. */
	const struct virt_dt_patch_params *p;
	struct virt_dt_copy *copy; /* NULL: reading only */
	enum dt_skip skip;	   /* the subtree the walk is in */
	int skip_depth;		   /* depth of its root, when skip != DT_COPY */
	struct dt_val deferred[2]; /* a /cpus child's enable-method, cpu-idle-states */
};

/* Big-endian cell i of a property value. */
static inline uint32_t dt_cell(struct dt_val v, int i)
{
	return __builtin_bswap32(((const uint32_t *)v.p)[i]);
}

/* 0 when fdt holds a DTB of version 17+ within buf_size bytes, else VIRT_DT_EBADFDT. */
int dt_check_header(const void *fdt, size_t buf_size);

/* True when name (len bytes) names the node: exactly, or without its "@unit". */
bool dt_name_is(const char *node_name, const char *name, size_t len);

/* True when the value is exactly the n bytes at s (a string with its NUL). */
static inline bool dt_is_bytes(struct dt_val v, const char *s, int n)
{
	return v.p != NULL && v.len == n && __builtin_memcmp(v.p, s, (size_t)n) == 0;
}

/* True when the value is exactly the string literal s (with its NUL). */
#define dt_is_string(v, s) dt_is_bytes((v), "" s, (int)sizeof(s))

/* True when the node is usable by world according to its status / secure-status. */
bool dt_usable(const struct dt_node *n, enum dt_world world);

/*
 * #address-cells or #size-cells from its value: def when absent, -1 when not one cell
 * or above 4.
 */
int dt_cells(struct dt_val v, int def);

/* The node's phandle ("phandle", else "linux,phandle"), or 0. */
uint32_t dt_phandle(const struct dt_node *n);

/* virt_dt_cpus.c: a node begins at depth inside /cpus. */
void dt_cpus_begin(struct dt_walk *w, int offset, int depth, const char *name);

/* virt_dt_cpus.c: the open node inside /cpus (a cpu or a cpu-map node), when complete. */
void dt_cpus_node(struct dt_walk *w);

/* virt_dt_cpus.c: after the walk: the CPU count, errors, clusters. */
int dt_cpus_finish(struct dt_walk *w);

/* True when the open node is a cpu node (a child of /cpus of device_type "cpu"). */
bool dt_is_cpu(const struct dt_walk *w);

/* Whether the copy replaces QEMU's idle states (its own, or none without PSCI). */
static inline bool dt_replaces_idle_states(const struct virt_dt_patch_params *p)
{
	return p->idle_state_count != 0 || p->no_psci;
}

/* virt_dt_patch.c: the copy, before the walk. */
int dt_copy_start(struct dt_walk *w, void *fdt, size_t buf_size);

/* virt_dt_patch.c: a node begins (its name known; the walk has decided w->skip). */
void dt_copy_begin(struct dt_walk *w, const char *name);

/* virt_dt_patch.c: a property of the open node, id as name_id() gave it. */
void dt_copy_prop(struct dt_walk *w, int id, const char *name, const void *val, int len);

/* virt_dt_patch.c: the open node's properties are all read (first subnode or end). */
void dt_copy_props_done(struct dt_walk *w, uint32_t phandle);

/* virt_dt_patch.c: the node at depth ends (not the root). */
void dt_copy_end(struct dt_walk *w, int depth);

/* virt_dt_patch.c: after the walk: the idle states' phandles. */
int dt_copy_finish_walk(struct dt_walk *w);

#endif
