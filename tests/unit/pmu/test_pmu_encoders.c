/*
 * PMU field encoders and register accessors: every field at its architectural bit
 * position, evtCount width per PMU version, feature detection from every PMUVer value,
 * and the system-register encoding each accessor uses (PMEVCNTR0..30, PMEVTYPER0..30).
 */
#include <string.h>

#include <secmon/internal/pmu.h>

#include "check.h"
#include "fake_pmu.h"

static void test_field_positions(void)
{
	static const struct {
		struct pmu_evtype t;
		uint64_t expect;
	} cases[] = {
	    {{.p = true}, 0x80000000u},	  {{.u = true}, 0x40000000u},
	    {{.nsk = true}, 0x20000000u}, {{.nsu = true}, 0x10000000u},
	    {{.nsh = true}, 0x08000000u}, {{.m = true}, 0x04000000u},
	    {{.mt = true}, 0x02000000u},  {{.sh = true}, 0x01000000u},
	    {{.event = 0x11}, 0x11u},
	};
	uint64_t v;

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_EQ(pmu_evtype_encode(&cases[i].t, 16, &v), 0);
		CHECK_EQ(v, cases[i].expect);
	}
	CHECK_EQ(PMEVTYPER_P, 1ull << 31);
	CHECK_EQ(PMEVTYPER_SH, 1ull << 24);
	CHECK_EQ(PMEVTYPER_FILTER_MASK, 0xff000000u);

	/* PMCR_EL0: E bit 0, DP bit 5, LC bit 6, LP bit 7, N [15:11]. */
	CHECK_EQ(pmu_pmcr_encode(true, false, false, false), 0x1u);
	CHECK_EQ(pmu_pmcr_encode(false, true, false, false), 0x20u);
	CHECK_EQ(pmu_pmcr_encode(false, false, true, false), 0x40u);
	CHECK_EQ(pmu_pmcr_encode(false, false, false, true), 0x80u);
	CHECK_EQ(pmu_pmcr_n(0x1full << 11), 31);
	CHECK_EQ(pmu_pmcr_n(0x410b3000u), 6); /* a Cortex-A57-like PMCR: IMP 0x41, N = 6 */
	CHECK_EQ(pmu_pmcr_n(0x7ffu | 0xffff0000u), 0);

	/* PMCNTENSET & co.: P[30:0], C bit 31. */
	CHECK_EQ(PMU_CNT_C, 0x80000000u);
	CHECK_EQ(PMU_CNT_P(0), 0x1u);
	CHECK_EQ(PMU_CNT_P(30), 0x40000000u);
	CHECK_EQ(pmu_counter_mask(0), 0x80000000u);
	CHECK_EQ(pmu_counter_mask(6), 0x8000003fu);
	CHECK_EQ(pmu_counter_mask(31), 0xffffffffu);

	/* MDCR_EL3: SPME bit 17, SCCD bit 23, MCCD bit 34. */
	CHECK_EQ(MDCR_EL3_SPME, 0x20000u);
	CHECK_EQ(MDCR_EL3_SCCD, 0x800000u);
	CHECK_EQ(MDCR_EL3_MCCD, 0x400000000ull);
	/* The DP the entry path sets; P and C (write-one-to-reset) never go back. */
	CHECK_EQ(pmu_pmcr_entry_value(0x41u | 0x6u), 0x61u);
}

static void test_evtcount_width(void)
{
	struct pmu_evtype t = {.event = 0x3ff, .p = true, .nsh = true}, d;
	uint64_t v = 0xdead;

	/* PMUv3: 10 bits. */
	CHECK_EQ(pmu_evtype_encode(&t, 10, &v), 0);
	CHECK_EQ(v, 0x880003ffu);
	t.event = 0x400;
	v = 0xdead;
	CHECK_EQ(pmu_evtype_encode(&t, 10, &v), -1);
	CHECK_EQ(v, 0xdead);
	/* PMUv3p1: the ARMv8.1 extension, evtCount[15:10]. */
	t.event = 0xffff;
	CHECK_EQ(pmu_evtype_encode(&t, 16, &v), 0);
	CHECK_EQ(v, 0x8800ffffu);
	t.event = 0x4004; /* STALL_SLOT style number above 0x3ff */
	CHECK_EQ(pmu_evtype_encode(&t, 16, &v), 0);
	CHECK_EQ(v, 0x88004004u);

	/* Decoding ignores what lies outside the fields and masks evtCount by version. */
	pmu_evtype_decode(0xffffffff0000c011ull | PMEVTYPER_U | PMEVTYPER_M, 16, &d);
	CHECK(!d.p && d.u && !d.nsk && d.m && !d.sh);
	CHECK_EQ(d.event, 0xc011);
	pmu_evtype_decode(0xc011u, 10, &d);
	CHECK_EQ(d.event, 0x011);
	/* Round trip of every filter combination. */
	for (unsigned int bits = 0; bits < 256; bits++) {
		struct pmu_evtype in = {.event = (uint16_t)(bits * 251u),
					.p = bits & 0x80,
					.u = bits & 0x40,
					.nsk = bits & 0x20,
					.nsu = bits & 0x10,
					.nsh = bits & 0x08,
					.m = bits & 0x04,
					.mt = bits & 0x02,
					.sh = bits & 0x01};
		struct pmu_evtype out;

		CHECK_EQ(pmu_evtype_encode(&in, 16, &v), 0);
		CHECK_EQ(v >> 24, bits);
		pmu_evtype_decode(v, 16, &out);
		CHECK(memcmp(&in, &out, sizeof(in)) == 0);
	}
}

static void test_features(void)
{
	static const struct {
		unsigned int ver;
		bool present;
		unsigned int bits;
		bool lp, sccd, mccd;
	} cases[] = {
	    {0x0, false, 0, false, false, false}, {0x1, true, 10, false, false, false},
	    {0x4, true, 16, false, false, false}, {0x5, true, 16, false, false, false},
	    {0x6, true, 16, true, true, false},	  {0x7, true, 16, true, true, true},
	    {0x8, true, 16, true, true, true},	  {0x9, true, 16, true, true, true},
	    {0xf, false, 0, false, false, false},
	};
	struct pmu_features f;

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		/* Neighbouring ID fields set, to show only [11:8] is looked at. */
		f = pmu_features_from_dfr0(0xfffffffffffff0ffull | (uint64_t)cases[i].ver << 8);
		CHECK_EQ(f.version, cases[i].ver);
		CHECK_EQ(f.present, cases[i].present);
		CHECK_EQ(f.evtcount_bits, cases[i].bits);
		CHECK_EQ(f.long_counters, cases[i].lp);
		CHECK_EQ(f.sccd, cases[i].sccd);
		CHECK_EQ(f.mccd, cases[i].mccd);
	}
	fake_pmu_reset(PMU_VER_V3P1, 6);
	f = pmu_detect();
	CHECK_EQ(f.version, PMU_VER_V3P1);
	CHECK_EQ(pmu_num_counters(), 6);
	/* The CPU's own N, also above what an image keeps (which the core refuses). */
	fake_pmu_reset(PMU_VER_V3P5, 31);
	CHECK_EQ(pmu_num_counters(), 31);
	fake_pmu_reset(PMU_VER_NONE, 6);
	CHECK_EQ(pmu_num_counters(), 0);
	CHECK_EQ(fake_pmu_pmu_accesses(), 0); /* PMCR_EL0 is not read when it does not exist */
}

static void test_accessor_encodings(void)
{
	fake_pmu_reset(PMU_VER_V3P5, 31);
	for (unsigned int n = 0; n < 31; n++) {
		pmu_write_evcntr(n, 0x1000u + n);
		pmu_write_evtyper(n, 0x2000u + n);
	}
	/* Per access, PMSELR_EL0 selects the counter, then one write reaches its register. */
	CHECK_EQ(fake_pmu_log_count(), 4 * PMU_ARCH_COUNTERS);
	for (unsigned int n = 0; n < 31; n++) {
		const struct fake_pmu_access *sel = fake_pmu_log(4 * n);
		const struct fake_pmu_access *cnt = fake_pmu_log(4 * n + 1);

		CHECK(sel->write && strcmp(sel->name, FAKE_SELR) == 0 && sel->value == n);
		CHECK(cnt->write && strcmp(cnt->name, fake_pmu_evcntr(n)) == 0);
		CHECK_EQ(strcmp(fake_pmu_log(4 * n + 3)->name, fake_pmu_evtyper(n)), 0);
	}
	for (unsigned int n = 0; n < 31; n++) {
		CHECK_EQ(fake_pmu_get(fake_pmu_evcntr(n)), 0x1000u + n);
		CHECK_EQ(fake_pmu_get(fake_pmu_evtyper(n)), 0x2000u + n);
		fake_pmu_set(fake_pmu_evcntr(n), 0x3000u + n);
		fake_pmu_set(fake_pmu_evtyper(n), 0x4000u + n);
		size_t before = fake_pmu_log_count();
		CHECK_EQ(pmu_read_evcntr(n), 0x3000u + n);
		CHECK_EQ(pmu_read_evtyper(n), 0x4000u + n);
		CHECK_EQ(fake_pmu_log_count() - before, 4);
	}
	fake_pmu_reset(PMU_VER_V3P5, 31);
	CHECK_EQ(strcmp(fake_pmu_evcntr(30), "S3_3_C14_C11_6"), 0);
	CHECK_EQ(strcmp(fake_pmu_evtyper(0), "S3_3_C14_C12_0"), 0);
	/* No index reaches PMCCFILTR_EL0 (where PMEVTYPER31 would be) or beyond. */
	pmu_write_evtyper(31, 0x5555);
	pmu_write_evcntr(31, 0x5555);
	pmu_write_evtyper(1000, 0x5555);
	CHECK_EQ(fake_pmu_get(FAKE_CCFILTR), 0);
	CHECK_EQ(pmu_read_evtyper(31), 0);
	CHECK_EQ(pmu_read_evcntr(99), 0);

	pmu_write_ccfiltr(PMEVTYPER_P | PMEVTYPER_U);
	CHECK_EQ(fake_pmu_get(FAKE_CCFILTR), 0xc0000000u);
	pmu_write_ccntr(0x123456789abcull);
	CHECK_EQ(fake_pmu_get(FAKE_CCNTR), 0x123456789abcull);
	pmu_write_cntenset(PMU_CNT_C | PMU_CNT_P(2));
	pmu_write_cntenclr(PMU_CNT_P(2));
	CHECK_EQ(pmu_read_cntenset(), PMU_CNT_C);
	pmu_write_intenset(0x3);
	pmu_write_intenclr(0x1);
	CHECK_EQ(pmu_read_intenset(), 0x2);
	pmu_write_ovsset(0x80000004u);
	pmu_write_ovsclr(0x80000000u);
	CHECK_EQ(pmu_read_ovsset(), 0x4);
	pmu_write_selr(5);
	CHECK_EQ(fake_pmu_get(FAKE_SELR), 5);
	pmu_write_userenr(0xd);
	CHECK_EQ(pmu_read_userenr(), 0xd);
	pmu_write_pmcr(PMCR_E | PMCR_LC);
	CHECK_EQ(pmu_read_pmcr() & 0xff, 0x41);
	CHECK_EQ(pmu_pmcr_n(pmu_read_pmcr()), 31);
}

int main(void)
{
	test_field_positions();
	test_evtcount_width();
	test_features();
	test_accessor_encodings();
	return check_report();
}
