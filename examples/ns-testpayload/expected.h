/*
 * Values the monitor under test must return that are choices of the monitor or the board,
 * not of a specification. Keep them in step with the services and the platform port.
 */
#ifndef NS_EXPECTED_H
#define NS_EXPECTED_H

#include <secmon_config.h>

/*
 * 1 if the image serves PSCI, i.e. owning entity 4 (standard secure service): function
 * numbers 0x00-0x1F and the general queries. Used by tests/served_ranges.c and the
 * general-query checks.
 */
#define EXPECTED_PSCI_SERVED 0 /* the QEMU image registers no PSCI service yet */

/* SMCCC_VERSION: SMCCC 1.5 as (major << 16) | minor. */
#define EXPECTED_SMCCC_VERSION 0x10005u

/*
 * SMCCC_ARCH_SOC_ID of QEMU virt. Type 0: bit 31 zero, JEP-106 bank index in [30:24] (Arm:
 * bank 5 = continuation count 4), identification code in [23:16] (Arm: 0x3B), SoC id in
 * [15:0]. Type 1: SoC revision.
 */
#define EXPECTED_SOC_VERSION  0x043b0051u
#define EXPECTED_SOC_REVISION 0u

/*
 * General queries of the Arm architecture service (OEN 0): Call Count, Call UID (w0-w3),
 * Revision (w0 major, w1 minor). Written out rather than taken from
 * <secmon/services/arch.h>, so that a change of the UID, which must stay stable across
 * builds, shows up here.
 */
#define EXPECTED_ARCH_CALL_COUNT 6u
#define EXPECTED_ARCH_UID                                                                          \
	{                                                                                          \
		0x6364beedu, 0x240740d1u, 0xb0b58e6au, 0xe8365179u                                 \
	}
#define EXPECTED_ARCH_REVISION_MAJOR 1u
#define EXPECTED_ARCH_REVISION_MINOR 0u

/* The same for the standard secure service (OEN 4, served by PSCI). Placeholders until the
 * PSCI service documents its answers. */
#define EXPECTED_STD_CALL_COUNT 22u
#define EXPECTED_STD_UID                                                                           \
	{                                                                                          \
		0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u                                 \
	}
#define EXPECTED_STD_REVISION_MAJOR 1u
#define EXPECTED_STD_REVISION_MINOR 0u

#endif
