/* Host tests of the SMC dispatcher: decode, registration, conflicts, unknown IDs. */
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

int main(void)
{
	test_unknown_everywhere();
	test_register_and_decode();
	test_ranges_and_yield();
	test_conflicts_and_errors();
	test_general_queries();
	return check_report();
}
