/*
 * Host tests of the SMC dispatcher: decode, registration, conflicts, unknown IDs, and
 * services that share an owning entity by function number (SECMON_SMC_SHARED).
 */
#include <string.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/smc.h>

#include "check.h"

static unsigned int calls_a, calls_b, init_calls;
static uint32_t last_fid;
static uint64_t last_args[3];

static uint64_t handler_a(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			  struct secmon_smc_frame *frame)
{
	calls_a++;
	last_fid = fid;
	last_args[0] = x1;
	last_args[1] = x2;
	last_args[2] = x3;
	secmon_smc_set_result(frame, 1, 0x1111);
	return 0xa;
}

static uint64_t handler_b(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			  struct secmon_smc_frame *frame)
{
	calls_b++;
	return 0xb;
}

static int init_ok(void)
{
	init_calls++;
	return 0;
}

static int init_fail(void)
{
	init_calls++;
	return -5;
}

static const struct secmon_smc_service svc_sip = {
    .name = "sip",
    .oen_first = SMCCC_OEN_SIP,
    .oen_last = SMCCC_OEN_SIP,
    .call_types = SECMON_SMC_FAST,
    .init = init_ok,
    .handler = handler_a,
    .call_count = 3,
    .uid = {{1, 2, 3, 4}},
    .revision_major = 2,
    .revision_minor = 7,
};
static const struct secmon_smc_service svc_tos = {
    .name = "tos",
    .oen_first = SMCCC_OEN_TOS_FIRST,
    .oen_last = SMCCC_OEN_TOS_LAST,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_YIELD,
    .handler = handler_b,
};

static uint64_t call(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
		     struct secmon_smc_frame *f)
{
	memset(f, 0, sizeof(*f));
	f->x[0] = fid;
	f->x[1] = x1;
	f->x[2] = x2;
	f->x[3] = x3;
	return secmon_smc_dispatch(fid, f);
}

static void test_unknown_everywhere(void)
{
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	/* Every slot answers SMC_UNK and leaves the caller's registers alone. */
	for (uint32_t top = 0; top < 256; top++) {
		uint32_t fid = (top << 24) | 0x1234;
		CHECK_EQ(call(fid, 7, 8, 9, &f), SMC_UNK);
		CHECK_EQ(f.x[1], 7);
	}
	CHECK_EQ(SMC_UNK, 0xffffffffffffffffull);
	CHECK_EQ((uint32_t)SMC_UNK, 0xffffffffu);
}

static void test_register_and_decode(void)
{
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	init_calls = 0;
	CHECK_EQ(secmon_smc_register(&svc_sip), 0);
	CHECK_EQ(init_calls, 1);
	calls_a = 0;
	/* SMC32 and SMC64 fast calls of the SiP range reach the handler. */
	CHECK_EQ(call(0x82000001u, 1, 2, 3, &f), 0xa);
	CHECK_EQ(call(0xc2000001u, 1, 2, 3, &f), 0xa);
	CHECK_EQ(calls_a, 2);
	CHECK_EQ(last_args[0], 1);
	CHECK_EQ(last_args[2], 3);
	CHECK_EQ(f.x[1], 0x1111);
	/* The SVE hint bit is masked before the handler sees the ID. */
	CHECK_EQ(call(0x82010005u, 0, 0, 0, &f), 0xa);
	CHECK_EQ(last_fid, 0x82000005u);
	/* A yielding call into a fast-only range, and neighbouring entities, are unknown. */
	CHECK_EQ(call(0x02000001u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x83000001u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x81000001u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(calls_a, 3);
}

static void test_ranges_and_yield(void)
{
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&svc_tos), 0);
	calls_b = 0;
	for (uint32_t oen = 50; oen <= 63; oen++) {
		CHECK_EQ(call((oen << 24) | 0x80000000u, 0, 0, 0, &f), 0xb);
		CHECK_EQ(call((oen << 24), 0, 0, 0, &f), 0xb);		     /* yielding SMC32 */
		CHECK_EQ(call((oen << 24) | 0x40000000u, 0, 0, 0, &f), 0xb); /* yielding SMC64 */
	}
	CHECK_EQ(calls_b, 14 * 3);
	CHECK_EQ(call(0xb1000000u, 0, 0, 0, &f), SMC_UNK); /* OEN 49 */
}

static void test_conflicts_and_errors(void)
{
	static const struct secmon_smc_service overlap = {
	    .name = "overlap",
	    .oen_first = 60,
	    .oen_last = 63,
	    .call_types = SECMON_SMC_YIELD,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service partial = {
	    .name = "partial",
	    .oen_first = 40,
	    .oen_last = 50,
	    .call_types = SECMON_SMC_FAST,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service no_handler = {
	    .name = "nohandler",
	    .oen_first = 3,
	    .oen_last = 3,
	    .call_types = SECMON_SMC_FAST,
	};
	static const struct secmon_smc_service bad_range = {
	    .name = "range",
	    .oen_first = 5,
	    .oen_last = 4,
	    .call_types = SECMON_SMC_FAST,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service bad_oen = {
	    .name = "oen",
	    .oen_first = 60,
	    .oen_last = 64,
	    .call_types = SECMON_SMC_FAST,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service no_types = {
	    .name = "types",
	    .oen_first = 3,
	    .oen_last = 3,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service failing_init = {
	    .name = "init",
	    .oen_first = 3,
	    .oen_last = 3,
	    .call_types = SECMON_SMC_FAST,
	    .handler = handler_a,
	    .init = init_fail,
	};
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&svc_tos), 0);
	CHECK_EQ(secmon_smc_register(&svc_tos), SECMON_SMC_ECONFLICT);
	CHECK_EQ(secmon_smc_register(&overlap), SECMON_SMC_ECONFLICT);
	/* A conflict on the last slot leaves the earlier free slots untouched. */
	CHECK_EQ(secmon_smc_register(&partial), SECMON_SMC_ECONFLICT);
	CHECK_EQ(call(0xa8000000u, 0, 0, 0, &f), SMC_UNK); /* OEN 40 still unknown */
	CHECK_EQ(secmon_smc_register(NULL), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&no_handler), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&bad_range), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&bad_oen), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&no_types), SECMON_SMC_EINVAL);
	init_calls = 0;
	CHECK_EQ(secmon_smc_register(&failing_init), SECMON_SMC_EINIT);
	CHECK_EQ(init_calls, 1);
	CHECK_EQ(call(0x83000000u, 0, 0, 0, &f), SMC_UNK); /* not claimed after init failed */
}

static void test_general_queries(void)
{
	struct secmon_smc_frame f;

	memset(&f, 0, sizeof(f));
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x8200ff00u, &f), 3);
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x8200ff01u, &f), 1);
	CHECK_EQ(f.x[1], 2);
	CHECK_EQ(f.x[2], 3);
	CHECK_EQ(f.x[3], 4);
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x8200ff03u, &f), 2);
	CHECK_EQ(f.x[1], 7);
	/* SMC64 forms and other numbers are not general queries. */
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0xc200ff00u, &f), SMC_UNK);
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x8200ff02u, &f), SMC_UNK);
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x8201ff00u, &f), SMC_UNK);
	CHECK_EQ(secmon_smc_general_query(&svc_sip, 0x0200ff00u, &f), SMC_UNK);
}

/*
 * Shared services: an owner of entity 4 (like PSCI) that knows function numbers 0x00-0x1f
 * and passes the rest to the general queries, and two services sharing its entity.
 */
static unsigned int calls_owner, calls_s1, calls_s2;
static uint64_t shared_args[3];

static uint64_t shared_handler_1(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				 struct secmon_smc_frame *frame)
{
	calls_s1++;
	last_fid = fid;
	shared_args[0] = x1;
	shared_args[1] = x2;
	shared_args[2] = x3;
	secmon_smc_set_result(frame, 2, 0x5151);
	return 0x51;
}

static uint64_t shared_handler_2(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				 struct secmon_smc_frame *frame)
{
	calls_s2++;
	return 0x52;
}

static const struct secmon_smc_service svc_owner;

static uint64_t owner_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			      struct secmon_smc_frame *frame)
{
	if (SMCCC_FUNC_NUM(fid) <= 0x1f && (fid & 0x00ff0000u) == 0) {
		calls_owner++;
		return 0x0;
	}
	return secmon_smc_general_query(&svc_owner, fid, frame);
}

static const struct secmon_smc_service svc_owner = {
    .name = "owner",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST,
    .handler = owner_handler,
    .call_count = 35,
    .uid = {{0x11, 0x22, 0x33, 0x44}},
    .revision_major = 1,
    .revision_minor = 1,
};
static const struct secmon_smc_service svc_shared_1 = {
    .name = "shared1",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
    .init = init_ok,
    .handler = shared_handler_1,
    .fn_first = 0x50,
    .fn_last = 0x5f,
    /* Never answered: the general queries are the owner's. */
    .call_count = 99,
    .uid = {{9, 9, 9, 9}},
};
static const struct secmon_smc_service svc_shared_2 = {
    .name = "shared2",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
    .handler = shared_handler_2,
    .fn_first = 0x20,
    .fn_last = 0x3f,
};

static void reset_counts(void)
{
	calls_owner = calls_s1 = calls_s2 = 0;
}

/* What every arrangement of owner and shared services must answer in entity 4. */
static void check_shared_routing(int with_owner)
{
	struct secmon_smc_frame f;

	reset_counts();
	/* SMC32 and SMC64 fast calls in the ranges reach their service, arguments intact. */
	CHECK_EQ(call(0x84000050u, 1, 2, 3, &f), 0x51);
	CHECK_EQ(shared_args[0], 1);
	CHECK_EQ(shared_args[1], 2);
	CHECK_EQ(shared_args[2], 3);
	CHECK_EQ(f.x[2], 0x5151);
	CHECK_EQ(call(0xc400005fu, 0, 0, 0, &f), 0x51);
	CHECK_EQ(last_fid, 0xc400005fu);
	CHECK_EQ(call(0x84000020u, 0, 0, 0, &f), 0x52);
	CHECK_EQ(call(0xc400003fu, 0, 0, 0, &f), 0x52);
	/* The SVE hint bit is cleared before anyone sees the ID. */
	CHECK_EQ(call(0x84010053u, 0, 0, 0, &f), 0x51);
	CHECK_EQ(last_fid, 0x84000053u);
	CHECK_EQ(calls_s1, 3);
	CHECK_EQ(calls_s2, 2);
	/* Just outside the ranges, must-be-zero bits set, yielding calls: nobody's. */
	CHECK_EQ(call(0x8400004fu, 7, 8, 9, &f), SMC_UNK);
	CHECK_EQ(f.x[1], 7);
	CHECK_EQ(call(0x84000060u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0xc4000040u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x84020050u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x84800050u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x04000050u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x44000050u, 0, 0, 0, &f), SMC_UNK);
	/* Another entity's function 0x50 is not the shared service's. */
	CHECK_EQ(call(0x85000050u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x83000050u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(calls_s1, 3);
	CHECK_EQ(calls_s2, 2);
	/* The owner keeps its calls; the general queries are its own, or nobody's. */
	CHECK_EQ(call(0x84000001u, 0, 0, 0, &f), with_owner ? 0 : SMC_UNK);
	CHECK_EQ(calls_owner, with_owner ? 1u : 0u);
	CHECK_EQ(call(0x8400ff00u, 0, 0, 0, &f), with_owner ? 35 : SMC_UNK);
	CHECK_EQ(call(0x8400ff01u, 0, 0, 0, &f), with_owner ? 0x11 : SMC_UNK);
	CHECK_EQ(f.x[3], with_owner ? 0x44 : 0);
}

static void test_shared_services(void)
{
	secmon_smc_table_reset();
	/* Owner first, then the shared services: the owner's slot stays its own. */
	CHECK_EQ(secmon_smc_register(&svc_owner), 0);
	init_calls = 0;
	CHECK_EQ(secmon_smc_register(&svc_shared_1), 0);
	CHECK_EQ(init_calls, 1);
	CHECK_EQ(secmon_smc_register(&svc_shared_2), 0);
	CHECK_EQ(secmon_smc_table[0x84], owner_handler);
	CHECK_EQ(secmon_smc_table[0xc4], owner_handler);
	check_shared_routing(1);

	/* No owner: the dispatcher routes the slots to the shared services itself. */
	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&svc_shared_1), 0);
	CHECK_EQ(secmon_smc_register(&svc_shared_2), 0);
	CHECK_EQ(secmon_smc_table[0x84], secmon_smc_shared_call);
	CHECK_EQ(secmon_smc_table[0xc4], secmon_smc_shared_call);
	CHECK_EQ(secmon_smc_table[0x04], secmon_smc_unknown); /* yielding: not routed */
	check_shared_routing(0);

	/* An owner registered after them takes the slots; the routing still holds. */
	CHECK_EQ(secmon_smc_register(&svc_owner), 0);
	CHECK_EQ(secmon_smc_table[0x84], owner_handler);
	check_shared_routing(1);
	/* A second owner still conflicts. */
	CHECK_EQ(secmon_smc_register(&svc_owner), SECMON_SMC_ECONFLICT);

	/* A reset forgets the shared services too. */
	secmon_smc_table_reset();
	reset_counts();
	{
		struct secmon_smc_frame f;

		CHECK_EQ(call(0x84000050u, 0, 0, 0, &f), SMC_UNK);
		CHECK_EQ(secmon_smc_shared_call(0x84000050u, 0, 0, 0, &f), SMC_UNK);
	}
	CHECK_EQ(calls_s1, 0);
}

static void test_shared_errors(void)
{
	static const struct secmon_smc_service overlap = {
	    .name = "overlap",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .handler = handler_a,
	    .fn_first = 0x5f,
	    .fn_last = 0x60,
	};
	/* The same numbers in another entity do not overlap. */
	static const struct secmon_smc_service other_oen = {
	    .name = "other",
	    .oen_first = SMCCC_OEN_SIP,
	    .oen_last = SMCCC_OEN_SIP,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .handler = handler_b,
	    .fn_first = 0x50,
	    .fn_last = 0x5f,
	};
	static const struct secmon_smc_service yielding = {
	    .name = "yield",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_YIELD | SECMON_SMC_SHARED,
	    .handler = handler_a,
	    .fn_first = 0x70,
	    .fn_last = 0x7f,
	};
	static const struct secmon_smc_service reversed = {
	    .name = "reversed",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .handler = handler_a,
	    .fn_first = 0x80,
	    .fn_last = 0x7f,
	};
	static const struct secmon_smc_service queries = {
	    .name = "queries",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .handler = handler_a,
	    .fn_first = 0xfe00,
	    .fn_last = 0xff00,
	};
	static const struct secmon_smc_service failing = {
	    .name = "failing",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .init = init_fail,
	    .handler = handler_a,
	    .fn_first = 0x90,
	    .fn_last = 0x9f,
	};
	static const struct secmon_smc_service extra[3] = {
	    {.name = "x1",
	     .oen_first = SMCCC_OEN_STD,
	     .oen_last = SMCCC_OEN_STD,
	     .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	     .handler = handler_b,
	     .fn_first = 0x100,
	     .fn_last = 0x10f},
	    {.name = "x2",
	     .oen_first = SMCCC_OEN_STD,
	     .oen_last = SMCCC_OEN_STD,
	     .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	     .handler = handler_b,
	     .fn_first = 0x110,
	     .fn_last = 0x11f},
	    {.name = "x3",
	     .oen_first = SMCCC_OEN_STD,
	     .oen_last = SMCCC_OEN_STD,
	     .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	     .handler = handler_b,
	     .fn_first = 0x120,
	     .fn_last = 0x12f},
	};
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&svc_shared_1), 0);
	CHECK_EQ(secmon_smc_register(&svc_shared_1), SECMON_SMC_ECONFLICT);
	CHECK_EQ(secmon_smc_register(&overlap), SECMON_SMC_ECONFLICT);
	CHECK_EQ(secmon_smc_register(&yielding), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&reversed), SECMON_SMC_EINVAL);
	CHECK_EQ(secmon_smc_register(&queries), SECMON_SMC_EINVAL);
	init_calls = 0;
	CHECK_EQ(secmon_smc_register(&failing), SECMON_SMC_EINIT);
	CHECK_EQ(init_calls, 1);
	CHECK_EQ(call(0x84000090u, 0, 0, 0, &f), SMC_UNK); /* not listed after init failed */
	CHECK_EQ(secmon_smc_register(&other_oen), 0);
	calls_b = 0;
	CHECK_EQ(call(0x82000055u, 0, 0, 0, &f), 0xb);
	CHECK_EQ(call(0x84000055u, 0, 0, 0, &f), 0x51);
	/* An owner of the SiP entity still registers over the routed slots. */
	CHECK_EQ(secmon_smc_register(&svc_sip), 0);
	CHECK_EQ(call(0x82000055u, 0, 0, 0, &f), 0xa);
	/* Room for SECMON_SMC_SHARED_MAX (4): two listed, two more fit, a fifth does not. */
	CHECK_EQ(secmon_smc_register(&extra[0]), 0);
	CHECK_EQ(secmon_smc_register(&extra[1]), 0);
	CHECK_EQ(secmon_smc_register(&extra[2]), SECMON_SMC_EFULL);
	CHECK_EQ(call(0x84000125u, 0, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0x84000115u, 0, 0, 0, &f), 0xb);
}

static int init_absent(void)
{
	init_calls++;
	return SECMON_SMC_ABSENT;
}

static int init_two(void)
{
	init_calls++;
	return 2;
}

/* An init() that finds nothing to serve: registered, nothing claimed, calls unknown. */
static void test_absent(void)
{
	static const struct secmon_smc_service absent_owner = {
	    .name = "absent",
	    .oen_first = SMCCC_OEN_SIP,
	    .oen_last = SMCCC_OEN_SIP,
	    .call_types = SECMON_SMC_FAST,
	    .init = init_absent,
	    .handler = handler_a,
	};
	static const struct secmon_smc_service absent_shared = {
	    .name = "absentsh",
	    .oen_first = SMCCC_OEN_STD,
	    .oen_last = SMCCC_OEN_STD,
	    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
	    .init = init_absent,
	    .handler = handler_a,
	    .fn_first = 0x50,
	    .fn_last = 0x5f,
	};
	static const struct secmon_smc_service two = {
	    .name = "two",
	    .oen_first = SMCCC_OEN_OEM,
	    .oen_last = SMCCC_OEN_OEM,
	    .call_types = SECMON_SMC_FAST,
	    .init = init_two,
	    .handler = handler_a,
	};
	struct secmon_smc_frame f;

	secmon_smc_table_reset();
	init_calls = 0;
	calls_a = 0;
	CHECK_EQ(secmon_smc_register(&absent_owner), SECMON_SMC_ABSENT);
	CHECK_EQ(secmon_smc_register(&absent_shared), SECMON_SMC_ABSENT);
	CHECK_EQ(init_calls, 2);
	CHECK_EQ(secmon_smc_table[0x82], secmon_smc_unknown);
	CHECK_EQ(secmon_smc_table[0x84], secmon_smc_unknown);
	CHECK_EQ(call(0x82000001u, 7, 8, 9, &f), SMC_UNK);
	CHECK_EQ(f.x[1], 7);
	CHECK_EQ(call(0x84000050u, 7, 8, 9, &f), SMC_UNK);
	CHECK_EQ(f.x[3], 9);
	CHECK_EQ(calls_a, 0);
	/* Their places are free for others. */
	CHECK_EQ(secmon_smc_register(&svc_sip), 0);
	CHECK_EQ(secmon_smc_register(&svc_shared_1), 0);
	CHECK_EQ(call(0x84000050u, 0, 0, 0, &f), 0x51);
	/* Any other positive answer is a failure. */
	CHECK_EQ(secmon_smc_register(&two), SECMON_SMC_EINIT);
	CHECK_EQ(secmon_smc_table[0x83], secmon_smc_unknown);
}

int main(void)
{
	test_unknown_everywhere();
	test_register_and_decode();
	test_ranges_and_yield();
	test_conflicts_and_errors();
	test_general_queries();
	test_shared_services();
	test_shared_errors();
	test_absent();
	return check_report();
}
