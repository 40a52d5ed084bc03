/* CPU ops of the cores libsecmon knows; list the ones a board has in its platform. */
#ifndef SECMON_DRIVERS_CPUS_H
#define SECMON_DRIVERS_CPUS_H

#include <secmon/cpu_ops.h>

extern const struct secmon_cpu_ops secmon_cortex_a35_ops;
extern const struct secmon_cpu_ops secmon_cortex_a53_ops;
extern const struct secmon_cpu_ops secmon_cortex_a57_ops;
extern const struct secmon_cpu_ops secmon_cortex_a72_ops;
/* Power-down by hardware (CPUPWRCTLR), the cluster's through the DSU (dsu.h). */
extern const struct secmon_cpu_ops secmon_neoverse_n1_ops;
extern const struct secmon_cpu_ops secmon_cortex_a76_ops;
/* QEMU's -cpu neoverse-n1: the N1 workarounds and vectors, without the IMPDEF
 * registers QEMU does not model (generic power-down). */
extern const struct secmon_cpu_ops secmon_neoverse_n1_model_ops;
/* QEMU's -cpu cortex-a76: the same, for the A76. */
extern const struct secmon_cpu_ops secmon_cortex_a76_model_ops;
/*
 * Matches any core: decides from the ID registers. List it last. It is the right entry
 * for QEMU's a64fx (Fujitsu A64FX: no Arm-defined firmware mitigation to offer, and
 * CSV2 = 0 and no SSBS in its ID registers, so every workaround is NOT_SUPPORTED) and max.
 */
extern const struct secmon_cpu_ops secmon_generic_cpu_ops;

#endif
