/*
 * Power-domain tree construction: descriptors of 1 to 4 levels (up to 1,024 CPUs), the
 * parent links and CPU ranges they produce, and every way a descriptor can be wrong.
 */
#include "../../../core/psci/psci_private.h"
#include <secmon_image.h>

#include "check.h"
#include "mock_plat.h"

static void test_one_level(void)
{
	static const uint16_t tree[] = {4};

	CHECK_EQ(mock_init(1, tree, 1), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_count(), 4);
	CHECK_EQ(secmon_psci_levels(), 1);
	CHECK_EQ(psci_eng.nnodes, 0);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 0), PSCI_AFF_ON);
	for (unsigned int c = 1; c < 4; c++)
		CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(c), 0), PSCI_AFF_OFF);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(4), 0), PSCI_RET_INVALID_PARAMETERS);
}

static void test_three_levels(void)
{
	/* One system, clusters of 2 and 3 CPUs. */
	static const uint16_t tree[] = {1, 2, 2, 3};

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_count(), 5);
	CHECK_EQ(psci_eng.nnodes, 3);
	/* Node 0 = system, 1 and 2 = clusters. */
	CHECK_EQ(psci_nodes[0].level, 2);
	CHECK_EQ(psci_nodes[0].parent, PSCI_NONE);
	CHECK_EQ(psci_nodes[0].ncpus, 5);
	CHECK_EQ(psci_nodes[0].child_first, 1);
	CHECK_EQ(psci_nodes[0].nchildren, 2);
	CHECK_EQ(psci_nodes[1].parent, 0);
	CHECK_EQ(psci_nodes[1].cpu_first, 0);
	CHECK_EQ(psci_nodes[1].ncpus, 2);
	CHECK_EQ(psci_nodes[2].cpu_first, 2);
	CHECK_EQ(psci_nodes[2].ncpus, 3);
	for (unsigned int c = 0; c < 5; c++) {
		CHECK_EQ(psci_cpus[c].parent[1], c < 2 ? 1 : 2);
		CHECK_EQ(psci_cpus[c].parent[2], 0);
	}
	/* Boot CPU 0: its cluster and the system run, the other cluster starts off. */
	CHECK_EQ(psci_nodes[0].state, MOCK_RUN);
	CHECK_EQ(psci_nodes[1].state, MOCK_RUN);
	CHECK_EQ(psci_nodes[2].state, MOCK_OFF);
	CHECK_EQ(psci_cpus[0].core_state, MOCK_RUN);
	CHECK_EQ(psci_cpus[3].core_state, MOCK_OFF);
	CHECK_EQ(psci_cpus[3].req[1], MOCK_OFF);
	CHECK_EQ(psci_cpus[3].req[2], MOCK_OFF);
}

/* 1,024 CPUs in 4 levels: root -> 4 sockets -> 16 clusters each -> 16 CPUs each. */
static void test_1024_cpus(void)
{
	static uint16_t tree[1 + 1 + 4 + 64];
	unsigned int n = 0;
	struct secmon_psci_entry e;

	tree[n++] = 1;
	tree[n++] = 4;
	for (unsigned int i = 0; i < 4; i++)
		tree[n++] = 16;
	for (unsigned int i = 0; i < 64; i++)
		tree[n++] = 16;
	CHECK_EQ(mock_init(4, tree, n), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_count(), 1024);
	CHECK_EQ(psci_eng.nnodes, 1 + 4 + 64);
	CHECK_EQ(psci_nodes[psci_cpus[1023].parent[3]].ncpus, 1024);
	CHECK_EQ(psci_nodes[psci_cpus[1023].parent[2]].ncpus, 256);
	CHECK_EQ(psci_nodes[psci_cpus[1023].parent[2]].cpu_first, 768);
	CHECK_EQ(psci_nodes[psci_cpus[1023].parent[1]].cpu_first, 1008);
	CHECK_EQ(psci_cpus[1023].parent[1], 68);
	CHECK_EQ(psci_cpus[17].parent[1], 6);

	/* CPU 1023 is the first up in its cluster and socket, not in the root. */
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1023), 0x8000, 7), PSCI_RET_SUCCESS);
	CHECK_EQ(mock.on_mpidr, MOCK_MPIDR(1023));
	CHECK_EQ(mock_wake(1023, &e), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.on_finish.state, MOCK_OFF, MOCK_OFF, MOCK_OFF, MOCK_RUN));
	CHECK_EQ(e.pc, 0x8000);
	CHECK_EQ(e.context_id, 7);
	/* CPU 1022 then finds its cluster running. */
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1022), 0x8000, 8), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1022, &e), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.on_finish.state, MOCK_OFF, MOCK_RUN, MOCK_RUN, MOCK_RUN));
}

static void test_two_roots(void)
{
	/* Two top-level clusters of 2 CPUs: no common ancestor. */
	static const uint16_t tree[] = {2, 2, 2};

	CHECK_EQ(mock_init(2, tree, 3), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_count(), 4);
	CHECK_EQ(psci_cpus[3].parent[1], 1);
	CHECK_EQ(psci_nodes[1].parent, PSCI_NONE);
}

static void test_bad_descriptors(void)
{
	static const uint16_t short_tree[] = {1, 2, 2};	     /* second cluster missing */
	static const uint16_t long_tree[] = {1, 2, 2, 2, 9}; /* one entry too many */
	static const uint16_t empty_node[] = {1, 2, 0, 2};   /* cluster without CPUs */
	static const uint16_t no_root[] = {0};
	static const uint16_t big[] = {1, SECMON_IMAGE_MAX_CPUS + 1};
	static const uint16_t ok[] = {1, 2};

	CHECK_EQ(mock_init(3, short_tree, 3), PSCI_RET_INVALID_PARAMETERS);
	CHECK(!secmon_psci_ready());
	CHECK_EQ(mock_init(3, long_tree, 5), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_init(3, empty_node, 4), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_init(1, no_root, 1), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_init(2, big, 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_init(0, ok, 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_init(5, ok, 2), PSCI_RET_INVALID_PARAMETERS);

	/* Boot CPU outside the tree. */
	mock_setup(2, ok, 2);
	CHECK_EQ(secmon_psci_init(&mock.ops, 2), PSCI_RET_INVALID_PARAMETERS);
	/* Local state limits. */
	mock_setup(2, ok, 2);
	mock.ops.max_off_state = 16;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	mock_setup(2, ok, 2);
	mock.ops.max_retention_state = 2;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	/* Several CPUs but no way to turn them on. */
	mock_setup(2, ok, 2);
	mock.ops.pwr_domain_on = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	/* No topology, no MPIDR mapping. */
	mock_setup(2, ok, 2);
	mock.ops.topology = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	mock_setup(2, ok, 2);
	mock.topo.mpidr_to_cpu = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_init(NULL, 0), PSCI_RET_INVALID_PARAMETERS);
	/* Finally a good one. */
	CHECK_EQ(mock_init(2, ok, 2), PSCI_RET_SUCCESS);
	CHECK(secmon_psci_ready());
}

static uint64_t same_mpidr(unsigned int cpu)
{
	return 0x100;
}

static void test_mpidr_mapping(void)
{
	static const uint16_t tree[] = {1, 2};

	mock_setup(2, tree, 2);
	mock.topo.cpu_to_mpidr = same_mpidr;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);

	CHECK_EQ(mock_init(2, tree, 2), PSCI_RET_SUCCESS);
	/* Bits outside Aff3..Aff0 make a target invalid, even if the rest would match. */
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1) | (1ull << 31), 0),
		 PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1) | (1ull << 40), 0),
		 PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_OFF);
	mock.current_cpu = 1;
	CHECK_EQ(secmon_psci_this_cpu(), 1);
}

int main(void)
{
	test_one_level();
	test_three_levels();
	test_1024_cpus();
	test_two_roots();
	test_bad_descriptors();
	test_mpidr_mapping();
	return check_report();
}
