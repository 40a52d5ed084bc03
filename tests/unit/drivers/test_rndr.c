/*
 * The RNDR driver against a fake RNDR and fake ID registers: FEAT_RNG detection from
 * ID_AA64ISAR0_EL1 (by its encoding), and rndr_read()'s retries on RNDR's failure
 * indication, up to RNDR_ATTEMPTS, leaving 0 when every one failed.
 */
#include <secmon/drivers/rndr.h>

#include "check.h"
#include "fake_sysreg.h"

/* The fake RNDR: fails `failures` times, then returns next++. */
static unsigned int calls, failures;
static uint64_t next = 0x1122334455667788ull;

bool secmon_host_rndr(uint64_t *v)
{
	calls++;
	if (failures) {
		failures--;
		*v = 0; /* as RNDR leaves it */
		return false;
	}
	*v = next++;
	return true;
}

static void test_present(void)
{
	static const struct {
		uint64_t isar0;
		bool present;
	} cases[] = {
	    {0, false},
	    {0x0fffffffffffffffull, false}, /* every other feature, no RNDR */
	    {1ull << 60, true},		    /* FEAT_RNG */
	    {2ull << 60, true},		    /* a later version */
	    {0xf000000000000000ull, true},
	};

	for (unsigned int i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fake_sysreg_reset();
		fake_sysreg_set("S3_0_C0_C6_0", cases[i].isar0);
		CHECK_EQ(rndr_present(), cases[i].present);
		CHECK_EQ(fake_sysreg_reads("S3_0_C0_C6_0"), 1);
	}
}

static void test_read(void)
{
	uint64_t v;

	/* Fine at once: one RNDR. */
	calls = failures = 0;
	next = 42;
	CHECK(rndr_read(&v));
	CHECK_EQ(v, 42);
	CHECK_EQ(calls, 1);
	/* Failures short of the limit are retried. */
	for (unsigned int f = 1; f < RNDR_ATTEMPTS; f++) {
		calls = 0;
		failures = f;
		CHECK(rndr_read(&v));
		CHECK_EQ(v, next - 1);
		CHECK_EQ(calls, f + 1);
	}
	/* RNDR_ATTEMPTS failures: false, 0, and no further try. */
	calls = 0;
	failures = RNDR_ATTEMPTS + 3;
	v = 7;
	CHECK(!rndr_read(&v));
	CHECK_EQ(v, 0);
	CHECK_EQ(calls, RNDR_ATTEMPTS);
	CHECK_EQ(RNDR_ATTEMPTS, 4);
	/* The inline single read does not retry. */
	calls = 0;
	failures = 1;
	CHECK(!rndr_try(&v));
	CHECK(rndr_try(&v));
	CHECK_EQ(calls, 2);
}

int main(void)
{
	test_present();
	test_read();
	return check_report();
}
