/* Implementation-defined registers and steps shared by Cortex-A53, A57 and A72. */
#ifndef SECMON_CPUS_CORTEX_A5X_H
#define SECMON_CPUS_CORTEX_A5X_H

#include <secmon/arch.h> /* MIDR values */

#include "cpus_sysreg.h"

#define CPUECTLR_SMPEN		     (1ull << 6) /* take part in cluster coherency */
/* Cortex-A57/A72 CPUECTLR_EL1 prefetch controls (TRM 4.3.66 / 4.3.69). */
#define CPUECTLR_DIS_TWD_ACC_PFTCH   (1ull << 38) /* no table-walk descriptor prefetch */
#define CPUECTLR_L2_IPFTCH_DIST	     (3ull << 35) /* L2 instruction prefetch distance */
#define CPUECTLR_L2_DPFTCH_DIST	     (3ull << 32) /* L2 load/store prefetch distance */
/* Cortex-A57/A72 CPUACTLR_EL1: no load may pass an older store (CVE-2018-3639). */
#define CPUACTLR_DIS_LOAD_PASS_STORE (1ull << 55)
/* OSDLR_EL1.DLK: the OS double lock keeps external debug away from a core going down. */
#define OSDLR_DLK		     (1ull << 0)

/* Cache levels of these clusters: L1 private to the core, L2 shared by the cluster. */
#define CORTEX_A5X_CORE_LEVEL	 1u
#define CORTEX_A5X_CLUSTER_LEVEL 2u

/* SMPEN must be set before the data cache and MMU are turned on. */
static inline void cortex_a5x_enable_smp(void)
{
	CPUS_SYSREG_WRITE(SYSREG_CPUECTLR_EL1,
			  CPUS_SYSREG_READ(SYSREG_CPUECTLR_EL1) | CPUECTLR_SMPEN);
	cpus_isb();
}

/* Out of intra-cluster coherency: only once this core's caches are off and empty. */
static inline void cortex_a5x_disable_smp(void)
{
	CPUS_SYSREG_WRITE(SYSREG_CPUECTLR_EL1,
			  CPUS_SYSREG_READ(SYSREG_CPUECTLR_EL1) & ~CPUECTLR_SMPEN);
	cpus_isb();
}

#endif
