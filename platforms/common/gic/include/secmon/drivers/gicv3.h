/*
 * GICv3 (GIC-500, GIC-600/700, QEMU's arm-gicv3) as the EL3 monitor uses it, with
 * affinity routing in both security states and the system-register CPU interface.
 * See secmon/drivers/gic.h for the interrupt model.
 *
 * Order of calls:
 *   cold boot, primary:     gicv3_init(), gicv3_dist_init(), gicv3_cpu_init(cpu)
 *   every other CPU:        gicv3_cpu_init(cpu), after gicv3_dist_init() (run by the CPU
 *                           itself: it sets up its own system registers)
 *   before CPU power-down:  gicv3_cpu_power_down(cpu, keep)
 *   on wake / warm boot:    gicv3_cpu_power_up(cpu); gicv3_clear_wake_sgi() before the
 *                           normal world runs, once no wake SGI can still be on its way
 *
 * What the normal world finds (Linux Documentation/arch/arm64/booting.rst): ICC_SRE_EL3
 * with SRE and Enable set; ICC_SRE_EL2 with SRE and Enable set when EL2 exists (needed if
 * the kernel is entered at EL1); ICC_CTLR_EL3 (PMHE) never changed; redistributor awake.
 * With security enabled the normal world cannot wake its redistributor itself, so every
 * path back to it goes through gicv3_cpu_init() or gicv3_cpu_power_up().
 */
#ifndef SECMON_DRIVERS_GICV3_H
#define SECMON_DRIVERS_GICV3_H

#include <stdint.h>

#include <secmon/drivers/gic.h>

/* Options for gicv3_init(). */
/* Redistributors have GICR_PWRR (GIC-600/700): power them up and down. */
#define GICV3_F_GIC600_PWRR (1u << 0)

/* What the driver remembers about one CPU. */
struct gicv3_cpu {
	uint64_t rdist;		/* RD_base of this CPU's redistributor, 0 until found */
	uint32_t saved_enables; /* ICC_IGRPEN1_EL3 before gicv3_cpu_power_down() */
};

/* One GICv3 instance. Static storage; gicv3_init() fills it. */
struct gicv3 {
	uint64_t gicd;		/* distributor base */
	uint64_t gicr_base;	/* first redistributor frame */
	uint64_t gicr_size;	/* bytes of contiguous redistributor frames */
	unsigned int flags;	/* GICV3_F_* */
	unsigned int cpu_slots; /* entries of cpu[]: the linear CPU indices it serves */
	struct gicv3_cpu *cpu;	/* by linear CPU index: the caller's storage */
};

/*
 * Records the bases and the per-CPU storage: cpus[0..cpu_slots-1], one per linear CPU
 * index (a port sizes it with its image's SECMON_IMAGE_MAX_CPUS). Frames are walked from
 * gicr_base, 128 KiB each (256 KiB when GICR_TYPER.VLPIS), until GICR_TYPER.Last or
 * gicr_size. Touches no register.
 */
void gicv3_init(struct gicv3 *g, struct gicv3_cpu *cpus, unsigned int cpu_slots, uint64_t gicd,
		uint64_t gicr_base, uint64_t gicr_size, unsigned int flags);

/*
 * Cold boot, primary CPU, once: affinity routing for both states; every SPI Group 1 NS,
 * disabled, level-triggered, default NS priority, routed to the calling CPU; Group 0,
 * Group 1 NS and Group 1 Secure enabled. GIC_ENODEV if security is disabled (GICD_CTLR.DS),
 * GIC_ETIMEDOUT if GICD_CTLR.RWP never clears.
 */
int gicv3_dist_init(struct gicv3 *g);

/* RD_base of the redistributor whose GICR_TYPER affinity matches mpidr; 0 if none. */
uint64_t gicv3_rdist_find(const struct gicv3 *g, uint64_t mpidr);

/*
 * Every CPU, cold and warm boot, run by the CPU itself: finds its redistributor by
 * MPIDR_EL1, powers it (GICV3_F_GIC600_PWRR) and wakes it (GICR_WAKER), makes SGIs/PPIs
 * Group 1 NS except the wake SGI (Group 0, enabled, GIC_PRIO_WAKE), and sets up the
 * system-register interface (SRE at EL3 and EL2, priority mask, Group 0 enable).
 * GIC_ENOTREADY before gicv3_dist_init(); GIC_ENODEV if no frame matches this CPU.
 */
int gicv3_cpu_init(struct gicv3 *g, unsigned int cpu);

/*
 * Cold boot, primary CPU, after gicv3_dist_init(): what gicv3_cpu_init() does to a
 * redistributor (power, wake, the wake SGI enabled as Group 0), to every one in the
 * region, for CPUs that sleep in WFI before they can run C (a board's reset pen,
 * secmon_platform.pen_wait): they only need their system-register interface then.
 */
int gicv3_rdist_prepare_all(struct gicv3 *g);

/*
 * A board's secmon_platform.pen_wait for a GICv3 (assembly, cold-boot code): the CPU
 * enables its own system-register interface and sleeps in WFI until the pen is open and
 * the wake SGI has come, which it completes. Needs gicv3_rdist_prepare_all() at the
 * primary's init and gicv3_send_wake_sgi_others() as the board's release_secondaries.
 */
void gicv3_pen_wait(void);

/*
 * Sends the wake SGI (Group 0, through ICC_SGI0R_EL1) to the CPU with this MPIDR. Aff0
 * values of 16 and above need range selectors (ICC_CTLR_EL3.RSS).
 */
void gicv3_send_wake_sgi(uint64_t target_mpidr);

/* Sends the wake SGI to every CPU but the caller (ICC_SGI0R_EL1.IRM). */
void gicv3_send_wake_sgi_others(void);

/* Acknowledges and completes the pending wake SGI of this CPU; returns how many. */
unsigned int gicv3_clear_wake_sgi(void);

/*
 * Before this CPU powers down: disables the groups keep (GIC_PD_KEEP_*) does not name.
 * With keep == 0 the CPU really loses power: the redistributor is marked asleep
 * (GICR_WAKER.ProcessorSleep, then ChildrenAsleep awaited) and, with GICV3_F_GIC600_PWRR,
 * powered down, so pending interrupts become wake requests to the power controller.
 * Otherwise the redistributor stays awake: the CPU waits in WFI with its interface live.
 */
int gicv3_cpu_power_down(struct gicv3 *g, unsigned int cpu, unsigned int keep);

/*
 * After a wake-up (in place or through warm boot): gicv3_cpu_init(), then the normal
 * world's Group 1 enable as it was before gicv3_cpu_power_down().
 */
int gicv3_cpu_power_up(struct gicv3 *g, unsigned int cpu);

#endif
