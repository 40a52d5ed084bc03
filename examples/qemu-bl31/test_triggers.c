/*
 * Test-only SiP calls that make EL3 fail on purpose, so the tests can see the crash
 * dump, the stack guard, the stack protector and _FORTIFY_SOURCE at work, and the crash
 * dump of each kind of unexpected synchronous exception, and that data only the cold boot
 * writes (SECMON_RO_AFTER_BOOT, as the SMC dispatcher's table) is read-only afterwards.
 * Built only with
 * SECMON_TEST_TRIGGERS=ON, which configure refuses for release builds. One more call
 * makes EL3 trap the normal world's PMU accesses, a trap the monitor does not mean to
 * take, so that a test can see it answered as UNDEFINED.
 */
#include <stdint.h>
#include <string.h>

#include <secmon/arch.h>
#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon/percpu.h>
#include <secmon/secmon.h>
#include <secmon_config.h>
#include <secmon_image.h>
#if SECMON_ENABLE_PMF
#include <secmon/services/pmf.h>
#endif

#include "test_triggers.h"

#define MDCR_EL3_TPM (1ull << 6)

static volatile uint64_t sink;

#if SECMON_IMAGE_STACK_GUARD == SECMON_STACK_GUARD_PAGE
/* Recurses until the stack runs into its guard page (the limit is never reached). */
static uint64_t __attribute__((noinline)) recurse(uint64_t depth)
{
	volatile uint8_t frame[256];

	frame[0] = (uint8_t)depth;
	if (depth > (1u << 20))
		return frame[0];
	return recurse(depth + 1) + frame[0];
}
#else
/*
 * Recurses in small frames until one is inside the guard zone at the bottom of this
 * CPU's stack, then makes the check the deep EL3 paths make, which must stop the monitor
 * with a report.
 */
static uint64_t __attribute__((noinline)) recurse_to(uintptr_t zone_end, uint64_t depth)
{
	volatile uint8_t frame[16];

	frame[0] = (uint8_t)depth;
	if ((uintptr_t)frame < zone_end) {
		secmon_stack_guard_check();
		return frame[0];
	}
	return recurse_to(zone_end, depth + 1) + frame[0];
}

static uint64_t recurse(uint64_t depth)
{
	return recurse_to(secmon_this_cpu_stack_bottom() + SECMON_STACK_GUARD_BYTES, depth);
}
#endif

static uint64_t __attribute__((noinline)) smash(uint64_t n)
{
	volatile char buf[16];

	/* Writes past the end of buf into the canary (n is 64 when called). */
	for (uint64_t i = 0; i < n; i++)
		buf[i] = 'A';
	return buf[0];
}

/*
 * memcpy of n bytes into a 16-byte buffer: with _FORTIFY_SOURCE the compiler knows the
 * buffer's size, so this is __memcpy_chk(), which calls __chk_fail() before copying when
 * n is larger (n comes from a variable, so only the run-time check can see it).
 */
static volatile uint64_t fortify_len = 32;
static const char fortify_src[64] = "fortify";

static uint64_t __attribute__((noinline)) fortified_copy(uint64_t n)
{
	char dst[16];

	memcpy(dst, fortify_src, n);
	return (uint8_t)dst[0] + (uint8_t)dst[15];
}

/* A RET in writable data: W^X makes it execute-never, so branching there faults. */
static uint32_t nx_code[1] = {0xd65f03c0u};

/* In the pages that become read-only at the end of the cold boot, with the SMC table. */
static SECMON_RO_AFTER_BOOT volatile uint64_t ro_after_boot_word;

/* An aligned word to make misaligned exclusive loads from. */
static uint64_t excl_words[2] __attribute__((aligned(16)));

static uint64_t fault(uint32_t fid)
{
	uint64_t v = 0;

	switch (fid) {
	case QEMU_TEST_UNDEF:
		__asm__ volatile("udf #0" ::: "memory");
		break;
	case QEMU_TEST_EXEC_NX:
		((void (*)(void))(uintptr_t)nx_code)();
		break;
	case QEMU_TEST_UNALIGNED_EXCL:
		/*
		 * Exclusives need natural alignment whatever SCTLR_EL3.A says. (A misaligned
		 * SP would be the other alignment fault, but QEMU does not check SP alignment.)
		 */
		__asm__ volatile("ldxr %0, [%1]\n\tclrex"
				 : "=r"(v)
				 : "r"((uintptr_t)excl_words + 4)
				 : "memory");
		break;
	case QEMU_TEST_BRK:
		__asm__ volatile("brk #0x3e1" ::: "memory");
		break;
	case QEMU_TEST_WRITE_RO:
		ro_after_boot_word = 1;
		break;
	}
	return v;
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
	case QEMU_TEST_FORTIFY:
		return fortified_copy(fortify_len);
	case QEMU_TEST_UNDEF:
	case QEMU_TEST_EXEC_NX:
	case QEMU_TEST_UNALIGNED_EXCL:
	case QEMU_TEST_BRK:
	case QEMU_TEST_WRITE_RO:
		return fault(fid);
	case QEMU_TEST_TRAP_PMU: {
		/* A trap EL3 does not mean to take: the normal world must see UNDEFINED. */
		uint64_t mdcr = read_sysreg(mdcr_el3) & ~MDCR_EL3_TPM;
		write_sysreg(mdcr_el3, x1 ? mdcr | MDCR_EL3_TPM : mdcr);
		isb();
		return 0;
	}
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
