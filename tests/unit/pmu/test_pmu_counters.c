/*
 * The build's event-counter maximum (SECMON_PMU_MAX_COUNTERS): it reaches pmu.h and the
 * save area, and a CPU whose PMCR_EL0.N exceeds it is stopped at its setup
 * (pmu_el3_apply_mdcr(), which every CPU runs at cold and warm boot) and at a save, with a
 * panic that names N and the option, before any PMU register is written. A CPU within
 * the maximum, or without a PMUv3, passes untouched.
 */
#include <string.h>

#include <secmon/pmu.h>

#include "check.h"
#include "fake_pmu.h"

static const unsigned int versions[] = {PMU_VER_V3, PMU_VER_V3P1, PMU_VER_V3P5, PMU_VER_V3P7};

/* Runs fn; true if it panicked. */
static bool panics(void (*fn)(void))
{
	jmp_buf env;

	fake_pmu_panic_jmp = &env;
	if (setjmp(env) == 0) {
		fn();
		fake_pmu_panic_jmp = NULL;
		return false;
	}
	return true;
}

static size_t writes(void)
{
	size_t w = 0;

	for (size_t i = 0; i < fake_pmu_log_count(); i++)
		w += fake_pmu_log(i)->write;
	return w;
}

static bool message_names(unsigned int n)
{
	char want[2][64];

	snprintf(want[0], sizeof(want[0]), "PMCR_EL0.N = %u ", n);
	snprintf(want[1], sizeof(want[1]), "SECMON_PMU_MAX_COUNTERS=%u", n);
	return strstr(fake_pmu_panic_message(), want[0]) &&
	       strstr(fake_pmu_panic_message(), want[1]);
}

static void test_config(void)
{
	CHECK_EQ(PMU_MAX_COUNTERS, EXPECT_PMU_MAX_COUNTERS);
	CHECK_EQ(SECMON_PMU_MAX_COUNTERS, EXPECT_PMU_MAX_COUNTERS);
	/* The save area holds exactly the build's counters. */
	CHECK_EQ(sizeof(struct pmu_ns_state), 72u + 16u * PMU_MAX_COUNTERS);
	CHECK_EQ(sizeof(((struct pmu_ns_state *)0)->evcntr) / sizeof(uint64_t), PMU_MAX_COUNTERS);
}

/* Every CPU's setup: refused exactly when N > the maximum, before MDCR_EL3 is written. */
static void test_setup(void)
{
	const uint64_t mdcr = MDCR_EL3_SPME | MDCR_EL3_TPM | 0x3u;

	for (unsigned int v = 0; v < sizeof(versions) / sizeof(versions[0]); v++) {
		for (unsigned int n = 0; n <= PMU_ARCH_COUNTERS; n++) {
			bool over = n > PMU_MAX_COUNTERS;

			fake_pmu_reset(versions[v], n);
			fake_pmu_set(FAKE_MDCR_EL3, mdcr);
			CHECK_EQ(pmu_num_counters(), n);
			CHECK_EQ(panics(pmu_el3_apply_mdcr), over);
			if (over) {
				CHECK(message_names(n));
				CHECK_EQ(writes(), 0);
				CHECK_EQ(fake_pmu_get(FAKE_MDCR_EL3), mdcr);
			} else {
				CHECK_EQ(fake_pmu_get(FAKE_MDCR_EL3), pmu_el3_policy_mdcr(mdcr));
			}
			fake_pmu_reset(versions[v], n);
			CHECK_EQ(panics(pmu_check_counters), over);
			CHECK_EQ(writes(), 0);
		}
	}
}

/* No PMUv3: PMCR_EL0 does not exist, whatever a read of it would give; nothing to check. */
static void test_no_pmu(void)
{
	static const unsigned int none[] = {PMU_VER_NONE, PMU_VER_IMPDEF};

	for (unsigned int i = 0; i < 2; i++) {
		fake_pmu_reset(none[i], PMU_ARCH_COUNTERS);
		CHECK(!panics(pmu_check_counters));
		CHECK_EQ(fake_pmu_pmu_accesses(), 0);
		CHECK(!panics(pmu_el3_apply_mdcr));
	}
}

static struct {
	struct pmu_ns_state s;
	uint64_t guard[2 * PMU_ARCH_COUNTERS];
} area;

static void save(void)
{
	pmu_save_ns(&area.s);
}

/* A save never drops counters: one more than the save area holds panics, nothing spills. */
static void test_save(void)
{
	for (unsigned int n = 0; n <= PMU_ARCH_COUNTERS; n++) {
		bool over = n > PMU_MAX_COUNTERS;

		fake_pmu_reset(PMU_VER_V3P1, n);
		for (unsigned int i = 0; i < n; i++) {
			fake_pmu_set(fake_pmu_evcntr(i), 0x100u + i);
			fake_pmu_set(fake_pmu_evtyper(i), 0x11u + i);
		}
		memset(&area, 0xa5, sizeof(area));
		CHECK_EQ(panics(save), over);
		if (over)
			CHECK(message_names(n));
		else
			CHECK_EQ(area.s.counters, n);
		for (unsigned int i = 0; i < sizeof(area.guard) / sizeof(area.guard[0]); i++)
			CHECK_EQ(area.guard[i], 0xa5a5a5a5a5a5a5a5ull);
		CHECK_EQ(writes(), 0);
	}
}

int main(void)
{
	test_config();
	test_setup();
	test_no_pmu();
	test_save();
	return check_report();
}
