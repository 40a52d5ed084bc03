/*
 * Neoverse N1 implementation-defined registers and the DSU register its ops use
 * (Neoverse N1 TRM, "AArch64 system registers"; DynamIQ Shared Unit TRM), and what the
 * silicon and model entries share. Private to platforms/common/cpus.
 */
#ifndef SECMON_CPUS_NEOVERSE_N1_H
#define SECMON_CPUS_NEOVERSE_N1_H

#include <secmon/cpu_ops.h>

#include "cpus_sysreg.h"

#define SYSREG_MIDR_EL1		 "S3_0_C0_C0_0"
/* CPUPWRCTLR_EL1: bit 0 CORE_PWRDN_EN, the core asks its power controller to go down. */
#define SYSREG_N1_CPUPWRCTLR_EL1 "S3_0_C15_C2_7"
#define N1_CORE_PWRDN_EN	 (1ull << 0)
/* CLUSTERPWRDN_EL1 (DSU): bit 0 PWRDN, the cluster may go down with its last core. */
#define SYSREG_CLUSTERPWRDN_EL1	 "S3_0_C15_C3_6"
#define DSU_PWRDN		 (1ull << 0)

/* Cortex-A76 CPUACTLR2_EL1: bit 16, no load passes an older store (CVE-2018-3639). */
#define SYSREG_A76_CPUACTLR2_EL1    "S3_0_C15_C1_1"
#define A76_DISABLE_LOAD_PASS_STORE (1ull << 16)

/*
 * SMCCC_ARCH_WORKAROUND_n status of N1, silicon and model alike, and of the Cortex-A76
 * model (neoverse_n1.c).
 */
enum secmon_wa_status cpus_neoverse_n1_wa_status(unsigned int wa);

/* MIDR_EL1 variant [23:20] and revision [3:0] as 0xVR (r4p1 = 0x41). */
#define MIDR_REV(midr) ((((midr) >> 16) & 0xf0u) | ((midr)&0xfu))

#endif
