/*
 * PSCI notifications to the payload, and secure interrupts that arrive while the
 * normal world runs. Each runs on the CPU concerned.
 */
#include <secmon/assert.h>
#include <secmon/log.h>
#include <secmon/psci.h>

#include "spd_private.h"

/* Runs one notification entry; returns the payload's x1 (0 = done). */
static uint64_t notify(unsigned int cpu, uint64_t pc, uint64_t x0, uint32_t done_fid)
{
	uint64_t args[8] = {x0};

	spd_run(cpu, pc, args, done_fid, false);
	return spd_cpus[cpu].ctx.gp.x[1];
}

static void spd_cpu_on_finish(unsigned int cpu)
{
	/* A fresh power-up: the payload starts over on this CPU. */
	spd_reset_cpu(cpu);
	spd_cpus[cpu].on = notify(cpu, spd_entries.cpu_on, cpu, SPD_S_ON_DONE) == 0;
	if (!spd_cpus[cpu].on)
		WARN("SPD: the payload refused CPU%u; trusted-OS calls there are unknown\n", cpu);
}

static int32_t spd_cpu_off(unsigned int cpu)
{
	if (!spd_cpus[cpu].on)
		return PSCI_RET_SUCCESS;
	/* Whatever was preempted here cannot survive the power-off. */
	spd_abort_preempted(cpu);
	if (notify(cpu, spd_entries.cpu_off, cpu, SPD_S_OFF_DONE) != 0)
		return PSCI_RET_DENIED;
	spd_cpus[cpu].on = false;
	return PSCI_RET_SUCCESS;
}

static void spd_cpu_suspend(unsigned int cpu, unsigned int off_level)
{
	if (spd_cpus[cpu].on &&
	    notify(cpu, spd_entries.cpu_suspend, off_level, SPD_S_SUSPEND_DONE) != 0)
		secmon_panic("SPD: the payload failed to prepare CPU%u for suspend", cpu);
}

static void spd_cpu_suspend_finish(unsigned int cpu, unsigned int off_level)
{
	if (spd_cpus[cpu].on &&
	    notify(cpu, spd_entries.cpu_resume, off_level, SPD_S_RESUME_DONE) != 0)
		secmon_panic("SPD: the payload failed to resume on CPU%u", cpu);
}

static void spd_system_off(void)
{
	unsigned int cpu = spd_this_cpu();

	if (spd_cpus[cpu].on)
		notify(cpu, spd_entries.system_off, 0, SPD_S_SYSTEM_OFF_DONE);
}

static void spd_system_reset(void)
{
	unsigned int cpu = spd_this_cpu();

	if (spd_cpus[cpu].on)
		notify(cpu, spd_entries.system_reset, 0, SPD_S_SYSTEM_RESET_DONE);
}

const struct secmon_psci_spd_hooks spd_psci_hooks = {
    .cpu_off = spd_cpu_off,
    .cpu_suspend = spd_cpu_suspend,
    .cpu_suspend_finish = spd_cpu_suspend_finish,
    .cpu_on_finish = spd_cpu_on_finish,
    .system_off = spd_system_off,
    .system_reset = spd_system_reset,
};

/* A secure interrupt taken while the normal world ran: the payload serves it. */
void spd_ns_fiq(struct secmon_cpu_context *ns_ctx)
{
	unsigned int cpu = spd_this_cpu();
	static const uint64_t none[8];

	(void)ns_ctx;
	/* It would fire again at once: stopping with a clear message beats a livelock. */
	if (!spd_cpus[cpu].on)
		secmon_panic("SPD: secure interrupt on CPU%u where the payload is not running",
			     cpu);
	spd_run(cpu, spd_entries.fiq, none, SPD_S_FIQ_DONE, false);
}
