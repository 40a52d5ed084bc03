/* Declarations shared inside the AArch64 arch layer (not part of the public API). */
#ifndef SECMON_ARCH_INTERNAL_H
#define SECMON_ARCH_INTERNAL_H

#include <stdint.h>

#include <secmon/percpu.h>
#include <secmon/platform.h>

/* Registers every CPU loads to turn its MMU on (published by the primary). */
struct secmon_mmu_regs {
	uint64_t mair;
	uint64_t tcr;
	uint64_t ttbr0;
};
extern struct secmon_mmu_regs secmon_mmu_regs;

/* Virtual address window of the per-CPU stacks; each stack has an unmapped page below. */
#define SECMON_STACK_VA_BASE 0x7f00000000ull

/* Builds the EL3 translation tables for the image, the stacks and the platform. */
void secmon_mmu_setup(const struct secmon_platform *plat);
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
void secmon_cold_boot(void);
void secmon_warm_boot(unsigned int cpu);
uint64_t secmon_lower_el_sync(struct secmon_cpu_context *ctx, uint64_t esr);
void secmon_crash_report(struct secmon_cpu *cpu, uint64_t type);
void secmon_lower_el_fiq(struct secmon_cpu_context *ctx);

/* Interrupt routing bits (SCR_EL3.FIQ/IRQ) every normal-world context gets. */
extern uint64_t secmon_ns_scr_route_bits;

extern uint64_t secmon_pen;
struct secmon_release_word {
	uint64_t word;
} __attribute__((aligned(64)));
extern struct secmon_release_word secmon_cpu_release_words[];
extern uint8_t secmon_stacks[];

#endif
