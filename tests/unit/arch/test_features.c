/*
 * The feature rules (core/arch/aarch64/feature_rules.c) on the ID registers of QEMU 7.2's
 * "max" and "cortex-a53" (read from the models), of a CPU with every feature the rules
 * know, and on single fields: what the normal world's SCR_EL3 / CPTR_EL3 / MDCR_EL3 get,
 * and what SMCCC_ARCH_FEATURE_AVAILABILITY reports for given live values.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "feature_rules.h"

/* The ID registers the rules read, by their S3_0_C0_Cm_n names. */
static uint64_t pfr0, pfr1, dfr0, isar0, isar1, isar2, mmfr0, mmfr1;

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

uint64_t secmon_host_sysreg_read(const char *name)
{
	static const struct {
		const char *name;
		uint64_t *value;
	} regs[] = {
	    {"S3_0_C0_C4_0", &pfr0},  {"S3_0_C0_C4_1", &pfr1},	{"S3_0_C0_C5_0", &dfr0},
	    {"S3_0_C0_C6_0", &isar0}, {"S3_0_C0_C6_1", &isar1}, {"S3_0_C0_C6_2", &isar2},
	    {"S3_0_C0_C7_0", &mmfr0}, {"S3_0_C0_C7_1", &mmfr1},
	};

	for (unsigned int i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		if (strcmp(name, regs[i].name) == 0)
			return *regs[i].value;
	fprintf(stderr, "unexpected read of %s\n", name);
	CHECK(0);
	return 0;
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	fprintf(stderr, "unexpected write of %s (0x%llx)\n", name, (unsigned long long)value);
	CHECK(0);
}

static void cpu(uint64_t p0, uint64_t p1, uint64_t d0, uint64_t i0, uint64_t i1, uint64_t i2,
		uint64_t m0, uint64_t m1)
{
	pfr0 = p0, pfr1 = p1, dfr0 = d0, isar0 = i0, isar1 = i1, isar2 = i2, mmfr0 = m0, mmfr1 = m1;
}

#define BIT(n) (1ull << (n))

/* QEMU 7.2 -cpu max (SVE and SME on; virt without mte=on hides MTE). */
static void qemu_max(void)
{
	cpu(0x1201001120112222, 0x1000021, 0x10305609, 0x1221111110212120, 0x0011111101211012, 0,
	    0x0000032310201126, 0x0000011010211122);
	uint64_t scr = feat_enables(FEAT_SCR), cptr = feat_enables(FEAT_CPTR);

	/* PAuth (APK, API), CSV2_2, HCX, SME's TPIDR2; no FGT, ECV, MTE, AMU, LS64. */
	CHECK_EQ(scr, BIT(16) | BIT(17) | BIT(25) | BIT(38) | BIT(41));
	CHECK_EQ(cptr, BIT(8) | BIT(12)); /* SVE, SME */
	CHECK_EQ(feat_enables(FEAT_MDCR), 0);
	/* Reported: RAS (TERR clear), APK, EnSCXT, HXEn, RNG (TRNDR clear), EnTP2. */
	CHECK_EQ(feat_available(FEAT_SCR, scr),
		 BIT(15) | BIT(16) | BIT(25) | BIT(38) | BIT(40) | BIT(41));
	/* EZ, TFP clear, ESM, TCPAC clear; no trace registers, no AMU. */
	CHECK_EQ(feat_available(FEAT_CPTR, cptr), BIT(8) | BIT(10) | BIT(12) | BIT(31));
	/* PMUv3 (TPM clear), debug (TDA, TDOSA clear); SDD is not a feature bit. */
	CHECK_EQ(feat_available(FEAT_MDCR, BIT(16)), BIT(6) | BIT(9) | BIT(10));
	/* A trap armed, an enable cleared: reported as not available. */
	CHECK_EQ(feat_available(FEAT_MDCR, BIT(6)), BIT(9) | BIT(10));
	CHECK_EQ(feat_available(FEAT_CPTR, BIT(10) | BIT(8)), BIT(8) | BIT(31));
	CHECK_EQ(feat_available(FEAT_SCR, scr & ~BIT(41)) & BIT(41), 0);
	/* -cpu max,sme=off: the SME bits go, nothing else. */
	pfr1 = 0x21;
	CHECK_EQ(feat_enables(FEAT_SCR), BIT(16) | BIT(17) | BIT(25) | BIT(38));
	CHECK_EQ(feat_enables(FEAT_CPTR), BIT(8));
	/* virt,mte=on: MTE 2 and up gives the tags (ATA). */
	pfr1 = 0x1000221;
	CHECK_EQ(feat_enables(FEAT_SCR) & BIT(26), BIT(26));
}

/* QEMU 7.2 -cpu cortex-a53: Armv8.0, nothing to enable, FP and debug always reported. */
static void qemu_a53(void)
{
	cpu(0x2222, 0, 0x10305106, 0x11120, 0, 0, 0x1122, 0);
	CHECK_EQ(feat_enables(FEAT_SCR), 0);
	CHECK_EQ(feat_enables(FEAT_CPTR), 0);
	CHECK_EQ(feat_enables(FEAT_MDCR), 0);
	CHECK_EQ(feat_available(FEAT_SCR, 0x531), 0);
	CHECK_EQ(feat_available(FEAT_CPTR, 0), BIT(10) | BIT(31));
	CHECK_EQ(feat_available(FEAT_MDCR, BIT(16)), BIT(6) | BIT(9) | BIT(10));
}

/* Every field the rules know, at its highest value. */
static void everything(void)
{
	cpu(/* CSV2 2, AMUv1p1, SVE, RAS */ 0x0200201100000000ull | 0x2222,
	    /* SME2, MTE3 */ 0x2000300ull,
	    /* BRBE, TRBE, TraceFilt, SPEv1p2, PMUv3p5, trace */ 0x0010111300000610ull,
	    /* RNDR */ 0x1000000000000000ull,
	    /* LS64_ACCDATA, APA */ 0x3000000000000010ull, 0,
	    /* ECV 2, FGT 2 */ 0x2200000000000000ull,
	    /* HCX */ 0x0000010000000000ull);
	CHECK_EQ(feat_enables(FEAT_SCR), BIT(16) | BIT(17) | BIT(25) | BIT(26) | BIT(27) | BIT(28) |
					     BIT(35) | BIT(36) | BIT(37) | BIT(38) | BIT(41) |
					     BIT(59));
	CHECK_EQ(feat_enables(FEAT_CPTR), BIT(8) | BIT(12));
	/* SPE and TRBE owned by the normal world (0b11), BRBE 0b01, SPEv1p2's EnPMSN. */
	uint64_t mdcr = feat_enables(FEAT_MDCR);
	CHECK_EQ(mdcr, 3ull << 12 | 3ull << 24 | BIT(32) | BIT(36));
	/* Two-bit owner fields report their low bit; every trap bit is clear. */
	CHECK_EQ(feat_available(FEAT_MDCR, mdcr), BIT(6) | BIT(9) | BIT(10) | BIT(12) | BIT(19) |
						      BIT(24) | BIT(27) | BIT(32) | BIT(36));
	CHECK_EQ(feat_available(FEAT_CPTR, BIT(8) | BIT(12)),
		 BIT(8) | BIT(10) | BIT(12) | BIT(20) | BIT(30) | BIT(31));
	CHECK_EQ(feat_available(FEAT_CPTR, BIT(30)) & BIT(30), 0); /* AMU trapped */
}

/* Single fields: presence thresholds. */
static void thresholds(void)
{
	/* Any one PAuth field enables the keys and the instructions. */
	static const struct {
		uint64_t *reg;
		unsigned int shift;
	} pauth[] = {{&isar1, 4},  {&isar1, 8}, {&isar1, 24},
		     {&isar1, 28}, {&isar2, 8}, {&isar2, 12}};
	for (unsigned int i = 0; i < sizeof(pauth) / sizeof(pauth[0]); i++) {
		cpu(0x2222, 0, 0, 0, 0, 0, 0, 0);
		*pauth[i].reg = 1ull << pauth[i].shift;
		CHECK_EQ(feat_enables(FEAT_SCR), BIT(16) | BIT(17));
	}
	/* MTE 1 (instructions only) has no tags; CSV2 1 has no SCXTNUM; FGT 1 no FGT2. */
	cpu(1ull << 56, 1ull << 8, 0, 0, 0, 0, 1ull << 56, 0);
	CHECK_EQ(feat_enables(FEAT_SCR), BIT(27));
	/* AMUv1 (not v1p1): counters reachable (TAM reported), no AMVOFFEn. */
	cpu(1ull << 44, 0, 0, 0, 0, 0, 0, 0);
	CHECK_EQ(feat_enables(FEAT_SCR), 0);
	CHECK_EQ(feat_available(FEAT_CPTR, 0) & BIT(30), BIT(30));
	/* LS64 1 (no ST64BV): nothing; 2: EnAS0 only. */
	cpu(0, 0, 0, 0, 1ull << 60, 0, 0, 0);
	CHECK_EQ(feat_enables(FEAT_SCR), 0);
	isar1 = 2ull << 60;
	CHECK_EQ(feat_enables(FEAT_SCR), BIT(36));
	/* SPE before v1p2: NSPB only. */
	cpu(0, 0, 1ull << 32, 0, 0, 0, 0, 0);
	CHECK_EQ(feat_enables(FEAT_MDCR), 3ull << 12);
}

int main(void)
{
	qemu_max();
	qemu_a53();
	everything();
	thresholds();
	return check_report();
}
