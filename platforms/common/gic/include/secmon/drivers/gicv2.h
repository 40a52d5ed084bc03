/*
 * GICv2 (GIC-400, QEMU's arm_gic with security extensions) as the EL3 monitor uses it.
 * See secmon/drivers/gic.h for the interrupt model.
 *
 * Order of calls:
 *   cold boot, primary:     gicv2_init(), gicv2_dist_init(), gicv2_cpu_init(cpu)
 *   every other CPU:        gicv2_cpu_init(cpu) (banked registers: the CPU does its own)
 *   before CPU power-down:  gicv2_cpu_power_down(cpu, keep)
 *   on wake / warm boot:    gicv2_cpu_power_up(cpu); gicv2_clear_wake_sgi() before the
 *                           normal world runs, once no wake SGI can still be on its way
 * All accesses are Secure (EL3 mappings must have NS = 0).
 */
#ifndef SECMON_DRIVERS_GICV2_H
#define SECMON_DRIVERS_GICV2_H

#include <stdint.h>

#include <secmon/drivers/gic.h>

/* What the driver remembers about one CPU. */
struct gicv2_cpu {
	uint8_t if_mask;     /* this CPU's interface bit (GICD_ITARGETSR0), 0 = not yet seen */
	uint32_t saved_ctlr; /* GICC_CTLR before gicv2_cpu_power_down() */
};

/* A GICv2 serves at most 8 CPU interfaces, so at most 8 CPUs. */
#define GICV2_MAX_CPUS 8u

/* One GICv2 instance. Static storage; gicv2_init() fills it. */
struct gicv2 {
	uint64_t gicd;			      /* distributor base */
	uint64_t gicc;			      /* CPU interface base */
	struct gicv2_cpu cpu[GICV2_MAX_CPUS]; /* by linear CPU index */
};

/* Records the bases. Touches no register. */
void gicv2_init(struct gicv2 *g, uint64_t gicd, uint64_t gicc);

/*
 * Cold boot, primary CPU, once: every SPI Group 1, disabled, level-triggered, default NS
 * priority; both groups enabled. GIC_ENODEV if the GIC has no security extensions.
 */
int gicv2_dist_init(struct gicv2 *g);

/*
 * Every CPU, cold and warm boot, run by the CPU itself: SGIs/PPIs Group 1 except the wake
 * SGI (Group 0, enabled, GIC_PRIO_WAKE), priority mask open, CPU interface with Group 0
 * enabled and signalled as FIQ. Bits the normal world owns (EnableGrp1, EOImodeNS) are kept
 * as they are: the normal world enables its own interface through the NS view of GICC_CTLR.
 */
int gicv2_cpu_init(struct gicv2 *g, unsigned int cpu);

/* This CPU's interface number (0-7), from the banked GICD_ITARGETSR0. */
unsigned int gicv2_cpu_if_id(const struct gicv2 *g);

/* Sends the wake SGI to the CPU interfaces in target_mask (bit n = interface n). */
void gicv2_send_wake_sgi(const struct gicv2 *g, uint8_t target_mask);

/* Sends the wake SGI to every CPU interface but the caller's. */
void gicv2_send_wake_sgi_others(const struct gicv2 *g);

/* Sends the wake SGI to linear CPU cpu (which must have run gicv2_cpu_init()). */
int gicv2_send_wake_sgi_cpu(const struct gicv2 *g, unsigned int cpu);

/*
 * Acknowledges and completes every pending wake SGI on this CPU (one per sending CPU on
 * GICv2), so WFI does not return at once again. Returns how many were completed.
 */
unsigned int gicv2_clear_wake_sgi(const struct gicv2 *g);

/*
 * Before this CPU powers down: disables the interrupt groups that keep (GIC_PD_KEEP_*)
 * does not name and disables the legacy bypass, so only the GIC's wake-up outputs matter.
 * The previous GICC_CTLR is saved for gicv2_cpu_power_up().
 */
int gicv2_cpu_power_down(struct gicv2 *g, unsigned int cpu, unsigned int keep);

/*
 * After a wake-up (in place or through warm boot): gicv2_cpu_init(), then the normal
 * world's group 1 enable as it was before gicv2_cpu_power_down().
 */
int gicv2_cpu_power_up(struct gicv2 *g, unsigned int cpu);

#endif
