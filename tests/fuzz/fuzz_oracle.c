/*
 * What each SMC may answer, written from the specs (DEN0022 PSCI, DEN0028 SMCCC) and
 * docs/psci.md rather than from the code under test: an exact value where the model
 * knows enough (CPU_ON, AFFINITY_INFO, PSCI_FEATURES, the SMCCC arch calls, ...), else
 * the set of status codes the function may return.
 */
#include <secmon/pmf.h>
#include <secmon/services/arch.h>
#include <secmon/services/pmf.h>
#include <secmon/services/psci.h>
#include <secmon/smccc.h>

#include "fuzz.h"

#define CODE(c)	  (1u << (unsigned int)-(c))
#define BIT(n)	  (1u << (n))
#define SVE_HINT  (1u << 16)
#define SMC64_BIT (1u << 30)

/* PSCI functions with an SMC64 form (DEN0022 table "PSCI function IDs"). */
static const uint32_t has_smc64 =
    BIT(PSCI_FN_CPU_SUSPEND) | BIT(PSCI_FN_CPU_ON) | BIT(PSCI_FN_AFFINITY_INFO) |
    BIT(PSCI_FN_MIGRATE) | BIT(PSCI_FN_MIGRATE_INFO_UP_CPU) | BIT(PSCI_FN_CPU_DEFAULT_SUSPEND) |
    BIT(PSCI_FN_NODE_HW_STATE) | BIT(PSCI_FN_SYSTEM_SUSPEND) | BIT(PSCI_FN_STAT_RESIDENCY) |
    BIT(PSCI_FN_STAT_COUNT) | BIT(PSCI_FN_SYSTEM_RESET2) | BIT(PSCI_FN_MEM_PROTECT_CHECK_RANGE) |
    BIT(PSCI_FN_SYSTEM_OFF2);

unsigned int fz_psci_fn(uint32_t fid)
{
	uint32_t fn = fid & 0xffffu;

	if ((fid & ~(SMC64_BIT | 0xffffu)) != 0x84000000u || fn >= PSCI_FN_COUNT)
		return FZ_FN_NONE;
	if ((fid & SMC64_BIT) && !(has_smc64 & BIT(fn)))
		return FZ_FN_NONE;
	return fn;
}

static void exact(struct fz_expect *e, uint64_t v)
{
	e->exact = true;
	e->value = v;
}

static void status(struct fz_expect *e, int32_t code)
{
	exact(e, (uint64_t)(int64_t)code);
}

static void result(struct fz_expect *e, unsigned int n, uint64_t v)
{
	e->outmask |= (uint8_t)BIT(n);
	e->out[n] = v;
}

/* An entry point the engine refuses (not 4-byte aligned) or the platform does. */
static bool entry_refused(uint64_t entry, bool platform_checks)
{
	return (entry & 3) != 0 || (platform_checks && !fz_entry_valid(entry));
}

/* A CPU_OFF caller that has announced itself OFF and is about to WFI. */
static bool at_off_wfi(const struct fz_cpu *t)
{
	return t->state == FZ_CALL && t->fn == PSCI_FN_CPU_OFF && t->pause == FZ_P_WFI;
}

/* The target is OFF for AFFINITY_INFO / CPU_ON. */
static bool model_off(const struct fz_cpu *t)
{
	return t->state == FZ_DOWN_OFF || (at_off_wfi(t) && !t->on_req);
}

/* CPU_ON accepted, the CPU has not booted yet. */
static bool model_pending(const struct fz_cpu *t)
{
	return t->state == FZ_ON_REQUESTED || (at_off_wfi(t) && t->on_req);
}

static bool others_off(unsigned int cpu)
{
	for (unsigned int i = 0; i < fz.ncpus; i++)
		if (i != cpu && !model_off(&fz.cpus[i]))
			return false;
	return true;
}

/* PSCI_STAT needs a clock: PMF's counter when PMF is built in, else the platform's. */
static bool stat_clock(void)
{
	return SECMON_ENABLE_PMF || fz_has(FZ_H_TIMESTAMP);
}

static int32_t features(uint32_t q)
{
	unsigned int fn = fz_psci_fn(q);

	if (q == SMCCC_VERSION)
		return PSCI_RET_SUCCESS;
	switch (fn) {
	case PSCI_FN_PSCI_VERSION:
	case PSCI_FN_CPU_OFF:
	case PSCI_FN_CPU_ON:
	case PSCI_FN_AFFINITY_INFO:
	case PSCI_FN_MIGRATE_INFO_TYPE:
	case PSCI_FN_PSCI_FEATURES:
		return PSCI_RET_SUCCESS;
	case PSCI_FN_CPU_SUSPEND:
		return (fz.flags & FZ_F_OSI ? 1 : 0) | (fz.flags & FZ_F_EXTENDED ? 2 : 0);
	case PSCI_FN_SYSTEM_OFF:
		return fz_has(FZ_H_SYSTEM_OFF) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_SYSTEM_RESET:
		return fz_has(FZ_H_SYSTEM_RESET) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_CPU_FREEZE:
		return fz_has(FZ_H_FREEZE) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_CPU_DEFAULT_SUSPEND:
		return fz_has(FZ_H_SUSPEND) && fz_has(FZ_H_WFI) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_NODE_HW_STATE:
		return fz_has(FZ_H_NODE_HW) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_SYSTEM_SUSPEND:
		return fz_has(FZ_H_SYS_SUSPEND) && fz_has(FZ_H_SUSPEND) && fz_has(FZ_H_WFI)
			   ? 0
			   : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_SET_SUSPEND_MODE:
		return fz.flags & FZ_F_OSI ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_STAT_RESIDENCY:
	case PSCI_FN_STAT_COUNT:
		return stat_clock() ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_SYSTEM_RESET2:
		return fz_has(FZ_H_RESET2) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_MEM_PROTECT:
		return fz_has(FZ_H_MEM_PROTECT) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_MEM_PROTECT_CHECK_RANGE:
		return fz_has(FZ_H_MEM_CHECK) ? 0 : PSCI_RET_NOT_SUPPORTED;
	case PSCI_FN_SYSTEM_OFF2:
		return fz_has(FZ_H_OFF2) || fz_has(FZ_H_SYSTEM_OFF) ? 1 : PSCI_RET_NOT_SUPPORTED;
	default: /* MIGRATE, MIGRATE_INFO_UP_CPU, not a PSCI function ID */
		return PSCI_RET_NOT_SUPPORTED;
	}
}

/* SET_SUSPEND_MODE (DEN0022 5.20). */
static int32_t set_mode(unsigned int cpu, uint32_t mode)
{
	if (!(fz.flags & FZ_F_OSI))
		return PSCI_RET_NOT_SUPPORTED;
	if (mode > PSCI_MODE_OS_INITIATED)
		return PSCI_RET_INVALID_PARAMETERS;
	if (mode == fz.mode)
		return PSCI_RET_SUCCESS;
	if (mode == PSCI_MODE_PLATFORM_COORDINATED)
		return others_off(cpu) ? PSCI_RET_SUCCESS : PSCI_RET_DENIED;
	for (unsigned int i = 0; i < fz.ncpus; i++) {
		const struct fz_cpu *o = &fz.cpus[i];

		if (i == cpu)
			continue;
		if ((o->state == FZ_DOWN_SUSPEND && o->kind == FZ_K_CPU_SUSPEND) ||
		    (o->state == FZ_CALL && o->fn == PSCI_FN_CPU_SUSPEND))
			return PSCI_RET_DENIED;
	}
	return PSCI_RET_SUCCESS;
}

static void psci(unsigned int cpu, unsigned int fn, bool smc64, const uint64_t *x,
		 struct fz_expect *e)
{
	uint64_t a1 = smc64 ? x[1] : (uint32_t)x[1];
	uint64_t a2 = smc64 ? x[2] : (uint32_t)x[2];
	bool ep_check = fz_has(FZ_H_VALIDATE_EP);
	bool can_pd = fz_has(FZ_H_SUSPEND) && fz_has(FZ_H_WFI);
	int target = fz_cpu_of_mpidr(a1);

	e->psci = true;
	e->fn = fn;
	switch (fn) {
	case PSCI_FN_PSCI_VERSION:
		exact(e, 0x10001);
		e->pure = true;
		break;
	case PSCI_FN_CPU_SUSPEND:
		e->codes = CODE(PSCI_RET_SUCCESS) | CODE(PSCI_RET_INVALID_PARAMETERS) |
			   CODE(PSCI_RET_INVALID_ADDRESS) | CODE(PSCI_RET_DENIED);
		e->down_ok = true;
		break;
	case PSCI_FN_CPU_OFF:
		/* Returns only when it cannot be done. */
		if (fz_has(FZ_H_OFF) && fz_has(FZ_H_WFI))
			e->codes = 0;
		else
			status(e, PSCI_RET_DENIED);
		e->down_ok = true;
		break;
	case PSCI_FN_CPU_ON:
		if (target < 0)
			status(e, PSCI_RET_INVALID_PARAMETERS);
		else if (entry_refused(a2, ep_check))
			status(e, PSCI_RET_INVALID_ADDRESS);
		else if (model_off(&fz.cpus[target]))
			status(e, (fz.flags & FZ_F_ON_FAILS) && (unsigned int)target == fz.ncpus - 1
				      ? PSCI_RET_INTERNAL_FAILURE
				      : PSCI_RET_SUCCESS);
		else if (model_pending(&fz.cpus[target]))
			status(e, PSCI_RET_ON_PENDING);
		else
			status(e, PSCI_RET_ALREADY_ON);
		break;
	case PSCI_FN_AFFINITY_INFO:
		if ((uint32_t)x[2] != 0 || target < 0)
			status(e, PSCI_RET_INVALID_PARAMETERS);
		else if (model_off(&fz.cpus[target]))
			status(e, PSCI_AFF_OFF);
		else if (model_pending(&fz.cpus[target]))
			status(e, PSCI_AFF_ON_PENDING);
		else
			status(e, PSCI_AFF_ON);
		e->pure = true;
		break;
	case PSCI_FN_MIGRATE:
	case PSCI_FN_MIGRATE_INFO_UP_CPU:
		status(e, PSCI_RET_NOT_SUPPORTED);
		e->pure = true;
		break;
	case PSCI_FN_MIGRATE_INFO_TYPE:
		status(e, PSCI_TOS_NOT_PRESENT_MP);
		e->pure = true;
		break;
	case PSCI_FN_SYSTEM_OFF:
		status(e, fz_has(FZ_H_SYSTEM_OFF) ? PSCI_RET_INTERNAL_FAILURE
						  : PSCI_RET_NOT_SUPPORTED);
		break;
	case PSCI_FN_SYSTEM_RESET:
		status(e, fz_has(FZ_H_SYSTEM_RESET) ? PSCI_RET_INTERNAL_FAILURE
						    : PSCI_RET_NOT_SUPPORTED);
		break;
	case PSCI_FN_PSCI_FEATURES:
		status(e, features((uint32_t)x[1]));
		e->pure = true;
		break;
	case PSCI_FN_CPU_FREEZE:
		status(e, fz_has(FZ_H_FREEZE) ? PSCI_RET_INTERNAL_FAILURE : PSCI_RET_NOT_SUPPORTED);
		break;
	case PSCI_FN_CPU_DEFAULT_SUSPEND:
		if (!can_pd) {
			status(e, PSCI_RET_NOT_SUPPORTED);
		} else if (entry_refused(a1, ep_check)) {
			status(e, PSCI_RET_INVALID_ADDRESS);
		} else {
			e->codes = CODE(PSCI_RET_SUCCESS); /* returns only if abandoned */
			e->down_ok = true;
		}
		break;
	case PSCI_FN_NODE_HW_STATE:
		if (!fz_has(FZ_H_NODE_HW))
			status(e, PSCI_RET_NOT_SUPPORTED);
		else if (target < 0 || (uint32_t)x[2] >= fz.levels)
			status(e, PSCI_RET_INVALID_PARAMETERS);
		else
			status(e, fz_node_hw((unsigned int)target, (uint32_t)x[2]));
		e->pure = true;
		break;
	case PSCI_FN_SYSTEM_SUSPEND:
		if (!can_pd || !fz_has(FZ_H_SYS_SUSPEND)) {
			status(e, PSCI_RET_NOT_SUPPORTED);
		} else if (!others_off(cpu)) {
			status(e, PSCI_RET_DENIED);
		} else if (entry_refused(a1, ep_check)) {
			status(e, PSCI_RET_INVALID_ADDRESS);
		} else if (fz.flags & FZ_F_SYS_BAD) {
			status(e, PSCI_RET_DENIED);
		} else {
			e->codes = CODE(PSCI_RET_SUCCESS);
			e->down_ok = true;
		}
		break;
	case PSCI_FN_SET_SUSPEND_MODE:
		status(e, set_mode(cpu, (uint32_t)x[1]));
		break;
	case PSCI_FN_STAT_RESIDENCY:
	case PSCI_FN_STAT_COUNT:
		if (!stat_clock() || target < 0)
			exact(e, 0);
		else
			e->any = true;
		e->pure = true;
		break;
	case PSCI_FN_SYSTEM_RESET2:
		if (!fz_has(FZ_H_RESET2))
			status(e, PSCI_RET_NOT_SUPPORTED);
		else if (!((uint32_t)x[1] & PSCI_RESET2_TYPE_VENDOR) && (uint32_t)x[1] != 0)
			status(e, PSCI_RET_INVALID_PARAMETERS);
		else /* the platform returned: SUCCESS is not an answer for a reset */
			status(e, fz.flags & FZ_F_RESET2_OK ? PSCI_RET_INTERNAL_FAILURE
							    : PSCI_RET_INVALID_PARAMETERS);
		break;
	case PSCI_FN_MEM_PROTECT:
		if (!fz_has(FZ_H_MEM_PROTECT))
			status(e, PSCI_RET_NOT_SUPPORTED);
		else
			status(e, fz.mem_protected ? 1 : 0);
		break;
	case PSCI_FN_MEM_PROTECT_CHECK_RANGE:
		if (!fz_has(FZ_H_MEM_CHECK))
			status(e, PSCI_RET_NOT_SUPPORTED);
		else if (a2 == 0 || a1 + (a2 - 1) < a1)
			status(e, PSCI_RET_DENIED);
		else
			status(e, fz_range_protected(a1, a2) ? PSCI_RET_SUCCESS : PSCI_RET_DENIED);
		e->pure = true;
		break;
	case PSCI_FN_SYSTEM_OFF2: {
		uint32_t type = (uint32_t)x[1];

		if (!fz_has(FZ_H_OFF2) && !fz_has(FZ_H_SYSTEM_OFF))
			status(e, PSCI_RET_NOT_SUPPORTED);
		else if (type & PSCI_OFF2_TYPE_VENDOR)
			status(e, fz_has(FZ_H_OFF2) ? PSCI_RET_NOT_SUPPORTED
						    : PSCI_RET_INVALID_PARAMETERS);
		else if ((type != 0 && type != PSCI_OFF2_TYPE_HIBERNATE_OFF) || a2 != 0)
			status(e, PSCI_RET_INVALID_PARAMETERS);
		else
			status(e, fz_has(FZ_H_OFF2) ? PSCI_RET_NOT_SUPPORTED
						    : PSCI_RET_INTERNAL_FAILURE);
		break;
	}
	default:
		fz_fail("oracle: PSCI function %u without an expectation", fn);
	}
}

/* What each registered service answers to the SMCCC general queries. */
static const struct {
	unsigned int oen;
	uint32_t count, uid[4], major, minor;
} queries[] = {
    {SMCCC_OEN_ARCH,
     SECMON_ARCH_CALL_COUNT,
     {SECMON_ARCH_UID_W0, SECMON_ARCH_UID_W1, SECMON_ARCH_UID_W2, SECMON_ARCH_UID_W3},
     SECMON_ARCH_REVISION_MAJOR,
     SECMON_ARCH_REVISION_MINOR},
    {SMCCC_OEN_SIP,
     SECMON_PMF_SIP_CALL_COUNT,
     {SECMON_PMF_SIP_UID_W0, SECMON_PMF_SIP_UID_W1, SECMON_PMF_SIP_UID_W2, SECMON_PMF_SIP_UID_W3},
     SECMON_PMF_REVISION_MAJOR,
     SECMON_PMF_REVISION_MINOR},
    {SMCCC_OEN_STD,
     SECMON_PSCI_CALL_COUNT,
     {SECMON_PSCI_UID_W0, SECMON_PSCI_UID_W1, SECMON_PSCI_UID_W2, SECMON_PSCI_UID_W3},
     PSCI_VERSION_MAJOR,
     PSCI_VERSION_MINOR},
    {SMCCC_OEN_VENDOR_EL3,
     SECMON_PMF_CALL_COUNT,
     {SECMON_PMF_UID_W0, SECMON_PMF_UID_W1, SECMON_PMF_UID_W2, SECMON_PMF_UID_W3},
     SECMON_PMF_REVISION_MAJOR,
     SECMON_PMF_REVISION_MINOR},
};

/* SMCCC general queries (Call Count, Call UID, Revision) of a registered service. */
static bool general_query(uint32_t fid, struct fz_expect *e)
{
	unsigned int oen = (fid >> 24) & 0x3f, q;

	if (!(fid & SMCCC_FAST_CALL) || (fid & SMC64_BIT) || (fid & 0x00ff0000u))
		return false;
	for (q = 0; q < sizeof(queries) / sizeof(queries[0]); q++)
		if (queries[q].oen == oen)
			break;
	if (q == sizeof(queries) / sizeof(queries[0]))
		return false;
	switch (fid & 0xffffu) {
	case SMCCC_FUNC_CALL_COUNT:
		exact(e, queries[q].count);
		break;
	case SMCCC_FUNC_CALL_UID:
		exact(e, queries[q].uid[0]);
		result(e, 1, queries[q].uid[1]);
		result(e, 2, queries[q].uid[2]);
		result(e, 3, queries[q].uid[3]);
		break;
	case SMCCC_FUNC_REVISION:
		exact(e, queries[q].major);
		result(e, 1, queries[q].minor);
		break;
	default:
		return false;
	}
	e->pure = true;
	return true;
}

/* Arm architecture calls (DEN0028 section 7) as the model's CPUs answer them. */
static void arch(unsigned int cpu, uint32_t fid, const uint64_t *x, struct fz_expect *e)
{
	uint32_t q = (uint32_t)x[1];
	int32_t v;

	e->pure = true;
	switch (fid) {
	case SMCCC_VERSION:
		exact(e, (SMCCC_VERSION_MAJOR << 16) | SMCCC_VERSION_MINOR);
		break;
	case SMCCC_ARCH_FEATURES:
		if (q == SMCCC_VERSION || q == SMCCC_ARCH_FEATURES ||
		    q == SMCCC_ARCH_FEATURE_AVAILABILITY)
			v = SMCCC_RET_SUCCESS;
		else if (q == SMCCC_ARCH_SOC_ID)
			v = fz_soc_id(SMCCC_SOC_ID_VERSION) < 0 ? SMCCC_RET_NOT_SUPPORTED : 0;
		else if (q == SMCCC_ARCH_WORKAROUND_1)
			v = fz_wa_status(cpu, 1);
		else if (q == SMCCC_ARCH_WORKAROUND_2)
			v = fz_wa_status(cpu, 2);
		else if (q == SMCCC_ARCH_WORKAROUND_3)
			v = fz_wa_status(cpu, 3);
		else
			v = SMCCC_RET_NOT_SUPPORTED;
		status(e, v);
		break;
	case SMCCC_ARCH_SOC_ID:
		if (q > SMCCC_SOC_ID_REVISION)
			status(e, SMCCC_RET_INVALID_PARAMETER);
		else
			status(e, fz_soc_id(q) < 0 ? SMCCC_RET_NOT_SUPPORTED : fz_soc_id(q));
		break;
	case SMCCC_ARCH_FEATURE_AVAILABILITY: {
		uint64_t mask;

		status(e, fz_feature_availability(cpu, x[1], &mask));
		result(e, 1, mask);
		break;
	}
	case SMCCC_ARCH_WORKAROUND_1:
	case SMCCC_ARCH_WORKAROUND_2:
	case SMCCC_ARCH_WORKAROUND_3: {
		unsigned int n = fid == SMCCC_ARCH_WORKAROUND_1	  ? 1
				 : fid == SMCCC_ARCH_WORKAROUND_2 ? 2
								  : 3;

		/* A workaround ARCH_FEATURES calls unsupported is an unknown function. */
		exact(e, fz_wa_status(cpu, n) == -1 ? SMC_UNK : 0);
		break;
	}
	default:
		if (!general_query(fid, e))
			exact(e, SMC_UNK);
		break;
	}
}

/*
 * PMF GET_TIMESTAMP (secmon/services/pmf.h): a timestamp of a registered PMF service (PSCI_STAT:
 * 2 ids, runtime instrumentation: 8 ids) of a CPU in the table, with no flag but bit 0
 * (cache maintenance), else INVALID_PARAMETER
 * with 0 in the result registers. The slot read is predicted too: the harness checks
 * that the cache maintenance hit exactly that slot, so nothing outside the stores.
 */
static void pmf_timestamp(uint32_t fid, const uint64_t *x, struct fz_expect *e)
{
	bool smc64 = (fid & SMC64_BIT) != 0;
	uint32_t tid = (uint32_t)x[1], svc = (tid >> 10) & 0x3f, local = tid & 0xff;
	uint64_t mpidr = (smc64 ? x[2] : (uint32_t)x[2]) & 0xff00ffffffull;
	const struct secmon_pmf_service *s = secmon_pmf_service_by_id(svc);
	unsigned int ids = svc == PMF_PSCI_STAT_SVC_ID	? PSCI_STAT_TOTAL_IDS
			   : svc == PMF_RT_INSTR_SVC_ID ? RT_INSTR_TOTAL_IDS
							: 0;
	int cpu = -1;

	for (unsigned int i = 0; i < fz.ncpus; i++)
		if (fz_mpidr(i) == mpidr)
			cpu = (int)i;
	e->pure = true;
	if ((smc64 && ((x[1] | x[3]) >> 32)) || (tid >> 24) != PMF_IMPL_ID || (tid & 0x00ff0300u) ||
	    local >= ids || cpu < 0 || ((uint32_t)x[3] & ~PMF_CACHE_MAINT)) {
		status(e, SMCCC_RET_INVALID_PARAMETER);
		result(e, 1, 0);
		if (!smc64)
			result(e, 2, 0);
		return;
	}
	if (!s || s->ids != ids)
		fz_fail("PMF service %u not registered as the spec says", svc);
	exact(e, 0);
	e->pmf_slot = &s->store[(uint32_t)cpu * s->stride + local];
	e->pmf_maint = ((uint32_t)x[3] & PMF_CACHE_MAINT) != 0;
	/* Without PMF nothing captures: every timestamp reads 0. */
	if (!SECMON_ENABLE_PMF) {
		result(e, 1, 0);
		if (!smc64)
			result(e, 2, 0);
	} else {
		e->anymask = smc64 ? BIT(1) : BIT(1) | BIT(2);
	}
}

static void pmf(uint32_t fid, const uint64_t *x, struct fz_expect *e)
{
	unsigned int oen = (fid >> 24) & 0x3f;

	e->pure = true;
	if (oen == SMCCC_OEN_VENDOR_EL3 &&
	    (fid == PMF_SMC_GET_VERSION_32 || fid == PMF_SMC_GET_VERSION_64)) {
		exact(e, 0); /* TF-A's answer: SUCCESS, the version in x1 */
		result(e, 1, PMF_SMC_VERSION);
	} else if ((oen == SMCCC_OEN_VENDOR_EL3 &&
		    (fid == PMF_SMC_GET_TIMESTAMP_32 || fid == PMF_SMC_GET_TIMESTAMP_64)) ||
		   (oen == SMCCC_OEN_SIP &&
		    (fid == PMF_SMC_SIP_GET_TIMESTAMP_32 || fid == PMF_SMC_SIP_GET_TIMESTAMP_64))) {
		pmf_timestamp(fid, x, e);
	} else if (!general_query(fid, e)) {
		exact(e, SMC_UNK);
	}
}

void fz_expect(unsigned int cpu, uint32_t fid, const uint64_t *x, struct fz_expect *e)
{
	unsigned int oen, fn;

	*e = (struct fz_expect){.fn = FZ_FN_NONE};
	fid &= ~SVE_HINT; /* SMCCC 1.3: a hint only, never part of the function */
	oen = (fid >> 24) & 0x3f;
	if (!(fid & SMCCC_FAST_CALL) || (oen != SMCCC_OEN_ARCH && oen != SMCCC_OEN_STD &&
					 oen != SMCCC_OEN_SIP && oen != SMCCC_OEN_VENDOR_EL3)) {
		/* Nothing registered there: SMC_UNK and no other register touched. */
		exact(e, SMC_UNK);
		e->pure = true;
		return;
	}
	if (oen == SMCCC_OEN_SIP || oen == SMCCC_OEN_VENDOR_EL3) {
		pmf(fid, x, e);
		return;
	}
	if (oen == SMCCC_OEN_ARCH) {
		arch(cpu, fid, x, e);
		return;
	}
	fn = fz_psci_fn(fid);
	if (fn != FZ_FN_NONE) {
		psci(cpu, fn, (fid & SMC64_BIT) != 0, x, e);
		return;
	}
	e->pure = true;
	if (general_query(fid, e))
		return;
	/* Unknown numbers in PSCI's range are NOT_SUPPORTED, anything else SMC_UNK (both -1). */
	exact(e, SMC_UNK);
}

void fz_check_result(uint32_t fid, const struct fz_expect *e, uint64_t r)
{
	bool smc32 = !(fid & SMC64_BIT);

	if (e->exact) {
		if (r != e->value)
			fz_fail("fid %#x: returned %#llx, expected %#llx", fid,
				(unsigned long long)r, (unsigned long long)e->value);
		return;
	}
	if (e->any) {
		/* PSCI_STAT_* in SMC32: the low 32 bits, zero-extended. */
		if (smc32 && (r >> 32) != 0)
			fz_fail("fid %#x: SMC32 value %#llx has upper bits", fid,
				(unsigned long long)r);
		return;
	}
	if ((int64_t)r > 0 || (int64_t)r < -31 || !(e->codes & BIT((unsigned int)-(int64_t)r)))
		fz_fail("fid %#x: returned %#llx, not one of the allowed codes %#x", fid,
			(unsigned long long)r, e->codes);
}
