/*
 * QEMU virt DTB: the changes the normal world needs once we, not QEMU, provide PSCI.
 *
 * QEMU adds no /psci node when firmware runs at EL3 (secure=on), and its cpu nodes carry
 * enable-method "psci" only with more than one CPU. Without secure=on it adds a /psci node
 * for its own emulation (with PSCI 0.1 function IDs); either way we replace it.
 *
 * No /reserved-memory entry is needed: our code and data live in secure flash and secure
 * SRAM, which QEMU describes only as secure-only nodes (status "disabled"), outside the
 * normal-world memory node (the host test checks this against QEMU's DTBs).
 *
 * Every libfdt call that adds or removes data may move the nodes after it, so nodes are
 * looked up again by path after each structural change.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "virt_fdt_internal.h"

/* Deletes the node at path if it exists. */
static int del_node(void *fdt, const char *path)
{
	int node = fdt_path_offset(fdt, path);

	if (node == -FDT_ERR_NOTFOUND)
		return 0;
	if (node < 0)
		return virt_fdt_err(node);
	return virt_fdt_err(fdt_del_node(fdt, node));
}

/* Offset of /name, created empty if missing. */
static int root_child(void *fdt, const char *name)
{
	int node = fdt_subnode_offset(fdt, 0, name);

	if (node == -FDT_ERR_NOTFOUND)
		node = fdt_add_subnode(fdt, 0, name);
	return node;
}

static int patch_psci(void *fdt)
{
	/* A string list: both strings with their terminating NULs. */
	static const char compatible[] = "arm,psci-1.0\0arm,psci-0.2";
	int node, err;

	err = del_node(fdt, "/psci");
	if (err)
		return err;
	node = fdt_add_subnode(fdt, 0, "psci");
	if (node < 0)
		return virt_fdt_err(node);
	err = fdt_setprop(fdt, node, "compatible", compatible, sizeof(compatible));
	if (!err)
		err = fdt_setprop_string(fdt, node, "method", "smc");
	return virt_fdt_err(err);
}

static int add_idle_state(void *fdt, int parent, const struct virt_idle_state *s, uint32_t *phandle)
{
	int node = fdt_add_subnode(fdt, parent, s->name);
	int err;

	if (node < 0)
		return node;
	err = fdt_generate_phandle(fdt, phandle);
	if (!err)
		err = fdt_setprop_string(fdt, node, "compatible", "arm,idle-state");
	if (!err)
		err = fdt_setprop_u32(fdt, node, "arm,psci-suspend-param", s->psci_suspend_param);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "entry-latency-us", s->entry_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "exit-latency-us", s->exit_latency_us);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "min-residency-us", s->min_residency_us);
	if (!err && s->local_timer_stop)
		err = fdt_setprop_empty(fdt, node, "local-timer-stop");
	if (!err)
		err = fdt_setprop_u32(fdt, node, "phandle", *phandle);
	return err;
}

/* Recreates /cpus/idle-states; phandles[i] receives the phandle of state i. */
static int patch_idle_states(void *fdt, const struct virt_fdt_patch_params *p, fdt32_t *phandles)
{
	int parent, err;

	err = del_node(fdt, "/cpus/idle-states");
	if (err)
		return err;
	parent = fdt_path_offset(fdt, "/cpus");
	if (parent < 0)
		return virt_fdt_err(parent);
	parent = fdt_add_subnode(fdt, parent, "idle-states");
	if (parent < 0)
		return virt_fdt_err(parent);
	/* Required on arm64 by the idle-states binding. */
	err = fdt_setprop_string(fdt, parent, "entry-method", "psci");
	/* A new node becomes its parent's first child: add the last first to keep p's order. */
	for (size_t i = p->idle_state_count; !err && i-- > 0;) {
		uint32_t phandle = 0;

		err = add_idle_state(fdt, parent, &p->idle_states[i], &phandle);
		phandles[i] = cpu_to_fdt32(phandle);
	}
	return virt_fdt_err(err);
}

/* enable-method "psci" and, when there are idle states, cpu-idle-states on every cpu. */
static int patch_cpus(void *fdt, const fdt32_t *phandles, size_t count)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, err = 0;

	if (cpus < 0)
		return virt_fdt_err(cpus);
	/* Setting properties of a node moves only what follows it: node stays valid. */
	fdt_for_each_subnode(node, fdt, cpus)
	{
		if (!virt_fdt_prop_is(fdt, node, "device_type", "cpu"))
			continue;
		err = fdt_setprop_string(fdt, node, "enable-method", "psci");
		if (!err && count)
			err = fdt_setprop(fdt, node, "cpu-idle-states", phandles,
					  (int)(count * sizeof(*phandles)));
		if (err)
			return virt_fdt_err(err);
	}
	return node == -FDT_ERR_NOTFOUND ? 0 : virt_fdt_err(node);
}

static int patch_chosen(void *fdt, const struct virt_fdt_patch_params *p)
{
	bool initrd = p->initrd_end > p->initrd_start;
	int node, err = 0;

	if (p->bootargs == NULL && !initrd)
		return 0;
	node = root_child(fdt, "chosen");
	if (node < 0)
		return virt_fdt_err(node);
	if (p->bootargs != NULL)
		err = fdt_setprop_string(fdt, node, "bootargs", p->bootargs);
	if (!err && initrd)
		err = fdt_setprop_u64(fdt, node, "linux,initrd-start", p->initrd_start);
	if (!err && initrd)
		err = fdt_setprop_u64(fdt, node, "linux,initrd-end", p->initrd_end);
	return virt_fdt_err(err);
}

static int check_params(const struct virt_fdt_patch_params *p)
{
	if (p->idle_state_count > VIRT_FDT_MAX_IDLE_STATES)
		return VIRT_FDT_EINVAL;
	if (p->idle_state_count && p->idle_states == NULL)
		return VIRT_FDT_EINVAL;
	for (size_t i = 0; i < p->idle_state_count; i++) {
		const char *name = p->idle_states[i].name;

		if (name == NULL || name[0] == '\0' || strchr(name, '/') != NULL)
			return VIRT_FDT_EINVAL;
	}
	if (p->initrd_end < p->initrd_start)
		return VIRT_FDT_EINVAL;
	return 0;
}

int virt_fdt_patch(void *fdt, size_t buf_size, const struct virt_fdt_patch_params *p)
{
	fdt32_t phandles[VIRT_FDT_MAX_IDLE_STATES] = {0};
	int err;

	if (p == NULL || buf_size > INT_MAX)
		return VIRT_FDT_EINVAL;
	err = check_params(p);
	if (!err)
		err = virt_fdt_check(fdt, buf_size);
	if (!err)
		err = virt_fdt_err(fdt_open_into(fdt, fdt, (int)buf_size));
	if (!err)
		err = patch_psci(fdt);
	if (!err && p->idle_state_count)
		err = patch_idle_states(fdt, p, phandles);
	if (!err)
		err = patch_cpus(fdt, phandles, p->idle_state_count);
	if (!err)
		err = patch_chosen(fdt, p);
	/* /secure-chosen holds the secure world's seeds: the normal world must not read them. */
	if (!err && !p->keep_secure_chosen)
		err = del_node(fdt, "/secure-chosen");
	return err;
}
