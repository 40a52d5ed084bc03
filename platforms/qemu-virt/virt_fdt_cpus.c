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
static bool key_by_cpu_map(const void *fdt, struct virt_hw *hw)
{
	int cluster_at[CPU_MAP_MAX_DEPTH + 1];
	int depth = 0;
	int node = fdt_path_offset(fdt, "/cpus/cpu-map");

	if (node < 0)
		return false;
	cluster_at[0] = -1;
	for (;;) {
		const fdt32_t *ref;
		const char *name;
		int len, cpu;

		node = fdt_next_node(fdt, node, &depth);
		if (node < 0 || depth < 1)
			break; /* end of the tree or of the cpu-map subtree */
		if (depth > CPU_MAP_MAX_DEPTH)
			return false;
		name = fdt_get_name(fdt, node, &len);
		if (name == NULL)
			return false;
		cluster_at[depth] =
		    (len >= 7 && memcmp(name, "cluster", 7) == 0) ? node : cluster_at[depth - 1];

		ref = fdt_getprop(fdt, node, "cpu", &len);
		if (ref == NULL)
			continue; /* socket, cluster, or a core with threads */
		if (len != (int)sizeof(*ref) || cluster_at[depth] < 0)
			return false;
		cpu = cpu_by_phandle(hw, fdt32_ld(ref));
		if (cpu < 0 || fdt32_ld(ref) == 0 || hw->cpu[cpu].cluster != CLUSTER_NONE)
			return false; /* unknown CPU, or one listed twice */
		hw->cpu[cpu].cluster = CLUSTER_KEY_TAG | (uint32_t)cluster_at[depth];
	}
	if (node < 0 && node != -FDT_ERR_NOTFOUND)
		return false;
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

static int read_mpidr(const void *fdt, int node, int address_cells, uint64_t *mpidr)
{
	int len;
	const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

	if (reg == NULL || len != address_cells * (int)sizeof(*reg))
		return VIRT_FDT_EBADPROP;
	*mpidr = fdt32_ld(&reg[0]);
	if (address_cells == 2)
		*mpidr = *mpidr << 32 | fdt32_ld(&reg[1]);
	return (*mpidr & ~VIRT_MPIDR_AFF_MASK) ? VIRT_FDT_EBADPROP : 0;
}

int virt_fdt_parse_cpus(const void *fdt, struct virt_hw *hw)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, ac, sc;

	if (cpus < 0)
		return virt_fdt_err(cpus);
	ac = fdt_address_cells(fdt, cpus);
	sc = fdt_size_cells(fdt, cpus);
	if (ac < 1 || ac > 2 || sc != 0)
		return VIRT_FDT_EBADPROP;

	hw->cpu_count = 0;
	fdt_for_each_subnode(node, fdt, cpus)
	{
		struct virt_cpu *c;
		uint64_t mpidr;
		int err;

		if (!virt_fdt_prop_is(fdt, node, "device_type", "cpu"))
			continue; /* cpu-map, idle-states, ... */
		if (hw->cpu_count == SECMON_MAX_CPUS)
			return VIRT_FDT_ETOOMANY;
		err = read_mpidr(fdt, node, ac, &mpidr);
		if (err)
			return err;
		for (unsigned int i = 0; i < hw->cpu_count; i++) {
			if (hw->cpu[i].mpidr == mpidr)
				return VIRT_FDT_EBADPROP; /* two CPUs with one MPIDR */
		}
		c = &hw->cpu[hw->cpu_count++];
		c->mpidr = mpidr;
		c->phandle = fdt_get_phandle(fdt, node);
		c->cluster = CLUSTER_NONE;
	}
	if (node != -FDT_ERR_NOTFOUND)
		return virt_fdt_err(node);
	if (hw->cpu_count == 0)
		return VIRT_FDT_ENOTFOUND;

	if (key_by_cpu_map(fdt, hw)) {
		hw->topo_source = VIRT_TOPO_CPU_MAP;
	} else {
		key_by_mpidr(hw);
		hw->topo_source = VIRT_TOPO_MPIDR;
	}
	number_clusters(hw);
	return 0;
}
