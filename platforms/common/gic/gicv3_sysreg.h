/*
 * System registers the GICv3 driver uses, by their generic S<op0>_<op1>_C<n>_C<m>_<op2>
 * names (accessed through secmon/internal/sysreg_access.h, which host tests hook).
 *
 * Private to the GIC drivers.
 */
#ifndef SECMON_GICV3_SYSREG_H
#define SECMON_GICV3_SYSREG_H

#include <stdint.h>

#include <secmon/internal/sysreg_access.h>

#define SYSREG_MPIDR_EL1       "S3_0_C0_C0_5"
#define SYSREG_ID_AA64PFR0_EL1 "S3_0_C0_C4_0"
#define SYSREG_ICC_PMR_EL1     "S3_0_C4_C6_0"
#define SYSREG_ICC_IAR0_EL1    "S3_0_C12_C8_0"
#define SYSREG_ICC_EOIR0_EL1   "S3_0_C12_C8_1"
#define SYSREG_ICC_SGI0R_EL1   "S3_0_C12_C11_7"
#define SYSREG_ICC_IGRPEN0_EL1 "S3_0_C12_C12_6"
#define SYSREG_ICC_SRE_EL2     "S3_4_C12_C9_5"
#define SYSREG_ICC_SRE_EL3     "S3_6_C12_C12_5"
#define SYSREG_ICC_IGRPEN1_EL3 "S3_6_C12_C12_7"

#define SYSREG_READ(name)	  SECMON_SYSREG_READ(name)
#define SYSREG_WRITE(name, value) SECMON_SYSREG_WRITE(name, value)

#endif
