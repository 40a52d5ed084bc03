/*
 * The architectural features the monitor gives the normal world, as one table of rules
 * (feature_rules.c): each rule names an ID register field, the value from which the feature
 * is present, and the SCR_EL3 / CPTR_EL3 / MDCR_EL3 bit that enables it for the normal
 * world or that traps it (and which the monitor therefore leaves clear). docs/features.md
 * lists the rules with how each is tested.
 *
 * The ID registers are read through secmon/internal/sysreg_access.h, so the host tests can feed
 * any CPU. Users: cpu_setup.c (CPTR_EL3, MDCR_EL3 on every boot of every CPU),
 * context.c (SCR_EL3 of each normal-world entry), feature_availability.c
 * (SMCCC_ARCH_FEATURE_AVAILABILITY). Nothing is stored: each call reads the registers.
 */
#ifndef SECMON_ARCH_FEATURES_H
#define SECMON_ARCH_FEATURES_H

#include <stdint.h>

/* The ID registers the rules read (feature_rules.c reads them through
 * secmon/internal/sysreg_access.h). */
enum feat_id {
	FEAT_ID_PFR0,  /* ID_AA64PFR0_EL1 */
	FEAT_ID_PFR1,  /* ID_AA64PFR1_EL1 */
	FEAT_ID_DFR0,  /* ID_AA64DFR0_EL1 */
	FEAT_ID_ISAR0, /* ID_AA64ISAR0_EL1 */
	FEAT_ID_ISAR1, /* ID_AA64ISAR1_EL1 */
	FEAT_ID_ISAR2, /* ID_AA64ISAR2_EL1 */
	FEAT_ID_MMFR0, /* ID_AA64MMFR0_EL1 */
	FEAT_ID_MMFR1, /* ID_AA64MMFR1_EL1 */
};

/* The EL3 controls the rules decide, in SMCCC_ARCH_FEATURE_AVAILABILITY's order. */
enum feat_reg { FEAT_SCR, FEAT_CPTR, FEAT_MDCR, FEAT_REG_COUNT };

/*
 * Applies the rules of control register reg to the running CPU's ID registers (in a host
 * build, to what the test's secmon_host_sysreg_read() answers for them). avail 0: the
 * bits the normal world's value gets (the enables of the present features). avail 1:
 * SMCCC_ARCH_FEATURE_AVAILABILITY of the register whose live value is live: the bit of
 * each present feature (of a two-bit owner field, its low bit), set when the normal
 * world may use the feature: an enable bit set in live, a trap bit clear in it.
 */
uint64_t feat_scan(enum feat_reg reg, int avail, uint64_t live);

static inline uint64_t feat_enables(enum feat_reg reg)
{
	return feat_scan(reg, 0, 0);
}

static inline uint64_t feat_available(enum feat_reg reg, uint64_t live)
{
	return feat_scan(reg, 1, live);
}

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY names a register by bits [20:5] of its MRS encoding
 * (op0[1:0], op1, CRn, CRm, op2), as TF-A does.
 */
#define FEAT_SEL_SCR_EL3  0x1e1100u
#define FEAT_SEL_CPTR_EL3 0x1e1140u
#define FEAT_SEL_MDCR_EL3 0x1e1320u

/* ID register fields the EL3 code reads beyond the rules. */
#define FEAT_PFR0_SVE_SHIFT  32
#define FEAT_PFR0_AMU_SHIFT  44
#define FEAT_PFR1_SME_SHIFT  24
#define FEAT_DFR0_PMSV_SHIFT 32
#define FEAT_DFR0_TRB_SHIFT  44

#endif
