/*
 * N1SDP's GIC-600 (GICv3). Its redistributors come out of reset powered down: each CPU
 * powers its own up through GICR_PWRR before use and down again when it really loses
 * power (GICV3_F_GIC600_PWRR in the shared driver), after marking it asleep, so a
 * pending interrupt becomes a wake-up request to the SCP. After a system suspend the
 * distributor is set up again.
 */
#include <secmon/assert.h>
#include <secmon/drivers/gicv3.h>

#include "n1sdp_private.h"

static struct gicv3 n1sdp_gic;
/* Per CPU: its interface was powered down by n1sdp_gic_cpu_down(). */
static uint8_t cpu_down[N1SDP_CPUS];
static struct gicv3_cpu gic_cpus[N1SDP_CPUS];

static void check(int err, const char *what, unsigned int cpu)
{
	if (err != GIC_OK)
		secmon_panic("N1SDP: GIC-600 %s for CPU%u failed (%d)", what, cpu, err);
}

void n1sdp_gic_init(void)
{
	for (unsigned int i = 0; i < N1SDP_CPUS; i++)
		cpu_down[i] = 0;
	/* This chip's redistributors; a second chip's GIC is not set up (docs/porting.md). */
	gicv3_init(&n1sdp_gic, gic_cpus, N1SDP_CPUS, N1SDP_GICD_BASE, N1SDP_GICR_BASE,
		   N1SDP_GICR_SIZE, GICV3_F_GIC600_PWRR);
	check(gicv3_dist_init(&n1sdp_gic), "distributor set-up", n1sdp_this_cpu());
}

void n1sdp_gic_cpu_up(unsigned int cpu)
{
	SECMON_ASSERT(cpu < N1SDP_CPUS);
	check(cpu_down[cpu] ? gicv3_cpu_power_up(&n1sdp_gic, cpu) : gicv3_cpu_init(&n1sdp_gic, cpu),
	      "redistributor power-up", cpu);
	cpu_down[cpu] = 0;
}

void n1sdp_gic_cpu_down(unsigned int cpu)
{
	SECMON_ASSERT(cpu < N1SDP_CPUS);
	check(gicv3_cpu_power_down(&n1sdp_gic, cpu, 0), "redistributor power-down", cpu);
	cpu_down[cpu] = 1;
}

/* The first CPU up after a system suspend: the distributor lost its state. */
void n1sdp_gic_system_resume(void)
{
	check(gicv3_dist_init(&n1sdp_gic), "distributor restore", n1sdp_this_cpu());
}
