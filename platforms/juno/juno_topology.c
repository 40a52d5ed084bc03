/*
 * Juno's power-domain tree: one system node, two clusters, six CPUs. CPUs 0-3 are the
 * LITTLE cluster's A53s (MPIDR 0x100-0x103), CPUs 4-5 the big cluster's A57/A72s
 * (MPIDR 0x0-0x1), in the order the tree lists them.
 */
#include <secmon/psci.h>

#include "juno_private.h"

/* The tree descriptor: 1 system, 2 clusters, then the CPUs of each cluster in order. */
static const uint16_t juno_tree[] = {1, JUNO_CLUSTERS, JUNO_LITTLE_CPUS, JUNO_BIG_CPUS};

static unsigned int topo_this_cpu(void)
{
	return juno_this_cpu();
}

static const struct secmon_psci_topology juno_topo = {
    .levels = JUNO_PWR_LEVELS,
    .tree = juno_tree,
    .tree_len = sizeof(juno_tree) / sizeof(juno_tree[0]),
    .mpidr_to_cpu = juno_mpidr_to_cpu,
    .cpu_to_mpidr = juno_cpu_to_mpidr,
    .this_cpu = topo_this_cpu,
};

const struct secmon_psci_topology *juno_topology(void)
{
	return &juno_topo;
}

unsigned int juno_cluster_first_cpu(unsigned int cluster)
{
	return cluster == JUNO_LITTLE_CLUSTER ? 0u : JUNO_LITTLE_CPUS;
}

unsigned int juno_cluster_cpus(unsigned int cluster)
{
	return cluster == JUNO_LITTLE_CLUSTER ? JUNO_LITTLE_CPUS : JUNO_BIG_CPUS;
}

int juno_mpidr_to_cpu(uint64_t mpidr)
{
	unsigned int cluster = (mpidr >> 8) & 0xffu, core = mpidr & 0xffu;

	/* Only Aff1 and Aff0 may be set (no Aff2/Aff3, no MT). */
	if ((mpidr & PSCI_MPIDR_AFFINITY_MASK & ~0xffffull) != 0 || cluster >= JUNO_CLUSTERS ||
	    core >= juno_cluster_cpus(cluster))
		return -1;
	return (int)(juno_cluster_first_cpu(cluster) + core);
}

unsigned int juno_cpu_cluster(unsigned int cpu)
{
	return cpu < JUNO_LITTLE_CPUS ? JUNO_LITTLE_CLUSTER : JUNO_BIG_CLUSTER;
}

uint64_t juno_cpu_to_mpidr(unsigned int cpu)
{
	unsigned int cluster = juno_cpu_cluster(cpu);

	return (uint64_t)cluster << 8 | (cpu - juno_cluster_first_cpu(cluster));
}

/* The SCP firmware numbers the big CPUs' domains 0-1 and the LITTLE CPUs' 2-5. */
uint32_t juno_scmi_domain(unsigned int cpu)
{
	unsigned int cluster = juno_cpu_cluster(cpu);
	unsigned int core = cpu - juno_cluster_first_cpu(cluster);

	return cluster == JUNO_BIG_CLUSTER ? core : JUNO_BIG_CPUS + core;
}
