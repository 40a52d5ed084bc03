/*
 * Per-CPU state of the payload. The primary is CPU 0; secondaries (PSCI CPU_ON tests) enter
 * at psci_cpu_entry (psci_entry.S) and find their logical index by MPIDR in cpu_mpidr[].
 * Each CPU has a stack and a struct cpu_data; TPIDR_EL1 points at the latter (it is
 * reachable at EL2 and EL1 alike and the monitor must preserve it).
 */
#ifndef NS_CPU_H
#define NS_CPU_H

/*
 * The payload's own limit, whatever the monitor was built for: the DTB's first
 * NS_MAX_CPUS CPUs take part in the tests (an INFO line says when there are more).
 */
#define NS_MAX_CPUS    64
#define NS_STACK_SIZE  8192 /* per-CPU stack */
#define CPU_DATA_SHIFT 8    /* sizeof(struct cpu_data) == 1 << CPU_DATA_SHIFT */

/* struct cpu_data offsets used by smc.S and psci_entry.S */
#define CPU_DATA_RC_SP	     0
#define CPU_DATA_RC_PTR	     8
#define CPU_DATA_ENTRY_X0    32
#define CPU_DATA_ENTRY_EL    40
#define CPU_DATA_ENTRY_DAIF  48
#define CPU_DATA_ENTRY_SCTLR 56
#define CPU_DATA_ON_ENTRIES  64
#define CPU_DATA_RESUMES     72
#define CPU_DATA_CTX_VALID   80
#define CPU_DATA_CTX	     88 /* x19-x30 and SP: 13 slots */

/* struct boot_state offsets used by start.S */
#define BOOT_X0	    0
#define BOOT_X2	    16
#define BOOT_EL	    32
#define BOOT_SCTLR  48
#define BOOT_RELOC  56
#define BOOT_CNTPCT 64

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* One CPU's payload data. */
struct cpu_data {
	uint64_t regcheck_sp;		 /* SP parked by smc_regcheck while its SMC runs */
	uint64_t regcheck_ptr;		 /* struct smc_regcheck * of the SMC in progress */
	void (*entry)(unsigned int cpu); /* what secondary_main runs; set before CPU_ON */
	volatile uint32_t state;	 /* CPU_STATE_*, written by the CPU itself */
	uint32_t index;			 /* logical CPU number, 0 = primary */
	/* Machine state at the last PSCI entry point (CPU_ON or resume), from psci_entry.S. */
	volatile uint64_t entry_x0;    /* x0: the context_id */
	volatile uint64_t entry_el;    /* CurrentEL */
	volatile uint64_t entry_daif;  /* PSTATE.DAIF */
	volatile uint64_t entry_sctlr; /* SCTLR of that EL */
	volatile uint64_t on_entries;  /* times entered at psci_cpu_entry */
	volatile uint64_t resumes;     /* times entered at psci_resume_entry */
	/* psci_smc_resumable(): a resume may come; the callee-saved state to return with. */
	volatile uint64_t ctx_valid;
	uint64_t ctx[13]; /* x19-x30, SP */
	/* Mailbox between CPU 0 and a secondary's test job (tests/psci_*.c). */
	volatile uint64_t job_arg;    /* set by CPU 0 before CPU_ON */
	volatile uint32_t job_flag;   /* progress reported by the job */
	volatile uint32_t job_go;     /* set by CPU 0 to let a waiting job go on */
	volatile int64_t job_result;  /* what the job reports back */
	volatile uint64_t job_out[4]; /* further job results */
} __attribute__((aligned(256)));

/* What a CPU last reported about itself (for tests that watch other CPUs). */
#define CPU_STATE_OFF	 0 /* never entered, or parked after its entry returned */
#define CPU_STATE_ON	 1 /* running its entry function */
#define CPU_STATE_PARKED 2 /* entry returned; waiting in WFI */

/* Machine state the monitor entered us with (arm64 boot protocol), saved by start.S. */
struct boot_state {
	uint64_t x0, x1, x2, x3; /* DTB address, then three zeros */
	uint64_t current_el;	 /* CurrentEL register */
	uint64_t daif;		 /* PSTATE.DAIF */
	uint64_t sctlr;		 /* SCTLR_EL2 or SCTLR_EL1, whichever EL we run at */
	uint64_t reloc_skipped;	 /* .rela.dyn entries start.S could not apply (not RELATIVE) */
	uint64_t cntpct;	 /* CNTPCT_EL0 at the first instruction of _start */
};

_Static_assert(sizeof(struct cpu_data) == (1u << CPU_DATA_SHIFT), "cpu_data size");
_Static_assert(offsetof(struct cpu_data, regcheck_sp) == CPU_DATA_RC_SP, "CPU_DATA_RC_SP");
_Static_assert(offsetof(struct cpu_data, regcheck_ptr) == CPU_DATA_RC_PTR, "CPU_DATA_RC_PTR");
_Static_assert(offsetof(struct cpu_data, entry_x0) == CPU_DATA_ENTRY_X0, "CPU_DATA_ENTRY_X0");
_Static_assert(offsetof(struct cpu_data, entry_el) == CPU_DATA_ENTRY_EL, "CPU_DATA_ENTRY_EL");
_Static_assert(offsetof(struct cpu_data, entry_daif) == CPU_DATA_ENTRY_DAIF, "ENTRY_DAIF");
_Static_assert(offsetof(struct cpu_data, entry_sctlr) == CPU_DATA_ENTRY_SCTLR, "ENTRY_SCTLR");
_Static_assert(offsetof(struct cpu_data, on_entries) == CPU_DATA_ON_ENTRIES, "ON_ENTRIES");
_Static_assert(offsetof(struct cpu_data, resumes) == CPU_DATA_RESUMES, "CPU_DATA_RESUMES");
_Static_assert(offsetof(struct cpu_data, ctx_valid) == CPU_DATA_CTX_VALID, "CTX_VALID");
_Static_assert(offsetof(struct cpu_data, ctx) == CPU_DATA_CTX, "CPU_DATA_CTX");
_Static_assert(offsetof(struct boot_state, x0) == BOOT_X0, "BOOT_X0");
_Static_assert(offsetof(struct boot_state, x2) == BOOT_X2, "BOOT_X2");
_Static_assert(offsetof(struct boot_state, current_el) == BOOT_EL, "BOOT_EL");
_Static_assert(offsetof(struct boot_state, sctlr) == BOOT_SCTLR, "BOOT_SCTLR");
_Static_assert(offsetof(struct boot_state, reloc_skipped) == BOOT_RELOC, "BOOT_RELOC");
_Static_assert(offsetof(struct boot_state, cntpct) == BOOT_CNTPCT, "BOOT_CNTPCT");

extern struct cpu_data cpu_data[NS_MAX_CPUS];
extern struct boot_state boot_state;

/*
 * MPIDR affinity fields of each logical CPU (index 0 = the boot CPU), filled by
 * psci_client_init() from the DTB; psci_entry.S finds a CPU's index here.
 */
extern uint64_t cpu_mpidr[NS_MAX_CPUS];
extern uint32_t cpu_count;

/* MPIDR bits that name a CPU: Aff3 [39:32] and Aff2-Aff0 [23:0]. */
#define MPIDR_AFFINITY_MASK 0xff00ffffffull

/* Logical index of the CPU with these affinity fields, or -1. */
int cpu_index_of(uint64_t mpidr);

/* C entry of the primary (start.S) and of every secondary. */
void payload_main(uint64_t dtb) __attribute__((noreturn));
void secondary_main(unsigned int cpu) __attribute__((noreturn));

/* Logical index of the calling CPU. */
unsigned int this_cpu(void);

/* Exception level we run at: 2 or 1. */
static inline unsigned int current_el(void)
{
	uint64_t el;

	__asm__ volatile("mrs %0, CurrentEL" : "=r"(el));
	return (unsigned int)((el >> 2) & 3);
}

/*
 * In every busy-wait loop: a short spin, then YIELD. YIELD is a hint (a NOP) on hardware;
 * QEMU's single-threaded TCG, which -icount implies, switches to the next vCPU on it, and
 * a CPU that polls for another without it can keep that one from running for seconds of
 * virtual time. The spin (some 800 instructions) keeps the switches, which cost host time,
 * few: polling with a bare YIELD makes an -icount run of the suites ten times slower.
 */
static inline void cpu_relax(void)
{
	for (unsigned int i = 0; i < 256; i++)
		__asm__ volatile("" ::: "memory");
	__asm__ volatile("yield" ::: "memory");
}

static inline uint64_t read_mpidr(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, mpidr_el1" : "=r"(v));
	return v;
}
#endif

#endif
