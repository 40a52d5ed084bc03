/*
 * The feature rules (feature_rules.h): one line per architectural feature the monitor knows,
 * in the order of docs/features.md. Bit numbers and ID fields are the Arm ARM's
 * (SCR_EL3, CPTR_EL3, MDCR_EL3; ID_AA64*_EL1).
 *
 * Left out on purpose, so that the normal world finds them UNDEFINED (a trap to EL3
 * that lower_el.c turns into an Undefined Instruction exception): the features whose
 * EL1 registers change how EL1 translates or runs, FEAT_TCR2, SCTLR2, S1PIE/S1POE, AIE,
 * D128, GCS and THE: the secure-payload world switch (services/spd) does not switch
 * those registers, and no QEMU 7.2 model has them to test a switch on; FEAT_MPAM
 * (MPAM3_EL3 stays at reset); FEAT_RNG_TRAP (SCR_EL3.TRNDR stays 0: RNDR is the
 * hardware's); FEAT_TWED, FEAT_MEC and RME (no realm world here). docs/features.md.
 */
#include <secmon/internal/sysreg_access.h>

#include "feature_rules.h"

/*
 * One rule, three bytes: when ID register `id`'s field at `shift` (a multiple of 4) is
 * at least `min`, the feature is present and `bit` of control register `reg` is either
 * set for the normal world (two bits, bit and bit + 1, when WIDE) or, for a TRAP bit,
 * left clear. min 0: always.
 *   [0] id | shift / 4 << 4   [1] min | reg << 4 | wide << 6 | trap << 7   [2] bit
 */
#define RULE(i, s, m, r, b, w, t)                                                                  \
	{                                                                                          \
		FEAT_ID_##i | (s) / 4 << 4, (m) | FEAT_##r << 4 | (w) << 6 | (t) << 7, b           \
	}
#define EN(i, s, m, r, b)   RULE(i, s, m, r, b, 0, 0)
#define WIDE(i, s, m, r, b) RULE(i, s, m, r, b, 1, 0)
#define TRAP(i, s, m, r, b) RULE(i, s, m, r, b, 0, 1)
#define RULE_WIDE	    (1u << 6)
#define RULE_TRAP	    (1u << 7)

static const uint8_t rules[][3] = {
    /* Pointer authentication, any algorithm: SCR_EL3.APK (keys) and API (instructions). */
    WIDE(ISAR1, 4, 1, SCR, 16),	  /* APA */
    WIDE(ISAR1, 8, 1, SCR, 16),	  /* API */
    WIDE(ISAR1, 24, 1, SCR, 16),  /* GPA */
    WIDE(ISAR1, 28, 1, SCR, 16),  /* GPI */
    WIDE(ISAR2, 8, 1, SCR, 16),	  /* GPA3 */
    WIDE(ISAR2, 12, 1, SCR, 16),  /* APA3 */
    TRAP(PFR0, 28, 1, SCR, 15),	  /* RAS: TERR clear, error records reachable */
    EN(PFR0, 56, 2, SCR, 25),	  /* CSV2_2: EnSCXT, SCXTNUM_ELx */
    EN(PFR1, 8, 2, SCR, 26),	  /* MTE2: ATA, allocation tags and tag registers */
    EN(MMFR0, 56, 1, SCR, 27),	  /* FGT: FGTEn, fine-grained traps for EL2 */
    EN(MMFR0, 60, 1, SCR, 28),	  /* ECV: ECVEn */
    EN(PFR0, 44, 2, SCR, 35),	  /* AMUv1p1: AMVOFFEn, virtual offsets for EL2 */
    EN(ISAR1, 60, 2, SCR, 36),	  /* LS64_V: EnAS0 */
    EN(ISAR1, 60, 3, SCR, 37),	  /* LS64_ACCDATA: ADEn */
    EN(MMFR1, 40, 1, SCR, 38),	  /* HCX: HXEn, HCRX_EL2 */
    TRAP(ISAR0, 60, 1, SCR, 40),  /* RNG: TRNDR clear (no RNG_TRAP) */
    EN(PFR1, 24, 1, SCR, 41),	  /* SME: EnTP2, TPIDR2_EL0 */
    EN(MMFR0, 56, 2, SCR, 59),	  /* FGT2: FGTEn2 */
    EN(PFR0, 32, 1, CPTR, 8),	  /* SVE: EZ (ZCR_EL3 in cpu_setup.c) */
    TRAP(PFR0, 0, 0, CPTR, 10),	  /* FP/SIMD: TFP clear */
    EN(PFR1, 24, 1, CPTR, 12),	  /* SME: ESM (SMCR_EL3 in cpu_setup.c) */
    TRAP(DFR0, 4, 1, CPTR, 20),	  /* trace system registers: TTA clear */
    TRAP(PFR0, 44, 1, CPTR, 30),  /* AMU: TAM clear (counters: cpu_setup.c) */
    TRAP(PFR0, 0, 0, CPTR, 31),	  /* CPACR_EL1/CPTR_EL2: TCPAC clear */
    TRAP(DFR0, 8, 1, MDCR, 6),	  /* PMUv3: TPM clear */
    TRAP(DFR0, 0, 0, MDCR, 9),	  /* self-hosted debug: TDA clear */
    TRAP(DFR0, 0, 0, MDCR, 10),	  /* OS lock, power-down debug: TDOSA clear */
    WIDE(DFR0, 32, 1, MDCR, 12),  /* SPE: NSPB 0b11, the normal world owns the buffer */
    TRAP(DFR0, 40, 1, MDCR, 19),  /* trace filter controls: TTRF clear */
    WIDE(DFR0, 44, 1, MDCR, 24),  /* TRBE: NSTB 0b11, the normal world owns the buffer */
    TRAP(MMFR0, 56, 1, MDCR, 27), /* FGT: TDCC clear, debug comms channel */
    EN(DFR0, 52, 1, MDCR, 32),	  /* BRBE: SBRBE 0b01, recording in the normal world */
    EN(DFR0, 32, 3, MDCR, 36),	  /* SPEv1p2: EnPMSN, PMSNEVFR_EL1 */
};

static uint64_t id_reg(unsigned int id)
{
	switch (id) {
	case FEAT_ID_PFR0:
		return SECMON_SYSREG_READ("S3_0_C0_C4_0");
	case FEAT_ID_PFR1:
		return SECMON_SYSREG_READ("S3_0_C0_C4_1");
	case FEAT_ID_DFR0:
		return SECMON_SYSREG_READ("S3_0_C0_C5_0");
	case FEAT_ID_ISAR0:
		return SECMON_SYSREG_READ("S3_0_C0_C6_0");
	case FEAT_ID_ISAR1:
		return SECMON_SYSREG_READ("S3_0_C0_C6_1");
	case FEAT_ID_ISAR2:
		return SECMON_SYSREG_READ("S3_0_C0_C6_2");
	case FEAT_ID_MMFR0:
		return SECMON_SYSREG_READ("S3_0_C0_C7_0");
	default:
		return SECMON_SYSREG_READ("S3_0_C0_C7_1"); /* ID_AA64MMFR1_EL1 */
	}
}

uint64_t feat_scan(enum feat_reg reg, int avail, uint64_t live)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		unsigned int flags = rules[i][1];
		uint64_t bit = 1ull << rules[i][2];

		if (((flags >> 4) & 3) != reg ||
		    ((id_reg(rules[i][0] & 0xf) >> (rules[i][0] >> 4 << 2)) & 0xf) < (flags & 0xf))
			continue;
		if (avail)
			v |= ((flags & RULE_TRAP) ? ~live : live) & bit;
		else if (!(flags & RULE_TRAP))
			v |= (flags & RULE_WIDE) ? bit * 3 : bit;
	}
	return v;
}
