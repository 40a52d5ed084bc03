/*
 * Structure offsets and layout constants shared by C and assembly. Every value is
 * checked against the C structures in offsets_check.c.
 */
#ifndef SECMON_ARCH_OFFSETS_H
#define SECMON_ARCH_OFFSETS_H

#include <secmon_config.h>

/* struct secmon_cpu_context */
#define CTX_X(n)    ((n)*8)
#define CTX_SP_EL0  248
#define CTX_ELR	    256
#define CTX_SPSR    264
#define CTX_SCR	    272
#define CTX_NS_PMCR 296
#define CTX_EL3_SP  304
#define CTX_SIZE    368

/* struct secmon_cpu (secmon/internal/percpu.h); its head is struct secmon_cpu_id */
#define CPU_MPIDR	  0
#define CPU_INDEX	  8
#define CPU_CRASH_SCRATCH 16
#define CPU_CTX		  48
#define CPU_PMU_DP	  72
/* End of pmu_ns (at 80; its counters are in the image's secmon_pmu_ns_evregs). */
#define CPU_PMU_NS_END	  160

/*
 * Cold-boot stack, also the crash stack (stacks.S). A board's cold boot may keep large
 * buffers on it (the QEMU port's kernel command line); the end of the cold boot checks
 * that it stayed within it.
 */
#define BOOT_STACK_SIZE 4096

/* The crash report's register dump at the top of the crash stack: x0-x30, then SP. */
#define CRASH_FRAME_SIZE 256
#if SECMON_ENABLE_PMF
#define CPU_PMF_WARM_ENTRY ((CPU_PMU_NS_END + 63) & ~63) /* its own cache line */
#define CPU_SIZE	   (CPU_PMF_WARM_ENTRY + 64)
#else
#define CPU_SIZE ((CPU_PMU_NS_END + 63) & ~63)
#endif

/* Crash types: the vector slot an unexpected exception came through (crash.c names). */
#define CRASH_SYNC_SP0	     0
#define CRASH_IRQ_SP0	     1
#define CRASH_FIQ_SP0	     2
#define CRASH_SERROR_SP0     3
#define CRASH_SYNC_SPX	     4
#define CRASH_IRQ_SPX	     5
#define CRASH_FIQ_SPX	     6
#define CRASH_SERROR_SPX     7
#define CRASH_SYNC_LOWER     8
#define CRASH_IRQ_LOWER	     9
#define CRASH_FIQ_LOWER	     10
#define CRASH_SERROR_LOWER   11
#define CRASH_SYNC_LOWER32   12
#define CRASH_IRQ_LOWER32    13
#define CRASH_FIQ_LOWER32    14
#define CRASH_SERROR_LOWER32 15

/* struct secmon_image_limits */
#define IMAGE_STACK_SIZE 4

/* struct secmon_board / struct secmon_platform */
#define BOARD_PLATFORM	   0
#define PLAT_PRIMARY_MPIDR 8
#define PLAT_PEN_WAIT	   16

/* SCTLR_EL3 before the MMU: RES1 bits, stack alignment check, instruction cache on. */
#define SCTLR_EL3_VALUE 0x30c51838

/* PMCR_EL0.DP: no cycle counting where event counting is prohibited (EL3). */
#define PMCR_DP_BIT 0x20

#define MPIDR_AFF_MASK 0xff00ffffff

/* ESR_EL3 of "SMC #0" from AArch64: EC 0x17, IL 1, ISS (immediate) 0. */
#define ESR_SMC64_IMM0 0x5e000000

/* Magic the primary CPU writes when secondaries may leave the reset pen. */
#define SECMON_PEN_RELEASED	  0x5345434d4f4e2121 /* "SECMON!!" */
#define SECMON_PEN_RELEASED_VALUE 0x5345434d4f4e2121ull

#endif
