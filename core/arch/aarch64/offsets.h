/*
 * Structure offsets and layout constants shared by C and assembly. Every value is
 * checked against the C structures in offsets_check.c.
 */
#ifndef SECMON_ARCH_OFFSETS_H
#define SECMON_ARCH_OFFSETS_H

/* struct secmon_cpu_context */
#define CTX_X(n)    ((n)*8)
#define CTX_SP_EL0  248
#define CTX_ELR	    256
#define CTX_SPSR    264
#define CTX_SCR	    272
#define CTX_NS_PMCR 296
#define CTX_SIZE    368

/* struct secmon_cpu */
#define CPU_CRASH_REGS 0
#define CPU_MPIDR      256
#define CPU_INDEX      264
#define CPU_CTX	       272
#define CPU_PMU_DP     296
#define CPU_SIZE       896

/* struct secmon_board / struct secmon_platform */
#define BOARD_PLATFORM	   0
#define PLAT_PRIMARY_MPIDR 8

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
