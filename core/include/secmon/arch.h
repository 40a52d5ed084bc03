/* AArch64 system-register access, barriers and a few architectural constants. */
#ifndef SECMON_ARCH_H
#define SECMON_ARCH_H

#include <stdint.h>

#define SECMON_STR_(x) #x
#define SECMON_STR(x)  SECMON_STR_(x)

/* Reads/writes a system register by name or by its S<op0>_<op1>_C<n>_C<m>_<op2> encoding. */
#define read_sysreg(reg)                                                                           \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " SECMON_STR(reg) : "=r"(v_));                           \
		v_;                                                                                \
	})
#define write_sysreg(reg, val)                                                                     \
	__asm__ volatile("msr " SECMON_STR(reg) ", %0" ::"r"((uint64_t)(val)) : "memory")

#define isb()	 __asm__ volatile("isb" ::: "memory")
#define dsb(opt) __asm__ volatile("dsb " #opt ::: "memory")
#define dmb(opt) __asm__ volatile("dmb " #opt ::: "memory")
#define wfi()	 __asm__ volatile("wfi" ::: "memory")
#define sev()	 __asm__ volatile("sev" ::: "memory")

/* MPIDR_EL1: the affinity fields identify a CPU; the rest is flags. */
#define MPIDR_AFFINITY_MASK	0xff00ffffffull
#define MPIDR_AFF_SHIFT(level)	((level) == 3 ? 32 : (level)*8)
#define MPIDR_AFF(mpidr, level) (((mpidr) >> MPIDR_AFF_SHIFT(level)) & 0xff)

static inline uint64_t arch_my_mpidr(void)
{
	return read_sysreg(mpidr_el1) & MPIDR_AFFINITY_MASK;
}

/* SCR_EL3 bits. */
#define SCR_NS	   (1ull << 0)
#define SCR_IRQ	   (1ull << 1)
#define SCR_FIQ	   (1ull << 2)
#define SCR_EA	   (1ull << 3)
#define SCR_RES1   (3ull << 4)
#define SCR_SMD	   (1ull << 7)
#define SCR_HCE	   (1ull << 8)
#define SCR_SIF	   (1ull << 9)
#define SCR_RW	   (1ull << 10)
#define SCR_ST	   (1ull << 11)
#define SCR_APK	   (1ull << 16)
#define SCR_API	   (1ull << 17)
#define SCR_EEL2   (1ull << 18)
#define SCR_ATA	   (1ull << 26)
#define SCR_FGTEN  (1ull << 27)
#define SCR_ECVEN  (1ull << 28)
#define SCR_ENSCXT (1ull << 25)
#define SCR_HXEN   (1ull << 38)
#define SCR_ENTP2  (1ull << 41)

/* SPSR_EL3 modes. */
#define SPSR_DAIF_MASKED (0xfull << 6)
#define SPSR_M_EL1H	 0x5ull
#define SPSR_M_EL2H	 0x9ull

/* SCTLR bits used at EL3. */
#define SCTLR_M	  (1ull << 0)
#define SCTLR_A	  (1ull << 1)
#define SCTLR_C	  (1ull << 2)
#define SCTLR_SA  (1ull << 3)
#define SCTLR_I	  (1ull << 12)
#define SCTLR_WXN (1ull << 19)
#define SCTLR_EL3_RES1                                                                             \
	((1ull << 4) | (1ull << 5) | (3ull << 16) | (1ull << 18) | (3ull << 22) | (1ull << 28) |   \
	 (1ull << 29) | (1ull << 11))

/* ID register fields. */
#define ID_FIELD(reg, shift)	   (((reg) >> (shift)) & 0xf)
#define ID_AA64PFR0_EL2_SHIFT	   8
#define ID_AA64PFR0_SVE_SHIFT	   32
#define ID_AA64PFR0_CSV2_SHIFT	   56
#define ID_AA64PFR1_SSBS_SHIFT	   4
#define ID_AA64PFR1_MTE_SHIFT	   8
#define ID_AA64PFR1_SME_SHIFT	   24
#define ID_AA64MMFR0_PARANGE_SHIFT 0
#define ID_AA64MMFR0_FGT_SHIFT	   56
#define ID_AA64MMFR0_ECV_SHIFT	   60
#define ID_AA64MMFR1_HCX_SHIFT	   40
#define ID_AA64MMFR1_ECBHB_SHIFT   60
#define ID_AA64ISAR1_APA_SHIFT	   4
#define ID_AA64ISAR1_API_SHIFT	   8
#define ID_AA64ISAR1_GPA_SHIFT	   24
#define ID_AA64ISAR1_GPI_SHIFT	   28
#define ID_AA64ISAR2_APA3_SHIFT	   12

/* MIDR_EL1: implementer and part number identify the core type. */
#define MIDR_PARTNUM_MASK 0xff00fff0u
#define MIDR_CORTEX_A35	  0x4100d040u
#define MIDR_CORTEX_A53	  0x4100d030u
#define MIDR_CORTEX_A57	  0x4100d070u
#define MIDR_CORTEX_A72	  0x4100d080u
#define MIDR_CORTEX_A76	  0x4100d0b0u
#define MIDR_NEOVERSE_N1  0x4100d0c0u

#endif
