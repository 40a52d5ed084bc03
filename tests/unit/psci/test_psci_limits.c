/*
 * The image's PSCI limits (POWER_LEVELS, MAX_LOCAL_STATE, CPUS: secmon/image.h): they size
 * the engine's tables (core/psci/psci_storage.c), secmon_psci_init() refuses a platform
 * beyond them, and no power_state a caller passes reaches a table slot beyond them.
 * Built twice: with the host image's limits (4 levels, states 0..15) and with QEMU virt's
 * (3 levels, states 0..2, 8 CPUs) under ASan, where the mock's StateID encoding names
 * local states (3..15) the tables have no room for. EXPECT_* are what the image stated.
 */
#include <secmon/image.h>

#include "../../../core/psci/psci_private.h"
#include "check.h"
#include "mock_plat.h"

#define PS_PD	       PSCI_PSTATE_TYPE_POWERDOWN
#define PS_LEVEL(l)    ((uint32_t)(l) << PSCI_PSTATE_LEVEL_SHIFT)
#define PS_CPU_RET     0x00000001u
#define PS_CPU_OFF     (PS_PD | 0x2u)
#define PS_CLUSTER_OFF (PS_PD | PS_LEVEL(1) | 0x22u)

static const uint16_t tree3[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */

/* The engine runs with the limits the image stated; a composite state has every level. */
static void test_limits(void)
{
	CHECK_EQ(secmon_image.power_levels, EXPECT_LEVELS);
	CHECK_EQ(secmon_image.max_local_state, EXPECT_MAX_LOCAL_STATE);
	CHECK_EQ(secmon_image.max_cpus, EXPECT_MAX_CPUS);
	CHECK_EQ(sizeof(((struct secmon_psci_state *)0)->local), SECMON_PSCI_MAX_LEVELS);
	CHECK_EQ(mock_init(3, tree3, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(psci_eng.nstates, EXPECT_MAX_LOCAL_STATE + 1);
}

/* A chain of `levels` levels: one node per level above two CPUs ({2} for one level). */
static unsigned int chain(uint16_t *tree, unsigned int levels)
{
	for (unsigned int i = 0; i + 1 < levels; i++)
		tree[i] = 1;
	tree[levels - 1] = 2;
	return levels;
}

static void test_levels(void)
{
	uint16_t tree[8];
	unsigned int n;

	/* Every depth up to the image's works... */
	for (unsigned int l = 1; l <= secmon_image.power_levels; l++) {
		n = chain(tree, l);
		CHECK_EQ(mock_init(l, tree, n), PSCI_RET_SUCCESS);
		CHECK_EQ(secmon_psci_levels(), l);
		CHECK_EQ(secmon_psci_cpu_count(), 2);
	}
	/* ...one more level is refused, though the descriptor itself is sound. */
	n = chain(tree, secmon_image.power_levels + 1u);
	CHECK_EQ(mock_init(secmon_image.power_levels + 1u, tree, n), PSCI_RET_INVALID_PARAMETERS);
	CHECK(!secmon_psci_ready());
}

static void test_local_states(void)
{
	/* The image's deepest state is usable as the platform's deepest... */
	mock_setup(3, tree3, 4);
	mock.ops.max_retention_state = secmon_image.max_local_state - 1;
	mock.ops.max_off_state = secmon_image.max_local_state;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK(secmon_psci_ready());
	/* ...one deeper is refused, however the platform splits retention and power-down. */
	mock_setup(3, tree3, 4);
	mock.ops.max_off_state = secmon_image.max_local_state + 1;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK(!secmon_psci_ready());
	mock_setup(3, tree3, 4);
	mock.ops.max_retention_state = secmon_image.max_local_state;
	mock.ops.max_off_state = secmon_image.max_local_state + 1;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
	mock_setup(3, tree3, 4);
	mock.ops.max_retention_state = secmon_image.max_local_state + 1;
	mock.ops.max_off_state = secmon_image.max_local_state;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_INVALID_PARAMETERS);
}

static void on_and_wake(unsigned int cpu)
{
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(cpu), 0x4000, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(cpu, NULL), PSCI_RET_SUCCESS);
}

/* A system-suspend state one deeper than anything the platform declared. */
static int32_t too_deep_sys_state(struct secmon_psci_state *s)
{
	for (unsigned int l = 0; l < mock.topo.levels; l++)
		s->local[l] = (uint8_t)(mock.ops.max_off_state + 1);
	return PSCI_RET_SUCCESS;
}

/*
 * Local states 3..15 (beyond the mock platform's max_off_state 2 and, in the QEMU-sized
 * build, beyond the tables): refused by CPU_SUSPEND, read as 0 by PSCI_STAT. CPU 1 has
 * counted stays in states 1 and 2 first, so a lookup that ran past CPU 0's row of
 * psci_cpu_stats into CPU 1's would read a non-zero count.
 */
static void test_out_of_range_states(void)
{
	int32_t rc = 0;

	CHECK_EQ(mock_init(3, tree3, 4), PSCI_RET_SUCCESS);
	on_and_wake(1);
	mock.now_us = 100;
	CHECK(!mock_cpu_suspend(1, PS_CPU_RET, 0, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK(mock_cpu_suspend(1, PS_CPU_OFF, 0x4000, 0, &rc));
	mock.now_us = 300;
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_RET), 1);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 1);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 200);

	for (uint32_t s = MOCK_OFF + 1; s <= 15; s++) {
		uint32_t cpu_pd = PS_PD | s, cpu_ret = s;
		uint32_t cluster_pd = PS_PD | PS_LEVEL(1) | s << 4 | s;
		uint32_t system_pd = PS_PD | PS_LEVEL(2) | s << 8 | MOCK_OFF << 4 | MOCK_OFF;

		CHECK_EQ(secmon_psci_cpu_suspend(0, cpu_pd, 0x4000, 0),
			 PSCI_RET_INVALID_PARAMETERS);
		CHECK_EQ(secmon_psci_cpu_suspend(0, cpu_ret, 0, 0), PSCI_RET_INVALID_PARAMETERS);
		CHECK_EQ(secmon_psci_cpu_suspend(0, cluster_pd, 0x4000, 0),
			 PSCI_RET_INVALID_PARAMETERS);
		CHECK_EQ(secmon_psci_cpu_suspend(0, system_pd, 0x4000, 0),
			 PSCI_RET_INVALID_PARAMETERS);
		CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), cpu_pd), 0);
		CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(0), cpu_pd), 0);
		CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), cpu_ret), 0);
		CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), cluster_pd), 0);
		CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(2), cluster_pd), 0);
		CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(3), system_pd), 0);
	}
	CHECK_EQ(mock.wfi.count, 1);
	CHECK_EQ(mock.standby.count, 1);

	/* The platform's own system-suspend state is checked just the same. */
	CHECK(mock_cpu_off(1, &rc));
	mock.ops.get_sys_suspend_power_state = too_deep_sys_state;
	CHECK_EQ(secmon_psci_system_suspend(0, 0x4000, 0), PSCI_RET_DENIED);
	CHECK_EQ(mock.wfi.count, 2);
}

int main(void)
{
	test_limits();
	test_levels();
	test_local_states();
	test_out_of_range_states();
	return check_report();
}
