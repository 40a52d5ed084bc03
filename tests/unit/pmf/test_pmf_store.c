/*
 * PMF store, capture and query on the host, built with AddressSanitizer: registration
 * rules, capture on the calling CPU and on a given CPU, the cache-maintenance flags,
 * tick to microsecond conversion, and every bad id / CPU combination answering
 * INVALID_PARAMETERS with value 0 while the valid ones at the edges of each store read
 * the right slot (ASan aborts on any read outside a store).
 */
#include <secmon_image.h>
#include <stdbool.h>
#include <stdio.h>

#include <secmon/pmf.h>

#include "check.h"
#include "pmf_host.h"

PMF_DEFINE_SERVICE(test_svc, 5, 3);	/* 3 ids: one partly used line per CPU */
PMF_DEFINE_SERVICE(test_wide, 63, 256); /* the largest service */
PMF_DEFINE_SERVICE(test_clash, PMF_RT_INSTR_SVC_ID, 2);

#define TID(svc, id) PMF_TIMESTAMP_ID(svc, id)

static uint64_t get(uint32_t tid, unsigned int cpu, int32_t *rc)
{
	uint64_t v = 0xdeadbeef;

	*rc = secmon_pmf_get_timestamp_by_index(tid, cpu, 0, &v);
	return v;
}

static void test_registration(void)
{
	struct secmon_pmf_service bad;

	CHECK_EQ(secmon_pmf_init(), 0);
	CHECK_EQ(secmon_pmf_init(), 0); /* idempotent */
	CHECK(secmon_pmf_service_by_id(PMF_PSCI_STAT_SVC_ID) == &secmon_pmf_svc_psci_stat);
	CHECK(secmon_pmf_service_by_id(PMF_RT_INSTR_SVC_ID) == &secmon_pmf_svc_rt_instr);
	CHECK(secmon_pmf_service_by_id(2) == NULL);
	CHECK(secmon_pmf_service_by_id(64) == NULL);
	CHECK_EQ(secmon_pmf_svc_rt_instr.ids, RT_INSTR_TOTAL_IDS);
	CHECK_EQ(secmon_pmf_svc_rt_instr.stride, 8);
	CHECK_EQ(secmon_pmf_svc_psci_stat.stride, 8);
	CHECK_EQ(secmon_pmf_svc_test_wide.stride, 256);
	CHECK_EQ((uintptr_t)secmon_pmf_svc_rt_instr.store % PMF_CACHE_LINE, 0);

	CHECK_EQ(secmon_pmf_register(&secmon_pmf_svc_test_clash), PMF_REG_ECONFLICT);
	CHECK_EQ(secmon_pmf_register(NULL), PMF_REG_EINVAL);
	bad = secmon_pmf_svc_test_svc;
	bad.store = NULL;
	CHECK_EQ(secmon_pmf_register(&bad), PMF_REG_EINVAL);
	bad = secmon_pmf_svc_test_svc;
	bad.ids = 0;
	CHECK_EQ(secmon_pmf_register(&bad), PMF_REG_EINVAL);
	bad = secmon_pmf_svc_test_svc;
	bad.ids = 257;
	bad.stride = 264;
	CHECK_EQ(secmon_pmf_register(&bad), PMF_REG_EINVAL);
	bad = secmon_pmf_svc_test_svc;
	bad.stride = 2; /* fewer slots than ids: the query could index past a CPU's slots */
	CHECK_EQ(secmon_pmf_register(&bad), PMF_REG_EINVAL);
	bad = secmon_pmf_svc_test_svc;
	bad.svc_id = 64;
	CHECK_EQ(secmon_pmf_register(&bad), PMF_REG_EINVAL);
	CHECK(secmon_pmf_service_by_id(5) == NULL);

	CHECK_EQ(secmon_pmf_register(&secmon_pmf_svc_test_svc), 0);
	CHECK_EQ(secmon_pmf_register(&secmon_pmf_svc_test_wide), 0);
	CHECK(secmon_pmf_service_by_id(63) == &secmon_pmf_svc_test_wide);
}

static void test_capture(void)
{
	static const uint64_t mpidrs[] = {0x0, 0x1, 0x100, 0x101, 0x100000000ull};
	const struct secmon_pmf_service *rt = &secmon_pmf_svc_rt_instr;
	int32_t rc;

	secmon_pmf_host_reset();
	secmon_pmf_host_set_cpus(mpidrs, 5);
	secmon_pmf_host_set_counter(1000, 10);
	secmon_pmf_capture_cpu(rt, 3, RT_INSTR_ENTER_PSCI, PMF_NO_CACHE_MAINT);
	secmon_pmf_host_set_this_cpu(4);
	secmon_pmf_capture(rt, RT_INSTR_EXIT_PSCI, PMF_NO_CACHE_MAINT);
	CHECK_EQ(get(TID(1, RT_INSTR_ENTER_PSCI), 3, &rc), 1000);
	CHECK_EQ(rc, PMF_RET_SUCCESS);
	CHECK_EQ(get(TID(1, RT_INSTR_EXIT_PSCI), 4, &rc), 1010);
	CHECK_EQ(rc, PMF_RET_SUCCESS);
	/* Other CPUs and ids untouched. */
	CHECK_EQ(get(TID(1, RT_INSTR_EXIT_PSCI), 3, &rc), 0);
	CHECK_EQ(get(TID(1, RT_INSTR_ENTER_PSCI), 4, &rc), 0);

	/* By MPIDR: affinity fields only, Aff3 included, flag bits (U, MT, bit 31) ignored. */
	uint64_t v = 0;
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, 0), 0x101 | 1ull << 31 | 1ull << 30 | 1ull << 24,
					  0, &v),
		 PMF_RET_SUCCESS);
	CHECK_EQ(v, 1000);
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, 1), 0x100000000ull, 0, &v), PMF_RET_SUCCESS);
	CHECK_EQ(v, 1010);
	v = 7;
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, 1), 0x2, 0, &v), PMF_RET_INVALID_PARAMETERS);
	CHECK_EQ(v, 0);
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, 1), 0x200000000ull, 0, &v),
		 PMF_RET_INVALID_PARAMETERS);

	/* Captures out of range are dropped without touching anything. */
	secmon_pmf_capture_cpu(rt, SECMON_IMAGE_MAX_CPUS, 0, 0);
	secmon_pmf_capture_cpu(rt, 3, RT_INSTR_TOTAL_IDS, 0);
	secmon_pmf_capture_cpu(rt, 3, 255, 0);
	secmon_pmf_host_set_this_cpu(SECMON_IMAGE_MAX_CPUS + 5);
	secmon_pmf_capture(rt, 0, 0);
	CHECK_EQ(get(TID(1, RT_INSTR_ENTER_PSCI), 3, &rc), 1000);

	/* PMF_CACHE_MAINT: the capture cleans its slot, the query cleans+invalidates first. */
	CHECK_EQ(secmon_pmf_host_clean_count(), 0);
	secmon_pmf_capture_cpu(rt, 2, RT_INSTR_EXIT_CFLUSH, PMF_CACHE_MAINT);
	CHECK_EQ(secmon_pmf_host_clean_count(), 1);
	CHECK(secmon_pmf_host_last_clean() == &rt->store[2 * rt->stride + RT_INSTR_EXIT_CFLUSH]);
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, RT_INSTR_EXIT_CFLUSH), 0x100, 0, &v), 0);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 0);
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, RT_INSTR_EXIT_CFLUSH), 0x100, PMF_CACHE_MAINT, &v),
		 0);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 1);
	CHECK(secmon_pmf_host_last_clean_inv() ==
	      &rt->store[2 * rt->stride + RT_INSTR_EXIT_CFLUSH]);
	/* Rejected queries do no maintenance. */
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, 9), 0x100, PMF_CACHE_MAINT, &v),
		 PMF_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 1);
	/* Flags other than PMF_CACHE_MAINT are no query's: refused, nothing read or cleaned. */
	for (unsigned int bit = 1; bit < 32; bit++) {
		v = 7;
		CHECK_EQ(
		    secmon_pmf_get_timestamp(TID(1, RT_INSTR_EXIT_CFLUSH), 0x100, 1u << bit, &v),
		    PMF_RET_INVALID_PARAMETERS);
		CHECK_EQ(v, 0);
	}
	CHECK_EQ(secmon_pmf_get_timestamp(TID(1, RT_INSTR_EXIT_CFLUSH), 0x100, 0xffffffffu, &v),
		 PMF_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_pmf_host_clean_inv_count(), 1);

	/* capture_us stores ticks and returns microseconds. */
	secmon_pmf_host_set_frequency(62500000);
	secmon_pmf_host_set_counter(125000000, 0);
	CHECK_EQ(secmon_pmf_capture_us(&secmon_pmf_svc_psci_stat, 1, PSCI_STAT_ID_EXIT_LOW_PWR),
		 2000000);
	CHECK_EQ(get(TID(0, PSCI_STAT_ID_EXIT_LOW_PWR), 1, &rc), 125000000);
	CHECK_EQ(secmon_pmf_now(), 125000000);
	CHECK_EQ(secmon_pmf_now_us(), 2000000);
}

static void test_ticks_to_us(void)
{
	static const uint64_t hz[] = {1, 1000000, 19200000, 62500000, 0xffffffffu};
	static const uint64_t ticks[] = {0, 1, 62499999, 1ull << 40, ~0ull - 12345, ~0ull};

	for (unsigned int i = 0; i < 5; i++) {
		secmon_pmf_host_set_frequency(hz[i]);
		for (unsigned int j = 0; j < 6; j++) {
			unsigned __int128 exact = (unsigned __int128)ticks[j] * 1000000u / hz[i];

			/* Exact whenever the result fits in 64 bits. */
			if (exact >> 64 == 0)
				CHECK_EQ(secmon_pmf_ticks_to_us(ticks[j]), (uint64_t)exact);
		}
	}
	secmon_pmf_host_set_frequency(0);
	CHECK_EQ(secmon_pmf_ticks_to_us(12345), 0);
	secmon_pmf_host_set_frequency(1000000);
}

/* Fills every slot of a service with a value derived from (cpu, id). */
static void fill(const struct secmon_pmf_service *svc, unsigned int cpus)
{
	for (unsigned int cpu = 0; cpu < cpus; cpu++)
		for (unsigned int id = 0; id < svc->ids; id++) {
			secmon_pmf_host_set_counter((uint64_t)svc->svc_id << 48 | cpu << 12 | id,
						    0);
			secmon_pmf_capture_cpu(svc, cpu, id, 0);
		}
}

static void test_bounds(void)
{
	static uint64_t mpidrs[SECMON_IMAGE_MAX_CPUS];
	static const uint32_t bad_impl[] = {0x00, 0x40, 0x42, 0x7f, 0xc1, 0xff};
	static const unsigned int bad_cpu[] = {SECMON_IMAGE_MAX_CPUS, SECMON_IMAGE_MAX_CPUS + 1,
					       0x7fffffffu, 0xffffffffu};
	unsigned int bad = 0, good = 0;
	int32_t rc;

	for (unsigned int i = 0; i < SECMON_IMAGE_MAX_CPUS; i++)
		mpidrs[i] = (uint64_t)(i >> 8) << 16 | (i & 0xff);
	secmon_pmf_host_reset();
	secmon_pmf_host_set_cpus(mpidrs, SECMON_IMAGE_MAX_CPUS);
	fill(&secmon_pmf_svc_rt_instr, SECMON_IMAGE_MAX_CPUS);
	fill(&secmon_pmf_svc_test_svc, SECMON_IMAGE_MAX_CPUS);
	fill(&secmon_pmf_svc_test_wide, SECMON_IMAGE_MAX_CPUS);

	/* Every service id x local id, at the first and last CPU and past the end. */
	for (unsigned int svc = 0; svc < PMF_MAX_SERVICES; svc++) {
		const struct secmon_pmf_service *s = secmon_pmf_service_by_id(svc);

		for (unsigned int id = 0; id <= PMF_LOCAL_ID_MASK; id++) {
			bool valid = s && id < s->ids;
			unsigned int cpus[] = {0, SECMON_IMAGE_MAX_CPUS - 1};

			for (unsigned int c = 0; c < 2; c++) {
				uint64_t v = get(TID(svc, id), cpus[c], &rc);

				if (valid && svc != PMF_PSCI_STAT_SVC_ID) {
					good++;
					CHECK_EQ(rc, PMF_RET_SUCCESS);
					CHECK_EQ(v, (uint64_t)svc << 48 | cpus[c] << 12 | id);
				} else if (!valid) {
					bad++;
					CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
					CHECK_EQ(v, 0);
				}
			}
			for (unsigned int c = 0; c < 4; c++) {
				uint64_t v = get(TID(svc, id), bad_cpu[c], &rc);

				bad++;
				CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
				CHECK_EQ(v, 0);
			}
		}
	}
	/* Fewer CPUs present than the store holds: the absent ones are rejected too. */
	secmon_pmf_host_set_cpus(mpidrs, 4);
	get(TID(1, 0), 3, &rc);
	CHECK_EQ(rc, PMF_RET_SUCCESS);
	for (unsigned int cpu = 4; cpu < SECMON_IMAGE_MAX_CPUS; cpu += 97) {
		CHECK_EQ(get(TID(1, 0), cpu, &rc), 0);
		CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
		bad++;
	}
	secmon_pmf_host_set_cpus(mpidrs, SECMON_IMAGE_MAX_CPUS);

	/* Malformed ids: wrong implementation, or any reserved bit, for a valid slot. */
	for (unsigned int i = 0; i < sizeof(bad_impl) / sizeof(bad_impl[0]); i++) {
		CHECK_EQ(get(bad_impl[i] << 24 | 1u << 10, 0, &rc), 0);
		CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
		bad++;
	}
	for (unsigned int bit = 0; bit < 32; bit++) {
		uint32_t tid = TID(1, 0) ^ (1u << bit);
		bool reserved = (PMF_TID_RESERVED_MASK >> bit) & 1;

		if (!reserved)
			continue;
		CHECK_EQ(get(tid, 0, &rc), 0);
		CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
		bad++;
	}
	CHECK_EQ(get(0xffffffffu, 0, &rc), 0);
	CHECK_EQ(rc, PMF_RET_INVALID_PARAMETERS);
	printf("bounds: %u valid and %u invalid queries\n", good, bad);
	CHECK(good > 500 && bad > 90000);
}

int main(void)
{
	test_registration();
	test_capture();
	test_ticks_to_us();
	test_bounds();
	return check_report();
}
