/* Implementation-defined registers shared by Cortex-A53, A57 and A72. */
#ifndef SECMON_CPUS_CORTEX_A5X_H
#define SECMON_CPUS_CORTEX_A5X_H

#include <secmon/arch.h>

#define CPUACTLR_EL1		     S3_1_C15_C2_0
#define CPUECTLR_EL1		     S3_1_C15_C2_1
#define CPUECTLR_SMPEN		     (1ull << 6) /* take part in cluster coherency */
/* Cortex-A57/A72 CPUACTLR_EL1: no load may pass an older store (CVE-2018-3639). */
#define CPUACTLR_DIS_LOAD_PASS_STORE (1ull << 55)

/* SMPEN must be set before the data cache and MMU are turned on. */
static inline void cortex_a5x_enable_smp(void)
{
	write_sysreg(CPUECTLR_EL1, read_sysreg(CPUECTLR_EL1) | CPUECTLR_SMPEN);
	isb();
}

#endif
