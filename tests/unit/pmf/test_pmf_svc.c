/*
 * The PMF query SMC through secmon_smc_dispatch(): ownership of owning entity 7 fast
 * calls, GET_TIMESTAMP in both conventions (value in x1, or split over w1/w2), bad ids
 * and CPUs (INVALID_PARAMETER, no value leaked), the cache-maintenance flag, GET_VERSION,
 * unknown numbers and the general queries, and the SiP-range IDs forwarded by an image's
 * SiP service or served by secmon_pmf_sip_service.
 */
#include <string.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/services/pmf.h>
#include <secmon/smccc.h>

#include "check.h"
#include "pmf_host.h"

static struct secmon_smc_frame frame;
static const uint64_t mpidrs[] = {0x0, 0x1, 0x100, 0x101};
#define INVALID	  ((uint64_t)(int64_t)-3)
#define TID_ENTER PMF_TIMESTAMP_ID(PMF_RT_INSTR_SVC_ID, RT_INSTR_ENTER_PSCI)

/* Every register of the frame gets a recognisable value, x0-x3 the call's. */
static uint64_t smc(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	for (unsigned int i = 0; i < 31; i++)
		frame.x[i] = 0x5a5a000000000000ull | i;
	frame.x[0] = fid;
	frame.x[1] = x1;
	frame.x[2] = x2;
	frame.x[3] = x3;
	return secmon_smc_dispatch(fid, &frame);
}

static bool untouched_from(unsigned int first)
{
	for (unsigned int i = first; i < 18; i++)
		if (frame.x[i] != (0x5a5a000000000000ull | i))
			return false;
	return true;
}

static void setup_timestamps(void)
{
	secmon_pmf_host_reset();
	secmon_pmf_host_set_cpus(mpidrs, 4);
	secmon_pmf_host_set_counter(0x123456789abcull, 0);
	secmon_pmf_capture_cpu(&secmon_pmf_svc_rt_instr, 2, RT_INSTR_ENTER_PSCI, 0);
	secmon_pmf_host_set_counter(0x42, 0);
	secmon_pmf_capture_cpu(&secmon_pmf_svc_rt_instr, 3, RT_INSTR_EXIT_CFLUSH, 0);
}

static void test_ownership(void)
{
	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&secmon_pmf_service), 0);
	CHECK(secmon_smc_table[0x87] == secmon_pmf_service.handler);
	CHECK(secmon_smc_table[0xc7] == secmon_pmf_service.handler);
	CHECK(secmon_smc_table[0x07] != secmon_pmf_service.handler);
	CHECK(secmon_smc_table[0x82] != secmon_pmf_service.handler);
	/* init() registered the core's services for the query. */
	CHECK(secmon_pmf_service_by_id(PMF_RT_INSTR_SVC_ID) == &secmon_pmf_svc_rt_instr);
	CHECK_EQ(smc(0x07000020u, TID_ENTER, 0x100, 0), SMC_UNK); /* yielding: not ours */
}

static void test_get_timestamp(void)
{
	setup_timestamps();
	/* SMC64: the whole value in x1. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, TID_ENTER, 0x100, 0), 0);
	CHECK_EQ(frame.x[1], 0x123456789abcull);
	CHECK(frame.x[2] == 0x100 && frame.x[3] == 0 && untouched_from(4));
	/* SMC32: w1 = low half, w2 = high half; upper argument bits ignored. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_32, 0xffffffff00000000ull | TID_ENTER,
		     0xabcd000000000100ull, 0xffffffff00000000ull),
		 0);
	CHECK_EQ(frame.x[1], 0x56789abcu);
	CHECK_EQ(frame.x[2], 0x1234u);
	CHECK(frame.x[3] == 0xffffffff00000000ull && untouched_from(4));
	/* MPIDR flag bits (bit 31 RES1, U, MT) do not matter. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, PMF_TIMESTAMP_ID(1, RT_INSTR_EXIT_CFLUSH),
		     0x80000101u | 1u << 30, 0),
		 0);
	CHECK_EQ(frame.x[1], 0x42);
	/* The SVE hint bit is no part of the function number. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64 | SMCCC_SVE_HINT, TID_ENTER, 0x100, 0), 0);
	CHECK_EQ(frame.x[1], 0x123456789abcull);

	/* Cache maintenance on request (x3 bit 0), not otherwise. */
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 0);
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, TID_ENTER, 0x100, PMF_CACHE_MAINT), 0);
	/* Unknown flag bits: INVALID_PARAMETER with no value (flags = ~0 used to pass). */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, TID_ENTER, 0x100, ~0ull), INVALID);
	CHECK_EQ(frame.x[1], 0);
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_32, TID_ENTER, 0x100, 2), INVALID);
	CHECK_EQ(frame.x[1], 0);
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, TID_ENTER, 0x100, 1ull << 32), INVALID);
	CHECK_EQ(frame.x[1], 0);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 1);
	CHECK(secmon_pmf_host_last_clean_inv() ==
	      &secmon_pmf_svc_rt_instr.store[2 * secmon_pmf_svc_rt_instr.stride]);
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_32, TID_ENTER, 0x100, 0xfffffffe), INVALID);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 1);
}

static void test_bad_arguments(void)
{
	static const uint64_t bad_tids[] = {
	    0,
	    PMF_TIMESTAMP_ID(1, RT_INSTR_TOTAL_IDS),
	    PMF_TIMESTAMP_ID(1, 0xff),
	    PMF_TIMESTAMP_ID(2, 0),
	    PMF_TIMESTAMP_ID(63, 0),
	    TID_ENTER | 1u << 8,
	    TID_ENTER | 1u << 16,
	    TID_ENTER | 1u << 23,
	    0x42000000u | 1u << 10,
	    0xffffffffu,
	};
	static const uint64_t bad_mpidrs[] = {0x2, 0x10, 0x200, 0x100000000ull, 0xff00ffffffull};

	setup_timestamps();
	for (unsigned int i = 0; i < sizeof(bad_tids) / sizeof(bad_tids[0]); i++) {
		CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, bad_tids[i], 0x100, 0), INVALID);
		CHECK_EQ(frame.x[1], 0);
		CHECK(frame.x[2] == 0x100 && untouched_from(4));
		CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_32, bad_tids[i], 0x100, 0), INVALID);
		CHECK_EQ(frame.x[1], 0);
		CHECK_EQ(frame.x[2], 0);
	}
	for (unsigned int i = 0; i < sizeof(bad_mpidrs) / sizeof(bad_mpidrs[0]); i++) {
		CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, TID_ENTER, bad_mpidrs[i], 0), INVALID);
		CHECK_EQ(frame.x[1], 0);
	}
	/* SMC64: an id with upper bits set is not the id in its low half. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_64, 1ull << 32 | TID_ENTER, 0x100, 0), INVALID);
	CHECK_EQ(frame.x[1], 0);
	/* SMC32 cannot name Aff3: 0x1_0000_0100 is read as 0x100. */
	CHECK_EQ(smc(PMF_SMC_GET_TIMESTAMP_32, TID_ENTER, 0x100000100ull, 0), 0);
	CHECK_EQ(frame.x[1], 0x56789abcu);
}

static void test_version_and_queries(void)
{
	/* TF-A's answer: x0 = SUCCESS, x1 = the version; x2-x3 stay as they were. */
	CHECK_EQ(smc(PMF_SMC_GET_VERSION_32, 7, 2, 3), 0);
	CHECK(frame.x[1] == PMF_SMC_VERSION && frame.x[2] == 2 && frame.x[3] == 3 &&
	      untouched_from(4));
	CHECK_EQ(smc(PMF_SMC_GET_VERSION_64, 0, 0, 0), 0);
	CHECK_EQ(frame.x[1], PMF_SMC_VERSION);
	/* Other numbers of the entity, and the SMC64 forms of the general queries. */
	CHECK_EQ(smc(0x87000000u, TID_ENTER, 0x100, 0), SMC_UNK);
	CHECK_EQ(smc(0x87000022u, TID_ENTER, 0x100, 0), SMC_UNK);
	CHECK_EQ(smc(0x8700001fu, TID_ENTER, 0x100, 0), SMC_UNK);
	CHECK_EQ(smc(0x87020020u, TID_ENTER, 0x100, 0), SMC_UNK); /* bit 16 is the SVE hint */
	CHECK_EQ(smc(0x87000010u, TID_ENTER, 0x100, 0), SMC_UNK);
	CHECK_EQ(smc(0xc700ff00u, 0, 0, 0), SMC_UNK);
	CHECK_EQ(smc(0x8700fffeu, 0, 0, 0), SMC_UNK);
	/* General queries. */
	CHECK_EQ(smc(0x8700ff00u, 0, 0, 0), SECMON_PMF_CALL_COUNT);
	CHECK_EQ(smc(0x8700ff01u, 0, 0, 0), 0x24a5316du);
	CHECK_EQ(frame.x[1], 0x0dbd45beu);
	CHECK_EQ(frame.x[2], 0xbb1fea6eu);
	CHECK_EQ(frame.x[3], 0x71040382u);
	CHECK_EQ(smc(0x8700ff03u, 0, 0, 0), 1);
	CHECK_EQ(frame.x[1], 0);
}

/* An image's SiP service (like the QEMU image's test triggers) forwarding to PMF. */
#define IMAGE_SIP_CALL 0x8200ff10u
static uint64_t image_sip_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				  struct secmon_smc_frame *f)
{
	switch (fid) {
	case IMAGE_SIP_CALL:
		return 0x5150;
	default:
		return secmon_pmf_sip_handler(fid, x1, x2, x3, f);
	}
}

static const struct secmon_smc_service image_sip = {
    .name = "image-sip",
    .oen_first = SMCCC_OEN_SIP,
    .oen_last = SMCCC_OEN_SIP,
    .call_types = SECMON_SMC_FAST,
    .handler = image_sip_handler,
};

static void check_sip_calls(void)
{
	setup_timestamps();
	CHECK_EQ(smc(PMF_SMC_SIP_GET_TIMESTAMP_64, TID_ENTER, 0x100, 0), 0);
	CHECK_EQ(frame.x[1], 0x123456789abcull);
	CHECK_EQ(smc(PMF_SMC_SIP_GET_TIMESTAMP_32, TID_ENTER, 0x100, 0), 0);
	CHECK_EQ(frame.x[1], 0x56789abcu);
	CHECK_EQ(frame.x[2], 0x1234u);
	CHECK_EQ(smc(PMF_SMC_SIP_GET_TIMESTAMP_64, TID_ENTER, 0x3, 0), INVALID);
	CHECK_EQ(frame.x[1], 0);
	CHECK_EQ(smc(PMF_SMC_SIP_GET_TIMESTAMP_32, PMF_TIMESTAMP_ID(5, 0), 0x100, 0), INVALID);
	CHECK_EQ(frame.x[2], 0);
	/* Neighbouring SiP numbers are not PMF's. */
	CHECK_EQ(smc(0x82000011u, TID_ENTER, 0x100, 0), SMC_UNK);
	CHECK(frame.x[1] == TID_ENTER && frame.x[2] == 0x100 && untouched_from(4));
	CHECK_EQ(smc(0x82000020u, TID_ENTER, 0x100, 0), SMC_UNK);
}

static void test_sip(void)
{
	struct secmon_smc_frame f = {0};

	CHECK(secmon_pmf_is_sip_fid(0x82000010u));
	CHECK(secmon_pmf_is_sip_fid(0xc2000010u));
	CHECK(!secmon_pmf_is_sip_fid(0x87000020u));
	CHECK(!secmon_pmf_is_sip_fid(0x02000010u));
	/* The forwarder has no side effect on anything it does not serve. */
	f.x[1] = 11;
	CHECK_EQ(secmon_pmf_sip_handler(0x82000011u, 1, 2, 3, &f), SMC_UNK);
	CHECK_EQ(f.x[1], 11);

	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&image_sip), 0);
	CHECK_EQ(secmon_smc_register(&secmon_pmf_service), 0);
	CHECK_EQ(smc(IMAGE_SIP_CALL, 0, 0, 0), 0x5150);
	check_sip_calls();

	/* An image without a SiP service registers the ready-made one instead. */
	secmon_smc_table_reset();
	CHECK_EQ(secmon_smc_register(&secmon_pmf_sip_service), 0);
	check_sip_calls();
	CHECK_EQ(smc(0x8200ff00u, 0, 0, 0), SECMON_PMF_SIP_CALL_COUNT);
	CHECK_EQ(smc(0x8200ff01u, 0, 0, 0), 0xd353628du);
	CHECK_EQ(frame.x[3], 0x1189a880u);
	CHECK_EQ(smc(IMAGE_SIP_CALL, 0, 0, 0), SMC_UNK);
	/* Both at once is a conflict the dispatcher reports. */
	CHECK_EQ(secmon_smc_register(&image_sip), SECMON_SMC_ECONFLICT);
}

int main(void)
{
	test_ownership();
	test_get_timestamp();
	test_bad_arguments();
	test_version_and_queries();
	test_sip();
	return check_report();
}
