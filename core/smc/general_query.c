/* The SMCCC general service queries, answered the same way for every service. */
#include <secmon/smc.h>

uint64_t secmon_smc_general_query(const struct secmon_smc_service *svc, uint32_t fid,
				  struct secmon_smc_frame *frame)
{
	/* The general queries are SMC32 fast calls only. */
	if (!SMCCC_IS_FAST(fid) || SMCCC_IS_SMC64(fid) || (fid & 0x00ff0000u) != 0)
		return SMC_UNK;
	switch (SMCCC_FUNC_NUM(fid)) {
	case SMCCC_FUNC_CALL_COUNT:
		return svc->call_count;
	case SMCCC_FUNC_CALL_UID:
		secmon_smc_set_result(frame, 1, svc->uid.w[1]);
		secmon_smc_set_result(frame, 2, svc->uid.w[2]);
		secmon_smc_set_result(frame, 3, svc->uid.w[3]);
		return svc->uid.w[0];
	case SMCCC_FUNC_REVISION:
		secmon_smc_set_result(frame, 1, svc->revision_minor);
		return svc->revision_major;
	default:
		return SMC_UNK;
	}
}
