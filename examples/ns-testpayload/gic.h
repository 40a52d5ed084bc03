/*
 * The normal world's side of the GIC, just enough to wake a CPU from a PSCI suspend with
 * its timer: CPU interface on, priority mask open, one PPI enabled. Interrupts are never
 * taken (PSTATE.I stays set); the monitor has made every PPI Group 1 Non-secure and
 * enabled the distributor's Group 1.
 */
#ifndef NS_GIC_H
#define NS_GIC_H

#include <stdint.h>

/* What the DTB says about the GIC; call once on CPU 0 before gic_cpu_init(). */
void gic_setup(unsigned int version, uint64_t dist, uint64_t cpu_or_redist);

/* 2, 3, or 0 when gic_setup() was not given a usable GIC. */
unsigned int gic_version(void);

/*
 * On the calling CPU: CPU interface and Group 1 on, PMR open, PPI intid enabled with a
 * middle priority. Returns 0, or -1 (no GIC, or no redistributor for this CPU).
 */
int gic_cpu_init(unsigned int intid);

#endif
