/*
 * CPU power primitives of the core, used by power-management services (PSCI) and board
 * ports: parking a CPU that is "powered down" on a platform where it keeps running
 * (QEMU), releasing it again, and the hook that decides where a CPU coming through the
 * warm-boot path continues in the normal world.
 */
#ifndef SECMON_POWER_H
#define SECMON_POWER_H

#include <stdbool.h>
#include <stdint.h>

/* Where a CPU continues in the normal world after a warm boot. */
struct secmon_warm_entry {
	uint64_t pc; /* normal-world entry point */
	uint64_t x0; /* its x0 (PSCI context id) */
};

/*
 * Decides where a CPU coming through the warm-boot path goes: returns 0 and fills
 * *entry to enter the normal world, or non-zero to park the CPU (it was not asked to
 * come up). Called on the CPU's own stack with the MMU on, after the platform's cpu_init.
 */
typedef int (*secmon_warm_boot_fn)(unsigned int cpu, struct secmon_warm_entry *entry);

/* Installs the warm-boot decision (the PSCI service does this at init). */
void secmon_set_warm_boot_handler(secmon_warm_boot_fn fn);

/*
 * Makes this CPU look powered down: turns its data cache and MMU off, cleans and
 * invalidates its level-1 data cache, then waits in WFI. With wait_for_release it
 * leaves only once secmon_cpu_release() was called for it (CPU_OFF); otherwise on the
 * first wake-up event (a power-down suspend). Either way it re-enters through the
 * warm-boot path, exactly as after a real power-up. Never returns.
 */
__attribute__((noreturn)) void secmon_cpu_power_down_park(bool wait_for_release);

/*
 * Lets a CPU parked by secmon_cpu_power_down_park(true) (or still in the cold-boot pen
 * path) come up; the caller then sends the platform's wake-up event (e.g. an SGI).
 */
void secmon_cpu_release(unsigned int cpu);

/*
 * Closes the pen the secondary CPUs wait in at reset. Before a system reset or off:
 * memory keeps the pen open over a reset, and secondaries that found it open would
 * warm boot while the primary is still rebuilding the monitor's state.
 */
void secmon_pen_close(void);

/*
 * Normal-world state kept over a power-down (the PMU configuration): saved before a
 * power-down suspend, restored when the CPU resumes from it.
 */
void secmon_ns_state_save(void);
void secmon_ns_state_restore(void);

/*
 * For platforms that only pretend to power a CPU down (QEMU): puts the registers a real
 * power loss would reset (the PMU's) to their reset values, so that what the monitor
 * must restore really is restored.
 */
void secmon_cpu_emulate_power_loss(void);

#endif
