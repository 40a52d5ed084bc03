/*
 * A save never drops the normal world's counters: a PMU with more event counters than
 * the save area holds (its capacity, the image's PMU_COUNTERS) panics with a message that
 * names N and the limit, before any PMU register is written and without writing past
 * the area; within the capacity, or without a PMUv3, the save passes and leaves every
 * register as it was (PMSELR_EL0, through which it reads the counters, included). (The core makes
 * the same check at every CPU's setup: core/arch/aarch64/cpu_setup.c.)
 */
#include <string.h>

#include <secmon/internal/pmu.h>

#include "check.h"
#include "fake_pmu.h"

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

/* Writes other than to PMSELR_EL0, which a save uses to reach the counters and puts back. */
static size_t writes(void)
{
	size_t w = 0;

	for (size_t i = 0; i < fake_pmu_log_count(); i++)
		w += fake_pmu_log(i)->write && strcmp(fake_pmu_log(i)->name, FAKE_SELR) != 0;
	return w;
}

static size_t all_writes(void)
{
	size_t w = 0;

	for (size_t i = 0; i < fake_pmu_log_count(); i++)
		w += fake_pmu_log(i)->write;
	return w;
}

static bool message_names(unsigned int n, unsigned int kept)
{
	char want[2][64];

	snprintf(want[0], sizeof(want[0]), "PMCR_EL0.N = %u ", n);
	snprintf(want[1], sizeof(want[1]), "keeps %u for", kept);
	return strstr(fake_pmu_panic_message(), want[0]) &&
	       strstr(fake_pmu_panic_message(), want[1]);
}

/* The area with room for `capacity` counters, then guard words that must stay intact. */
static struct pmu_ns_state state;
static uint64_t area[2 * PMU_ARCH_COUNTERS + 8];

static void save(void)
{
	pmu_save_ns(&state);
}

static void test_save(unsigned int capacity)
{
	for (unsigned int n = 0; n <= PMU_ARCH_COUNTERS; n++) {
		bool over = n > capacity;

		fake_pmu_reset(PMU_VER_V3P1, n);
		for (unsigned int i = 0; i < n; i++) {
			fake_pmu_set(fake_pmu_evcntr(i), 0x100u + i);
			fake_pmu_set(fake_pmu_evtyper(i), 0x11u + i);
		}
		fake_pmu_set(FAKE_SELR, 31); /* the normal world's selection */
		memset(area, 0xa5, sizeof(area));
		memset(&state, 0, sizeof(state));
		state.evregs = area;
		state.capacity = (uint8_t)capacity;
		CHECK_EQ(panics(save), over);
		if (over) {
			CHECK(message_names(n, capacity));
		} else {
			CHECK_EQ(state.counters, n);
			for (unsigned int i = 0; i < n; i++) {
				CHECK_EQ(area[2 * i], 0x11u + i);
				CHECK_EQ(area[2 * i + 1], 0x100u + i);
			}
		}
		for (unsigned int i = 2 * capacity; i < sizeof(area) / sizeof(area[0]); i++)
			CHECK_EQ(area[i], 0xa5a5a5a5a5a5a5a5ull);
		CHECK_EQ(writes(), 0);
		CHECK_EQ(fake_pmu_get(FAKE_SELR), 31);
		if (over) /* the panic comes before any access to a counter */
			CHECK_EQ(all_writes(), 0);
	}
}

/* No PMUv3: PMCR_EL0 does not exist, whatever a read of it would give; nothing to save. */
static void test_no_pmu(void)
{
	static const unsigned int none[] = {PMU_VER_NONE, PMU_VER_IMPDEF};

	for (unsigned int i = 0; i < 2; i++) {
		fake_pmu_reset(none[i], PMU_ARCH_COUNTERS);
		memset(&state, 0, sizeof(state));
		state.evregs = area;
		state.capacity = 1;
		CHECK(!panics(save));
		CHECK(!state.valid);
		CHECK_EQ(fake_pmu_pmu_accesses(), 0);
	}
}

int main(void)
{
	test_save(1);
	test_save(6);
	test_save(31);
	test_no_pmu();
	return check_report();
}
