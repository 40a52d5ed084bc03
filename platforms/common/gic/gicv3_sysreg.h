/*
 * System registers the GICv3 driver uses, by their generic S<op0>_<op1>_C<n>_C<m>_<op2>
 * names so any assembler accepts them. At EL3 each access is one mrs/msr. Host builds
 * (SECMON_HOST) call two hooks with that name string instead, which the test defines:
 *
 *   uint64_t secmon_host_sysreg_read(const char *name);
 *   void secmon_host_sysreg_write(const char *name, uint64_t value);
 *
 * Private to the GIC drivers.
 */
#ifndef SECMON_GICV3_SYSREG_H
#define SECMON_GICV3_SYSREG_H

#include <stdint.h>

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

#ifdef SECMON_HOST

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

#define SYSREG_READ(name)	  secmon_host_sysreg_read(name)
#define SYSREG_WRITE(name, value) secmon_host_sysreg_write(name, (uint64_t)(value))

#else

#define SYSREG_READ(name)                                                                          \
	({                                                                                         \
		uint64_t sysreg_v_;                                                                \
		__asm__ volatile("mrs %0, " name : "=r"(sysreg_v_) : : "memory");                  \
		sysreg_v_;                                                                         \
	})
#define SYSREG_WRITE(name, value)                                                                  \
	__asm__ volatile("msr " name ", %0" : : "r"((uint64_t)(value)) : "memory")

#endif

#endif
