/*
 * Canary guard of the EL3 stacks (the image's STACK_GUARD canary). Stacks below a page
 * cannot each have an unmapped guard page, so the lowest SECMON_STACK_GUARD_BYTES of every
 * CPU's stack are a guard zone nothing may write: it is filled with a known pattern at
 * cold boot and checked where a CPU has just been deep in EL3 (before a power-down,
 * when it warm boots, in every crash report). A broken zone means the image's STACK_SIZE
 * is too small for the paths it runs: the monitor stops with a report rather than run
 * on with a neighbour's stack or normal-world context overwritten. With the page guard
 * every function here does nothing: an overflow faults at once.
 */
#include <stdbool.h>
#include <stdint.h>

#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon/percpu.h>

#include "internal.h"

#define STACK_GUARD_WORDS (SECMON_STACK_GUARD_BYTES / 8)

/* Differs per word and per CPU, so a copied or shifted zone does not pass. */
static uint64_t guard_word(unsigned int cpu, unsigned int i)
{
	return 0x5354414b47554152ull ^ ((uint64_t)cpu << 32) ^ i; /* "STAKGUAR" */
}

static uint64_t *guard_zone(unsigned int cpu)
{
	return (uint64_t *)(uintptr_t)(secmon_stack_top_pa(cpu) - secmon_image.stack_size);
}

SECMON_COLD_BOOT void secmon_stack_guard_init(unsigned int ncpus)
{
	if (secmon_stack_page_guard())
		return;
	for (unsigned int cpu = 0; cpu < ncpus; cpu++)
		for (unsigned int i = 0; i < STACK_GUARD_WORDS; i++)
			guard_zone(cpu)[i] = guard_word(cpu, i);
}

bool secmon_stack_guard_intact(unsigned int cpu)
{
	const volatile uint64_t *zone = guard_zone(cpu);

	if (secmon_stack_page_guard())
		return true;
	for (unsigned int i = 0; i < STACK_GUARD_WORDS; i++)
		if (zone[i] != guard_word(cpu, i))
			return false;
	return true;
}

static void __attribute__((noreturn)) report_overflow(void)
{
	secmon_panic("EL3 stack of CPU%u overflowed its %u bytes (the image's STACK_SIZE)",
		     secmon_this_cpu_index(), (unsigned int)secmon_image.stack_size);
}

uintptr_t secmon_this_cpu_stack_bottom(void)
{
	return (uintptr_t)(secmon_stack_top_va(secmon_this_cpu_index()) - secmon_image.stack_size);
}

void secmon_stack_guard_check(void)
{
	if (secmon_stack_guard_intact(secmon_this_cpu_index()))
		return;
	/* Not on the broken stack: the report needs room. The crash stack is shared. */
	while (__atomic_exchange_n(&secmon_crash_lock, 1u, __ATOMIC_ACQUIRE))
		;
	secmon_run_on_stack((uint64_t)(uintptr_t)secmon_crash_stack_top, report_overflow);
}
