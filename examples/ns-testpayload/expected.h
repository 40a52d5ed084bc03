/*
 * Values the monitor under test must return that are libsecmon's own choices, the same on
 * every board it is ported to, not a specification's: its SMCCC and PSCI versions and the
 * general queries of its services. What a board or its monitor port chooses is in its
 * profile (profiles.c). Keep these in step with the services.
 */
#ifndef NS_EXPECTED_H
#define NS_EXPECTED_H

/* SMCCC_VERSION: SMCCC 1.5 as (major << 16) | minor. */
#define EXPECTED_SMCCC_VERSION 0x10005u

/*
 * General queries of the Arm architecture service (OEN 0): Call Count, Call UID (w0-w3),
 * Revision (w0 major, w1 minor). Written out rather than taken from
 * <secmon/services/arch.h>, so that a change of the UID, which must stay stable across
 * builds, shows up here.
 */
#define EXPECTED_ARCH_CALL_COUNT 7u
#define EXPECTED_ARCH_UID                                                                          \
	{                                                                                          \
		0x6364beedu, 0x240740d1u, 0xb0b58e6au, 0xe8365179u                                 \
	}
#define EXPECTED_ARCH_REVISION_MAJOR 1u
#define EXPECTED_ARCH_REVISION_MINOR 0u

/*
 * The same for the standard secure service (OEN 4, served by PSCI, see
 * services/psci/include/secmon/services/psci.h): 22 SMC32 and 13 SMC64 function IDs, UID
 * 454412e3-099f-4e1f-96c2-9368baf06977, revision = the PSCI version.
 */
#define EXPECTED_STD_CALL_COUNT 35u
#define EXPECTED_STD_UID                                                                           \
	{                                                                                          \
		0x454412e3u, 0x099f4e1fu, 0x96c29368u, 0xbaf06977u                                 \
	}
#define EXPECTED_STD_REVISION_MAJOR 1u
#define EXPECTED_STD_REVISION_MINOR 1u

/* PSCI_VERSION: PSCI 1.1. */
#define EXPECTED_PSCI_VERSION 0x10001u

/*
 * TRNG (services/trng, where the image serves it): TRNG_VERSION 1.0, TRNG_FEATURES 0 (no
 * flags) for each of its five functions. The UUID is the board's (profiles.c).
 */
#define EXPECTED_TRNG_VERSION  0x10000u
#define EXPECTED_TRNG_FEATURES 0

#endif
