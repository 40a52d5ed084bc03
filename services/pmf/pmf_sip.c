/*
 * The deprecated SiP-range PMF query IDs. Owning entity 2 belongs to the image's SiP
 * service, which forwards these two IDs here (secmon/services/pmf.h); secmon_pmf_sip_service
 * is that forwarding on its own, for images that have no SiP service.
 */
#include <secmon/services/pmf.h>
#include <secmon/smccc.h>

#include "pmf_svc_private.h"

bool secmon_pmf_is_sip_fid(uint32_t fid)
{
	return fid == PMF_SMC_SIP_GET_TIMESTAMP_32 || fid == PMF_SMC_SIP_GET_TIMESTAMP_64;
}

uint64_t secmon_pmf_sip_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				struct secmon_smc_frame *frame)
{
	if (!secmon_pmf_is_sip_fid(fid))
		return SMC_UNK;
	return pmf_svc_get_timestamp(fid, x1, x2, x3, frame);
}

static uint64_t sip_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame)
{
	if (secmon_pmf_is_sip_fid(fid))
		return secmon_pmf_sip_handler(fid, x1, x2, x3, frame);
	return secmon_smc_general_query(&secmon_pmf_sip_service, fid, frame);
}

const struct secmon_smc_service secmon_pmf_sip_service = {
    .name = "pmf-sip",
    .oen_first = SMCCC_OEN_SIP,
    .oen_last = SMCCC_OEN_SIP,
    .call_types = SECMON_SMC_FAST,
    .init = pmf_svc_init,
    .handler = sip_handler,
    .call_count = SECMON_PMF_SIP_CALL_COUNT,
    .uid = {.w = {SECMON_PMF_SIP_UID_W0, SECMON_PMF_SIP_UID_W1, SECMON_PMF_SIP_UID_W2,
		  SECMON_PMF_SIP_UID_W3}},
    .revision_major = SECMON_PMF_REVISION_MAJOR,
    .revision_minor = SECMON_PMF_REVISION_MINOR,
};
