/*
 * Arm architecture service. SMCCC_ARCH_FEATURE_AVAILABILITY reports what the core
 * enabled for the normal world (secmon/features.h). The workaround answers come from the running
 * CPU's cpu ops, so a big.LITTLE system answers per core as SMCCC asks. The mitigations behind
 * WORKAROUND_1 and _3 run in the EL3 vectors on every entry from a lower EL, so an SMC
 * that asks for them has been served before it is decoded: on Cortex-A57/A72 (branch
 * predictor invalidated by the MMU toggle) _1 and _3, on Neoverse N1 (Spectre-BHB
 * branch loop) _3, return straight from the vector and never reach this handler; the
 * others (N1's _1, answered "not required" from CSV2; any call from AArch32) end here.
 */
#include <secmon/cpu_ops.h>
#include <secmon/features.h>
#include <secmon/secmon.h>
#include <secmon/services/arch.h>

/* Not inlined: ARCH_FEATURES and the calls themselves share one copy. */
__attribute__((noinline)) static int32_t workaround_status(uint32_t fid)
{
	const struct secmon_cpu_ops *ops = secmon_this_cpu_ops();
	unsigned int n = fid == SMCCC_ARCH_WORKAROUND_1	  ? 1
			 : fid == SMCCC_ARCH_WORKAROUND_2 ? 2
							  : 3;
	return ops->wa_status ? ops->wa_status(n) : SECMON_WA_NOT_SUPPORTED;
}

/* Not inlined either: ARCH_FEATURES asks it too. */
__attribute__((noinline)) static int32_t soc_id(uint32_t type)
{
	int32_t v;

	if (type > SMCCC_SOC_ID_REVISION)
		return SMCCC_RET_INVALID_PARAMETER;
	v = secmon_plat_soc_id(secmon_board.platform, type);
	return v < 0 ? SMCCC_RET_NOT_SUPPORTED : v;
}

static int32_t arch_features(uint32_t fid)
{
	switch (fid) {
	case SMCCC_VERSION:
	case SMCCC_ARCH_FEATURES:
	case SMCCC_ARCH_FEATURE_AVAILABILITY:
		return SMCCC_RET_SUCCESS;
	case SMCCC_ARCH_SOC_ID:
		return soc_id(SMCCC_SOC_ID_VERSION) < 0 ? SMCCC_RET_NOT_SUPPORTED
							: SMCCC_RET_SUCCESS;
	case SMCCC_ARCH_WORKAROUND_1:
	case SMCCC_ARCH_WORKAROUND_2:
	case SMCCC_ARCH_WORKAROUND_3:
		return workaround_status(fid);
	default:
		return SMCCC_RET_NOT_SUPPORTED;
	}
}

static uint64_t arch_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			     struct secmon_smc_frame *frame)
{
	switch (fid) {
	case SMCCC_VERSION:
		return (SMCCC_VERSION_MAJOR << 16) | SMCCC_VERSION_MINOR;
	case SMCCC_ARCH_FEATURES:
		return smccc_status(arch_features((uint32_t)x1));
	case SMCCC_ARCH_SOC_ID:
		return smccc_status(soc_id((uint32_t)x1));
	case SMCCC_ARCH_FEATURE_AVAILABILITY:
		return smccc_status(secmon_feature_availability(x1, &frame->x[1]));
	case SMCCC_ARCH_WORKAROUND_1:
	case SMCCC_ARCH_WORKAROUND_2:
	case SMCCC_ARCH_WORKAROUND_3:
		/*
		 * What this core needs was done by the entry vector (_1, _3) or at reset (_2):
		 * a core whose ops say REQUIRED for _3 has vectors that run the BHB loop or
		 * the MMU toggle. A workaround ARCH_FEATURES calls unsupported is an unknown
		 * function.
		 */
		return workaround_status(fid) == SECMON_WA_NOT_SUPPORTED ? SMC_UNK
									 : SMCCC_RET_SUCCESS;
	default:
		return secmon_smc_general_query(&secmon_arch_service, fid, frame);
	}
}

const struct secmon_smc_service secmon_arch_service = {
    .name = "arch",
    .oen_first = SMCCC_OEN_ARCH,
    .oen_last = SMCCC_OEN_ARCH,
    .call_types = SECMON_SMC_FAST,
    .handler = arch_handler,
    .call_count = SECMON_ARCH_CALL_COUNT,
    .uid = {{SECMON_ARCH_UID_W0, SECMON_ARCH_UID_W1, SECMON_ARCH_UID_W2, SECMON_ARCH_UID_W3}},
    .revision_major = SECMON_ARCH_REVISION_MAJOR,
    .revision_minor = SECMON_ARCH_REVISION_MINOR,
};
