/*
 * Every engine function, its success path and each of its error returns, with the
 * platform hooks present and absent (capabilities follow the hooks).
 */
#include "check.h"
#include "mock_plat.h"

static const uint16_t tree[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */
#define PS_CPU_OFF     0x00010002u
#define PS_CPU_RET     0x00000001u
#define PS_CLUSTER_OFF 0x01010022u
#define PS_SYSTEM_OFF  0x02010222u

static void on_and_wake(unsigned int cpu)
{
	struct secmon_psci_entry e;

	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(cpu), 0x4000, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(cpu, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
}

static void test_cpu_on(void)
{
	struct secmon_psci_entry e;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(4), 0x4000, 1), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1) | 1ull << 24, 0x4000, 1),
		 PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), MOCK_BAD_ENTRY, 1), PSCI_RET_INVALID_ADDRESS);
	/* Not 4-byte aligned: no AArch64 entry point, whatever the platform says. */
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4002, 1), PSCI_RET_INVALID_ADDRESS);
	mock.ops.validate_ns_entrypoint = NULL;
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4004 | 2, 1), PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_OFF);
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(0), 0x4000, 1), PSCI_RET_ALREADY_ON);
	CHECK_EQ(mock.on_call.count, 0);

	/* The power controller refuses: the error comes back and the CPU stays OFF. */
	mock.on_rc = PSCI_RET_INTERNAL_FAILURE;
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4000, 1), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_OFF);
	mock.on_rc = PSCI_RET_SUCCESS;

	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4000, 0xc0ffee), PSCI_RET_SUCCESS);
	CHECK_EQ(mock.on_mpidr, MOCK_MPIDR(1));
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_ON_PENDING);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x5000, 2), PSCI_RET_ON_PENDING);
	CHECK_EQ(mock_wake(1, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, 0x4000);
	CHECK_EQ(e.context_id, 0xc0ffee);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
	CHECK_EQ(mock.on_finish.cpu, 1);
	CHECK(mock_state_is(&mock.on_finish.state, MOCK_OFF, MOCK_RUN, MOCK_RUN, MOCK_RUN));
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_ON);
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4000, 1), PSCI_RET_ALREADY_ON);

	/* A warm boot nobody asked for. */
	CHECK_EQ(mock_wake(2, &e), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock_wake(1, &e), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock_wake(99, &e), PSCI_RET_INTERNAL_FAILURE);
}

static void test_affinity_info(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 0), PSCI_AFF_ON);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(3), 0), PSCI_AFF_OFF);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 1), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_affinity_info(0xff, 0), PSCI_RET_INVALID_PARAMETERS);
}

static void test_cpu_off(void)
{
	int32_t rc;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	on_and_wake(1);
	CHECK(mock_cpu_off(1, &rc));
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_OFF);
	CHECK_EQ(mock.flush_count, 1);
	CHECK_EQ(mock.flush_last_level, 0);
	/* Without the platform's off hook, CPU_OFF is DENIED (its only error). */
	mock.ops.pwr_domain_off = NULL;
	CHECK(!mock_cpu_off(0, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);
	mock.ops.pwr_domain_off = mock.ops.pwr_domain_suspend;
	mock.ops.pwr_down_wfi = NULL;
	CHECK(!mock_cpu_off(0, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);
}

static void test_cpu_suspend(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 0;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK(!mock_cpu_suspend(0, 0x00000003, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK(!mock_cpu_suspend(0, PS_CPU_OFF, MOCK_BAD_ENTRY, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK(!mock_cpu_suspend(0, PS_CPU_OFF, 0x4002, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	/* A standby ignores the entry point. */
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, MOCK_BAD_ENTRY, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK_EQ(mock.standby.count, 1);
	CHECK_EQ(mock.flush_count, 0);

	CHECK(mock_cpu_suspend(0, PS_SYSTEM_OFF, 0x6000, 0x77, &rc));
	CHECK_EQ(mock.flush_max_level, 2);
	CHECK_EQ(mock_wake(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, 0x6000);
	CHECK_EQ(e.context_id, 0x77);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);

	/* Capabilities follow the hooks. */
	mock.ops.cpu_standby = NULL;
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	mock_setup(3, tree, 4);
	mock.ops.pwr_domain_suspend = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK(!mock_cpu_suspend(0, PS_CPU_OFF, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK(!mock_cpu_suspend(0, 0x01000011, 0x4000, 0, &rc)); /* cluster retention */
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, 0x4000, 0, &rc)); /* CPU standby still works */
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_DEFAULT_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
}

static void test_default_suspend(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 0;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK(!mock_default_suspend(0, MOCK_BAD_ENTRY, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK(!mock_default_suspend(0, 0x8002, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK(mock_default_suspend(0, 0x8000, 5, &rc));
	CHECK(mock_state_is(&mock.suspend.state, MOCK_OFF, MOCK_RUN, MOCK_RUN, MOCK_RUN));
	/* CPU_DEFAULT_SUSPEND does not stop a switch to OS-initiated mode. */
	on_and_wake(1);
	CHECK_EQ(secmon_psci_set_suspend_mode(1, PSCI_MODE_OS_INITIATED), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, 0x8000);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);

	mock.ops.pwr_domain_suspend = NULL;
	CHECK(!mock_default_suspend(0, 0x8000, 5, &rc));
	CHECK_EQ(rc, PSCI_RET_NOT_SUPPORTED);
}

static void test_system_suspend(void)
{
	struct secmon_psci_entry e;
	int32_t rc = 0;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	on_and_wake(3);
	CHECK(!mock_system_suspend(0, 0x9000, 1, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);
	CHECK(mock_cpu_off(3, &rc));
	CHECK(!mock_system_suspend(0, MOCK_BAD_ENTRY, 1, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK(!mock_system_suspend(0, 0x9002, 1, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK(mock_system_suspend(0, 0x9000, 1, &rc));
	CHECK(mock_state_is(&mock.suspend.state, MOCK_OFF, MOCK_OFF, MOCK_OFF, MOCK_RUN));
	CHECK_EQ(mock.flush_max_level, 2);
	CHECK_EQ(mock_wake(0, &e), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&mock.suspend_finish.state, MOCK_OFF, MOCK_OFF, MOCK_OFF, MOCK_RUN));
	CHECK_EQ(e.pc, 0x9000);
	/* A CPU being turned on is not OFF. */
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(2), 0x4000, 2), PSCI_RET_SUCCESS);
	CHECK(!mock_system_suspend(0, 0x9000, 1, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);

	mock.ops.get_sys_suspend_power_state = NULL;
	CHECK(!mock_system_suspend(0, 0x9000, 1, &rc));
	CHECK_EQ(rc, PSCI_RET_NOT_SUPPORTED);
}

static void test_freeze(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_cpu_freeze(0), PSCI_RET_INTERNAL_FAILURE); /* hook returned */
	CHECK_EQ(mock.freeze.count, 1);
	CHECK_EQ(mock.flush_count, 1);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(0), 0), PSCI_AFF_ON);
	mock.ops.cpu_freeze = NULL;
	CHECK_EQ(secmon_psci_cpu_freeze(0), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_FREEZE), PSCI_RET_NOT_SUPPORTED);
}

static void test_migrate(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_migrate(MOCK_MPIDR(1)), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_migrate_info_type(), 2);
	CHECK_EQ(secmon_psci_migrate_info_up_cpu(), PSCI_RET_NOT_SUPPORTED);
}

static void test_system_off_reset(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock.system_off_calls, 1);
	CHECK_EQ(secmon_psci_system_reset(), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock.system_reset_calls, 1);

	/* SYSTEM_RESET2: warm reset, vendor types, unknown architectural types. */
	CHECK_EQ(secmon_psci_system_reset2(1, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_system_reset2(0x7fffffff, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock.reset2_calls, 0);
	mock.reset2_rc = PSCI_RET_SUCCESS;
	CHECK_EQ(secmon_psci_system_reset2(0, 0x55), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock.reset2_type, 0);
	CHECK_EQ(mock.reset2_cookie, 0x55);
	mock.reset2_rc = PSCI_RET_INVALID_PARAMETERS;
	CHECK_EQ(secmon_psci_system_reset2(0x80000001u, 9), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock.reset2_type, 0x80000001u);

	/* SYSTEM_OFF2: HIBERNATE_OFF (1, or 0) with a zero cookie, through SYSTEM_OFF. */
	CHECK_EQ(secmon_psci_system_off2(2, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_system_off2(1, 1), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_system_off2(0x80000000u, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock.system_off_calls, 1);
	CHECK_EQ(secmon_psci_system_off2(1, 0), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(secmon_psci_system_off2(0, 0), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock.system_off_calls, 3);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF2), PSCI_OFF2_FEATURE_HIBERNATE_OFF);

	mock.ops.system_off = NULL;
	mock.ops.system_reset = NULL;
	mock.ops.system_reset2 = NULL;
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_reset(), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_reset2(0, 0), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_off2(1, 0), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF2), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(mock.system_off_calls, 3);
}

static void test_mem_protect(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_mem_protect(1), 0);
	CHECK_EQ(secmon_psci_mem_protect(1), 1);
	CHECK_EQ(secmon_psci_mem_protect(0), 1);
	CHECK_EQ(secmon_psci_mem_protect(0), 0);
	CHECK_EQ(secmon_psci_mem_protect_check_range(0x40000000, 0x1000), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_mem_protect_check_range(0x3ffff000, 0x2000), PSCI_RET_DENIED);
	CHECK_EQ(secmon_psci_mem_protect_check_range(0x40000000, 0), PSCI_RET_DENIED);
	CHECK_EQ(secmon_psci_mem_protect_check_range(~0ull - 10, 100), PSCI_RET_DENIED);
	mock.ops.mem_protect = NULL;
	mock.ops.mem_protect_check_range = NULL;
	CHECK_EQ(secmon_psci_mem_protect(1), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_mem_protect_check_range(0x40000000, 0x1000), PSCI_RET_NOT_SUPPORTED);
}

static void test_node_hw_state(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	mock.hw_state = PSCI_HW_STANDBY;
	CHECK_EQ(secmon_psci_node_hw_state(MOCK_MPIDR(3), 1), PSCI_HW_STANDBY);
	CHECK_EQ(mock.hw_mpidr, MOCK_MPIDR(3));
	CHECK_EQ(mock.hw_level, 1);
	CHECK_EQ(secmon_psci_node_hw_state(MOCK_MPIDR(3), 3), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_node_hw_state(MOCK_MPIDR(9), 0), PSCI_RET_INVALID_PARAMETERS);
	mock.ops.node_hw_state = NULL;
	CHECK_EQ(secmon_psci_node_hw_state(MOCK_MPIDR(3), 1), PSCI_RET_NOT_SUPPORTED);
}

static void test_set_suspend_mode(void)
{
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_suspend_mode(), PSCI_MODE_PLATFORM_COORDINATED);
	CHECK_EQ(secmon_psci_set_suspend_mode(0, 5), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_set_suspend_mode(0, PSCI_MODE_OS_INITIATED), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_suspend_mode(), PSCI_MODE_OS_INITIATED);
	on_and_wake(2);
	CHECK_EQ(secmon_psci_set_suspend_mode(0, PSCI_MODE_PLATFORM_COORDINATED), PSCI_RET_DENIED);
	CHECK_EQ(secmon_psci_suspend_mode(), PSCI_MODE_OS_INITIATED);
	mock.ops.os_initiated = false;
	CHECK_EQ(secmon_psci_set_suspend_mode(0, PSCI_MODE_PLATFORM_COORDINATED),
		 PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SET_SUSPEND_MODE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND), 0);
}

static void test_stats(void)
{
	int32_t rc = 0;

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	on_and_wake(1);
	mock.now_us = 1000;
	CHECK(mock_cpu_suspend(1, PS_CLUSTER_OFF, 0x4000, 0, &rc)); /* CPU 0 runs: CPU only */
	mock.now_us = 1250;
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 1);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 250);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CLUSTER_OFF), 0);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), PS_CPU_OFF), 0);

	/* A standby counts too. */
	mock.now_us = 2000;
	CHECK(!mock_cpu_suspend(1, PS_CPU_RET, 0, 0, &rc));
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_RET), 1);

	/* The cluster's stay counts for the cluster, seen from either CPU. */
	CHECK(mock_cpu_suspend(1, PS_CLUSTER_OFF, 0x4000, 0, &rc));
	mock.now_us = 3000;
	CHECK(mock_cpu_suspend(0, PS_CLUSTER_OFF, 0x4000, 0, &rc));
	mock.now_us = 3400;
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), PS_CLUSTER_OFF), 1);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CLUSTER_OFF), 1);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CLUSTER_OFF), 400);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(2), PS_CLUSTER_OFF), 0);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 2);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 250 + 1400);

	/* Invalid arguments read as zero. */
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(9), PS_CPU_OFF), 0);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), 0x00000002), 0);
	CHECK_EQ(secmon_psci_features(PSCI_FN_STAT_COUNT), PSCI_RET_SUCCESS);
	/*
	 * CPU_OFF uses the CPU's power-down state too (TF-A counts it): the stay is counted
	 * when CPU_ON ends it, the time off as residency.
	 */
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	mock.now_us = 5000;
	CHECK(mock_cpu_off(1, &rc));
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 2);
	mock.now_us = 5600;
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(1), 0x4000, 1), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 3);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 250 + 1400 + 600);
	mock.ops.timestamp_us = NULL;
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), PS_CLUSTER_OFF), 0);
	CHECK_EQ(secmon_psci_features(PSCI_FN_STAT_RESIDENCY), PSCI_RET_NOT_SUPPORTED);
}

static void test_features(void)
{
	static const int32_t expected[PSCI_FN_COUNT] = {
	    [PSCI_FN_PSCI_VERSION] = 0,
	    [PSCI_FN_CPU_SUSPEND] = PSCI_FEATURE_OSI,
	    [PSCI_FN_CPU_OFF] = 0,
	    [PSCI_FN_CPU_ON] = 0,
	    [PSCI_FN_AFFINITY_INFO] = 0,
	    [PSCI_FN_MIGRATE] = PSCI_RET_NOT_SUPPORTED,
	    [PSCI_FN_MIGRATE_INFO_TYPE] = 0,
	    [PSCI_FN_MIGRATE_INFO_UP_CPU] = PSCI_RET_NOT_SUPPORTED,
	    [PSCI_FN_SYSTEM_OFF] = 0,
	    [PSCI_FN_SYSTEM_RESET] = 0,
	    [PSCI_FN_PSCI_FEATURES] = 0,
	    [PSCI_FN_CPU_FREEZE] = 0,
	    [PSCI_FN_CPU_DEFAULT_SUSPEND] = 0,
	    [PSCI_FN_NODE_HW_STATE] = 0,
	    [PSCI_FN_SYSTEM_SUSPEND] = 0,
	    [PSCI_FN_SET_SUSPEND_MODE] = 0,
	    [PSCI_FN_STAT_RESIDENCY] = 0,
	    [PSCI_FN_STAT_COUNT] = 0,
	    [PSCI_FN_SYSTEM_RESET2] = 0,
	    [PSCI_FN_MEM_PROTECT] = 0,
	    [PSCI_FN_MEM_PROTECT_CHECK_RANGE] = 0,
	    [PSCI_FN_SYSTEM_OFF2] = PSCI_OFF2_FEATURE_HIBERNATE_OFF,
	};

	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	for (uint32_t fn = 0; fn < PSCI_FN_COUNT; fn++)
		CHECK_EQ(secmon_psci_features(fn), expected[fn]);
	CHECK_EQ(secmon_psci_features(PSCI_FN_COUNT), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(0x1f), PSCI_RET_NOT_SUPPORTED);

	/* A minimal platform: the optional functions disappear. */
	mock_setup(3, tree, 4);
	mock.ops = (struct secmon_psci_ops){
	    .topology = mock.ops.topology,
	    .max_retention_state = MOCK_RET,
	    .max_off_state = MOCK_OFF,
	    .pwr_domain_on = mock.ops.pwr_domain_on,
	};
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	for (uint32_t fn = PSCI_FN_SYSTEM_OFF; fn < PSCI_FN_COUNT; fn++)
		if (fn != PSCI_FN_PSCI_FEATURES)
			CHECK_EQ(secmon_psci_features(fn), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND), 0);
	CHECK_EQ(secmon_psci_cpu_off(0), PSCI_RET_DENIED);
}

int main(void)
{
	test_cpu_on();
	test_affinity_info();
	test_cpu_off();
	test_cpu_suspend();
	test_default_suspend();
	test_system_suspend();
	test_freeze();
	test_migrate();
	test_system_off_reset();
	test_mem_protect();
	test_node_hw_state();
	test_set_suspend_mode();
	test_stats();
	test_features();
	return check_report();
}
