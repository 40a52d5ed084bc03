/*
 * The architectural power-down steps of the generic ops (generic.c), for entries of cores
 * whose own sequence cannot run, such as a model without the core's IMPDEF registers,
 * and their workaround answers from the ID registers alone.
 * Private to platforms/common/cpus.
 */
#ifndef SECMON_CPUS_GENERIC_H
#define SECMON_CPUS_GENERIC_H

#include <secmon/cpu_ops.h>

/*
 * SMCCC_ARCH_WORKAROUND_n from the ID registers (wa_id.c): CSV2 >= 1 means branch
 * targets do not leak (1: not required), SSBS gives the OS its own control of
 * speculative store bypass (2), CSV2 >= 3 or ECBHB means the branch history is safe (3);
 * otherwise NOT_SUPPORTED, since there is no generic firmware mitigation.
 */
enum secmon_wa_status cpus_wa_from_id_registers(unsigned int wa);

/* Data cache off, clean and invalidate to the level of unification (inner shareable). */
void cpus_generic_core_pwr_dwn(void);
/* Data cache off, clean and invalidate to the point of coherency. */
void cpus_generic_cluster_pwr_dwn(void);

#endif
