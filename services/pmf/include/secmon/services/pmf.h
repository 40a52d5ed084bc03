/*
 * PMF query service, compatible with TF-A's (existing tools read timestamps with it):
 *
 *   GET_TIMESTAMP  0x87000020 (SMC32) / 0xC7000020 (SMC64)
 *       x1 = timestamp id (0x41 << 24 | service id << 10 | local id),
 *       x2 = MPIDR of the CPU whose timestamp is read, x3 bit 0 = clean and invalidate
 *       the timestamp's cache line before reading; any other bit of x3 set is
 *       INVALID_PARAMETER.
 *       Returns x0 = 0 and the timestamp in x1 (SMC64) or x1 = bits [31:0], x2 = bits
 *       [63:32] (SMC32); x0 = SMCCC INVALID_PARAMETER (-3) and 0 in x1 (and x2) for a
 *       bad id or a CPU not in the monitor's CPU table. TF-A returns -EINVAL (-22)
 *       there; its tools only test for non-zero.
 *   GET_VERSION    0x87000021 / 0xC7000021: x0 = 0 (SUCCESS), x1 = 1, as TF-A answers.
 *
 * secmon_pmf_service owns the fast calls of owning entity 7 (vendor-specific EL3
 * monitor) and answers its general queries (Call Count 0x8700FF00 = 4, Call UID
 * 0x8700FF01, Revision 0x8700FF03 = 1.0). Other function numbers there: SMC_UNK.
 *
 * The old SiP-range IDs 0x82000010 / 0xC2000010 (same arguments and results as
 * GET_TIMESTAMP) live in owning entity 2, which belongs to the image's own SiP service.
 * That service forwards them: its handler returns secmon_pmf_sip_handler(...) for
 * function IDs it does not know (the handler answers SMC_UNK for anything but these
 * two). An image without a SiP service of its own may register secmon_pmf_sip_service.
 *
 * Both services need secmon_pmf_init() (their init() calls it).
 */
#ifndef SECMON_SERVICES_PMF_H
#define SECMON_SERVICES_PMF_H

#include <stdbool.h>

#include <secmon/pmf.h>
#include <secmon/smc.h>

#define PMF_SMC_GET_TIMESTAMP_32     0x87000020u
#define PMF_SMC_GET_TIMESTAMP_64     0xc7000020u
#define PMF_SMC_GET_VERSION_32	     0x87000021u
#define PMF_SMC_GET_VERSION_64	     0xc7000021u
#define PMF_SMC_SIP_GET_TIMESTAMP_32 0x82000010u /* deprecated SiP-range form */
#define PMF_SMC_SIP_GET_TIMESTAMP_64 0xc2000010u
#define PMF_SMC_VERSION		     1u

/* Call UID 24a5316d-0dbd-45be-bb1f-ea6e71040382 (libsecmon's vendor EL3 service), w0..w3. */
#define SECMON_PMF_UID_W0	  0x24a5316du
#define SECMON_PMF_UID_W1	  0x0dbd45beu
#define SECMON_PMF_UID_W2	  0xbb1fea6eu
#define SECMON_PMF_UID_W3	  0x71040382u
#define SECMON_PMF_CALL_COUNT	  4u
#define SECMON_PMF_REVISION_MAJOR 1u
#define SECMON_PMF_REVISION_MINOR 0u

/* Call UID d353628d-a338-4b83-b503-5e731189a880 of secmon_pmf_sip_service, w0..w3. */
#define SECMON_PMF_SIP_UID_W0	  0xd353628du
#define SECMON_PMF_SIP_UID_W1	  0xa3384b83u
#define SECMON_PMF_SIP_UID_W2	  0xb5035e73u
#define SECMON_PMF_SIP_UID_W3	  0x1189a880u
#define SECMON_PMF_SIP_CALL_COUNT 2u

extern const struct secmon_smc_service secmon_pmf_service;

/* True for the two SiP-range GET_TIMESTAMP IDs (SVE hint bit clear). */
bool secmon_pmf_is_sip_fid(uint32_t fid);
/*
 * GET_TIMESTAMP for the SiP-range IDs, for a SiP service to forward to; SMC_UNK (and
 * no side effect) for every other fid. Same signature as a service handler.
 */
uint64_t secmon_pmf_sip_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				struct secmon_smc_frame *frame);
/* Owning entity 2 fast calls with only the SiP-range PMF IDs, for images without a SiP service. */
extern const struct secmon_smc_service secmon_pmf_sip_service;

#endif
