/*
 * ACME's SiP service: two calls of its own, answered next to libsecmon's services.
 *   0x8200A000 ACME_GET_BOARD_REV   -> x0 = 0, x1 = board revision
 *   0x8200A001 ACME_ECHO(x1, x2)    -> x0 = 0, x1 = x2, x2 = x1
 */
#include <secmon/smc.h>

#include "acme.h"

static uint64_t acme_sip_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				 struct secmon_smc_frame *frame)
{
	switch (fid) {
	case ACME_SIP_GET_BOARD_REV:
		secmon_smc_set_result(frame, 1, ACME_BOARD_REV);
		return 0;
	case ACME_SIP_ECHO:
		secmon_smc_set_result(frame, 1, (uint32_t)x2);
		secmon_smc_set_result(frame, 2, (uint32_t)x1);
		return 0;
	default:
		return secmon_smc_general_query(&acme_sip_service, fid, frame);
	}
}

const struct secmon_smc_service acme_sip_service = {
    .name = "acme-sip",
    .oen_first = SMCCC_OEN_SIP,
    .oen_last = SMCCC_OEN_SIP,
    .call_types = SECMON_SMC_FAST,
    .handler = acme_sip_handler,
    .call_count = 2,
    .uid = {{0xac3e0001u, 0x2026b0a7u, 0x8d1e4c11u, 0x00c0ffeeu}},
    .revision_major = 1,
    .revision_minor = 0,
};
