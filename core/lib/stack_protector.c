/*
 * Stack protector: the canary is drawn once per boot from the platform's entropy source
 * (default: the system counter, which differs from boot to boot) before the normal
 * world runs; a smashed frame panics.
 */
#include <stdint.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/platform.h>

uintptr_t __stack_chk_guard;

void __stack_chk_fail(void);
void __stack_chk_fail(void)
{
	secmon_panic("stack smashing detected");
}

void secmon_stack_protector_init(const struct secmon_platform *plat);
SECMON_COLD_BOOT __attribute__((no_stack_protector)) void
secmon_stack_protector_init(const struct secmon_platform *plat)
{
	uint64_t v = plat->entropy ? plat->entropy() : read_sysreg(cntpct_el0);

	/* Mix so that a counter with few changing bits still spreads over the word. */
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdull;
	v ^= v >> 33;
	/* A zero low byte stops string overflows from reproducing the canary. */
	__stack_chk_guard = (uintptr_t)(v & ~0xffull);
}
