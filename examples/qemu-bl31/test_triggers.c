/*
 * Test-only SiP calls that make EL3 fail on purpose, so the tests can see the crash
 * dump, the stack guard and the stack protector at work. Built only with
 * SECMON_TEST_TRIGGERS=ON, which configure refuses for release builds.
 */
#include <stdint.h>

#include <secmon/secmon.h>
#include <secmon_config.h>
#if SECMON_ENABLE_PMF
#include <secmon/services/pmf.h>
#endif

#include "test_triggers.h"

static volatile uint64_t sink;

/* Recurses until the stack runs into its guard page (the limit is never reached). */
static uint64_t __attribute__((noinline)) recurse(uint64_t depth)
{
	volatile uint8_t frame[256];

	frame[0] = (uint8_t)depth;
	if (depth > (1u << 20))
		return frame[0];
	return recurse(depth + 1) + frame[0];
}

static uint64_t __attribute__((noinline)) smash(uint64_t n)
{
	volatile char buf[16];

	/* Writes past the end of buf into the canary (n is 64 when called). */
	for (uint64_t i = 0; i < n; i++)
		buf[i] = 'A';
	return buf[0];
}

static uint64_t triggers_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				 struct secmon_smc_frame *frame)
{
	switch (fid) {
	case QEMU_TEST_DATA_ABORT:
		/* Flash at 0x0 is not mapped at EL3 once the MMU is on. */
		sink = *(volatile uint64_t *)(uintptr_t)0x10;
		return 0;
	case QEMU_TEST_STACK_OVERFLOW:
		return recurse(0);
	case QEMU_TEST_STACK_SMASH:
		return smash(64);
	default:
#if SECMON_ENABLE_PMF
		return secmon_pmf_sip_handler(fid, x1, x2, x3, frame);
#else
		return SMC_UNK;
#endif
	}
}

const struct secmon_smc_service qemu_test_triggers_service = {
    .name = "test-triggers",
    .oen_first = SMCCC_OEN_SIP,
    .oen_last = SMCCC_OEN_SIP,
    .call_types = SECMON_SMC_FAST,
    .handler = triggers_handler,
};
