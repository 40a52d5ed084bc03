/*
 * System registers of the PMU driver by their generic S<op0>_<op1>_C<n>_C<m>_<op2>
 * names (accessed through secmon/internal/sysreg_access.h, which host tests hook).
 *
 * Private to core/pmu/.
 */
#ifndef SECMON_PMU_SYSREG_H
#define SECMON_PMU_SYSREG_H

#include <stdint.h>

#include <secmon/internal/sysreg_access.h>

#define PMU_SR_ID_AA64DFR0_EL1 "S3_0_C0_C5_0"
#define PMU_SR_MDCR_EL3	       "S3_6_C1_C3_1"
#define PMU_SR_PMCR_EL0	       "S3_3_C9_C12_0"
#define PMU_SR_PMCNTENSET_EL0  "S3_3_C9_C12_1"
#define PMU_SR_PMCNTENCLR_EL0  "S3_3_C9_C12_2"
#define PMU_SR_PMOVSCLR_EL0    "S3_3_C9_C12_3"
#define PMU_SR_PMSELR_EL0      "S3_3_C9_C12_5"
#define PMU_SR_PMCCNTR_EL0     "S3_3_C9_C13_0"
#define PMU_SR_PMUSERENR_EL0   "S3_3_C9_C14_0"
#define PMU_SR_PMINTENSET_EL1  "S3_0_C9_C14_1"
#define PMU_SR_PMINTENCLR_EL1  "S3_0_C9_C14_2"
#define PMU_SR_PMOVSSET_EL0    "S3_3_C9_C14_3"
#define PMU_SR_PMXEVTYPER_EL0  "S3_3_C9_C13_1"
#define PMU_SR_PMXEVCNTR_EL0   "S3_3_C9_C13_2"
/* PMCCFILTR_EL0 sits where PMEVTYPER31_EL0 would be. */
#define PMU_SR_PMCCFILTR_EL0   "S3_3_C14_C15_7"

#define PMU_SR_READ(name)	  SECMON_SYSREG_READ(name)
#define PMU_SR_WRITE(name, value) SECMON_SYSREG_WRITE(name, value)
#define PMU_SR_SYNC()		  SECMON_SYSREG_SYNC()

#endif
