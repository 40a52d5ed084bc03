/*
 * PSCI power-down as the payload sees it, on the calling CPU: a power-down CPU_SUSPEND
 * reaches its cpu_suspend and cpu_resume entries once each (and its secure timer works
 * afterwards, so cpu_resume set its interrupt up again); a standby state, which loses no
 * state, reaches neither. CPU_OFF / CPU_ON of each secondary is checked in tests/spd.c.
 */
#include "cpu.h"
#include "expected.h"
#include "psci_client.h"
#include "spd.h"
#include "tests.h"
#include "timer.h"

#define WAKE_US		5000u /* the suspend's wake-up timer */
#define TIMER_WAIT_US	200000u
#define SECURE_TIMER_US 200u

/* Arms the secure timer and waits for the payload to count it; returns the increase. */
static uint64_t secure_timer_works(uint64_t me)
{
	struct tsp_counts a, b;
	uint64_t start;

	spd_counts(me, &a);
	smc1(TSP_FAST_SMC64(TSP_FUNC_ARM_TIMER), timer_us_to_ticks(SECURE_TIMER_US));
	start = timer_now();
	do {
		spd_counts(me, &b);
		if (b.timer != a.timer)
			break;
		cpu_relax();
	} while (timer_us_since(start) < TIMER_WAIT_US);
	return b.timer - a.timer;
}

void spd_check_suspend(unsigned int cpu)
{
	const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;
	uint64_t me = spd_my_mpidr(), id = 0x5bd00000u | cpu, fired;
	struct tsp_counts a, b, c;
	struct suspend_result r;
	char why[120];

	/* A board without a profile and without idle states: spd.c said so once. */
	if (PSTATE_CPU_OFF == PSTATE_UNKNOWN || PSTATE_STANDBY == PSTATE_UNKNOWN)
		return;
	spd_counts(me, &a);
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, id, WAKE_US);
	spd_counts(me, &b);
	if (!r.resumed || r.context_id != id)
		tf_fail(&spd_checks.suspend_powerdown, "CPU%u: power-down suspend %s", cpu,
			suspend_describe(&r, why, sizeof(why)));
	else if (b.suspend != a.suspend + 1 || b.resume != a.resume + 1)
		tf_fail(&spd_checks.suspend_powerdown,
			"CPU%u: cpu_suspend %lu -> %lu, cpu_resume %lu -> %lu, want +1 each", cpu,
			(unsigned long)a.suspend, (unsigned long)b.suspend, (unsigned long)a.resume,
			(unsigned long)b.resume);
	else if ((fired = secure_timer_works(me)) != 1)
		tf_fail(&spd_checks.suspend_powerdown,
			"CPU%u: after the resume the secure timer was served %lu times, want 1",
			cpu, (unsigned long)fired);

	spd_counts(me, &b);
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_STANDBY, resume_entry, id, WAKE_US);
	spd_counts(me, &c);
	if (r.resumed || (int32_t)r.x0 != PSCI_E_SUCCESS)
		tf_fail(&spd_checks.suspend_standby, "CPU%u: standby %s", cpu,
			suspend_describe(&r, why, sizeof(why)));
	else if (c.suspend != b.suspend || c.resume != b.resume)
		tf_fail(
		    &spd_checks.suspend_standby,
		    "CPU%u: standby notified the payload (suspend %lu -> %lu, resume %lu -> %lu)",
		    cpu, (unsigned long)b.suspend, (unsigned long)c.suspend,
		    (unsigned long)b.resume, (unsigned long)c.resume);
}
