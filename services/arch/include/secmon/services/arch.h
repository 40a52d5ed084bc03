/*
 * Arm architecture service (owning entity 0): SMCCC_VERSION, SMCCC_ARCH_FEATURES,
 * SMCCC_ARCH_SOC_ID, SMCCC_ARCH_FEATURE_AVAILABILITY and the SMCCC_ARCH_WORKAROUND_n
 * calls.
 */
#ifndef SECMON_SERVICES_ARCH_H
#define SECMON_SERVICES_ARCH_H

#include <secmon/smc.h>

/* Call UID 6364beed-2407-40d1-b0b5-8e6ae8365179, returned as w0..w3 in this order. */
#define SECMON_ARCH_UID_W0	   0x6364beedu
#define SECMON_ARCH_UID_W1	   0x240740d1u
#define SECMON_ARCH_UID_W2	   0xb0b58e6au
#define SECMON_ARCH_UID_W3	   0xe8365179u
#define SECMON_ARCH_REVISION_MAJOR 1
#define SECMON_ARCH_REVISION_MINOR 0
/* SMCCC_VERSION, ARCH_FEATURES, SOC_ID, FEATURE_AVAILABILITY and three workarounds. */
#define SECMON_ARCH_CALL_COUNT	   7

/* SMCCC_ARCH_SOC_ID types. */
#define SMCCC_SOC_ID_VERSION  0
#define SMCCC_SOC_ID_REVISION 1

extern const struct secmon_smc_service secmon_arch_service;

#endif
