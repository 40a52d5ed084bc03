/*
 * CPU_ON against its target's early arrival (issue 17 item 7). On a board whose CPUs wait
 * at EL3 rather than lose power (QEMU virt, sbsa-ref), a CPU can come through the
 * warm-boot path while a CPU_ON for it is still inside pwr_domain_on: at boot on its way
 * out of the reset pen, or right after its CPU_OFF, before it waits for a wake-up. The
 * engine must not let it finish powering up (the platform's on_finish, the trusted OS's
 * cpu_on_finish, the normal-world entry) before pwr_domain_on has returned: until then
 * the platform's wake-up signal may still be on its way (an on_finish that consumed it
 * before it was sent left it pending for the normal world, which on QEMU with a secure
 * payload meant an FIQ taken to EL3 for ever), and a failed power-on must not leave a
 * CPU running that AFFINITY_INFO calls OFF.
 *
 * Deterministic: the mock's pwr_domain_on runs the target's warm boot on a thread of its
 * own and gives it ARRIVAL_WAIT_MS to get through (an engine without the wait lets it
 * through in microseconds) before it returns.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "mock_plat.h"

static const uint16_t tree[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */
#define TARGET		1u
#define ENTRY		0x4000ull
#define CONTEXT		0xc0ffeeull
#define ARRIVAL_WAIT_MS 500

static struct {
	pthread_t thread;
	atomic_bool in_pwr_domain_on;  /* the CPU_ON is inside pwr_domain_on */
	atomic_bool arrived;	       /* the target's warm boot has returned */
	atomic_uint finished_early;    /* finish hooks run while in_pwr_domain_on */
	atomic_uint spd_on_finish;     /* the trusted OS's cpu_on_finish calls */
	atomic_bool through_during_on; /* the target got through before pwr_domain_on ended */
	int32_t rc;		       /* what the target's secmon_psci_warmboot returned */
	struct secmon_psci_entry entry;
} race;

static void *target_warm_boot(void *arg)
{
	(void)arg;
	race.rc = secmon_psci_warmboot(TARGET, &race.entry);
	atomic_store(&race.arrived, true);
	return NULL;
}

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

/* pwr_domain_on: the target arrives now, and has ARRIVAL_WAIT_MS to get through. */
static void arrive_during_on(uint64_t mpidr)
{
	CHECK_EQ(mpidr, MOCK_MPIDR(TARGET));
	atomic_store(&race.in_pwr_domain_on, true);
	CHECK_EQ(pthread_create(&race.thread, NULL, target_warm_boot, NULL), 0);
	for (unsigned int ms = 0; ms < ARRIVAL_WAIT_MS && !atomic_load(&race.arrived); ms++)
		sleep_ms(1);
	atomic_store(&race.through_during_on, atomic_load(&race.arrived));
	atomic_store(&race.in_pwr_domain_on, false);
}

static void probe(int hook, unsigned int cpu, const struct secmon_psci_state *s)
{
	(void)s;
	if (hook == MOCK_HOOK_ON_FINISH && cpu == TARGET && atomic_load(&race.in_pwr_domain_on))
		atomic_fetch_add(&race.finished_early, 1);
}

static void spd_on_finish(unsigned int cpu)
{
	if (cpu != TARGET)
		return;
	atomic_fetch_add(&race.spd_on_finish, 1);
	if (atomic_load(&race.in_pwr_domain_on))
		atomic_fetch_add(&race.finished_early, 1);
}

static const struct secmon_psci_spd_hooks spd_hooks = {.cpu_on_finish = spd_on_finish};

static void setup(void)
{
	memset(&race, 0, sizeof(race));
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	secmon_psci_register_spd(&spd_hooks);
	mock.probe = probe;
	mock.during_on = arrive_during_on;
}

/* The target arrives while the CPU_ON that turns it on is in pwr_domain_on. */
static void test_arrival_during_on(void)
{
	setup();
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(TARGET), ENTRY, CONTEXT), PSCI_RET_SUCCESS);
	CHECK_EQ(pthread_join(race.thread, NULL), 0);
	/* It waited for the call: nothing of its power-up ran before pwr_domain_on returned. */
	CHECK(!atomic_load(&race.through_during_on));
	CHECK_EQ(atomic_load(&race.finished_early), 0);
	/* Then it came up as this CPU_ON asked. */
	CHECK_EQ(race.rc, PSCI_RET_SUCCESS);
	CHECK_EQ(race.entry.pc, ENTRY);
	CHECK_EQ(race.entry.context_id, CONTEXT);
	CHECK_EQ(race.entry.reason, SECMON_PSCI_WAKE_ON);
	CHECK_EQ(mock.on_finish.count, 1);
	CHECK_EQ(atomic_load(&race.spd_on_finish), 1);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(TARGET), 0), PSCI_AFF_ON);
}

/* The power-on fails while the target, already here, waits: it is not turned on. */
static void test_arrival_during_failed_on(void)
{
	struct secmon_psci_entry e;

	setup();
	mock.on_rc = PSCI_RET_INTERNAL_FAILURE;
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(TARGET), ENTRY, CONTEXT),
		 PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(pthread_join(race.thread, NULL), 0);
	CHECK(!atomic_load(&race.through_during_on));
	/* Nobody turned it on: it is sent back to wait, as a spurious wake-up. */
	CHECK_EQ(race.rc, PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(mock.on_finish.count, 0);
	CHECK_EQ(atomic_load(&race.spd_on_finish), 0);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(TARGET), 0), PSCI_AFF_OFF);

	/* A later CPU_ON finds nothing left over from the failed one. */
	mock.on_rc = PSCI_RET_SUCCESS;
	mock.during_on = NULL;
	CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(TARGET), ENTRY + 8, CONTEXT + 1),
		 PSCI_RET_SUCCESS);
	CHECK_EQ(mock_wake(TARGET, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.pc, ENTRY + 8);
	CHECK_EQ(e.context_id, CONTEXT + 1);
	CHECK_EQ(mock.on_finish.count, 1);
	CHECK_EQ(secmon_psci_affinity_info(MOCK_MPIDR(TARGET), 0), PSCI_AFF_ON);
}

/* Turned on, off and on again: each CPU_ON lets exactly one arrival through. */
static void test_on_off_on(void)
{
	struct secmon_psci_entry e;
	int32_t rc;

	setup();
	mock.during_on = NULL;
	for (unsigned int round = 0; round < 3; round++) {
		CHECK_EQ(secmon_psci_cpu_on(0, MOCK_MPIDR(TARGET), ENTRY, CONTEXT + round),
			 PSCI_RET_SUCCESS);
		CHECK_EQ(mock_wake(TARGET, &e), PSCI_RET_SUCCESS);
		CHECK_EQ(e.context_id, CONTEXT + round);
		/* Woken after its CPU_OFF with no CPU_ON under way: spurious. */
		mock.current_cpu = TARGET;
		CHECK(mock_cpu_off(TARGET, &rc));
		mock.current_cpu = 0;
		CHECK_EQ(mock_wake(TARGET, &e), PSCI_RET_INTERNAL_FAILURE);
	}
	CHECK_EQ(mock.on_finish.count, 3);
}

int main(void)
{
	test_arrival_during_on();
	test_arrival_during_failed_on();
	test_on_off_on();
	return check_report();
}
