/*
 * QEMU virt DTB: the changes the normal world needs once we, not QEMU, provide PSCI, made
 * in place with libfdt's read-write functions.
 *
 * QEMU adds no /psci node when firmware runs at EL3 (secure=on), and its cpu nodes carry
 * enable-method "psci" only with more than one CPU. Without secure=on it adds a /psci node
 * for its own emulation (with PSCI 0.1 function IDs); either way we replace it.
 *
 * No /reserved-memory entry is needed: our code and data live in secure flash and secure
 * SRAM, which QEMU describes only as secure-only nodes (status "disabled"), outside the
 * normal-world memory node (the host test checks this against QEMU's DTBs).
 *
 * Cost. Every libfdt insertion or deletion moves the rest of the tree, and every new
 * property searches the strings block for its name. So nothing is looked up by path: the
 * nodes come from virt_dt_parse()'s walk (struct virt_dt_nodes), and they are edited from
 * the last one in the tree to the first, so that an edit never moves a node still to be
 * edited. The two new subtrees go in last: /cpus/idle-states as the first child of /cpus,
 * /psci as the first child of the root (libfdt puts a new node first among its siblings).
 * The room every addition needs is checked before anything changes (patch_room()).
 */
#include <libfdt.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

#include "virt_dt_internal.h"

/* Our PSCI node's compatible: a string list, both strings with their NULs. */
static const char psci_compatible[] = "arm,psci-1.0\0arm,psci-0.2";

/* Bytes of a property with a value of len bytes, and of an empty node of namelen. */
#define TAG_ALIGN(n)	   (((n) + FDT_TAGSIZE - 1) & ~(size_t)(FDT_TAGSIZE - 1))
#define PROP_SIZE(len)	   (sizeof(struct fdt_property) + TAG_ALIGN(len))
#define NODE_SIZE(namelen) (sizeof(struct fdt_node_header) + TAG_ALIGN((namelen) + 1) + FDT_TAGSIZE)

/* Property names the patch may add: the strings block may grow by all of them. */
static const char *const added_names[] = {
    "compatible",	  "method",	      "enable-method",
    "cpu-idle-states",	  "entry-method",     "arm,psci-suspend-param",
    "entry-latency-us",	  "exit-latency-us",  "min-residency-us",
    "local-timer-stop",	  "phandle",	      "bootargs",
    "linux,initrd-start", "linux,initrd-end",
};

/* A libfdt error as ours. */
SECMON_COLD_BOOT static int fdt_error(int err)
{
	if (err >= 0)
		return 0;
	return err == -FDT_ERR_NOSPACE ? VIRT_DT_ENOSPACE : VIRT_DT_EBADFDT;
}

SECMON_COLD_BOOT static bool initrd(const struct virt_dt_patch_params *p)
{
	return p->initrd_end > p->initrd_start;
}

/*
 * The most the patch can add to the tree, deletions and replaced properties not counted:
 * with this much room after the tree no libfdt call can run out of space half-way.
 */
SECMON_COLD_BOOT static size_t patch_room(const struct virt_dt_patch_params *p, unsigned int cpus)
{
	size_t room = NODE_SIZE(4) + PROP_SIZE(sizeof(psci_compatible)) + PROP_SIZE(4);

	room += cpus * (PROP_SIZE(5) + PROP_SIZE(4 * p->idle_state_count));
	if (p->idle_state_count)
		room += NODE_SIZE(11) + PROP_SIZE(5);
	for (size_t i = 0; i < p->idle_state_count; i++)
		room += NODE_SIZE(strlen(p->idle_states[i].name)) + PROP_SIZE(15) +
			5 * PROP_SIZE(4) + PROP_SIZE(0);
	room += NODE_SIZE(6); /* /chosen, if there is none */
	if (p->bootargs != NULL)
		room += PROP_SIZE(strlen(p->bootargs) + 1);
	if (initrd(p))
		room += 2 * PROP_SIZE(8);
	for (size_t i = 0; i < sizeof(added_names) / sizeof(added_names[0]); i++)
		room += strlen(added_names[i]) + 1;
	return room;
}

/* /chosen's properties from the parameters. */
SECMON_COLD_BOOT static int patch_chosen(void *fdt, int node, const struct virt_dt_patch_params *p)
{
	int err = 0;

	if (initrd(p)) {
		err = fdt_setprop_u64(fdt, node, "linux,initrd-end", p->initrd_end);
		if (!err)
			err = fdt_setprop_u64(fdt, node, "linux,initrd-start", p->initrd_start);
	}
	if (!err && p->bootargs != NULL)
		err = fdt_setprop_string(fdt, node, "bootargs", p->bootargs);
	return fdt_error(err);
}

/*
 * One idle state under parent. libfdt adds each property first in its node: they are set
 * last to first, so that they read in the usual order.
 */
SECMON_COLD_BOOT static int add_idle_state(void *fdt, int parent, const struct virt_idle_state *s,
					   uint32_t phandle)
{
	int node = fdt_add_subnode(fdt, parent, s->name);
	int err = node < 0 ? node : 0;

	if (!err)
		err = fdt_setprop_u32(fdt, node, "phandle", phandle);
	if (!err && s->local_timer_stop)
		err = fdt_setprop_empty(fdt, node, "local-timer-stop");
	if (!err)
		err = fdt_setprop_u32(fdt, node, "min-residency-us", s->min_residency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "exit-latency-us", s->exit_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "entry-latency-us", s->entry_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "arm,psci-suspend-param", s->psci_suspend_param);
	if (!err)
		err = fdt_setprop_string(fdt, node, "compatible", "arm,idle-state");
	return err;
}

/* /cpus/idle-states, first under /cpus; a new node goes first, so the last state first. */
SECMON_COLD_BOOT static int add_idle_states(void *fdt, int cpus,
					    const struct virt_dt_patch_params *p, uint32_t phandle)
{
	int node = fdt_add_subnode(fdt, cpus, "idle-states");
	int err = node < 0 ? node : 0;

	for (size_t i = p->idle_state_count; !err && i-- > 0;)
		err = add_idle_state(fdt, node, &p->idle_states[i], phandle + (uint32_t)i);
	/* Required on arm64 by the idle-states binding. */
	if (!err)
		err = fdt_setprop_string(fdt, node, "entry-method", "psci");
	return fdt_error(err);
}

/*
 * Every cpu node, the last first: enable-method "psci" and the idle states. The old
 * /cpus/idle-states goes when the walk back passes it.
 */
SECMON_COLD_BOOT static int patch_cpus(void *fdt, const struct virt_dt_nodes *nodes,
				       const struct virt_dt_patch_params *p, uint32_t phandle)
{
	size_t count = p->idle_state_count;
	fdt32_t states[VIRT_DT_MAX_IDLE_STATES];
	int old_states = count ? nodes->idle_states : 0;
	int err = 0;

	for (size_t i = 0; i < count; i++)
		states[i] = cpu_to_fdt32(phandle + (uint32_t)i);
	for (unsigned int i = nodes->cpu_count; !err && i-- > 0;) {
		int node = nodes->cpu[i];

		if (old_states > node) {
			err = fdt_del_node(fdt, old_states);
			old_states = 0;
		}
		if (!err && count)
			err = fdt_setprop(fdt, node, "cpu-idle-states", states,
					  (int)(count * sizeof(states[0])));
		if (!err)
			err = fdt_setprop_string(fdt, node, "enable-method", "psci");
	}
	if (!err && old_states)
		err = fdt_del_node(fdt, old_states);
	if (err)
		return fdt_error(err);
	return count ? add_idle_states(fdt, nodes->cpus, p, phandle) : 0;
}

/* Our PSCI node's properties, set on node (empty, or emptied by make_psci()). */
SECMON_COLD_BOOT static int psci_props(void *fdt, int node)
{
	int err = fdt_setprop_string(fdt, node, "method", "smc");

	if (!err)
		err =
		    fdt_setprop(fdt, node, "compatible", psci_compatible, sizeof(psci_compatible));
	return fdt_error(err);
}

/*
 * Turns a node at the root into our /psci: QEMU's own /psci (its PSCI 0.1 function IDs
 * go), or /secure-chosen (renamed; its seeds go). libfdt adds a node only after looking
 * for its name through the whole subtree of the parent, which at the root is the whole
 * tree: reusing a node that must change or go anyway costs far less.
 */
SECMON_COLD_BOOT static int make_psci(void *fdt, int node, bool rename)
{
	int err = rename ? fdt_set_name(fdt, node, "psci") : 0;
	int prop;

	while (!err && (prop = fdt_first_property_offset(fdt, node)) >= 0) {
		const char *name;

		if (fdt_getprop_by_offset(fdt, prop, &name, NULL) == NULL)
			return VIRT_DT_EBADFDT;
		err = fdt_delprop(fdt, node, name);
	}
	return err ? fdt_error(err) : psci_props(fdt, node);
}

/* A new /psci, first under the root: only when there is no node to reuse. */
SECMON_COLD_BOOT static int add_psci(void *fdt)
{
	int node = fdt_add_subnode(fdt, 0, "psci");

	return node < 0 ? fdt_error(node) : psci_props(fdt, node);
}

SECMON_COLD_BOOT static int check_params(const struct virt_dt_patch_params *p)
{
	if (p->idle_state_count > VIRT_DT_MAX_IDLE_STATES)
		return VIRT_DT_EINVAL;
	if (p->idle_state_count && p->idle_states == NULL)
		return VIRT_DT_EINVAL;
	for (size_t i = 0; i < p->idle_state_count; i++) {
		const char *name = p->idle_states[i].name;

		if (name == NULL || name[0] == '\0' || strchr(name, '/') != NULL)
			return VIRT_DT_EINVAL;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(name, p->idle_states[j].name) == 0)
				return VIRT_DT_EINVAL;
		}
	}
	if (p->initrd_end < p->initrd_start)
		return VIRT_DT_EINVAL;
	return 0;
}

/* The edits at root children, to be made from the last one in the tree to the first. */
enum site_kind {
	SITE_CHOSEN,	/* bootargs, initrd */
	SITE_DELETE,	/* /secure-chosen goes */
	SITE_TO_PSCI,	/* /psci or /secure-chosen becomes our /psci */
	SITE_CPUS,	/* cpus and idle states */
	SITE_COUNT = 4, /* each at most once */
};

struct site {
	int node; /* offset of the root child */
	enum site_kind kind;
};

SECMON_COLD_BOOT static int edit_site(void *fdt, struct site site,
				      const struct virt_dt_nodes *nodes,
				      const struct virt_dt_patch_params *p)
{
	switch (site.kind) {
	case SITE_CHOSEN:
		return patch_chosen(fdt, site.node, p);
	case SITE_DELETE:
		return fdt_error(fdt_del_node(fdt, site.node));
	case SITE_TO_PSCI:
		return make_psci(fdt, site.node, site.node != nodes->psci);
	default:
		return patch_cpus(fdt, nodes, p, nodes->max_phandle + 1);
	}
}

/* The edits to make, sorted by falling offset; returns how many. */
SECMON_COLD_BOOT static unsigned int plan(const struct virt_dt_nodes *nodes,
					  const struct virt_dt_patch_params *p,
					  struct site site[SITE_COUNT])
{
	int drop = p->keep_secure_chosen ? 0 : nodes->secure_chosen;
	unsigned int n = 0;

	if (nodes->chosen && (p->bootargs != NULL || initrd(p)))
		site[n++] = (struct site){nodes->chosen, SITE_CHOSEN};
	if (nodes->psci) {
		site[n++] = (struct site){nodes->psci, SITE_TO_PSCI};
		if (drop)
			site[n++] = (struct site){drop, SITE_DELETE};
	} else if (drop) {
		site[n++] = (struct site){drop, SITE_TO_PSCI};
	}
	site[n++] = (struct site){nodes->cpus, SITE_CPUS};
	for (unsigned int i = 1; i < n; i++) {
		for (unsigned int j = i; j > 0 && site[j - 1].node < site[j].node; j--) {
			struct site t = site[j];

			site[j] = site[j - 1];
			site[j - 1] = t;
		}
	}
	return n;
}

SECMON_COLD_BOOT int virt_dt_patch(void *fdt, size_t buf_size, const struct virt_dt_nodes *nodes,
				   const struct virt_dt_patch_params *p, size_t *written)
{
	struct site site[SITE_COUNT];
	unsigned int sites;
	uint32_t old_end, new_end;
	int err;

	if (p == NULL || nodes == NULL || buf_size > INT_MAX)
		return VIRT_DT_EINVAL;
	err = check_params(p);
	if (!err)
		err = dt_check_header(fdt, buf_size);
	if (err)
		return err;
	if (nodes->cpus == 0)
		return VIRT_DT_ENOTFOUND;
	if (nodes->max_phandle > 0xfffffffeu - VIRT_DT_MAX_IDLE_STATES)
		return VIRT_DT_EBADPROP;
	/* libfdt edits a tree whose blocks are in the usual order, as QEMU and dtc write them. */
	old_end = fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt);
	if (fdt_off_dt_struct(fdt) < fdt_off_mem_rsvmap(fdt) + sizeof(struct fdt_reserve_entry) ||
	    fdt_off_dt_strings(fdt) < fdt_off_dt_struct(fdt) + fdt_size_dt_struct(fdt) ||
	    old_end > fdt_totalsize(fdt))
		return VIRT_DT_EBADFDT;
	if (patch_room(p, nodes->cpu_count) > buf_size - old_end)
		return VIRT_DT_ENOSPACE;
	fdt_set_totalsize(fdt, (uint32_t)buf_size);

	sites = plan(nodes, p, site);
	for (unsigned int i = 0; !err && i < sites; i++)
		err = edit_site(fdt, site[i], nodes, p);
	if (!err && !nodes->psci && (p->keep_secure_chosen || !nodes->secure_chosen))
		err = add_psci(fdt);
	if (!err && nodes->chosen == 0 && (p->bootargs != NULL || initrd(p))) {
		int chosen = fdt_add_subnode(fdt, 0, "chosen");

		err = chosen < 0 ? fdt_error(chosen) : patch_chosen(fdt, chosen, p);
	}
	if (err)
		return err;

	/* Nothing of what the tree held past its new end may stay (/secure-chosen's seeds). */
	new_end = fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt);
	if (new_end < old_end)
		memset((char *)fdt + new_end, 0, old_end - new_end);
	if (written)
		*written = new_end > old_end ? new_end : old_end;
	return 0;
}
