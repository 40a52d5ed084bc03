/*
 * QEMU virt DTB: the CPUs (/cpus/cpu@*) and how they group into clusters.
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

/*
 * Cold-boot code only: the DTB is read and patched before the normal world runs. Before
 * the port's headers, so that their inline functions are cold-boot code here too.
 */

#include "virt_fdt_internal.h"

/*
 * While clusters are being found, cpu[].cluster holds a key (cpu-map node offset or MPIDR
 * Aff3..Aff1) tagged with bit 31, or CLUSTER_NONE; number_clusters() turns the keys into
 * indices. Offsets are below 2^31 and 4-byte aligned, so a tagged key is never NONE.
 */
#define CLUSTER_KEY_TAG 0x80000000u
#define CLUSTER_NONE	0xffffffffu

/* Deepest cpu-map node accepted (socket, cluster, nested cluster, core, thread and spare). */
#define CPU_MAP_MAX_DEPTH 8

static int cpu_by_phandle(const struct virt_hw *hw, uint32_t phandle)
{
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		if (hw->cpu[i].phandle == phandle)
			return (int)i;
	}
	return -1;
}

/* Keys every CPU with its cpu-map cluster node; false if the cpu-map cannot be used. */
static bool key_by_cpu_map(const struct dtb *t, struct virt_hw *hw)
{
	int cluster_at[CPU_MAP_MAX_DEPTH + 1];
	int depth = 0;
	int node = dtb_path(t, "/cpus/cpu-map");

	if (node < 0)
		return false;
	cluster_at[0] = -1;
	for (;;) {
		struct dtb_val ref;
		uint32_t phandle;
		int cpu;

		node = dtb_next_node(t, node, &depth);
		if (node < 0 || depth < 1)
			break; /* end of the tree or of the cpu-map subtree */
		if (depth > CPU_MAP_MAX_DEPTH)
			return false;
		cluster_at[depth] =
		    strncmp(dtb_name(t, node), "cluster", 7) == 0 ? node : cluster_at[depth - 1];

		ref = dtb_prop(t, node, "cpu");
		if (ref.p == NULL)
			continue; /* socket, cluster, or a core with threads */
		phandle = dtb_u32(ref, 0);
		if (phandle == 0 || cluster_at[depth] < 0)
			return false;
		cpu = cpu_by_phandle(hw, phandle);
		if (cpu < 0 || hw->cpu[cpu].cluster != CLUSTER_NONE)
			return false; /* unknown CPU, or one listed twice */
		hw->cpu[cpu].cluster = CLUSTER_KEY_TAG | (uint32_t)cluster_at[depth];
	}
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		if (hw->cpu[i].cluster == CLUSTER_NONE)
			return false;
	}
	return true;
}

static void key_by_mpidr(struct virt_hw *hw)
{
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		uint64_t m = hw->cpu[i].mpidr;
		uint32_t aff3_to_aff1 = (uint32_t)(((m >> 32) & 0xff) << 16 | ((m >> 8) & 0xffff));

		hw->cpu[i].cluster = CLUSTER_KEY_TAG | aff3_to_aff1;
	}
}

/* Replaces the keys by 0, 1, 2... in order of first appearance. */
static void number_clusters(struct virt_hw *hw)
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

static int read_mpidr(const struct dtb *t, int node, int address_cells, uint64_t *mpidr)
{
	struct dtb_val v = dtb_prop(t, node, "reg");
	const uint32_t *reg = v.p;

	if (reg == NULL || v.len != (uint32_t)address_cells * sizeof(*reg))
		return VIRT_FDT_EBADPROP;
	*mpidr = dtb_be32(&reg[0]);
	if (address_cells == 2)
		*mpidr = *mpidr << 32 | dtb_be32(&reg[1]);
	return (*mpidr & ~VIRT_MPIDR_AFF_MASK) ? VIRT_FDT_EBADPROP : 0;
}

int virt_fdt_parse_cpus(const struct dtb *t, struct virt_hw *hw)
{
	int cpus = dtb_path(t, "/cpus");
	int node, ac, sc;

	if (cpus < 0)
		return cpus;
	ac = dtb_cells(t, cpus, "#address-cells", 2);
	sc = dtb_cells(t, cpus, "#size-cells", 1);
	if (ac < 1 || ac > 2 || sc != 0)
		return VIRT_FDT_EBADPROP;

	hw->cpu_count = 0;
	dtb_for_each_child(t, node, cpus)
	{
		struct virt_cpu *c;
		uint64_t mpidr;
		int err;

		if (!virt_fdt_prop_is(t, node, "device_type", "cpu"))
			continue; /* cpu-map, idle-states, ... */
		if (hw->cpu_count == SECMON_IMAGE_MAX_CPUS)
			return VIRT_FDT_ETOOMANY;
		err = read_mpidr(t, node, ac, &mpidr);
		if (err)
			return err;
		for (unsigned int i = 0; i < hw->cpu_count; i++) {
			if (hw->cpu[i].mpidr == mpidr)
				return VIRT_FDT_EBADPROP; /* two CPUs with one MPIDR */
		}
		c = &hw->cpu[hw->cpu_count++];
		c->mpidr = mpidr;
		c->phandle = dtb_phandle(t, node);
		c->cluster = CLUSTER_NONE;
	}
	if (hw->cpu_count == 0)
		return VIRT_FDT_ENOTFOUND;

	if (key_by_cpu_map(t, hw)) {
		hw->topo_source = VIRT_TOPO_CPU_MAP;
	} else {
		key_by_mpidr(hw);
		hw->topo_source = VIRT_TOPO_MPIDR;
	}
	number_clusters(hw);
	return 0;
}
