/* The PMF query in owning entity 7 (vendor-specific EL3 monitor): see secmon/services/pmf.h. */
#include <secmon/cold_boot.h>
#include <secmon/services/pmf.h>
#include <secmon/smccc.h>

#include "pmf_svc_private.h"

uint64_t pmf_svc_get_timestamp(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			       struct secmon_smc_frame *frame)
{
	uint64_t value;
	int32_t rc;

	if (SMCCC_IS_SMC64(fid) && ((x1 | x3) >> 32) != 0) {
		/* A 64-bit x1 with upper bits set is no timestamp id, nor x3 flags we know. */
		secmon_smc_set_result(frame, 1, 0);
		return smccc_status(PMF_RET_INVALID_PARAMETERS);
	}
	if (!SMCCC_IS_SMC64(fid)) {
		/* SMC32: 32-bit arguments, the 64-bit value split over w1 (low) and w2 (high). */
		rc = secmon_pmf_get_timestamp((uint32_t)x1, (uint32_t)x2, (uint32_t)x3, &value);
		secmon_smc_set_result(frame, 1, (uint32_t)value);
		secmon_smc_set_result(frame, 2, value >> 32);
	} else {
		rc = secmon_pmf_get_timestamp((uint32_t)x1, x2, (uint32_t)x3, &value);
		secmon_smc_set_result(frame, 1, value);
	}
	return smccc_status(rc);
}

SECMON_COLD_BOOT int pmf_svc_init(void)
{
	return secmon_pmf_init() == 0 ? 0 : -1;
}

static uint64_t pmf_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame)
{
	switch (fid) {
	case PMF_SMC_GET_TIMESTAMP_32:
	case PMF_SMC_GET_TIMESTAMP_64:
		return pmf_svc_get_timestamp(fid, x1, x2, x3, frame);
	case PMF_SMC_GET_VERSION_32:
	case PMF_SMC_GET_VERSION_64:
		/* As TF-A answers it: x0 = SUCCESS, x1 = the version. */
		secmon_smc_set_result(frame, 1, PMF_SMC_VERSION);
		return SMCCC_RET_SUCCESS;
	default:
		return secmon_smc_general_query(&secmon_pmf_service, fid, frame);
	}
}

const struct secmon_smc_service secmon_pmf_service = {
    .name = "pmf",
    .oen_first = SMCCC_OEN_VENDOR_EL3,
    .oen_last = SMCCC_OEN_VENDOR_EL3,
    .call_types = SECMON_SMC_FAST,
    .init = pmf_svc_init,
    .handler = pmf_handler,
    .call_count = SECMON_PMF_CALL_COUNT,
    .uid = {.w = {SECMON_PMF_UID_W0, SECMON_PMF_UID_W1, SECMON_PMF_UID_W2, SECMON_PMF_UID_W3}},
    .revision_major = SECMON_PMF_REVISION_MAJOR,
    .revision_minor = SECMON_PMF_REVISION_MINOR,
};
