/* Internal interface between gicv3.c (memory-mapped parts) and gicv3_cpuif.c. Private. */
#ifndef SECMON_GICV3_PRIVATE_H
#define SECMON_GICV3_PRIVATE_H

#include <stdint.h>

/* This CPU's MPIDR_EL1. */
uint64_t gicv3_cpuif_mpidr(void);

/* System-register interface of the calling CPU: SRE, priority mask, Group 0 enable. */
void gicv3_cpuif_init(void);

/*
 * Disables the groups keep does not name; returns ICC_IGRPEN1_EL3 as it was before, for
 * gicv3_cpuif_restore_ns().
 */
uint32_t gicv3_cpuif_disable(unsigned int keep);

/* Sets the NS Group 1 enable again if it was set in saved. */
void gicv3_cpuif_restore_ns(uint32_t saved);

#endif
