/*
 * Juno's GIC-400. A CPU that powers down really loses power, so its CPU interface is
 * disabled for both groups (GIC_PD_KEEP none): only the GIC's wake-up request to the
 * SCP ends a suspend. After a system suspend the distributor is set up again.
 */
#include <secmon/assert.h>
#include <secmon/drivers/gicv2.h>

#include "juno_private.h"

static struct gicv2 juno_gic;
/* Per CPU: its interface was disabled by juno_gic_cpu_down(). */
static uint8_t cpu_down[JUNO_CPUS];

static void check(int err, const char *what, unsigned int cpu)
{
	if (err != GIC_OK)
		secmon_panic("Juno: GIC-400 %s for CPU%u failed (%d)", what, cpu, err);
}

void juno_gic_init(void)
{
	for (unsigned int i = 0; i < JUNO_CPUS; i++)
		cpu_down[i] = 0;
	gicv2_init(&juno_gic, JUNO_GICD_BASE, JUNO_GICC_BASE);
	check(gicv2_dist_init(&juno_gic), "distributor set-up", juno_this_cpu());
}

void juno_gic_cpu_up(unsigned int cpu)
{
	SECMON_ASSERT(cpu < JUNO_CPUS);
	check(cpu_down[cpu] ? gicv2_cpu_power_up(&juno_gic, cpu) : gicv2_cpu_init(&juno_gic, cpu),
	      "CPU interface set-up", cpu);
	cpu_down[cpu] = 0;
}

void juno_gic_cpu_down(unsigned int cpu)
{
	SECMON_ASSERT(cpu < JUNO_CPUS);
	check(gicv2_cpu_power_down(&juno_gic, cpu, 0), "CPU interface power-down", cpu);
	cpu_down[cpu] = 1;
}

/* The first CPU up after a system suspend: the distributor lost its state. */
void juno_gic_system_resume(void)
{
	check(gicv2_dist_init(&juno_gic), "distributor restore", juno_this_cpu());
}
