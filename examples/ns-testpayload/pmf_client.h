/*
 * The PMF timestamp query as the normal world sees it, TF-A compatible (DESIGN.md "Facts";
 * TF-A's include/lib/pmf/pmf.h defines the same values). Only meaningful when the image
 * serves PMF (SECMON_ENABLE_PMF).
 */
#ifndef NS_PMF_CLIENT_H
#define NS_PMF_CLIENT_H

#include <stdint.h>

#define PMF_GET_TIMESTAMP_32	 0x87000020u
#define PMF_GET_TIMESTAMP_64	 0xc7000020u
#define PMF_GET_VERSION_32	 0x87000021u
#define PMF_GET_VERSION_64	 0xc7000021u
#define PMF_SIP_GET_TIMESTAMP_32 0x82000010u /* the old SiP-range IDs */
#define PMF_SIP_GET_TIMESTAMP_64 0xc2000010u
#define PMF_VERSION		 1u

/* Timestamp id: implementation 0x41 [31:24], service [15:10], local id [7:0]. */
#define PMF_TID(svc, local) ((0x41u << 24) | ((uint32_t)(svc) << 10) | (uint32_t)(local))
#define PMF_SVC_PSCI_STAT   0u
#define PMF_SVC_RT_INSTR    1u

/* Runtime instrumentation local ids (TF-A's meaning). */
#define RT_ENTER_PSCI	     0u
#define RT_EXIT_PSCI	     1u
#define RT_ENTER_HW_LOW_PWR  2u
#define RT_EXIT_HW_LOW_PWR   3u
#define RT_ENTER_CFLUSH	     4u
#define RT_EXIT_CFLUSH	     5u
#define RT_IDS		     6u
/* libsecmon's additions: the last CPU's cluster/system flush (stale when none). */
#define RT_ENTER_NODE_CFLUSH 6u
#define RT_EXIT_NODE_CFLUSH  7u
#define RT_READ_IDS	     8u

/* Query flags (x3): bit 0 = clean and invalidate the timestamp's line before reading. */
#define PMF_FLAG_CACHE_MAINT 1u

#endif
