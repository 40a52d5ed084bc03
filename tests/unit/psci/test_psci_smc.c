/*
 * The PSCI SMC front end through secmon_smc_dispatch(): every function ID in its SMC32
 * and SMC64 forms, PSCI_FEATURES for every ID, SMC32 argument truncation, sign-extended
 * error codes, unknown IDs and the SMCCC general queries, and the entity's other function
 * numbers passed on to a service sharing it (as the TRNG does).
 */
#include <string.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/services/psci.h>
#include <secmon/smccc.h>

#include "check.h"
#include "mock_plat.h"

static const uint16_t tree[] = {1, 2, 2, 2};
static struct secmon_smc_frame frame;

static uint64_t smc(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	memset(&frame, 0, sizeof(frame));
	frame.x[0] = fid;
	frame.x[1] = x1;
	frame.x[2] = x2;
	frame.x[3] = x3;
	return secmon_smc_dispatch(fid, &frame);
}

static int32_t smc_call(const struct mock_args *a)
{
	return (int32_t)smc(a->power_state, a->entry, a->context_id, (uint64_t)(uintptr_t)a->extra);
}

/* An SMC that may power the calling CPU down; returns 1 if it did. */
static int smc_down(unsigned int cpu, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
		    uint64_t *ret)
{
	struct mock_args a = {.power_state = fid,
			      .entry = x1,
			      .context_id = x2,
			      .extra = (void *)(uintptr_t)x3,
			      .fn = smc_call};
	int32_t rc = 0;
	int down;

	mock.current_cpu = cpu;
	down = mock_down(&a, &rc);
	*ret = (uint64_t)(int64_t)rc;
	return down;
}

#define ST(rc) ((uint64_t)(int64_t)(rc))

static void setup(void)
{
	secmon_smc_table_reset();
	CHECK_EQ(mock_init(3, tree, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_smc_register(&secmon_psci_service), 0);
}

static void test_registration(void)
{
	secmon_smc_table_reset();
	mock_setup(3, tree, 4);
	mock.ops.topology = NULL;
	CHECK(secmon_psci_init(&mock.ops, 0) != PSCI_RET_SUCCESS);
	/* The engine is not ready: the service refuses to go live. */
	CHECK_EQ(secmon_smc_register(&secmon_psci_service), SECMON_SMC_EINIT);
	CHECK_EQ(smc(PSCI_FID_VERSION, 0, 0, 0), SMC_UNK);
	setup();
	CHECK_EQ(smc(PSCI_FID_VERSION, 0, 0, 0), 0x10001);
	/* Fast calls of both conventions belong to the service, yielding ones do not. */
	CHECK_EQ(secmon_smc_table[0x84], secmon_psci_service.handler);
	CHECK_EQ(secmon_smc_table[0xc4], secmon_psci_service.handler);
	CHECK(secmon_smc_table[0x04] != secmon_psci_service.handler);
	CHECK_EQ(smc(0x04000000, 0, 0, 0), SMC_UNK);
}

static void test_features_all_ids(void)
{
	struct {
		uint32_t fid;
		int32_t expect;
	} const cases[] = {
	    {PSCI_FID_VERSION, 0},
	    {PSCI_FID_CPU_SUSPEND, PSCI_FEATURE_OSI},
	    {PSCI_FID_CPU_SUSPEND64, PSCI_FEATURE_OSI},
	    {PSCI_FID_CPU_OFF, 0},
	    {PSCI_FID_CPU_ON, 0},
	    {PSCI_FID_CPU_ON64, 0},
	    {PSCI_FID_AFFINITY_INFO, 0},
	    {PSCI_FID_AFFINITY_INFO64, 0},
	    {PSCI_FID_MIGRATE, PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID_MIGRATE64, PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID_MIGRATE_INFO_TYPE, 0},
	    {PSCI_FID_MIGRATE_INFO_UP_CPU, PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID_MIGRATE_INFO_UP_CPU64, PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID_SYSTEM_OFF, 0},
	    {PSCI_FID_SYSTEM_RESET, 0},
	    {PSCI_FID_FEATURES, 0},
	    {PSCI_FID_CPU_FREEZE, 0},
	    {PSCI_FID_CPU_DEFAULT_SUSPEND, 0},
	    {PSCI_FID_CPU_DEFAULT_SUSPEND64, 0},
	    {PSCI_FID_NODE_HW_STATE, 0},
	    {PSCI_FID_NODE_HW_STATE64, 0},
	    {PSCI_FID_SYSTEM_SUSPEND, 0},
	    {PSCI_FID_SYSTEM_SUSPEND64, 0},
	    {PSCI_FID_SET_SUSPEND_MODE, 0},
	    {PSCI_FID_STAT_RESIDENCY, 0},
	    {PSCI_FID_STAT_RESIDENCY64, 0},
	    {PSCI_FID_STAT_COUNT, 0},
	    {PSCI_FID_STAT_COUNT64, 0},
	    {PSCI_FID_SYSTEM_RESET2, 0},
	    {PSCI_FID_SYSTEM_RESET2_64, 0},
	    {PSCI_FID_MEM_PROTECT, 0},
	    {PSCI_FID_MEM_PROTECT_CHECK_RANGE, 0},
	    {PSCI_FID_MEM_PROTECT_CHECK_RANGE64, 0},
	    {PSCI_FID_SYSTEM_OFF2, PSCI_OFF2_FEATURE_HIBERNATE_OFF},
	    {PSCI_FID_SYSTEM_OFF2_64, PSCI_OFF2_FEATURE_HIBERNATE_OFF},
	    /* SMC64 forms that do not exist, unknown numbers, other services. */
	    {PSCI_FID64(PSCI_FN_PSCI_VERSION), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID64(PSCI_FN_CPU_OFF), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID64(PSCI_FN_PSCI_FEATURES), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID64(PSCI_FN_MEM_PROTECT), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID(0x16), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID(0x1f), PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID(0xff00), PSCI_RET_NOT_SUPPORTED},
	    {0x84020000u, PSCI_RET_NOT_SUPPORTED},
	    {PSCI_FID_VERSION | SMCCC_SVE_HINT, PSCI_RET_NOT_SUPPORTED},
	    {0x04000001u, PSCI_RET_NOT_SUPPORTED},
	    {0x85000000u, PSCI_RET_NOT_SUPPORTED},
	    {SMCCC_VERSION, 0},
	    {SMCCC_ARCH_FEATURES, PSCI_RET_NOT_SUPPORTED},
	};
	unsigned int n = 0;

	setup();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ(smc(PSCI_FID_FEATURES, cases[i].fid, 0, 0), ST(cases[i].expect));
		n += secmon_psci_fid_valid(cases[i].fid);
	}
	CHECK_EQ(n, SECMON_PSCI_CALL_COUNT);
	/* The SMC32 form of PSCI_FEATURES sees only the low 32 bits of its argument. */
	CHECK_EQ(smc(PSCI_FID_FEATURES, 0xffffffff00000000ull | PSCI_FID_CPU_ON, 0, 0), 0);
	/* Extended StateID format shows in the flags. */
	mock.ops.extended_state_id = true;
	mock.ops.os_initiated = false;
	CHECK_EQ(smc(PSCI_FID_FEATURES, PSCI_FID_CPU_SUSPEND, 0, 0), PSCI_FEATURE_EXTENDED_STATE);
	CHECK_EQ(smc(PSCI_FID_FEATURES, PSCI_FID_SET_SUSPEND_MODE, 0, 0),
		 ST(PSCI_RET_NOT_SUPPORTED));
}

static void test_calls(void)
{
	uint64_t ret;

	setup();
	/* CPU_ON: SMC32 drops the upper halves of the MPIDR, entry and context id. */
	CHECK_EQ(smc(PSCI_FID_CPU_ON, 0xabcd000000000000ull | MOCK_MPIDR(1), 0x1234000000004000ull,
		     0x5555000000000007ull),
		 0);
	CHECK_EQ(mock.on_mpidr, MOCK_MPIDR(1));
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO, MOCK_MPIDR(1), 0, 0), PSCI_AFF_ON_PENDING);
	{
		struct secmon_psci_entry e;

		CHECK_EQ(mock_wake(1, &e), PSCI_RET_SUCCESS);
		CHECK_EQ(e.pc, 0x4000);
		CHECK_EQ(e.context_id, 7);
	}
	/* SMC64 keeps them: the same MPIDR is now invalid, a 64-bit entry is kept. */
	CHECK_EQ(smc(PSCI_FID_CPU_ON64, 0xabcd000000000000ull | MOCK_MPIDR(2), 0x4000, 0),
		 ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK_EQ(
	    smc(PSCI_FID_CPU_ON64, MOCK_MPIDR(2), 0x1234000000004000ull, 0x5555000000000007ull), 0);
	{
		struct secmon_psci_entry e;

		CHECK_EQ(mock_wake(2, &e), PSCI_RET_SUCCESS);
		CHECK_EQ(e.pc, 0x1234000000004000ull);
		CHECK_EQ(e.context_id, 0x5555000000000007ull);
	}
	CHECK_EQ(smc(PSCI_FID_CPU_ON, MOCK_MPIDR(2), 0x4000, 0), ST(PSCI_RET_ALREADY_ON));
	CHECK_EQ(smc(PSCI_FID_CPU_ON, MOCK_MPIDR(3), MOCK_BAD_ENTRY, 0),
		 ST(PSCI_RET_INVALID_ADDRESS));
	/* Errors are sign-extended to 64 bits. */
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO64, MOCK_MPIDR(9), 0, 0), 0xfffffffffffffffeull);
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO, MOCK_MPIDR(3), 1, 0), ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO, MOCK_MPIDR(3), 0x100000000ull, 0), PSCI_AFF_OFF);
	/* lowest_affinity_level is a 32-bit parameter in both forms. */
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO64, MOCK_MPIDR(3), 0x100000000ull, 0), PSCI_AFF_OFF);

	/* MIGRATE family: no Trusted OS needs migrating. */
	CHECK_EQ(smc(PSCI_FID_MIGRATE_INFO_TYPE, 0, 0, 0), 2);
	CHECK_EQ(smc(PSCI_FID_MIGRATE, MOCK_MPIDR(1), 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
	CHECK_EQ(smc(PSCI_FID_MIGRATE64, MOCK_MPIDR(1), 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
	CHECK_EQ(smc(PSCI_FID_MIGRATE_INFO_UP_CPU, 0, 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
	CHECK_EQ(smc(PSCI_FID_MIGRATE_INFO_UP_CPU64, 0, 0, 0), ST(PSCI_RET_NOT_SUPPORTED));

	/* CPU_SUSPEND from CPU 1: power_state is 32-bit in both forms. */
	CHECK(smc_down(1, PSCI_FID_CPU_SUSPEND64, 0xffffffff00010002ull, 0x7000, 3, &ret));
	CHECK_EQ(mock.wfi.cpu, 1);
	CHECK(!smc_down(1, PSCI_FID_CPU_SUSPEND, 0x00010002, MOCK_BAD_ENTRY, 3, &ret));
	CHECK_EQ(ret, ST(PSCI_RET_INVALID_ADDRESS));
	CHECK(!smc_down(2, PSCI_FID_CPU_SUSPEND, 0x00010003, 0x7000, 3, &ret));
	CHECK_EQ(ret, ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK(!smc_down(2, PSCI_FID_CPU_SUSPEND, 0x00000001, 0, 0, &ret));
	CHECK_EQ(ret, 0);
	CHECK_EQ(mock.standby.cpu, 2);
	CHECK(smc_down(2, PSCI_FID_CPU_DEFAULT_SUSPEND, 0x7100, 4, 0, &ret));
	CHECK_EQ(mock.wfi.cpu, 2);
	CHECK(smc_down(0, PSCI_FID_CPU_OFF, 0, 0, 0, &ret));
	CHECK_EQ(smc(PSCI_FID_AFFINITY_INFO, MOCK_MPIDR(0), 0, 0), PSCI_AFF_OFF);
	{
		struct secmon_psci_entry e;

		CHECK_EQ(mock_wake(1, &e), PSCI_RET_SUCCESS);
		CHECK_EQ(e.pc, 0x7000);
		CHECK_EQ(e.context_id, 3);
		CHECK_EQ(mock_wake(2, &e), PSCI_RET_SUCCESS);
		CHECK_EQ(e.pc, 0x7100);
	}
	/* SYSTEM_SUSPEND is denied while other CPUs are on. */
	mock.current_cpu = 1;
	CHECK_EQ(smc(PSCI_FID_SYSTEM_SUSPEND, 0x7000, 0, 0), ST(PSCI_RET_DENIED));
	CHECK_EQ(smc(PSCI_FID_SET_SUSPEND_MODE, 3, 0, 0), ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK_EQ(smc(PSCI_FID_SET_SUSPEND_MODE, 0x100000001ull, 0, 0), 0);
	CHECK_EQ(secmon_psci_suspend_mode(), PSCI_MODE_OS_INITIATED);
	CHECK_EQ(smc(PSCI_FID_NODE_HW_STATE, MOCK_MPIDR(3), 2, 0), PSCI_HW_ON);
	CHECK_EQ(smc(PSCI_FID_NODE_HW_STATE64, MOCK_MPIDR(3), 3, 0),
		 ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK_EQ(smc(PSCI_FID_CPU_FREEZE, 0, 0, 0), ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.freeze.cpu, 1);
}

static void test_system_and_memory(void)
{
	setup();
	CHECK_EQ(smc(PSCI_FID_SYSTEM_OFF, 0, 0, 0), ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.system_off_calls, 1);
	CHECK_EQ(smc(PSCI_FID_SYSTEM_RESET, 0, 0, 0), ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.system_reset_calls, 1);
	/* SYSTEM_RESET2: SMC32 truncates the cookie, SMC64 keeps it. */
	mock.reset2_rc = PSCI_RET_SUCCESS;
	CHECK_EQ(smc(PSCI_FID_SYSTEM_RESET2, 0, 0x1100000022ull, 0), ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.reset2_cookie, 0x22);
	CHECK_EQ(smc(PSCI_FID_SYSTEM_RESET2_64, 0x80000002u, 0x1100000022ull, 0),
		 ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.reset2_cookie, 0x1100000022ull);
	CHECK_EQ(mock.reset2_type, 0x80000002u);
	CHECK_EQ(smc(PSCI_FID_SYSTEM_RESET2_64, 5, 0, 0), ST(PSCI_RET_INVALID_PARAMETERS));
	/* SYSTEM_OFF2 (1.3): hibernate, cookie must be zero; SMC32 truncates it. */
	CHECK_EQ(smc(PSCI_FID_SYSTEM_OFF2_64, 1, 0x100000000ull, 0),
		 ST(PSCI_RET_INVALID_PARAMETERS));
	CHECK_EQ(smc(PSCI_FID_SYSTEM_OFF2, 1, 0x100000000ull, 0), ST(PSCI_RET_INTERNAL_FAILURE));
	CHECK_EQ(mock.system_off_calls, 2);
	/* MEM_PROTECT and its range check. */
	CHECK_EQ(smc(PSCI_FID_MEM_PROTECT, 1, 0, 0), 0);
	CHECK_EQ(smc(PSCI_FID_MEM_PROTECT, 0x100000000ull, 0, 0), 1); /* low half: disable */
	CHECK_EQ(mock.mem_protected, false);
	CHECK_EQ(smc(PSCI_FID_MEM_PROTECT_CHECK_RANGE, 0x40000000, 0x1000, 0), 0);
	CHECK_EQ(smc(PSCI_FID_MEM_PROTECT_CHECK_RANGE64, 0x140000000ull, 0x1000, 0),
		 ST(PSCI_RET_DENIED));
	CHECK_EQ(smc(PSCI_FID_MEM_PROTECT_CHECK_RANGE, 0x140000000ull, 0x1000, 0), 0);
}

static void test_stats_width(void)
{
	int32_t rc;

	setup();
	mock.now_us = 1;
	CHECK(mock_cpu_suspend(0, 0x00010002, 0x4000, 0, &rc));
	mock.now_us = 0x500000002ull;
	CHECK_EQ(mock_wake(0, NULL), PSCI_RET_SUCCESS);
	CHECK_EQ(smc(PSCI_FID_STAT_RESIDENCY64, MOCK_MPIDR(0), 0x00010002, 0), 0x500000001ull);
	CHECK_EQ(smc(PSCI_FID_STAT_RESIDENCY, MOCK_MPIDR(0), 0x00010002, 0), 0x00000001ull);
	CHECK_EQ(smc(PSCI_FID_STAT_COUNT, MOCK_MPIDR(0), 0x00010002, 0), 1);
	CHECK_EQ(smc(PSCI_FID_STAT_COUNT64, MOCK_MPIDR(0), 0xffffffff00010002ull, 0), 1);
	CHECK_EQ(smc(PSCI_FID_STAT_COUNT64, MOCK_MPIDR(7), 0x00010002, 0), 0);
}

static void test_unknown_and_general(void)
{
	setup();
	CHECK_EQ(smc(PSCI_FID(0x16), 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(PSCI_FID(0x1f), 0, 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
	CHECK_EQ(smc(PSCI_FID64(PSCI_FN_CPU_OFF), 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(PSCI_FID(0x20), 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(0x84020001u, 0, 0, 0), SMC_UNK); /* bit 16 would be the SVE hint */
	/* The SVE hint bit is ignored. */
	CHECK_EQ(smc(PSCI_FID_VERSION | SMCCC_SVE_HINT, 0, 0, 0), 0x10001);
	/* General service queries. */
	CHECK_EQ(smc(0x8400ff00u, 0, 0, 0), SECMON_PSCI_CALL_COUNT);
	CHECK_EQ(smc(0x8400ff01u, 0, 0, 0), SECMON_PSCI_UID_W0);
	CHECK_EQ(frame.x[1], SECMON_PSCI_UID_W1);
	CHECK_EQ(frame.x[2], SECMON_PSCI_UID_W2);
	CHECK_EQ(frame.x[3], SECMON_PSCI_UID_W3);
	CHECK_EQ(smc(0x8400ff03u, 0, 0, 0), 1);
	CHECK_EQ(frame.x[1], 1);
	CHECK_EQ(smc(0xc400ff00u, 0, 0, 0), SMC_UNK);
}

/* A service sharing entity 4 (function numbers 0x50-0x5F, as the TRNG). */
static unsigned int shared_calls;
static uint64_t shared_x1;

static uint64_t shared_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			       struct secmon_smc_frame *f)
{
	shared_calls++;
	shared_x1 = x1;
	secmon_smc_set_result(f, 3, 0x333);
	return 0x5000 | SMCCC_FUNC_NUM(fid);
}

static const struct secmon_smc_service shared_svc = {
    .name = "shared",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
    .handler = shared_handler,
    .fn_first = 0x50,
    .fn_last = 0x5f,
};

static void test_shared_entity(void)
{
	setup();
	CHECK_EQ(secmon_smc_register(&shared_svc), 0);
	/* PSCI keeps its slots; what it does not know reaches the shared service. */
	CHECK_EQ(secmon_smc_table[0x84], secmon_psci_service.handler);
	shared_calls = 0;
	CHECK_EQ(smc(0x84000050u, 0xffffffff00000007ull, 0, 0), 0x5050);
	CHECK_EQ(shared_x1, 0xffffffff00000007ull); /* raw: the service truncates, not PSCI */
	CHECK_EQ(frame.x[3], 0x333);
	CHECK_EQ(smc(0xc4000053u, 192, 0, 0), 0x5053);
	CHECK_EQ(smc(0x8401005fu, 0, 0, 0), 0x505f); /* SVE hint */
	CHECK_EQ(shared_calls, 3);
	/* PSCI's own numbers, its unknown ones and the general queries stay PSCI's. */
	CHECK_EQ(smc(PSCI_FID_VERSION, 0, 0, 0), 0x10001);
	CHECK_EQ(smc(PSCI_FID(0x1f), 0, 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
	CHECK_EQ(smc(0x8400ff00u, 0, 0, 0), SECMON_PSCI_CALL_COUNT);
	CHECK_EQ(smc(0x8400ff01u, 0, 0, 0), SECMON_PSCI_UID_W0);
	/* Numbers neither serves, and must-be-zero bits: unknown. */
	CHECK_EQ(smc(0x84000020u, 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(0x84000060u, 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(0x84020050u, 0, 0, 0), SMC_UNK);
	CHECK_EQ(shared_calls, 3);
	/* PSCI_FEATURES knows only PSCI's functions. */
	CHECK_EQ(smc(PSCI_FID_FEATURES, 0x84000050u, 0, 0), ST(PSCI_RET_NOT_SUPPORTED));
}

int main(void)
{
	test_registration();
	test_features_all_ids();
	test_calls();
	test_system_and_memory();
	test_stats_width();
	test_unknown_and_general();
	test_shared_entity();
	return check_report();
}
