/*
 * The normal world's PMU configuration across a power-down: saved, registers lost
 * (scrambled, as after a power-up they are UNKNOWN), restored, and every register back;
 * nothing counts during the restore until the final PMCR_EL0 write; no access at all
 * to the PMU when there is no PMUv3. PMUs of 0 to 31 event counters, into save areas as
 * large as the counters (test_pmu_counters.c: a smaller area is refused).
 */
#include <string.h>

#include <secmon/internal/pmu.h>

#include "check.h"
#include "fake_pmu.h"

/* A save area with room for n event counters (what the core gives each CPU). */
static uint64_t evregs[2 * PMU_ARCH_COUNTERS];

static void area_for(struct pmu_ns_state *s, unsigned int n)
{
	memset(s, 0xa5, sizeof(*s));
	s->evregs = evregs;
	s->capacity = (uint8_t)n;
}

struct snapshot {
	uint64_t pmcr, cnten, inten, ovs, selr, userenr, ccfiltr, ccntr;
	uint64_t typer[31], cntr[31];
};

static void snap(struct snapshot *s, unsigned int n)
{
	memset(s, 0, sizeof(*s));
	s->pmcr = fake_pmu_get(FAKE_PMCR);
	s->cnten = fake_pmu_get(FAKE_CNTENSET);
	s->inten = fake_pmu_get(FAKE_INTENSET);
	s->ovs = fake_pmu_get(FAKE_OVSSET);
	s->selr = fake_pmu_get(FAKE_SELR);
	s->userenr = fake_pmu_get(FAKE_USERENR);
	s->ccfiltr = fake_pmu_get(FAKE_CCFILTR);
	s->ccntr = fake_pmu_get(FAKE_CCNTR);
	for (unsigned int i = 0; i < n; i++) {
		s->typer[i] = fake_pmu_get(fake_pmu_evtyper(i));
		s->cntr[i] = fake_pmu_get(fake_pmu_evcntr(i));
	}
}

/* The normal world's programming: counters running, some overflowed, a user enable. */
static void program(unsigned int n, uint64_t seed)
{
	uint64_t mask = (1ull << 31) | ((1ull << n) - 1u);

	fake_pmu_set(FAKE_PMCR, (uint64_t)n << 11 | 0x41ull << 24 | PMCR_E | PMCR_LC | PMCR_X);
	fake_pmu_set(FAKE_CNTENSET, (seed * 0x9e3779b9u) & mask);
	fake_pmu_set(FAKE_INTENSET, (seed * 0x85ebca6bu) & mask);
	fake_pmu_set(FAKE_OVSSET, (seed * 0xc2b2ae35u) & mask);
	fake_pmu_set(FAKE_SELR, seed % 31);
	fake_pmu_set(FAKE_USERENR, 0x5);
	fake_pmu_set(FAKE_CCFILTR, PMEVTYPER_P | PMEVTYPER_NSH);
	fake_pmu_set(FAKE_CCNTR, 0xfedcba9876543210ull ^ seed);
	for (unsigned int i = 0; i < n; i++) {
		fake_pmu_set(fake_pmu_evtyper(i), (0x11u + i) | (i & 1 ? PMEVTYPER_U : 0));
		fake_pmu_set(fake_pmu_evcntr(i), seed << 32 | (0x1000u * i + 7));
	}
}

/* What a power-up leaves: everything UNKNOWN, and counting possibly on. */
static void scramble(unsigned int n)
{
	fake_pmu_set(FAKE_PMCR, (uint64_t)n << 11 | 0x41ull << 24 | PMCR_E | PMCR_DP);
	fake_pmu_set(FAKE_CNTENSET, 0xffffffffu);
	fake_pmu_set(FAKE_INTENSET, 0xffffffffu);
	fake_pmu_set(FAKE_OVSSET, 0xffffffffu);
	fake_pmu_set(FAKE_SELR, 0x1f);
	fake_pmu_set(FAKE_USERENR, 0xa);
	fake_pmu_set(FAKE_CCFILTR, 0xffffffffu);
	fake_pmu_set(FAKE_CCNTR, 0x1111);
	for (unsigned int i = 0; i < n; i++) {
		fake_pmu_set(fake_pmu_evtyper(i), 0xdeadbeefu);
		fake_pmu_set(fake_pmu_evcntr(i), 0xdeadbeefu);
	}
}

static void round_trip(unsigned int ver, unsigned int n, uint64_t seed)
{
	struct snapshot before, after;
	struct pmu_ns_state s;
	size_t from, count;

	fake_pmu_reset(ver, n);
	program(n, seed);
	snap(&before, n);
	area_for(&s, n);
	pmu_save_ns(&s);
	CHECK(s.valid);
	CHECK_EQ(s.counters, n);
	/* Saving changes nothing. */
	snap(&after, n);
	CHECK(memcmp(&before, &after, sizeof(before)) == 0);

	scramble(n);
	from = fake_pmu_log_count();
	pmu_restore_ns(&s);
	snap(&after, n);
	CHECK_EQ(after.pmcr, before.pmcr);
	CHECK_EQ(after.cnten, before.cnten);
	CHECK_EQ(after.inten, before.inten);
	CHECK_EQ(after.ovs, before.ovs);
	CHECK_EQ(after.selr, before.selr);
	CHECK_EQ(after.userenr, before.userenr);
	CHECK_EQ(after.ccfiltr, before.ccfiltr);
	CHECK_EQ(after.ccntr, before.ccntr);
	for (unsigned int i = 0; i < n; i++) {
		CHECK_EQ(after.typer[i], before.typer[i]);
		CHECK_EQ(after.cntr[i], before.cntr[i]);
	}

	/* First write stops counting; only the final PMCR_EL0 write may start it again. */
	count = fake_pmu_log_count();
	CHECK(count > from);
	CHECK_EQ(strcmp(fake_pmu_log(from)->name, FAKE_PMCR), 0);
	CHECK_EQ(fake_pmu_log(from)->value & PMCR_E, 0);
	CHECK_EQ(strcmp(fake_pmu_log(count - 1)->name, FAKE_PMCR), 0);
	for (size_t i = from; i + 1 < count; i++)
		CHECK(!fake_pmu_log(i)->counting_after);
	for (size_t i = from; i < count; i++) {
		CHECK(fake_pmu_log(i)->write);
		/* P and C would reset the counters just restored. */
		if (strcmp(fake_pmu_log(i)->name, FAKE_PMCR) == 0)
			CHECK_EQ(fake_pmu_log(i)->value & (PMCR_P | PMCR_C), 0);
	}
}

static void test_round_trips(void)
{
	round_trip(PMU_VER_V3, 6, 1);
	round_trip(PMU_VER_V3P1, 0, 2);
	round_trip(PMU_VER_V3P5, 31, 3);
	round_trip(PMU_VER_V3P7, 1, 0x1234567);
	round_trip(PMU_VER_V3P4, 20, 0xffffffffu);
	round_trip(PMU_VER_V3P1, 30, 4);
}

/*
 * The entry path's DP is not the normal world's: save reads what is there (the caller
 * puts the NS value back), and the restore can end on the EL3 value instead.
 */
static void test_entry_dp(void)
{
	struct pmu_ns_state s;
	size_t from, count;

	fake_pmu_reset(PMU_VER_V3, 2);
	program(2, 5);
	area_for(&s, 2);
	pmu_save_ns(&s);
	CHECK_EQ(s.pmcr & PMCR_DP, 0);
	fake_pmu_set(FAKE_PMCR, pmu_pmcr_entry_value(fake_pmu_get(FAKE_PMCR)));
	pmu_save_ns(&s);
	CHECK_EQ(s.pmcr & PMCR_DP, PMCR_DP);

	s.pmcr &= ~PMCR_DP;
	scramble(2);
	from = fake_pmu_log_count();
	pmu_restore_ns_pmcr(&s, pmu_pmcr_entry_value(s.pmcr));
	count = fake_pmu_log_count();
	CHECK_EQ(strcmp(fake_pmu_log(count - 1)->name, FAKE_PMCR), 0);
	CHECK_EQ(fake_pmu_log(count - 1)->value, s.pmcr | PMCR_DP);
	for (size_t i = from; i < count; i++)
		if (strcmp(fake_pmu_log(i)->name, FAKE_PMCR) == 0)
			CHECK(i == from || (fake_pmu_log(i)->value & PMCR_DP));
	CHECK_EQ(fake_pmu_get(FAKE_PMCR) & 0xff, (s.pmcr | PMCR_DP) & 0xff);
}

static void test_no_pmu(void)
{
	static const unsigned int versions[] = {PMU_VER_NONE, PMU_VER_IMPDEF};
	struct pmu_ns_state s;

	for (unsigned int i = 0; i < 2; i++) {
		fake_pmu_reset(versions[i], 6);
		area_for(&s, 6);
		pmu_save_ns(&s);
		CHECK(!s.valid);
		CHECK_EQ(s.counters, 0);
		pmu_restore_ns(&s);
		CHECK_EQ(fake_pmu_pmu_accesses(), 0);
	}
	/* A state saved without a PMU is never applied, whatever the CPU has now. */
	fake_pmu_reset(PMU_VER_V3, 6);
	pmu_restore_ns(&s);
	CHECK_EQ(fake_pmu_log_count(), 0);
}

int main(void)
{
	test_round_trips();
	test_entry_dp();
	test_no_pmu();
	return check_report();
}
