/* Declarations shared inside the AArch64 arch layer (not part of the public API). */
#ifndef SECMON_ARCH_INTERNAL_H
#define SECMON_ARCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/image.h>
#include <secmon/internal/percpu.h>
#include <secmon/platform.h>

/* Registers every CPU loads to turn its MMU on (published by the primary). */
struct secmon_mmu_regs {
	uint64_t mair;
	uint64_t tcr;
	uint64_t ttbr0;
};
extern struct secmon_mmu_regs secmon_mmu_regs;

/*
 * Page guard: the per-CPU stacks are mapped in a virtual window (the top GiB of the EL3
 * address space), each with an unmapped page below. Canary guard: they run at their
 * physical addresses, and the lowest SECMON_STACK_GUARD_BYTES of each are a guard zone
 * (stack_guard.c): filled for CPUs 0..ncpus-1 at cold boot, and checked.
 */
void secmon_stack_guard_init(unsigned int ncpus);
bool secmon_stack_guard_intact(unsigned int cpu);

static inline bool secmon_stack_page_guard(void)
{
	return secmon_image.stack_guard == SECMON_STACK_GUARD_PAGE;
}

/* Builds the EL3 translation tables for the image, the stacks and the platform. */
void secmon_mmu_setup(const struct secmon_platform *plat);
/*
 * Maps the image's read-only-after-boot pages (SECMON_RO_AFTER_BOOT) read-only, TLBs
 * included: once the cold boot has written them, before it releases the other CPUs.
 */
void secmon_mmu_seal_ro_after_boot(void);
void secmon_mmu_enable_this_cpu(void);
void secmon_mmu_disable_this_cpu(void);

/* Physical and virtual addresses of a CPU's normal-world context (its stack top). */
uint64_t secmon_stack_top_pa(unsigned int cpu);
uint64_t secmon_stack_top_va(unsigned int cpu);

/* Picks the cpu ops, runs the reset hook and installs the right vectors. */
void secmon_cpu_setup(const struct secmon_platform *plat, struct secmon_cpu *cpu);

/* Publishes data a CPU reads with its MMU and caches still off. */
void secmon_publish(const void *addr, uint64_t size);

__attribute__((noreturn)) void secmon_run_on_stack(uint64_t sp, void (*fn)(void));
__attribute__((noreturn)) void secmon_halt(void);

/* Entry points called from assembly. */
void secmon_cold_boot(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3);
void secmon_warm_boot(unsigned int cpu);
void secmon_lower_el_sync(struct secmon_cpu_context *ctx, uint64_t esr);
/* regs: x0-x30 and SP of the dying context. */
void secmon_crash_report(struct secmon_cpu *cpu, uint64_t type, const uint64_t regs[32]);
void secmon_lower_el_fiq(struct secmon_cpu_context *ctx);

/* Interrupt routing bits (SCR_EL3.FIQ/IRQ) every normal-world context gets. */
extern uint64_t secmon_ns_scr_route_bits;

extern uint64_t secmon_pen;
struct secmon_release_word {
	uint64_t word;
} __attribute__((aligned(64)));
extern struct secmon_release_word secmon_cpu_release_words[];
extern uint8_t secmon_stacks[];
extern uint64_t secmon_pmu_ns_evregs[];
extern char secmon_crash_stack_top[];
extern char secmon_boot_stack_bottom[]; /* BOOT_STACK_SIZE below the crash stack's top */
extern uint32_t secmon_crash_lock;

#endif
