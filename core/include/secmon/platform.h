/*
 * The platform contract: what a board port gives the core.
 *
 * A port fills one const struct secmon_platform. Every optional hook is reached through
 * the small inline wrappers at the end of this file, which supply the default when the
 * hook is NULL, so core code never tests for NULL and a port implements only what it has.
 */
#ifndef SECMON_PLATFORM_H
#define SECMON_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/smc.h>

struct secmon_psci_ops;
struct secmon_cpu_ops;
struct secmon_boot_regs;

/* Attributes of a memory region mapped at EL3. Everything mapped here is execute-never. */
#define SECMON_MEM_DEVICE (1u << 0) /* Device-nGnRE */
#define SECMON_MEM_NORMAL (0u << 0) /* Normal, write-back cacheable */
#define SECMON_MEM_RO	  (1u << 1) /* read-only (default read-write) */
#define SECMON_MEM_NS	  (1u << 2) /* normal-world physical address space */

/* One region the platform needs mapped at EL3 (identity mapped, page aligned). */
struct secmon_mem_region {
	uint64_t base;
	uint64_t size;
	uint32_t attrs; /* SECMON_MEM_* */
};

/* Where and how the normal world starts on this CPU (cold boot of the primary CPU). */
struct secmon_ns_entry {
	uint64_t pc;	  /* first normal-world instruction */
	uint64_t args[4]; /* x0-x3 at entry (Linux: x0 = DTB address, x1-x3 = 0) */
	/*
	 * SPSR_EL3 at entry, e.g. a loader's for its BL33; 0: the monitor's choice (EL2h
	 * where EL2 is implemented, else EL1h; DAIF masked). A nonzero value must name that
	 * same EL in AArch64 with SP_ELx, and may set DAIF only: anything else stops the
	 * cold boot with a panic that says so.
	 */
	uint32_t spsr;
};

/*
 * A true random number generator: the entropy source of the TRNG service (Arm DEN0098,
 * services/trng). What it returns goes to the normal world as conditioned entropy, so
 * it must be a full-entropy source (an architected RNDR, a TRNG block behind a
 * conditioner), never a counter or a pseudo-random sequence.
 */
struct secmon_trng_ops {
	/*
	 * Mandatory. The source's UUID for TRNG_GET_UUID, w0..w3 as the Call UID's (a fixed
	 * value for this kind of source on this board: docs/porting.md, section 4). w0 must
	 * not be 0xFFFFFFFF (it would read as NOT_SUPPORTED); all zeroes is not a UUID.
	 */
	struct secmon_smc_uid uuid;
	/*
	 * Optional. Cold boot, boot CPU: whether the source is there (e.g. the CPU has
	 * FEAT_RNG). Without it the service answers NOT_SUPPORTED to everything. Default:
	 * there.
	 */
	bool (*present)(void);
	/*
	 * Mandatory. Any CPU, any time, caller's stack, no lock held: writes 64 bits of full
	 * entropy to *v and returns true, or returns false if the source has none now
	 * (the caller answers NO_ENTROPY). It must not wait long: an SMC is waiting.
	 */
	bool (*read)(uint64_t *v);
};

struct secmon_platform {
	const char *name;	/* shown in the boot log */
	uint64_t primary_mpidr; /* MPIDR affinity of the CPU that cold-boots; others wait */
	/*
	 * Optional, with release_secondaries(). The reset pen's wait, for a board whose
	 * CPUs all start at reset: without it the other CPUs poll the pen in WFE, which
	 * an emulator may run as a busy loop. Called by each CPU but the primary, at reset:
	 * MMU and caches off, no stack, at the image's load address, so it must be
	 * position-independent assembly that touches only x0-x17 and returns to x30, and
	 * it must be cold-boot code (input section .cold_boot.text.*, secmon/cold_boot.h):
	 * the core calls it where cold-boot code runs at reset (entry.S). x0 = the
	 * pen word's address, x1 = its released value: it sleeps in WFI until *x0 == x1 and
	 * the wake-up of release_secondaries() has come, which it consumes (the CPU next
	 * warm boots and may park in WFI: nothing may stay pending for it).
	 */
	void (*pen_wait)(void);
	/*
	 * Optional (mandatory with pen_wait). End of the primary's cold boot, resident code,
	 * just after the pen opened: wakes every CPU sleeping in pen_wait(), however late it
	 * reaches the pen (e.g. an SGI to all others, which stays pending until taken).
	 */
	void (*release_secondaries)(void);

	/* Mandatory. Cold boot, primary CPU, MMU off, boot stack: make the console usable. */
	void (*early_init)(void);
	/*
	 * Optional. Cold boot, right after early_init() (MMU and caches still off): x0-x3
	 * as the loader left them at the image's first instruction. An image entered as a
	 * BL31 reads its loader's handoff here (secmon/handoff.h) and panics, saying why,
	 * when it is unusable.
	 */
	void (*boot_regs)(const struct secmon_boot_regs *regs);
	/* Mandatory. Cold boot, MMU on: discover the hardware (CPUs, memory, interrupts). */
	int (*init)(void);
	/* Optional. Every CPU, cold and warm boot, MMU on: per-CPU hardware (GIC CPU interface). */
	void (*cpu_init)(unsigned int cpu);
	/* Mandatory. Regions to map besides the image (devices, normal-world memory). */
	const struct secmon_mem_region *regions;
	size_t region_count;

	/* Mandatory. Number of CPUs found by init() (at most the image's CPUS limit,
	 * secmon_image.max_cpus). */
	unsigned int (*cpu_count)(void);
	/* Mandatory. MPIDR (affinity fields only) of linear CPU index 0..cpu_count()-1. */
	uint64_t (*cpu_mpidr)(unsigned int cpu);

	/* Mandatory. Writes one character to the console; waits while the FIFO is full. */
	void (*console_putc)(int c);
	/* Optional. Waits until everything written has left the console. */
	void (*console_flush)(void);

	/* Mandatory. Fills in the normal world's entry on the primary CPU at cold boot. */
	int (*ns_entry)(struct secmon_ns_entry *entry);

	/* Optional. SMCCC_ARCH_SOC_ID: type 0 = JEP106 id and SoC id, 1 = revision. */
	int32_t (*soc_id)(uint32_t type);
	/* Optional. 64 bits of entropy for the stack-protector canary; default: the counter. */
	uint64_t (*entropy)(void);
	/* Optional. The TRNG service's entropy source; without it TRNG is NOT_SUPPORTED. */
	const struct secmon_trng_ops *trng;

	/* Mandatory. Core types this board has; the last entry may match any core. */
	const struct secmon_cpu_ops *const *cpu_ops;
	size_t cpu_ops_count;

	/* Optional. Power management for the PSCI service (see secmon/psci.h). */
	const struct secmon_psci_ops *psci;
};

/* Default SoC id answer when the platform has none: NOT_SUPPORTED. */
static inline int32_t secmon_plat_soc_id(const struct secmon_platform *p, uint32_t type)
{
	return p->soc_id ? p->soc_id(type) : -1;
}

/* Whether a TRNG source is there (cold boot); present() is optional, default: there. */
static inline bool secmon_trng_present(const struct secmon_trng_ops *t)
{
	return !t->present || t->present();
}

static inline void secmon_plat_cpu_init(const struct secmon_platform *p, unsigned int cpu)
{
	if (p->cpu_init)
		p->cpu_init(cpu);
}

static inline void secmon_plat_console_flush(const struct secmon_platform *p)
{
	if (p->console_flush)
		p->console_flush();
}

#endif
