/*
 * Runtime instrumentation and PMF-fed PSCI_STAT in the PSCI engine (SECMON_ENABLE_PMF
 * builds): where each capture point sits relative to the platform hooks, for a CPU
 * power-down, a cluster power-down by its last CPU, a standby, an abandoned power-down,
 * CPU_OFF/CPU_ON and a spurious warm boot; and PSCI_STAT residency measured with the
 * PMF counter (the platform clock ignored, and not needed).
 */
#include <secmon/pmf.h>

#include "check.h"
#include "mock_plat.h"
#include "pmf_host.h"

static const uint16_t tree[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */
static const uint64_t mpidrs[] = {0x0, 0x1, 0x100, 0x101};
#define PS_CPU_OFF     0x00010002u
#define PS_CPU_RET     0x00000001u
#define PS_CLUSTER_OFF 0x01010022u

static uint64_t ts(unsigned int cpu, unsigned int id)
{
	uint64_t v = 0;

	CHECK_EQ(secmon_pmf_get_timestamp_by_index(PMF_TIMESTAMP_ID(PMF_RT_INSTR_SVC_ID, id), cpu,
						   0, &v),
		 PMF_RET_SUCCESS);
	return v;
}

static uint64_t stat_ts(unsigned int cpu, unsigned int id)
{
	uint64_t v = 0;

	CHECK_EQ(secmon_pmf_get_timestamp_by_index(PMF_TIMESTAMP_ID(PMF_PSCI_STAT_SVC_ID, id), cpu,
						   0, &v),
		 PMF_RET_SUCCESS);
	return v;
}

/* The rt_instr timestamps of one CPU at some moment. */
struct rt {
	uint64_t v[RT_INSTR_TOTAL_IDS];
};

static struct rt rt_of(unsigned int cpu)
{
	struct rt r;

	for (unsigned int id = 0; id < RT_INSTR_TOTAL_IDS; id++)
		r.v[id] = ts(cpu, id);
	return r;
}

/* What the probes saw, per hook. */
static struct rt at_flush0, at_flush1, at_wfi, at_standby, at_finish;
static unsigned int flush1_calls;

static void probe(int hook, unsigned int cpu, const struct secmon_psci_state *s)
{
	if (hook == MOCK_HOOK_WFI)
		at_wfi = rt_of(cpu);
	else if (hook == MOCK_HOOK_STANDBY)
		at_standby = rt_of(cpu);
	else if (hook == MOCK_HOOK_SUSPEND_FINISH || hook == MOCK_HOOK_ON_FINISH)
		at_finish = rt_of(cpu);
}

static void during_flush(unsigned int cpu, unsigned int level)
{
	if (level == 0) {
		at_flush0 = rt_of(cpu);
	} else {
		at_flush1 = rt_of(cpu);
		flush1_calls++;
	}
}

static void setup(void)
{
	secmon_pmf_host_reset();
	secmon_pmf_host_clear(&secmon_pmf_svc_rt_instr);
	secmon_pmf_host_clear(&secmon_pmf_svc_psci_stat);
	secmon_pmf_host_set_cpus(mpidrs, 4);
	secmon_pmf_host_set_counter(100, 1); /* every capture gets a new, larger value */
	CHECK_EQ(secmon_pmf_init(), 0);
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	mock.probe = probe;
	mock.during_flush = during_flush;
	flush1_calls = 0;
}

static void on_and_wake(unsigned int cpu)
{
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(cpu), 0x4000, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(cpu, NULL), PSCI_RET_SUCCESS);
}

static void test_cpu_power_down(void)
{
	struct rt before, after;
	int32_t rc;

	setup();
	on_and_wake(1);
	before = rt_of(1);
	CHECK(mock_cpu_suspend(1, PS_CPU_OFF, 0x4000, 0, &rc));
	/* Inside the CPU's own flush: ENTER_CFLUSH taken, EXIT_CFLUSH not yet. */
	CHECK(at_flush0.v[RT_INSTR_ENTER_CFLUSH] > before.v[RT_INSTR_EXIT_PSCI]);
	CHECK_EQ(at_flush0.v[RT_INSTR_EXIT_CFLUSH], before.v[RT_INSTR_EXIT_CFLUSH]);
	/* At the final WFI: the flush is bracketed and ENTER_HW_LOW_PWR is the last one. */
	CHECK(at_wfi.v[RT_INSTR_EXIT_CFLUSH] > at_wfi.v[RT_INSTR_ENTER_CFLUSH]);
	CHECK(at_wfi.v[RT_INSTR_ENTER_HW_LOW_PWR] > at_wfi.v[RT_INSTR_EXIT_CFLUSH]);
	CHECK_EQ(at_wfi.v[RT_INSTR_EXIT_HW_LOW_PWR], before.v[RT_INSTR_EXIT_HW_LOW_PWR]);
	/* Not the last CPU of its cluster: no node flush, those two stay stale. */
	CHECK_EQ(flush1_calls, 0);
	CHECK_EQ(at_wfi.v[RT_INSTR_ENTER_NODE_CFLUSH], 0);
	CHECK(at_wfi.v[RT_INSTR_ENTER_NODE_CFLUSH] < at_wfi.v[RT_INSTR_ENTER_CFLUSH]);

	/* Warm boot: EXIT_HW_LOW_PWR before the finish hook, EXIT_PSCI after everything. */
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	after = rt_of(1);
	CHECK(at_finish.v[RT_INSTR_EXIT_HW_LOW_PWR] > at_wfi.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	CHECK_EQ(at_finish.v[RT_INSTR_EXIT_PSCI], before.v[RT_INSTR_EXIT_PSCI]);
	CHECK(after.v[RT_INSTR_EXIT_PSCI] > after.v[RT_INSTR_EXIT_HW_LOW_PWR]);
	CHECK_EQ(after.v[RT_INSTR_EXIT_HW_LOW_PWR], at_finish.v[RT_INSTR_EXIT_HW_LOW_PWR]);
	/* CPU 0 was never touched. */
	CHECK_EQ(ts(0, RT_INSTR_ENTER_CFLUSH), 0);
}

static void test_cluster_last_cpu(void)
{
	struct rt r;
	int32_t rc;

	setup();
	on_and_wake(1);
	CHECK(mock_cpu_suspend(1, PS_CLUSTER_OFF, 0x4000, 0, &rc)); /* CPU 0 still runs */
	CHECK_EQ(flush1_calls, 0);
	CHECK(mock_cpu_suspend(0, PS_CLUSTER_OFF, 0x4000, 0, &rc)); /* last: flushes cluster */
	CHECK_EQ(flush1_calls, 1);
	r = rt_of(0);
	/* Inside the node flush: ENTER_NODE_CFLUSH taken after the CPU's own flush. */
	CHECK(at_flush1.v[RT_INSTR_ENTER_NODE_CFLUSH] > at_flush1.v[RT_INSTR_EXIT_CFLUSH]);
	CHECK_EQ(at_flush1.v[RT_INSTR_EXIT_NODE_CFLUSH], 0);
	CHECK(r.v[RT_INSTR_EXIT_NODE_CFLUSH] > r.v[RT_INSTR_ENTER_NODE_CFLUSH]);
	CHECK(r.v[RT_INSTR_ENTER_HW_LOW_PWR] > r.v[RT_INSTR_EXIT_NODE_CFLUSH]);
	CHECK(r.v[RT_INSTR_ENTER_CFLUSH] < r.v[RT_INSTR_EXIT_CFLUSH]);
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK(ts(0, RT_INSTR_EXIT_PSCI) > ts(0, RT_INSTR_EXIT_HW_LOW_PWR));
}

static void test_standby_and_abandoned(void)
{
	struct rt before, r;
	int32_t rc;

	setup();
	before = rt_of(0);
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, 0, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	r = rt_of(0);
	CHECK(at_standby.v[RT_INSTR_ENTER_HW_LOW_PWR] > before.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	CHECK_EQ(at_standby.v[RT_INSTR_EXIT_HW_LOW_PWR], before.v[RT_INSTR_EXIT_HW_LOW_PWR]);
	CHECK(r.v[RT_INSTR_EXIT_HW_LOW_PWR] > r.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	/* No cache flush for a standby; EXIT_PSCI is the front end's business there. */
	CHECK_EQ(r.v[RT_INSTR_ENTER_CFLUSH], 0);
	CHECK_EQ(r.v[RT_INSTR_EXIT_PSCI], 0);

	/* A power-down the hardware abandons returns through the same EXIT_HW_LOW_PWR. */
	mock.wfi_returns = true;
	CHECK(!mock_cpu_suspend(0, PS_CPU_OFF, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	r = rt_of(0);
	CHECK(at_wfi.v[RT_INSTR_ENTER_HW_LOW_PWR] > at_wfi.v[RT_INSTR_EXIT_CFLUSH]);
	CHECK(at_wfi.v[RT_INSTR_EXIT_HW_LOW_PWR] < at_wfi.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	CHECK(r.v[RT_INSTR_EXIT_HW_LOW_PWR] > r.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	CHECK_EQ(r.v[RT_INSTR_EXIT_PSCI], 0);
}

static void test_off_on_and_spurious(void)
{
	struct rt r;
	int32_t rc;

	setup();
	on_and_wake(1);
	CHECK(mock_cpu_off(1, &rc));
	r = rt_of(1);
	CHECK(r.v[RT_INSTR_ENTER_HW_LOW_PWR] > r.v[RT_INSTR_EXIT_CFLUSH]);
	on_and_wake(1);
	CHECK(ts(1, RT_INSTR_EXIT_HW_LOW_PWR) > r.v[RT_INSTR_ENTER_HW_LOW_PWR]);
	CHECK(ts(1, RT_INSTR_EXIT_PSCI) > ts(1, RT_INSTR_EXIT_HW_LOW_PWR));
	/* A warm boot nobody asked for records nothing. */
	CHECK_EQ(mock_wake(2, NULL), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock_wake(99, NULL), PSCI_RET_INTERNAL_FAILURE);
	for (unsigned int id = 0; id < RT_INSTR_TOTAL_IDS; id++)
		CHECK_EQ(ts(2, id), 0);
	CHECK_EQ(stat_ts(2, PSCI_STAT_ID_EXIT_LOW_PWR), 0);
}

static void test_stats(void)
{
	int32_t rc;

	setup();
	mock.now_us = 77; /* the platform clock: must not be used */
	secmon_pmf_host_set_counter(0, 0);
	on_and_wake(1);

	secmon_pmf_host_set_counter(1000, 0);
	CHECK(mock_cpu_suspend(1, PS_CPU_OFF, 0x4000, 0, &rc));
	secmon_pmf_host_set_counter(6000, 0);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(stat_ts(1, PSCI_STAT_ID_ENTER_LOW_PWR), 1000);
	CHECK_EQ(stat_ts(1, PSCI_STAT_ID_EXIT_LOW_PWR), 6000);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_OFF), 1);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 5000);

	/* Ticks become microseconds through the counter frequency (here 2 MHz). */
	secmon_pmf_host_set_frequency(2000000);
	secmon_pmf_host_set_counter(20000, 0);
	CHECK(!mock_cpu_suspend(1, PS_CPU_RET, 0, 0, &rc)); /* standby: 0 us */
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(1), PS_CPU_RET), 1);
	CHECK(mock_cpu_suspend(1, PS_CLUSTER_OFF, 0x4000, 0, &rc));
	secmon_pmf_host_set_counter(30000, 0);
	CHECK(mock_cpu_suspend(0, PS_CLUSTER_OFF, 0x4000, 0, &rc)); /* cluster enters at 30000 */
	secmon_pmf_host_set_counter(46000, 0);
	CHECK_EQ(mock_wake(1, NULL), PSCI_RET_SUCCESS); /* and leaves at 46000: 8000 us */
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), PS_CLUSTER_OFF), 1);
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(0), PS_CLUSTER_OFF), 8000);
	/* CPU 1's own stay: 20000 -> 46000 ticks = 13000 us, on top of the first 5000. */
	CHECK_EQ(secmon_psci_stat_residency(MOCK_MPIDR(1), PS_CPU_OFF), 5000 + 13000);

	/* No platform clock at all: PMF still times the stays. */
	secmon_pmf_host_set_frequency(1000000);
	mock_setup(3, tree, 4);
	mock.ops.timestamp_us = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_STAT_RESIDENCY), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_STAT_COUNT), PSCI_RET_SUCCESS);
	secmon_pmf_host_set_counter(500, 0);
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, 0, 0, &rc));
	CHECK_EQ(secmon_psci_stat_count(MOCK_MPIDR(0), PS_CPU_RET), 1);
}

int main(void)
{
	test_cpu_power_down();
	test_cluster_last_cpu();
	test_standby_and_abandoned();
	test_off_on_and_spurious();
	test_stats();
	return check_report();
}
