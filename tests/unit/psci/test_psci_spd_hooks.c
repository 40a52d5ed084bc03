/*
 * The secure-payload notifications of the engine: which PSCI paths call which hook,
 * with which level, in which order against the platform's hooks, and that a refusal
 * of CPU_OFF leaves the CPU running.
 */
#include <string.h>

#include "check.h"
#include "mock_plat.h"

static const uint16_t tree[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */
#define PS_CPU_OFF     0x00010002u
#define PS_CPU_RET     0x00000001u
#define PS_CLUSTER_OFF 0x01010022u

/* What the hooks saw: counts, last arguments, and the platform's counters at the time. */
static struct {
	unsigned int off, suspend, suspend_finish, on_finish, sys_off, sys_reset;
	unsigned int cpu, level;
	unsigned int flushes_at_suspend, flushes_at_off, plat_finish_at_on, plat_off_at_sys_off;
	int32_t off_answer;
} seen;

static int32_t hook_off(unsigned int cpu)
{
	seen.off++;
	seen.cpu = cpu;
	seen.flushes_at_off = mock.flush_count;
	return seen.off_answer;
}

static void hook_suspend(unsigned int cpu, unsigned int level)
{
	seen.suspend++;
	seen.cpu = cpu;
	seen.level = level;
	seen.flushes_at_suspend = mock.flush_count;
}

static void hook_suspend_finish(unsigned int cpu, unsigned int level)
{
	seen.suspend_finish++;
	seen.cpu = cpu;
	seen.level = level;
}

static void hook_on_finish(unsigned int cpu)
{
	seen.on_finish++;
	seen.cpu = cpu;
	seen.plat_finish_at_on = mock.on_finish.count;
}

static void hook_system_off(void)
{
	seen.sys_off++;
	seen.plat_off_at_sys_off = mock.system_off_calls;
}

static void hook_system_reset(void)
{
	seen.sys_reset++;
}

static const struct secmon_psci_spd_hooks hooks = {
    .cpu_off = hook_off,
    .cpu_suspend = hook_suspend,
    .cpu_suspend_finish = hook_suspend_finish,
    .cpu_on_finish = hook_on_finish,
    .system_off = hook_system_off,
    .system_reset = hook_system_reset,
};

static void setup(void)
{
	memset(&seen, 0, sizeof(seen));
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	secmon_psci_register_spd(&hooks);
}

static void on_and_wake(unsigned int cpu)
{
	struct secmon_psci_entry e;

	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(cpu), 0x4000, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(seen.on_finish, 0); /* not before the CPU runs */
	CHECK_EQ(mock_wake(cpu, &e), PSCI_RET_SUCCESS);
}

static void test_cpu_on(void)
{
	setup();
	on_and_wake(1);
	CHECK_EQ(seen.on_finish, 1);
	CHECK_EQ(seen.cpu, 1);
	/* After the platform restored the CPU. */
	CHECK_EQ(seen.plat_finish_at_on, 1);
	CHECK_EQ(seen.suspend_finish, 0);
}

static void test_cpu_off(void)
{
	int32_t rc;

	setup();
	on_and_wake(1);
	/* The trusted OS refuses: DENIED, nothing powered down, the CPU still ON. */
	seen.off_answer = PSCI_RET_DENIED;
	mock.current_cpu = 1;
	CHECK(!mock_cpu_off(1, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);
	CHECK_EQ(seen.off, 1);
	CHECK_EQ(mock.off.count, 0);
	CHECK_EQ(mock.flush_count, 0);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_ON);

	/* Accepted: told before any cache is flushed, then the CPU goes. */
	seen.off_answer = PSCI_RET_SUCCESS;
	CHECK(mock_cpu_off(1, &rc));
	CHECK_EQ(seen.off, 2);
	CHECK_EQ(seen.flushes_at_off, 0);
	CHECK_EQ(mock.off.count, 1);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(1), 0), PSCI_AFF_OFF);
	CHECK_EQ(seen.suspend, 0);
}

static void test_suspend(void)
{
	struct secmon_psci_entry e;
	int32_t rc;

	setup();
	/* CPU power-down (CPU 1 of the cluster is OFF, so only the CPU level is asked). */
	CHECK(mock_cpu_suspend(0, PS_CPU_OFF, 0x4000, 0, &rc));
	CHECK_EQ(seen.suspend, 1);
	CHECK_EQ(seen.level, 0);
	CHECK_EQ(seen.flushes_at_suspend, 0); /* before this CPU's caches are cleaned */
	CHECK_EQ(seen.suspend_finish, 0);
	CHECK_EQ(mock_wake(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(seen.suspend_finish, 1);
	CHECK_EQ(seen.level, 0);
	CHECK_EQ(seen.on_finish, 0);

	/* Cluster power-down: the level that loses state is 1 both ways. */
	CHECK(mock_cpu_suspend(0, PS_CLUSTER_OFF, 0x4000, 0, &rc));
	CHECK_EQ(seen.suspend, 2);
	CHECK_EQ(seen.level, 1);
	CHECK_EQ(mock_wake(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(seen.suspend_finish, 2);
	CHECK_EQ(seen.level, 1);

	/* A retention state loses nothing: no notification either way. */
	CHECK(!mock_cpu_suspend(0, PS_CPU_RET, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK_EQ(seen.suspend, 2);
	CHECK_EQ(seen.suspend_finish, 2);

	/* A power-down the hardware abandons: suspend, then resume on the same path. */
	mock.wfi_returns = true;
	CHECK(!mock_cpu_suspend(0, PS_CPU_OFF, 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_SUCCESS);
	CHECK_EQ(seen.suspend, 3);
	CHECK_EQ(seen.suspend_finish, 3);
	mock.wfi_returns = false;
}

static void test_osi_denied(void)
{
	int32_t rc;

	setup();
	on_and_wake(1);
	CHECK_EQ(secmon_psci_set_suspend_mode(0, PSCI_MODE_OS_INITIATED), PSCI_RET_SUCCESS);
	/* CPU 0 says it is last in its cluster while CPU 1 runs: DENIED, and the trusted
	   OS hears the suspend it was told about end. */
	CHECK(!mock_cpu_suspend(0, mock_ps(true, MOCK_OFF, MOCK_OFF, 0, 0, 2), 0x4000, 0, &rc));
	CHECK_EQ(rc, PSCI_RET_DENIED);
	CHECK_EQ(seen.suspend, 1);
	CHECK_EQ(seen.suspend_finish, 1);
}

static void test_system(void)
{
	setup();
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_INTERNAL_FAILURE); /* the mock returns */
	CHECK_EQ(seen.sys_off, 1);
	CHECK_EQ(seen.plat_off_at_sys_off, 0);
	CHECK_EQ(mock.system_off_calls, 1);
	CHECK_EQ(secmon_psci_system_off2(PSCI_OFF2_TYPE_HIBERNATE_OFF, 0) != PSCI_RET_SUCCESS, 1);
	CHECK_EQ(seen.sys_off, 2);
	/* A bad SYSTEM_OFF2 request is refused before anyone is told. */
	CHECK_EQ(secmon_psci_system_off2(7, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(seen.sys_off, 2);
	secmon_psci_system_reset();
	CHECK_EQ(seen.sys_reset, 1);
	secmon_psci_system_reset2(PSCI_RESET2_SYSTEM_WARM_RESET, 0);
	CHECK_EQ(seen.sys_reset, 2);
	CHECK_EQ(secmon_psci_system_reset2(5, 0), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(seen.sys_reset, 2);
}

int main(void)
{
	test_cpu_on();
	test_cpu_off();
	test_suspend();
	test_osi_denied();
	test_system();
	return check_report();
}
