/*
 * What the GICv2 and GICv3 drivers share: the interrupt model the monitor sets up, error
 * codes and power-down options.
 *
 * Interrupt model. The normal world owns every interrupt: all SPIs, PPIs and SGIs are
 * Group 1 Non-secure, except one SGI the monitor keeps for itself (GIC_WAKE_SGI, Group 0,
 * highest priority). EL3 sends it to wake a CPU that waits in WFI inside the monitor
 * (a parked secondary, a CPU "powered down" on a platform without real power control).
 * Group 0 is signalled as FIQ. The monitor must send the wake SGI only to a CPU that waits
 * in EL3, and that CPU must clear it (gicv*_clear_wake_sgi()) before it returns to the
 * normal world, which never sees Group 0 interrupts otherwise.
 *
 * SGI 15: Linux uses SGIs 0-7 for its IPIs, and the Arm recommendation reserves 8-15 for
 * the secure world.
 */
#ifndef SECMON_DRIVERS_GIC_H
#define SECMON_DRIVERS_GIC_H

/* The SGI the monitor reserves (Group 0) to wake CPUs waiting in WFI at EL3. */
#define GIC_WAKE_SGI 15u

/* Priorities: the wake SGI above everything the normal world can program (0x80-0xff). */
#define GIC_PRIO_WAKE 0x00u
#define GIC_PRIO_NS_DEFAULT                                                                        \
	0xa0u /* default for NS interrupts until the normal world sets its own */
/* Priority mask that lets every priority through; >= 0x80 so the NS world may still write it. */
#define GIC_PMR_ALLOW_ALL 0xffu

/* Error codes (0 = success). */
#define GIC_OK	      0
#define GIC_ETIMEDOUT (-1) /* a register never reached the awaited state */
#define GIC_ENODEV    (-2) /* no redistributor for this CPU, or the GIC lacks security support */
#define GIC_EINVAL    (-3) /* bad argument (CPU index, target) */
#define GIC_ENOTREADY (-4) /* the distributor has not been initialised yet */

/* Every poll of a GIC register gives up after this many reads and returns GIC_ETIMEDOUT. */
#define GIC_POLL_LIMIT 1000000u

/*
 * What stays enabled in this CPU's interface while the CPU is down
 * (gicv2_cpu_power_down() / gicv3_cpu_power_down()).
 *
 * 0: the CPU really loses power (Juno, N1SDP): both groups are disabled and, on GICv3,
 *    the redistributor is told the CPU sleeps; a wake-up goes through the power controller.
 * GIC_PD_KEEP_WAKE_SGI: the CPU waits in WFI at EL3 (QEMU CPU_OFF): the wake SGI must end it.
 * GIC_PD_KEEP_NS: as well, normal-world interrupts end the WFI (QEMU CPU_SUSPEND).
 */
#define GIC_PD_KEEP_WAKE_SGI (1u << 0)
#define GIC_PD_KEEP_NS	     (1u << 1)

#endif
