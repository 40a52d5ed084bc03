/*
 * The SMCCC general service queries, answered the same way for every service; any other
 * ID a service does not know goes on to the shared services (secmon/smc.h).
 */
#include <secmon/smc.h>

uint64_t secmon_smc_general_query(const struct secmon_smc_service *svc, uint32_t fid,
				  struct secmon_smc_frame *frame)
{
	/* The general queries are SMC32 fast calls only. */
	if ((fid & (SMCCC_FAST_CALL | SMCCC_SMC64 | 0x00ff0000u)) == SMCCC_FAST_CALL) {
		switch (SMCCC_FUNC_NUM(fid)) {
		case SMCCC_FUNC_CALL_COUNT:
			return svc->call_count;
		case SMCCC_FUNC_CALL_UID:
			return secmon_smc_return_uid(frame, &svc->uid);
		case SMCCC_FUNC_REVISION:
			secmon_smc_set_result(frame, 1, svc->revision_minor);
			return svc->revision_major;
		}
	}
	return secmon_smc_shared_call(fid, frame->x[1], frame->x[2], frame->x[3], frame);
}
