/*
 * Cold and warm boot in C.
 *
 * Cold boot (primary CPU, boot stack): console, MMU, platform discovery, CPU table,
 * SMC services, normal-world entry; then it releases the secondaries and leaves EL3
 * from its own per-CPU stack. Warm boot (any other CPU, its own stack at the physical
 * address): cpu ops, MMU, then the per-CPU stack at its guarded virtual address.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/handoff.h>
#include <secmon/image.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/internal/smc_dispatch.h>
#include <secmon/log.h>
#include <secmon/power.h>
#include <secmon/secmon.h>

#include "internal.h"
#include "mmu_cold_boot.h"
#include "offsets.h"

void secmon_console_init(const struct secmon_platform *plat);
void secmon_stack_protector_init(const struct secmon_platform *plat);

/* Every cpu ops entry names its vector table (secmon/cpu_ops.h): checked once, here. */
SECMON_COLD_BOOT static void check_cpu_ops(const struct secmon_platform *plat)
{
	for (size_t i = 0; i < plat->cpu_ops_count; i++)
		if (!plat->cpu_ops[i]->vectors)
			secmon_panic("%s: its cpu ops name no vector table",
				     plat->cpu_ops[i]->name);
}

SECMON_COLD_BOOT static void setup_cpu_table(const struct secmon_platform *plat)
{
	unsigned int n = plat->cpu_count();

	if (n == 0 || n > secmon_image.max_cpus)
		secmon_panic("platform reports %u CPUs; this image supports 1..%u (its CPUS)", n,
			     (unsigned int)secmon_image.max_cpus);
	for (unsigned int i = 0; i < n; i++) {
		struct secmon_cpu *cpu = &secmon_cpus[i];
		cpu->id.index = i;
		cpu->pmu_ns.capacity = secmon_image.pmu_counters;
		cpu->pmu_ns.evregs =
		    &secmon_pmu_ns_evregs[(size_t)2 * secmon_image.pmu_counters * i];
		cpu->id.mpidr = plat->cpu_mpidr(i) & MPIDR_AFFINITY_MASK;
		cpu->ctx =
		    (struct secmon_cpu_context *)(uintptr_t)(secmon_stack_top_va(i) -
							     sizeof(struct secmon_cpu_context));
		for (unsigned int j = 0; j < i; j++)
			if (secmon_cpus[j].id.mpidr == cpu->id.mpidr)
				secmon_panic("CPUs %u and %u share MPIDR 0x%llx", j, i,
					     (unsigned long long)cpu->id.mpidr);
	}
	secmon_cpu_count = n;
	secmon_stack_guard_init(n);
}

SECMON_COLD_BOOT static void register_services(void)
{
	secmon_smc_table_reset();
	for (size_t i = 0; i < secmon_board.service_count; i++) {
		const struct secmon_smc_service *svc = secmon_board.services[i];
		int ret = secmon_smc_register(svc);
		if (ret < 0)
			secmon_panic("SMC service %s: registration failed (%d)", svc->name, ret);
		INFO("service %-10s OEN %u-%u%s%s%s%s\n", svc->name, svc->oen_first, svc->oen_last,
		     svc->call_types & SECMON_SMC_FAST ? " fast" : "",
		     svc->call_types & SECMON_SMC_YIELD ? " yielding" : "",
		     svc->call_types & SECMON_SMC_SHARED ? " shared" : "",
		     ret == SECMON_SMC_ABSENT ? ": absent" : "");
	}
}

SECMON_COLD_BOOT static void log_topology(void)
{
	if (!secmon_log_enabled(SECMON_LOG_INFO))
		return;
	INFO("%u CPUs:", secmon_cpu_count);
	for (unsigned int i = 0; i < secmon_cpu_count; i++)
		secmon_printf(" %llx", (unsigned long long)secmon_cpus[i].id.mpidr);
	secmon_printf("\n");
}

/*
 * The boot stack started zeroed (.bss): a written word in its guard zone (its lowest
 * SECMON_STACK_GUARD_BYTES, as for the CPU stacks' canary guard) means the cold boot went
 * deeper than BOOT_STACK_SIZE and over whatever lies below it. A debug build logs how
 * deep it went (the lowest written word: a close lower bound).
 */
SECMON_COLD_BOOT static void check_boot_stack(void)
{
	const volatile uint64_t *w = (const volatile uint64_t *)(uintptr_t)secmon_boot_stack_bottom;
	const unsigned int words = BOOT_STACK_SIZE / 8;
	unsigned int i = 0;

	while (i < words && w[i] == 0)
		i++;
	if (i < SECMON_STACK_GUARD_BYTES / 8)
		secmon_panic("cold boot overflowed its %u-byte boot stack (BOOT_STACK_SIZE)",
			     BOOT_STACK_SIZE);
	VERBOSE("cold boot used %u of %u bytes of boot stack\n", (words - i) * 8, BOOT_STACK_SIZE);
}

/*
 * Ends the cold boot on the primary CPU's own stack, in resident code: the cold-boot code
 * is unmapped before any other CPU runs, then they are released.
 */
static void __attribute__((noreturn)) primary_enter_ns(void)
{
	const struct secmon_platform *plat = secmon_board.platform;
	struct secmon_cpu *cpu = secmon_this_cpu();

	secmon_mmu_unmap_cold_boot();
	/* Everything a CPU reads with its caches off must reach memory first. */
	secmon_publish(&secmon_cpu_count, sizeof(secmon_cpu_count));
	secmon_publish(secmon_cpus, secmon_cpu_count * sizeof(secmon_cpus[0]));
	secmon_pen = SECMON_PEN_RELEASED_VALUE;
	secmon_publish(&secmon_pen, sizeof(secmon_pen));
	sev();
	/* A board's pen_wait sleeps in WFI: its wake-up comes once the pen is open. */
	if (plat->release_secondaries)
		plat->release_secondaries();

	INFO("entering the normal world at 0x%llx (EL%llu), x0 = 0x%llx\n",
	     (unsigned long long)cpu->ctx->el3.elr, (unsigned long long)cpu->ctx->entry_el,
	     (unsigned long long)cpu->ctx->gp.x[0]);
	secmon_plat_console_flush(plat);
	secmon_el3_exit(cpu->ctx);
}

/* x0-x3: the registers the loader left at secmon_reset (entry.S keeps them). */
SECMON_COLD_BOOT __attribute__((no_stack_protector)) void secmon_cold_boot(uint64_t x0, uint64_t x1,
									   uint64_t x2, uint64_t x3)
{
	const struct secmon_platform *plat = secmon_board.platform;

	plat->early_init();
	secmon_console_init(plat);
	if (plat->boot_regs) {
		const struct secmon_boot_regs regs = {{x0, x1, x2, x3}};
		plat->boot_regs(&regs);
	}
	check_cpu_ops(plat);
	/* Core reset hooks (e.g. SMPEN) must run before the caches are on. */
	secmon_cpu_setup(plat, secmon_this_cpu());
	secmon_mmu_setup(plat);
	secmon_mmu_enable_this_cpu();
	secmon_stack_protector_init(plat);
	INFO("libsecmon " SECMON_VERSION_STRING " on %s\n", plat->name);

	if (plat->init())
		secmon_panic("platform initialisation failed");
	setup_cpu_table(plat);
	log_topology();

	int me = secmon_cpu_index_of(arch_my_mpidr());
	if (me < 0)
		secmon_panic("primary CPU 0x%llx is not in the CPU table",
			     (unsigned long long)arch_my_mpidr());
	struct secmon_cpu *cpu = &secmon_cpus[me];
	/* Move this CPU's boot-time per-CPU state (slot 0) to its own slot. */
	write_sysreg(tpidr_el3, cpu);
	secmon_cpu_setup(plat, cpu);
	INFO("CPU%d: %s\n", me, cpu->ops->name);
	/* Before the services: one may enter a secure payload that uses the GIC. */
	secmon_plat_cpu_init(plat, cpu->id.index);
	register_services();
	/* The dispatcher's table is complete: nothing writes it from now on. */
	secmon_mmu_seal_ro_after_boot();
	/* The normal world's entry: its context waits at the top of this CPU's stack. */
	struct secmon_ns_entry entry = {0};
	if (plat->ns_entry(&entry))
		secmon_panic("platform has no normal-world entry point");
	secmon_ctx_init_ns(cpu->ctx, &entry);
	check_boot_stack();

	/* Resident code ends the cold boot: this function's code is unmapped there. */
	secmon_run_on_stack((uint64_t)(uintptr_t)cpu->ctx, primary_enter_ns);
}

static secmon_warm_boot_fn warm_boot_handler;

void secmon_set_warm_boot_handler(secmon_warm_boot_fn fn)
{
	warm_boot_handler = fn;
}

void secmon_pen_close(void)
{
	secmon_pen = 0;
	secmon_publish(&secmon_pen, sizeof(secmon_pen));
}

void secmon_cpu_release(unsigned int cpu)
{
	SECMON_ASSERT(cpu < secmon_cpu_count);
	secmon_cpu_release_words[cpu].word = SECMON_PEN_RELEASED_VALUE;
	/* The parked CPU reads this with its caches off. */
	secmon_publish(&secmon_cpu_release_words[cpu], sizeof(secmon_cpu_release_words[cpu]));
}

/* Warm boot on the CPU's own stack (at its guarded virtual address with the page guard). */
static void __attribute__((noreturn)) warm_boot_on_own_stack(void)
{
	const struct secmon_platform *plat = secmon_board.platform;
	struct secmon_cpu *cpu = secmon_this_cpu();
	struct secmon_warm_entry entry;

	/* Whatever ran on this stack before the power-down stayed within it. */
	secmon_stack_guard_check();
	secmon_plat_cpu_init(plat, cpu->id.index);
	/* A fresh power-up: the normal world finds the PMU as reset left it. */
	if (cpu->pmu_dp)
		cpu->ctx->ns_pmcr = read_sysreg(pmcr_el0) & ~(uint64_t)PMCR_DP;
	if (warm_boot_handler && warm_boot_handler(cpu->id.index, &entry) == 0) {
		secmon_ctx_reset_entry(cpu->ctx, entry.pc, entry.x0);
		secmon_el3_exit(cpu->ctx);
	}
	/* Nobody asked for this CPU: it stays "powered down" until released. */
	secmon_cpu_power_down_park(true);
}

void secmon_warm_boot(unsigned int cpu_index)
{
	const struct secmon_platform *plat = secmon_board.platform;
	struct secmon_cpu *cpu = &secmon_cpus[cpu_index];

	secmon_cpu_setup(plat, cpu);
	secmon_mmu_enable_this_cpu();
	secmon_run_on_stack((uint64_t)(uintptr_t)cpu->ctx, warm_boot_on_own_stack);
}
