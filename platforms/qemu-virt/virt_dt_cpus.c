/*
 * QEMU virt DTB reader: the CPUs (/cpus/cpu@*) and how they group into clusters, from
 * the nodes the walk of virt_dt_parse.c hands over.
 *
 * QEMU 7.2 gives CPU i the MPIDR Aff1 = i / n, Aff0 = i % n with n = 8 on GICv2 and 16
 * on GICv3, but builds /cpus/cpu-map from the -smp topology (sockets, clusters, cores),
 * so the two can disagree (-smp 16,clusters=2 on GICv3: two cpu-map clusters, one Aff1).
 * The cpu-map is what Linux sees as the topology, so it wins when it covers every CPU
 * exactly once; otherwise the MPIDR affinity fields decide.
 */
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

#include "virt_dt_internal.h"

/*
 * While clusters are being found, cpu[].cluster holds a key (cpu-map node offset or MPIDR
 * Aff3..Aff1) tagged with bit 31, or CLUSTER_NONE; number_clusters() turns the keys into
 * indices. Offsets are below 2^31, so a tagged key is never NONE.
 */
#define CLUSTER_KEY_TAG 0x80000000u
#define CLUSTER_NONE	0xffffffffu

SECMON_COLD_BOOT void dt_cpus_begin(struct dt_walk *w, int offset, int depth, const char *name)
{
	int rel;

	if (depth == w->cpus_depth + 1 && w->p != NULL && dt_replaces_idle_states(w->p) &&
	    w->skip == DT_COPY && dt_name_is(name, "idle-states", 11)) {
		/* Replaced by the copy's own, or gone with PSCI. */
		w->skip = DT_DROP;
		w->skip_depth = depth;
	}
	if (depth == w->cpus_depth + 1 && !w->map_seen && dt_name_is(name, "cpu-map", 7)) {
		w->map_seen = true;
		w->map_depth = depth;
		w->cluster_at[0] = 0; /* none: no cluster node has offset 0 */
		return;
	}
	if (w->map_depth == 0 || depth <= w->map_depth)
		return;
	rel = depth - w->map_depth;
	if (rel > DT_CPU_MAP_MAX_DEPTH) {
		w->map_unusable = true;
		return;
	}
	w->cluster_at[rel] = strncmp(name, "cluster", 7) == 0 ? offset : w->cluster_at[rel - 1];
}

/* A cpu-map node that names a CPU: noted with its cluster, resolved by dt_cpus_finish(). */
SECMON_COLD_BOOT static void map_node(struct dt_walk *w, const struct dt_node *n)
{
	uint32_t phandle;
	int cluster;

	struct dt_val cpu = dt_prop(n, P_CPU);

	if (cpu.p == NULL || w->map_unusable)
		return; /* socket, cluster, a core with threads; or already unusable */
	phandle = cpu.len == 4 ? dt_cell(cpu, 0) : 0;
	cluster = w->cluster_at[n->depth - w->map_depth];
	if (phandle == 0 || cluster == 0 || w->map_count == SECMON_IMAGE_MAX_CPUS) {
		/* No CPU, no cluster above it, or more entries than CPUs this build holds. */
		w->map_unusable = true;
		return;
	}
	w->map[w->map_count].phandle = phandle;
	w->map[w->map_count++].cluster = (uint32_t)cluster;
}

/* A cpu node: its MPIDR from reg (/cpus's #address-cells), distinct from every other. */
SECMON_COLD_BOOT static int cpu_node(struct dt_walk *w, const struct dt_node *n)
{
	struct virt_hw *hw = w->hw;
	struct park_power_cpu *c;
	uint64_t mpidr;

	if (hw->cpu_count == SECMON_IMAGE_MAX_CPUS)
		return VIRT_DT_ETOOMANY;
	struct dt_val reg = dt_prop(n, P_REG);

	if (reg.p == NULL || reg.len != w->cpus_ac * 4)
		return VIRT_DT_EBADPROP;
	mpidr = dt_cell(reg, 0);
	if (w->cpus_ac == 2)
		mpidr = mpidr << 32 | dt_cell(reg, 1);
	if (mpidr & ~VIRT_MPIDR_AFF_MASK)
		return VIRT_DT_EBADPROP;
	/* QEMU lists CPUs by rising MPIDR: only a tree that does not is searched. */
	if (hw->cpu_count != 0 && (!w->mpidr_rising || mpidr <= hw->cpu[hw->cpu_count - 1].mpidr)) {
		w->mpidr_rising = false;
		for (unsigned int i = 0; i < hw->cpu_count; i++) {
			if (hw->cpu[i].mpidr == mpidr)
				return VIRT_DT_EBADPROP; /* two CPUs with one MPIDR */
		}
	}
	w->cpu_phandle[hw->cpu_count] = dt_phandle(n);
	c = &hw->cpu[hw->cpu_count++];
	c->mpidr = mpidr;
	c->cluster = CLUSTER_NONE;
	return 0;
}

SECMON_COLD_BOOT void dt_cpus_node(struct dt_walk *w)
{
	const struct dt_node *n = &w->node;

	if (n->depth == w->cpus_depth) {
		/* /cpus itself: one address cell or two, no size. */
		int sc = dt_cells(dt_prop(n, P_SIZE_CELLS), 1);

		w->cpus_ac = dt_cells(dt_prop(n, P_ADDRESS_CELLS), 2);
		if (w->cpus_ac < 1 || w->cpus_ac > 2 || sc != 0)
			w->cpus_err = VIRT_DT_EBADPROP;
	} else if (w->map_depth != 0 && n->depth > w->map_depth) {
		map_node(w, n);
	} else if (w->cpus_err == 0 && dt_is_cpu(w)) {
		w->cpus_err = cpu_node(w, n);
	}
}

SECMON_COLD_BOOT bool dt_is_cpu(const struct dt_walk *w)
{
	const struct dt_node *n = &w->node;

	return w->cpus_depth != 0 && n->depth == w->cpus_depth + 1 &&
	       dt_is_string(dt_prop(n, P_DEVICE_TYPE), "cpu");
}

/* The CPU whose phandle this is: cpu-map entry i usually names CPU i. */
SECMON_COLD_BOOT static int cpu_by_phandle(const struct dt_walk *w, uint32_t phandle,
					   unsigned int hint)
{
	unsigned int n = w->hw->cpu_count;

	if (hint < n && w->cpu_phandle[hint] == phandle)
		return (int)hint;
	for (unsigned int i = 0; i < n; i++) {
		if (w->cpu_phandle[i] == phandle)
			return (int)i;
	}
	return -1;
}

/* Keys every CPU with its cpu-map cluster node; false if the cpu-map cannot be used. */
SECMON_COLD_BOOT static bool key_by_cpu_map(const struct dt_walk *w)
{
	struct virt_hw *hw = w->hw;

	if (!w->map_seen || w->map_unusable || w->map_count != hw->cpu_count)
		return false; /* a CPU left out, listed twice, or one that does not exist */
	for (unsigned int i = 0; i < w->map_count; i++) {
		int cpu = cpu_by_phandle(w, w->map[i].phandle, i);

		if (cpu < 0 || hw->cpu[cpu].cluster != CLUSTER_NONE)
			return false;
		hw->cpu[cpu].cluster = CLUSTER_KEY_TAG | w->map[i].cluster;
	}
	return true;
}

SECMON_COLD_BOOT static void key_by_mpidr(struct virt_hw *hw)
{
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		uint64_t m = hw->cpu[i].mpidr;
		uint32_t aff3_to_aff1 = (uint32_t)(((m >> 32) & 0xff) << 16 | ((m >> 8) & 0xffff));

		hw->cpu[i].cluster = CLUSTER_KEY_TAG | aff3_to_aff1;
	}
}

/* Replaces the keys by 0, 1, 2... in order of first appearance. */
SECMON_COLD_BOOT static void number_clusters(struct virt_hw *hw)
{
	hw->cluster_count = 0;
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		uint32_t key = hw->cpu[i].cluster;

		if (!(key & CLUSTER_KEY_TAG))
			continue; /* already numbered */
		for (unsigned int j = i; j < hw->cpu_count; j++) {
			if (hw->cpu[j].cluster == key)
				hw->cpu[j].cluster = hw->cluster_count;
		}
		hw->cluster_count++;
	}
}

SECMON_COLD_BOOT int dt_cpus_finish(struct dt_walk *w)
{
	struct virt_hw *hw = w->hw;

	if (w->cpus == 0)
		return VIRT_DT_ENOTFOUND;
	if (w->cpus_err)
		return w->cpus_err;
	if (hw->cpu_count == 0)
		return VIRT_DT_ENOTFOUND;
	if (key_by_cpu_map(w)) {
		hw->topo_source = VIRT_TOPO_CPU_MAP;
	} else {
		key_by_mpidr(hw);
		hw->topo_source = VIRT_TOPO_MPIDR;
	}
	number_clusters(hw);
	return 0;
}
