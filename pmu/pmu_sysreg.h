/*
 * System registers of the PMU driver by their generic S<op0>_<op1>_C<n>_C<m>_<op2>
 * names, so any assembler accepts them. At EL3 each access is one mrs/msr; host builds
 * (SECMON_HOST) call the hooks the test defines, with that name string (the same hooks
 * as platforms/common/gic/gicv3_sysreg.h):
 *
 *   uint64_t secmon_host_sysreg_read(const char *name);
 *   void secmon_host_sysreg_write(const char *name, uint64_t value);
 *
 * Private to pmu/.
 */
#ifndef SECMON_PMU_SYSREG_H
#define SECMON_PMU_SYSREG_H

#include <stdint.h>

#define PMU_SR_ID_AA64DFR0_EL1	   "S3_0_C0_C5_0"
#define PMU_SR_MDCR_EL3		   "S3_6_C1_C3_1"
#define PMU_SR_PMCR_EL0		   "S3_3_C9_C12_0"
#define PMU_SR_PMCNTENSET_EL0	   "S3_3_C9_C12_1"
#define PMU_SR_PMCNTENCLR_EL0	   "S3_3_C9_C12_2"
#define PMU_SR_PMOVSCLR_EL0	   "S3_3_C9_C12_3"
#define PMU_SR_PMSELR_EL0	   "S3_3_C9_C12_5"
#define PMU_SR_PMCCNTR_EL0	   "S3_3_C9_C13_0"
#define PMU_SR_PMUSERENR_EL0	   "S3_3_C9_C14_0"
#define PMU_SR_PMINTENSET_EL1	   "S3_0_C9_C14_1"
#define PMU_SR_PMINTENCLR_EL1	   "S3_0_C9_C14_2"
#define PMU_SR_PMOVSSET_EL0	   "S3_3_C9_C14_3"
/* PMEVCNTR<n>_EL0 = S3_3_C14_C(8 + n / 8)_(n % 8); PMEVTYPER<n>_EL0 = C(12 + n / 8). */
#define PMU_SR_PMEVCNTR(crm, op2)  "S3_3_C14_C" #crm "_" #op2
#define PMU_SR_PMEVTYPER(crm, op2) "S3_3_C14_C" #crm "_" #op2
/* PMCCFILTR_EL0 sits where PMEVTYPER31_EL0 would be. */
#define PMU_SR_PMCCFILTR_EL0	   "S3_3_C14_C15_7"

#ifdef SECMON_HOST

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

#define PMU_SR_READ(name)	  secmon_host_sysreg_read(name)
#define PMU_SR_WRITE(name, value) secmon_host_sysreg_write(name, (uint64_t)(value))

#else

#define PMU_SR_READ(name)                                                                          \
	({                                                                                         \
		uint64_t pmu_sr_v_;                                                                \
		__asm__ volatile("mrs %0, " name : "=r"(pmu_sr_v_) : : "memory");                  \
		pmu_sr_v_;                                                                         \
	})
#define PMU_SR_WRITE(name, value)                                                                  \
	__asm__ volatile("msr " name ", %0" : : "r"((uint64_t)(value)) : "memory")

#endif

#endif
