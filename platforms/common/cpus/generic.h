/*
 * The architectural power-down steps of the generic ops (generic.c), for entries of cores
 * whose own sequence cannot run, such as a model without the core's IMPDEF registers.
 * Private to platforms/common/cpus.
 */
#ifndef SECMON_CPUS_GENERIC_H
#define SECMON_CPUS_GENERIC_H

/* Data cache off, clean and invalidate to the level of unification (inner shareable). */
void cpus_generic_core_pwr_dwn(void);
/* Data cache off, clean and invalidate to the point of coherency. */
void cpus_generic_cluster_pwr_dwn(void);

#endif
