/*
 * TRNG firmware interface (Arm DEN0098 1.0), a standard secure service: conditioned
 * entropy from the board's true random number generator (struct secmon_trng_ops, the
 * platform's `trng`, secmon/platform.h) for the normal world. It serves function numbers
 * 0x50-0x5F of owning entity 4, which it shares with PSCI (0x00-0x1F): registered as a
 * shared service (SECMON_SMC_SHARED, secmon/smc.h), it costs PSCI's calls nothing.
 *
 *   TRNG_VERSION   0x84000050  x0 = 0x10000 (version 1.0)
 *   TRNG_FEATURES  0x84000051  w1 = a function ID: x0 = SUCCESS (0) for the five IDs
 *                              here, NOT_SUPPORTED for any other
 *   TRNG_GET_UUID  0x84000052  w0-w3 = the source's UUID (its `uuid` words)
 *   TRNG_RND32     0x84000053  w1 = N, 1..96: N bits of entropy, bits [31:0] in w3,
 *                              [63:32] in w2, [95:64] in w1
 *   TRNG_RND64     0xC4000053  x1 = N, 1..192: bits [63:0] in x3, [127:64] in x2,
 *                              [191:128] in x1
 *
 * RND: bits at and above N, and registers wholly above it, are 0. Errors (x0, with
 * x1-x3 = 0): INVALID_PARAMETERS for N = 0 or above the maximum (an SMC64 x1 with upper
 * bits set included); NO_ENTROPY when the source has none now (try again). Other
 * function numbers of 0x50-0x5F, and the SMC64 forms of the first three: NOT_SUPPORTED.
 *
 * Without a source (no `trng` in the platform, or its present() says no, e.g. a CPU
 * without FEAT_RNG) every call, TRNG_VERSION included, answers NOT_SUPPORTED and leaves
 * x1-x3 alone: the interface is not there (DEN0098), which is how Linux and other
 * callers find out. The source is checked once, at the service's registration, whose
 * init() then returns SECMON_SMC_ABSENT: the dispatcher answers those calls (SMC_UNK,
 * the same -1), at no cost to anything else ("trng ... : absent" in the boot log).
 *
 * General queries of entity 4 (Call Count, Call UID, Revision) stay PSCI's, as in TF-A.
 */
#ifndef SECMON_SERVICES_TRNG_H
#define SECMON_SERVICES_TRNG_H

#include <secmon/smc.h>

#define TRNG_FID_VERSION  0x84000050u
#define TRNG_FID_FEATURES 0x84000051u
#define TRNG_FID_GET_UUID 0x84000052u
#define TRNG_FID_RND32	  0x84000053u
#define TRNG_FID_RND64	  0xc4000053u

/* Function numbers of entity 4 that belong to the TRNG interface. */
#define TRNG_FN_FIRST 0x50u
#define TRNG_FN_LAST  0x5fu

/* TRNG_VERSION: 1.0 as (major << 16) | minor. */
#define TRNG_VERSION_1_0 0x10000u

/* Most bits one RND call returns: three registers of 32 or 64 bits. */
#define TRNG_RND32_MAX_BITS 96u
#define TRNG_RND64_MAX_BITS 192u

/* Return codes (DEN0098), as 32-bit values; sign-extended in x0. */
#define TRNG_RET_SUCCESS	    0
#define TRNG_RET_NOT_SUPPORTED	    (-1)
#define TRNG_RET_INVALID_PARAMETERS (-2)
#define TRNG_RET_NO_ENTROPY	    (-3)

/*
 * The service. Its init() (at registration, cold boot) stops the boot with
 * SECMON_SMC_EINIT if the platform's source has no read() or an invalid UUID.
 */
extern const struct secmon_smc_service secmon_trng_service;

#endif
