/*
 * QEMU virt GIC glue: picks the GICv2 or GICv3 driver by what the DTB describes and
 * keeps track of which CPUs have their interface "powered down".
 */
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/gicv2.h>
#include <secmon/drivers/gicv3.h>
#include <secmon/log.h>
#include <secmon_image.h>

#include "virt_gic.h"

static unsigned int gic_version;
static struct gicv2 gic2;
static struct gicv3 gic3;
static struct gicv3_cpu gic3_cpus[SECMON_IMAGE_MAX_CPUS];
static uint8_t cpu_down[SECMON_IMAGE_MAX_CPUS];

SECMON_COLD_BOOT int virt_gic_init(const struct virt_hw *hw)
{
	int err;

	gic_version = hw->gic_version;
	if (gic_version == 2) {
		gicv2_init(&gic2, hw->gicd.base, hw->gicc.base);
		err = gicv2_dist_init(&gic2);
	} else {
		gicv3_init(&gic3, gic3_cpus, SECMON_IMAGE_MAX_CPUS, hw->gicd.base, hw->gicr[0].base,
			   hw->gicr[0].size, 0);
		err = gicv3_dist_init(&gic3);
		/* The CPUs in the reset pen sleep with nothing but their CPU interface set. */
		if (!err)
			err = gicv3_rdist_prepare_all(&gic3);
	}
	if (err)
		ERROR("GICv%u distributor: error %d\n", gic_version, err);
	return err;
}

void virt_gic_cpu_up(unsigned int cpu)
{
	int err;

	if (gic_version == 2)
		err = cpu_down[cpu] ? gicv2_cpu_power_up(&gic2, cpu) : gicv2_cpu_init(&gic2, cpu);
	else
		err = cpu_down[cpu] ? gicv3_cpu_power_up(&gic3, cpu) : gicv3_cpu_init(&gic3, cpu);
	cpu_down[cpu] = 0;
	if (err)
		secmon_panic("GIC CPU interface of CPU%u: error %d", cpu, err);
}

void virt_gic_cpu_down(unsigned int cpu, unsigned int keep)
{
	int err = gic_version == 2 ? gicv2_cpu_power_down(&gic2, cpu, keep)
				   : gicv3_cpu_power_down(&gic3, cpu, keep);
	if (err)
		secmon_panic("GIC power-down of CPU%u: error %d", cpu, err);
	cpu_down[cpu] = 1;
}

void virt_gic_wake(unsigned int cpu, uint64_t mpidr)
{
	if (gic_version == 2)
		gicv2_send_wake_sgi_cpu(&gic2, cpu);
	else
		gicv3_send_wake_sgi(mpidr);
}

void virt_gic_release_secondaries(void)
{
	if (gic_version == 2)
		gicv2_send_wake_sgi_others(&gic2);
	else
		gicv3_send_wake_sgi_others();
}

void virt_gic_clear_wake(unsigned int cpu)
{
	if (gic_version == 2)
		gicv2_clear_wake_sgi(&gic2);
	else
		gicv3_clear_wake_sgi();
}

unsigned int virt_gic_version(void)
{
	return gic_version;
}
