/*
 * PSCI SMC front end: decodes function IDs and arguments (SMC32 forms use only the low
 * 32 bits of each argument) and calls the engine. Everything the platform cannot do is
 * already NOT_SUPPORTED in the engine; this file only knows function IDs.
 */
#include <secmon/pmf.h>
#include <secmon/services/psci.h>
#include <secmon/smccc.h>

#include "psci_svc_init.h"

#define FN_BIT(fn) (1u << (fn))

/* Functions that also have an SMC64 form (DEN0022 table 5.x). */
static const uint32_t has_smc64 =
    FN_BIT(PSCI_FN_CPU_SUSPEND) | FN_BIT(PSCI_FN_CPU_ON) | FN_BIT(PSCI_FN_AFFINITY_INFO) |
    FN_BIT(PSCI_FN_MIGRATE) | FN_BIT(PSCI_FN_MIGRATE_INFO_UP_CPU) |
    FN_BIT(PSCI_FN_CPU_DEFAULT_SUSPEND) | FN_BIT(PSCI_FN_NODE_HW_STATE) |
    FN_BIT(PSCI_FN_SYSTEM_SUSPEND) | FN_BIT(PSCI_FN_STAT_RESIDENCY) | FN_BIT(PSCI_FN_STAT_COUNT) |
    FN_BIT(PSCI_FN_SYSTEM_RESET2) | FN_BIT(PSCI_FN_MEM_PROTECT_CHECK_RANGE) |
    FN_BIT(PSCI_FN_SYSTEM_OFF2);

bool secmon_psci_fid_valid(uint32_t fid)
{
	uint32_t fn = SMCCC_FUNC_NUM(fid);

	/* Fast call, owning entity 4, bits [23:16] zero; SMC64 only where it exists. */
	if ((fid & ~(SMCCC_SMC64 | SMCCC_FUNC_MASK)) != PSCI_FID(0) || fn >= PSCI_FN_COUNT)
		return false;
	return !SMCCC_IS_SMC64(fid) || (has_smc64 & FN_BIT(fn)) != 0;
}

static int32_t features(uint32_t queried)
{
	/* PSCI_FEATURES is how callers discover SMCCC 1.1+ (SMCCC_VERSION). */
	if (queried == SMCCC_VERSION)
		return PSCI_RET_SUCCESS;
	if (!secmon_psci_fid_valid(queried))
		return PSCI_RET_NOT_SUPPORTED;
	return secmon_psci_features(SMCCC_FUNC_NUM(queried));
}

/* PSCI_STAT values are 64-bit for SMC64 callers, the low 32 bits for SMC32 ones. */
static uint64_t stat_value(uint32_t fid, uint64_t v)
{
	return SMCCC_IS_SMC64(fid) ? v : (uint32_t)v;
}

static uint64_t call(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	unsigned int cpu = secmon_psci_this_cpu();
	int32_t rc;

	switch (SMCCC_FUNC_NUM(fid)) {
	case PSCI_FN_PSCI_VERSION:
		return PSCI_VERSION_VALUE;
	case PSCI_FN_CPU_SUSPEND:
		psci_svc_prepare_suspend();
		rc = secmon_psci_cpu_suspend(cpu, (uint32_t)x1, x2, x3);
		break;
	case PSCI_FN_CPU_OFF:
		rc = secmon_psci_cpu_off(cpu);
		break;
	case PSCI_FN_CPU_ON:
		rc = secmon_psci_cpu_on(cpu, x1, x2, x3);
		break;
	case PSCI_FN_AFFINITY_INFO:
		rc = secmon_psci_affinity_info(x1, (uint32_t)x2);
		break;
	case PSCI_FN_MIGRATE:
		rc = secmon_psci_migrate(x1);
		break;
	case PSCI_FN_MIGRATE_INFO_TYPE:
		rc = secmon_psci_migrate_info_type();
		break;
	case PSCI_FN_MIGRATE_INFO_UP_CPU:
		rc = secmon_psci_migrate_info_up_cpu();
		break;
	case PSCI_FN_SYSTEM_OFF:
		psci_svc_prepare_system_reset();
		rc = secmon_psci_system_off();
		break;
	case PSCI_FN_SYSTEM_RESET:
		psci_svc_prepare_system_reset();
		rc = secmon_psci_system_reset();
		break;
	case PSCI_FN_PSCI_FEATURES:
		rc = features((uint32_t)x1);
		break;
	case PSCI_FN_CPU_FREEZE:
		rc = secmon_psci_cpu_freeze(cpu);
		break;
	case PSCI_FN_CPU_DEFAULT_SUSPEND:
		psci_svc_prepare_suspend();
		rc = secmon_psci_cpu_default_suspend(cpu, x1, x2);
		break;
	case PSCI_FN_NODE_HW_STATE:
		rc = secmon_psci_node_hw_state(x1, (uint32_t)x2);
		break;
	case PSCI_FN_SYSTEM_SUSPEND:
		psci_svc_prepare_suspend();
		rc = secmon_psci_system_suspend(cpu, x1, x2);
		break;
	case PSCI_FN_SET_SUSPEND_MODE:
		rc = secmon_psci_set_suspend_mode(cpu, (uint32_t)x1);
		break;
	case PSCI_FN_STAT_RESIDENCY:
		return stat_value(fid, secmon_psci_stat_residency(x1, (uint32_t)x2));
	case PSCI_FN_STAT_COUNT:
		return stat_value(fid, secmon_psci_stat_count(x1, (uint32_t)x2));
	case PSCI_FN_SYSTEM_RESET2:
		psci_svc_prepare_system_reset();
		rc = secmon_psci_system_reset2((uint32_t)x1, x2);
		break;
	case PSCI_FN_MEM_PROTECT:
		rc = secmon_psci_mem_protect((uint32_t)x1);
		break;
	case PSCI_FN_MEM_PROTECT_CHECK_RANGE:
		rc = secmon_psci_mem_protect_check_range(x1, x2);
		break;
	case PSCI_FN_SYSTEM_OFF2:
		psci_svc_prepare_system_reset();
		rc = secmon_psci_system_off2((uint32_t)x1, x2);
		break;
	default:
		rc = PSCI_RET_NOT_SUPPORTED;
		break;
	}
	return smccc_status(rc);
}

static uint64_t psci_dispatch(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	/*
	 * Unknown numbers in PSCI's range are NOT_SUPPORTED; so are IDs with bits [23:16]
	 * set, which are unknown calls: the same -1 as SMC_UNK.
	 */
	if (!secmon_psci_fid_valid(fid))
		return smccc_status(PSCI_RET_NOT_SUPPORTED);
	if (!SMCCC_IS_SMC64(fid)) {
		x1 = (uint32_t)x1;
		x2 = (uint32_t)x2;
		x3 = (uint32_t)x3;
	}
	return call(fid, x1, x2, x3);
}

/*
 * PSCI's own calls, with the runtime instrumentation ENTER_PSCI / EXIT_PSCI around each
 * (nothing if PMF is off). Not inlined, so that the handler's test before it needs no
 * stack frame.
 */
static __attribute__((noinline)) uint64_t psci_timed(uint32_t fid, uint64_t x1, uint64_t x2,
						     uint64_t x3)
{
	uint64_t ret;

	PMF_CAPTURE_TIMESTAMP(rt_instr, RT_INSTR_ENTER_PSCI, PMF_NO_CACHE_MAINT);
	/* The one query callers time (and poll): answered before any decoding. */
	if (fid == PSCI_FID(PSCI_FN_PSCI_VERSION)) {
		PMF_CAPTURE_TIMESTAMP(rt_instr, RT_INSTR_EXIT_PSCI, PMF_NO_CACHE_MAINT);
		return PSCI_VERSION_VALUE;
	}
	ret = psci_dispatch(fid, x1, x2, x3);
	PMF_CAPTURE_TIMESTAMP(rt_instr, RT_INSTR_EXIT_PSCI, PMF_NO_CACHE_MAINT);
	return ret;
}

/*
 * Beyond PSCI's function numbers: the general queries, and the entity's other
 * specifications (shared services such as the TRNG), which are no PSCI calls to time.
 * Not inlined either, so that the handler moves no register on PSCI's path.
 */
static __attribute__((noinline)) uint64_t psci_beyond(uint32_t fid, struct secmon_smc_frame *frame)
{
	return secmon_smc_general_query(&secmon_psci_service, fid, frame);
}

static uint64_t psci_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			     struct secmon_smc_frame *frame)
{
	if (SMCCC_FUNC_NUM(fid) > PSCI_FN_RANGE_LAST)
		return psci_beyond(fid, frame);
	return psci_timed(fid, x1, x2, x3);
}

const struct secmon_smc_service secmon_psci_service = {
    .name = "psci",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST,
    .init = psci_svc_init,
    .handler = psci_handler,
    .call_count = SECMON_PSCI_CALL_COUNT,
    .uid = {.w = {SECMON_PSCI_UID_W0, SECMON_PSCI_UID_W1, SECMON_PSCI_UID_W2, SECMON_PSCI_UID_W3}},
    .revision_major = PSCI_VERSION_MAJOR,
    .revision_minor = PSCI_VERSION_MINOR,
};
