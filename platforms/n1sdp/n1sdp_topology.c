/*
 * N1SDP's power-domain tree. One chip: {1 system, 2 clusters, 2, 2 CPUs}, three levels.
 * Two chips (N1SDP_CHIPS=2): {1 system, 2 chips, 2, 2 clusters, 2, 2, 2, 2 CPUs}, four
 * levels; the chip level is the only difference. Linear CPU numbers follow the tree:
 * cpu = (chip * 2 + cluster) * 2 + core, as TF-A's plat_arm_calc_core_pos, and the SCP
 * numbers its CPU power domains the same way (n1sdp_topology.c: identity map).
 */
#include <secmon/psci.h>

#include "n1sdp_private.h"

#if N1SDP_CHIPS > 1
static const uint16_t n1sdp_tree[] = {1,
				      N1SDP_CHIPS,
				      N1SDP_CLUSTERS_PER_CHIP,
				      N1SDP_CLUSTERS_PER_CHIP,
				      N1SDP_CPUS_PER_CLUSTER,
				      N1SDP_CPUS_PER_CLUSTER,
				      N1SDP_CPUS_PER_CLUSTER,
				      N1SDP_CPUS_PER_CLUSTER};
_Static_assert(N1SDP_CHIPS == 2, "the tree lists two chips");
#else
static const uint16_t n1sdp_tree[] = {1, N1SDP_CLUSTERS_PER_CHIP, N1SDP_CPUS_PER_CLUSTER,
				      N1SDP_CPUS_PER_CLUSTER};
#endif

static unsigned int topo_this_cpu(void)
{
	return n1sdp_this_cpu();
}

static const struct secmon_psci_topology n1sdp_topo = {
    .levels = N1SDP_PWR_LEVELS,
    .tree = n1sdp_tree,
    .tree_len = sizeof(n1sdp_tree) / sizeof(n1sdp_tree[0]),
    .mpidr_to_cpu = n1sdp_mpidr_to_cpu,
    .cpu_to_mpidr = n1sdp_cpu_to_mpidr,
    .this_cpu = topo_this_cpu,
};

const struct secmon_psci_topology *n1sdp_topology(void)
{
	return &n1sdp_topo;
}

int n1sdp_mpidr_to_cpu(uint64_t mpidr)
{
	uint64_t thread = mpidr & 0xffu, core = (mpidr >> N1SDP_MPIDR_CORE_SHIFT) & 0xffu;
	uint64_t cluster = (mpidr >> N1SDP_MPIDR_CLUSTER_SHIFT) & 0xffu;
	uint64_t chip = (mpidr >> N1SDP_MPIDR_CHIP_SHIFT) & 0xffu;

	/* One thread per core: Aff0 is always 0 on N1 (MPIDR.MT = 1). */
	if (thread != 0 || core >= N1SDP_CPUS_PER_CLUSTER || cluster >= N1SDP_CLUSTERS_PER_CHIP ||
	    chip >= N1SDP_CHIPS)
		return -1;
	return (int)((chip * N1SDP_CLUSTERS_PER_CHIP + cluster) * N1SDP_CPUS_PER_CLUSTER + core);
}

uint64_t n1sdp_cpu_to_mpidr(unsigned int cpu)
{
	uint64_t core = cpu % N1SDP_CPUS_PER_CLUSTER;
	uint64_t cluster = (cpu / N1SDP_CPUS_PER_CLUSTER) % N1SDP_CLUSTERS_PER_CHIP;
	uint64_t chip = cpu / (N1SDP_CPUS_PER_CLUSTER * N1SDP_CLUSTERS_PER_CHIP);

	return chip << N1SDP_MPIDR_CHIP_SHIFT | cluster << N1SDP_MPIDR_CLUSTER_SHIFT |
	       core << N1SDP_MPIDR_CORE_SHIFT;
}

unsigned int n1sdp_cpu_cluster(unsigned int cpu)
{
	return cpu / N1SDP_CPUS_PER_CLUSTER;
}

uint32_t n1sdp_scmi_domain(unsigned int cpu)
{
	return cpu;
}
