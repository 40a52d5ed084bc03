/*
 * The architectural features the monitor gives the normal world (docs/features.md), as
 * the normal world sees them on whatever CPU it runs on:
 *
 * - touch: every register of every feature the ID registers report is reached from the
 *   payload's EL and, running at EL2, from EL1 too (el1_call()): written with a pattern
 *   and read back, or read and written back; the register of a feature the CPU does not
 *   have must be UNDEFINED (EC 0), never a trap the monitor dies of. SVE and SME vector
 *   lengths (RDVL, RDSVL) follow ZCR_ELx and SMCR_ELx up to what EL3 allows.
 * - availability: SMCCC_ARCH_FEATURE_AVAILABILITY (an SMC64 call, SMCCC 1.5) reports,
 *   for SCR_EL3, CPTR_EL3 and MDCR_EL3, exactly the features the ID registers have;
 *   a trap the debug image's test trigger arms shows as unavailable.
 * - kept: the values survive SMCs, a call into the secure payload (a world switch, when
 *   the image has one) and a power-down CPU_SUSPEND (on boards whose port only emulates
 *   the power-down; elsewhere the payload, like an OS, restores them), after which
 *   every register is reachable again and the vector lengths are the same.
 */
#include <secmon/smccc.h>

#include "board.h"
#include "console.h"
#include "cpu.h"
#include "discovery.h"
#include "el1_call.h"
#include "fault_probe.h"
#include "framework.h"
#include "psci_client.h"
#include "smc.h"
#include "spd.h"
#include "tests.h"
#include "util.h"

#define ESR_UNKNOWN_IL	   0x02000000ull /* EC 0, IL 1: UNDEFINED */
/*
 * QEMU 7.2 reports SMIDR_EL1 of a model with SME switched off as a trapped system
 * register access (EC 0x18) at the accessing EL instead of UNDEFINED. Either way the
 * lower EL takes it; a trap to EL3 would come back as EC 0 (lower_el.c).
 */
#define EC_SYSREG_TRAP	   0x18
#define WAKE_US		   5000
/* examples/qemu-bl31/test_triggers.h: x1 = 1 traps PMU accesses to EL3, 0 stops it. */
#define QEMU_TEST_TRAP_PMU 0x8200ff18u

/* SMCCC_ARCH_FEATURE_AVAILABILITY selectors: bits [20:5] of the MRS encoding. */
#define SEL_SCR_EL3   0x1e1100u
#define SEL_CPTR_EL3  0x1e1140u
#define SEL_MDCR_EL3  0x1e1320u
#define SEL_MPAM3_EL3 0x1ea500u /* a register the monitor does not report */

/* The features, as the ID registers at our EL report them. */
enum feature {
	F_FP,
	F_DEBUG,
	F_SVE,
	F_SME,
	F_PAUTH,
	F_SCXT,
	F_HCX,
	F_MTE,
	F_RAS,
	F_RNG,
	F_PMU,
	F_AMU,
	F_FGT,
	F_ECV2,
	F_TRF,
	F_SPE,
	F_TRBE,
	F_BRBE,
	F_LS64,
	F_COUNT
};
static const char *const feature_names[F_COUNT] = {
    "FP",  "debug", "SVE", "SME", "PAuth", "CSV2_2", "HCX",  "MTE2", "RAS",	     "RNG",
    "PMU", "AMU",   "FGT", "ECV", "TRF",   "SPE",    "TRBE", "BRBE", "LS64_ACCDATA",
};

#define ID_READ(reg)                                                                               \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " reg : "=r"(v_));                                       \
		v_;                                                                                \
	})
#define FIELD(v, shift) (((v) >> (shift)) & 0xf)

static uint32_t present;
static struct {
	uint64_t pfr0, pfr1, dfr0, isar0, isar1, isar2, mmfr0, mmfr1;
} id;

#define HAS(f) ((present & (1u << (f))) != 0)

static void detect(void)
{
	id.pfr0 = ID_READ("S3_0_C0_C4_0");
	id.pfr1 = ID_READ("S3_0_C0_C4_1");
	id.dfr0 = ID_READ("S3_0_C0_C5_0");
	id.isar0 = ID_READ("S3_0_C0_C6_0");
	id.isar1 = ID_READ("S3_0_C0_C6_1");
	id.isar2 = ID_READ("S3_0_C0_C6_2");
	id.mmfr0 = ID_READ("S3_0_C0_C7_0");
	id.mmfr1 = ID_READ("S3_0_C0_C7_1");

	bool has[F_COUNT] = {
	    [F_FP] = FIELD(id.pfr0, 16) != 0xf,
	    [F_DEBUG] = true,
	    [F_SVE] = FIELD(id.pfr0, 32) >= 1,
	    [F_SME] = FIELD(id.pfr1, 24) >= 1,
	    [F_PAUTH] = FIELD(id.isar1, 4) || FIELD(id.isar1, 8) || FIELD(id.isar1, 24) ||
			FIELD(id.isar1, 28) || FIELD(id.isar2, 8) || FIELD(id.isar2, 12),
	    [F_SCXT] = FIELD(id.pfr0, 56) >= 2,
	    [F_HCX] = FIELD(id.mmfr1, 40) >= 1,
	    [F_MTE] = FIELD(id.pfr1, 8) >= 2,
	    [F_RAS] = FIELD(id.pfr0, 28) >= 1,
	    [F_RNG] = FIELD(id.isar0, 60) >= 1,
	    [F_PMU] = FIELD(id.dfr0, 8) >= 1,
	    [F_AMU] = FIELD(id.pfr0, 44) >= 1,
	    [F_FGT] = FIELD(id.mmfr0, 56) >= 1,
	    [F_ECV2] = FIELD(id.mmfr0, 60) >= 2,
	    [F_TRF] = FIELD(id.dfr0, 40) >= 1,
	    [F_SPE] = FIELD(id.dfr0, 32) >= 1,
	    [F_TRBE] = FIELD(id.dfr0, 44) >= 1,
	    [F_BRBE] = FIELD(id.dfr0, 52) >= 1,
	    [F_LS64] = FIELD(id.isar1, 60) >= 3,
	};
	present = 0;
	for (unsigned int f = 0; f < F_COUNT; f++)
		if (has[f])
			present |= 1u << f;
}

/* How a register is touched. */
enum how {
	RD,  /* read */
	WB,  /* read, write the value back, read again */
	PAT, /* write pattern, read back (mask bits compared) */
};
#define EL1 (1u << 1) /* an EL1 (or EL0) register: reached from EL1 and EL2 */
#define EL2 (1u << 2) /* an EL2 register */

struct reg {
	const char *name;
	uint8_t feature; /* enum feature */
	uint8_t els;	 /* EL1, EL2: where the register can be reached */
	uint8_t how;	 /* enum how */
	uint64_t pattern, mask;
	int (*rd)(uint64_t, struct probe_result *);
	int (*wr)(uint64_t, struct probe_result *);
};

#define REG(n, f, e, h, p, m)                                                                      \
	{                                                                                          \
		#n, f, e, h, p, m, probe_rd_##n, probe_wr_##n                                      \
	}

static const struct reg regs[] = {
    REG(fpcr, F_FP, EL1, PAT, 1u << 25, 1u << 25), /* DN */
    REG(mdscr_el1, F_DEBUG, EL1, WB, 0, 0),
    REG(dbgbvr0_el1, F_DEBUG, EL1, PAT, 0x12345678, 0xffffffffffffull),
    REG(dbgbcr0_el1, F_DEBUG, EL1, PAT, 0x1e0, 0x1e0), /* BAS, disabled */
    REG(oslsr_el1, F_DEBUG, EL1, RD, 0, 0),
    REG(zcr_el2, F_SVE, EL2, PAT, 0xf, 0xf), /* first: EL1's lengths are not capped */
    REG(zcr_el1, F_SVE, EL1, PAT, 1, 0xf),   /* 256 bits */
    REG(smcr_el2, F_SME, EL2, PAT, 0xf, 0xf),
    REG(smcr_el1, F_SME, EL1, PAT, 1, 0xf),
    REG(smidr_el1, F_SME, EL1, RD, 0, 0),
    REG(svcr, F_SME, EL1, WB, 0, 0),
    {"tpidr2_el0", F_SME, EL1, PAT, 0x5eed7a11c0ffee02ull, ~0ull, probe_read_tpidr2,
     probe_write_tpidr2},
    REG(apiakeylo_el1, F_PAUTH, EL1, PAT, 0x0123456789abcdefull, ~0ull),
    REG(apgakeyhi_el1, F_PAUTH, EL1, PAT, 0xfedcba9876543210ull, ~0ull),
    REG(scxtnum_el0, F_SCXT, EL1, PAT, 0x5c0, ~0ull),
    REG(scxtnum_el1, F_SCXT, EL1, PAT, 0x5c1, ~0ull),
    REG(scxtnum_el2, F_SCXT, EL2, PAT, 0x5c2, ~0ull),
    REG(hcrx_el2, F_HCX, EL2, WB, 0, 0),
    REG(gcr_el1, F_MTE, EL1, PAT, 0x1a5a5, 0x1ffff),	/* RRND, Exclude */
    REG(rgsr_el1, F_MTE, EL1, PAT, 0x123405, 0xffff0f), /* SEED, TAG */
    REG(tfsr_el1, F_MTE, EL1, WB, 0, 0),
    REG(tfsre0_el1, F_MTE, EL1, WB, 0, 0),
    REG(tfsr_el2, F_MTE, EL2, WB, 0, 0),
    /* ERRSELR_EL1 and ERX*: UNDEFINED or RAZ/WI without error records (ERRIDR_EL1.NUM 0,
       QEMU 7.2: UNDEFINED), so not touched. */
    REG(erridr_el1, F_RAS, EL1, RD, 0, 0),
    REG(disr_el1, F_RAS, EL1, WB, 0, 0),
    REG(rndr, F_RNG, EL1, RD, 0, 0),
    REG(amcr_el0, F_AMU, EL1, RD, 0, 0),
    REG(amevcntr00_el0, F_AMU, EL1, RD, 0, 0),
    REG(hfgrtr_el2, F_FGT, EL2, WB, 0, 0),
    REG(cntpoff_el2, F_ECV2, EL2, WB, 0, 0),
    REG(trfcr_el1, F_TRF, EL1, WB, 0, 0),
    REG(pmblimitr_el1, F_SPE, EL1, WB, 0, 0),
    REG(trblimitr_el1, F_TRBE, EL1, WB, 0, 0),
    REG(brbcr_el1, F_BRBE, EL1, WB, 0, 0),
    REG(accdata_el1, F_LS64, EL1, WB, 0, 0),
};

/* What one pass over the registers saw at one EL. */
struct touch {
	uint64_t el;
	uint8_t faulted[ARRAY_SIZE(regs)];
	uint64_t esr[ARRAY_SIZE(regs)];	  /* of the first fault */
	uint64_t value[ARRAY_SIZE(regs)]; /* last read */
	uint64_t vl, svl;		  /* RDVL, RDSVL (bytes), when there */
};
static struct touch at_el2, at_el1, again;

static bool reachable(const struct reg *r, uint64_t el)
{
	return (r->els & (1u << el)) || (el == 2 && (r->els & EL1));
}

/* Touches every register reachable at the current EL; t is where it records. */
static uint64_t touch_all(uint64_t arg)
{
	struct touch *t = (struct touch *)(uintptr_t)arg;
	struct probe_result r, w;

	t->el = current_el();
	for (unsigned int i = 0; i < ARRAY_SIZE(regs); i++) {
		const struct reg *g = &regs[i];
		int f = 0;

		if (!reachable(g, t->el))
			continue;
		r.esr = w.esr = 0;
		if (g->how == PAT) {
			f = g->wr(g->pattern, &w);
			f |= g->rd(0, &r);
		} else {
			f = g->rd(0, &r);
			if (!f && g->how == WB) {
				f |= g->wr(r.value, &w);
				f |= g->rd(0, &r);
			}
		}
		t->faulted[i] = (uint8_t)f;
		t->esr[i] = w.esr ? w.esr : r.esr;
		t->value[i] = r.value;
	}
	t->vl = t->svl = 0;
	if (HAS(F_SVE) && !probe_rdvl(0, &r))
		t->vl = r.value;
	if (HAS(F_SME) && !probe_rdsvl(0, &r))
		t->svl = r.value;
	return 0;
}

/* EL2 controls that let EL1 (and EL2 itself) reach what the monitor enabled. */
#define HCR_RW	       (1ull << 31)
#define HCR_APK	       (1ull << 40)
#define HCR_API	       (1ull << 41)
#define HCR_ENSCXT     (1ull << 53)
#define HCR_ATA	       (1ull << 56)
#define CPTR_EL2_RES1  0x22ffull /* bits 13, 9, 7:0 */
#define CPTR_EL2_TZ    (1ull << 8)
#define CPTR_EL2_TSM   (1ull << 12)
/* MDCR_EL2 traps (TPMCR, TPM, TDE, TDA, TDOSA, TDRA, TPMS, TTRF) and owner fields. */
#define MDCR_EL2_TRAPS ((1ull << 5) | (1ull << 6) | (0xfull << 8) | (1ull << 14) | (1ull << 19))
#define MDCR_EL2_E2PB  (3ull << 12)
#define MDCR_EL2_E2TB  (3ull << 24)

static void open_lower_els(void)
{
	uint64_t cpacr = 3ull << 20; /* FPEN */

	if (HAS(F_SVE))
		cpacr |= 3ull << 16; /* ZEN */
	if (HAS(F_SME))
		cpacr |= 3ull << 24; /* SMEN */
	__asm__ volatile("msr cpacr_el1, %0\n isb" ::"r"(cpacr));
	if (current_el() != 2)
		return;
	uint64_t cptr =
	    CPTR_EL2_RES1 | (HAS(F_SVE) ? 0 : CPTR_EL2_TZ) | (HAS(F_SME) ? 0 : CPTR_EL2_TSM);
	uint64_t mdcr = ID_READ("mdcr_el2") & ~(MDCR_EL2_TRAPS | MDCR_EL2_E2PB | MDCR_EL2_E2TB);
	if (HAS(F_SPE))
		mdcr |= MDCR_EL2_E2PB; /* EL1 owns the profiling buffer */
	if (HAS(F_TRBE))
		mdcr |= MDCR_EL2_E2TB; /* and the trace buffer */
	__asm__ volatile("msr cptr_el2, %0\n msr mdcr_el2, %1\n isb" ::"r"(cptr), "r"(mdcr));
}

static uint64_t hcr_for_el1(void)
{
	return HCR_RW | (HAS(F_PAUTH) ? HCR_API | HCR_APK : 0) | (HAS(F_SCXT) ? HCR_ENSCXT : 0) |
	       (HAS(F_MTE) ? HCR_ATA : 0);
}

/* Runs touch_all at EL1 from EL2 (HCR_EL2 set for it, then restored). */
static void touch_at_el1(struct touch *t)
{
	uint64_t hcr = ID_READ("hcr_el2");

	__asm__ volatile("msr hcr_el2, %0\n isb" ::"r"(hcr_for_el1()));
	el1_call(touch_all, (uint64_t)(uintptr_t)t);
	__asm__ volatile("msr hcr_el2, %0\n isb" ::"r"(hcr));
}

/* Checks one pass: present features reachable with their patterns, others UNDEFINED. */
static void check_touch(const char *name, const struct touch *t)
{
	struct tf_failures fl = {0};
	unsigned int touched = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(regs); i++) {
		const struct reg *g = &regs[i];

		if (!reachable(g, t->el))
			continue;
		touched++;
		if (HAS(g->feature)) {
			if (t->faulted[i])
				tf_fail(&fl, "%s (%s) at EL%lu faulted: ESR 0x%lx", g->name,
					feature_names[g->feature], (unsigned long)t->el,
					(unsigned long)t->esr[i]);
			else if (g->how == PAT && (t->value[i] & g->mask) != (g->pattern & g->mask))
				tf_fail(&fl, "%s at EL%lu reads 0x%lx after 0x%lx", g->name,
					(unsigned long)t->el, (unsigned long)t->value[i],
					(unsigned long)g->pattern);
		} else if (!t->faulted[i] ||
			   !(t->esr[i] == ESR_UNKNOWN_IL || (t->esr[i] >> 26) == EC_SYSREG_TRAP)) {
			tf_fail(&fl, "%s (no %s) at EL%lu: %s, ESR 0x%lx, want UNDEFINED", g->name,
				feature_names[g->feature], (unsigned long)t->el,
				t->faulted[i] ? "faulted" : "reachable", (unsigned long)t->esr[i]);
		}
	}
	if (tf_report(name, &fl))
		tf_info("%s: %u registers touched at EL%lu", name, touched, (unsigned long)t->el);
}

/* Vector lengths: EL1 asked for 256 bits; EL2 for the most EL3 allows (at least that). */
static void check_lengths(const char *name, const struct touch *t)
{
	uint64_t want_min = 32, want_max = t->el == 1 ? 32 : 256;

	char n[48];

	fmt_format(n, sizeof(n), "sve_length_%s", name);
	if (HAS(F_SVE))
		tf_check(t->vl >= want_min && t->vl <= want_max && t->vl % 16 == 0, n,
			 "RDVL at EL%lu = %lu bytes, want %lu..%lu", (unsigned long)t->el,
			 (unsigned long)t->vl, (unsigned long)want_min, (unsigned long)want_max);
	fmt_format(n, sizeof(n), "sme_length_%s", name);
	if (HAS(F_SME))
		tf_check(t->svl >= want_min && t->svl <= want_max && t->svl % 16 == 0, n,
			 "RDSVL at EL%lu = %lu bytes, want %lu..%lu", (unsigned long)t->el,
			 (unsigned long)t->svl, (unsigned long)want_min, (unsigned long)want_max);
}

/* The pattern registers at our EL still hold their patterns (nothing rewritten). */
static void check_kept(const char *name)
{
	struct tf_failures fl = {0};
	struct probe_result r;
	uint64_t el = current_el();

	for (unsigned int i = 0; i < ARRAY_SIZE(regs); i++) {
		const struct reg *g = &regs[i];

		if (g->how != PAT || !HAS(g->feature) || !reachable(g, el))
			continue;
		if (g->rd(0, &r))
			tf_fail(&fl, "%s faulted: ESR 0x%lx", g->name, (unsigned long)r.esr);
		else if ((r.value & g->mask) != (g->pattern & g->mask))
			tf_fail(&fl, "%s = 0x%lx, was 0x%lx", g->name, (unsigned long)r.value,
				(unsigned long)g->pattern);
	}
	tf_report(name, &fl);
}

/* SMCCC_ARCH_FEATURE_AVAILABILITY's answer for the features the ID registers report. */
static uint64_t expected(uint32_t selector)
{
	uint64_t m = 0;

#define ON(f, bit) (HAS(f) ? 1ull << (bit) : 0)
	switch (selector) {
	case SEL_SCR_EL3:
		m = ON(F_RAS, 15) | ON(F_PAUTH, 16) | ON(F_SCXT, 25) | ON(F_MTE, 26) |
		    ON(F_FGT, 27) | ON(F_HCX, 38) | ON(F_RNG, 40) | ON(F_SME, 41);
		m |= FIELD(id.mmfr0, 60) >= 1 ? 1ull << 28 : 0; /* ECVEn */
		m |= FIELD(id.pfr0, 44) >= 2 ? 1ull << 35 : 0;	/* AMVOFFEn */
		m |= FIELD(id.isar1, 60) >= 2 ? 1ull << 36 : 0; /* EnAS0 */
		m |= FIELD(id.isar1, 60) >= 3 ? 1ull << 37 : 0; /* ADEn */
		m |= FIELD(id.mmfr0, 56) >= 2 ? 1ull << 59 : 0; /* FGTEn2 */
		break;
	case SEL_CPTR_EL3:
		m = ON(F_SVE, 8) | ON(F_FP, 10) | ON(F_SME, 12) | ON(F_AMU, 30) | 1ull << 31;
		m |= FIELD(id.dfr0, 4) >= 1 ? 1ull << 20 : 0; /* TTA clear */
		break;
	case SEL_MDCR_EL3:
		m = ON(F_PMU, 6) | 1ull << 9 | 1ull << 10 | ON(F_SPE, 12) | ON(F_TRF, 19) |
		    ON(F_TRBE, 24) | ON(F_FGT, 27) | ON(F_BRBE, 32);
		m |= FIELD(id.dfr0, 32) >= 3 ? 1ull << 36 : 0; /* EnPMSN */
		break;
	}
#undef ON
	return m;
}

static struct smc_result availability(uint64_t selector)
{
	return smc_call(SMCCC_ARCH_FEATURE_AVAILABILITY, selector, 0, 0, 0, 0, 0, 0);
}

static void check_availability(const char *suffix)
{
	static const struct {
		const char *name;
		uint32_t selector;
	} sel[] = {{"scr", SEL_SCR_EL3}, {"cptr", SEL_CPTR_EL3}, {"mdcr", SEL_MDCR_EL3}};
	char name[48];

	for (unsigned int i = 0; i < ARRAY_SIZE(sel); i++) {
		struct smc_result r = availability(sel[i].selector);
		uint64_t want = expected(sel[i].selector);

		fmt_format(name, sizeof(name), "availability_%s%s", sel[i].name, suffix);
		tf_check(r.x0 == SMCCC_RET_SUCCESS && r.x1 == want, name,
			 "x0 = %ld, x1 = 0x%lx, want 0 and 0x%lx", (long)r.x0, (unsigned long)r.x1,
			 (unsigned long)want);
	}
}

static void availability_calls(void)
{
	tf_expect_eq("availability_features",
		     smc1(SMCCC_ARCH_FEATURES, SMCCC_ARCH_FEATURE_AVAILABILITY).x0, 0);
	check_availability("");
	struct smc_result r = availability(SEL_MPAM3_EL3);
	tf_check(r.x0 == smccc_status(SMCCC_RET_INVALID_PARAMETER) && r.x1 == 0,
		 "availability_unknown_register", "x0 = %ld, x1 = 0x%lx, want -3 and 0", (long)r.x0,
		 (unsigned long)r.x1);
	r = availability(1ull << 32 | SEL_SCR_EL3);
	tf_expect_eq("availability_selector_64bit", r.x0,
		     smccc_status(SMCCC_RET_INVALID_PARAMETER));
	/* The SMC32 form: a 64-bit result cannot travel in it; not served. */
	tf_expect_eq("availability_smc32_unknown", smc1(0x80000003u, SEL_SCR_EL3).x0, SMC_UNK);

	/* A trap EL3 arms shows as unavailable, and as available again once disarmed. */
	if (!test_triggers_present() || !HAS(F_PMU))
		return;
	if (!tf_expect_eq("availability_trap_armed", smc1(QEMU_TEST_TRAP_PMU, 1).x0, 0))
		return;
	uint64_t armed = availability(SEL_MDCR_EL3).x1;
	smc1(QEMU_TEST_TRAP_PMU, 0);
	tf_expect_eq("availability_trap_reported", armed, expected(SEL_MDCR_EL3) & ~(1ull << 6));
	tf_expect_eq("availability_trap_gone", availability(SEL_MDCR_EL3).x1,
		     expected(SEL_MDCR_EL3));
}

/* One pass at our EL and, at EL2, one at EL1: the same registers from both. */
static void touch_both(struct touch *own, const char *own_name, const char *el1_name)
{
	open_lower_els();
	touch_all((uint64_t)(uintptr_t)own);
	check_touch(own_name, own);
	if (current_el() == 2) {
		touch_at_el1(&at_el1);
		check_touch(el1_name, &at_el1);
		check_lengths(el1_name, &at_el1);
		/* EL1 wrote its registers last: EL2's view of the shared ones follows. */
		touch_all((uint64_t)(uintptr_t)own);
	}
	check_lengths(own_name, own);
}

static void kept_over_switches(void)
{
	smc0(SMCCC_VERSION);
	smc0(0x84000000u); /* PSCI_VERSION */
	check_kept("kept_over_smc");
	if (spd_served()) {
		struct tsp_counts c;

		spd_counts(read_mpidr(), &c); /* into the secure payload and back, twice */
		tf_expect_eq("secure_call_answered", c.status, 0);
		check_kept("kept_over_secure_call");
	}
}

static void kept_over_powerdown(void)
{
	struct suspend_result r;
	char why[96];

	if (!psci_served() || !psci_client_init() ||
	    !psci_states_known("feature registers over a power-down", NEED_CPU_OFF))
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF,
		     (uint64_t)(uintptr_t)psci_resume_entry, 0xfea7, WAKE_US);
	if (!tf_check(r.resumed && r.context_id == 0xfea7, "powerdown_resumed", "%s",
		      suspend_describe(&r, why, sizeof(why))))
		return;
	if (board.profile->powerdown_emulated)
		check_kept("kept_over_powerdown");
	else
		tf_info("%s: a real power-down; the registers are restored, not compared",
			board.profile->name);
	/* As an OS restores them: all reachable again, the same vector lengths. */
	touch_both(&again, "touch_after_powerdown", "touch_el1_after_powerdown");
	tf_check(again.vl == at_el2.vl && again.svl == at_el2.svl, "vector_lengths_kept",
		 "RDVL %lu / RDSVL %lu bytes, before %lu / %lu", (unsigned long)again.vl,
		 (unsigned long)again.svl, (unsigned long)at_el2.vl, (unsigned long)at_el2.svl);
	check_availability("_after_powerdown");
}

static void run(void)
{
	char list[160];
	unsigned int len = 0;

	detect();
	for (unsigned int f = 0; f < F_COUNT; f++)
		if (HAS(f))
			len += fmt_format(list + len, sizeof(list) - len, " %s", feature_names[f]);
	list[len] = 0;
	tf_info("features at EL%u (MIDR 0x%lx):%s", current_el(),
		(unsigned long)ID_READ("midr_el1"), list);
	availability_calls();
	touch_both(&at_el2, current_el() == 2 ? "touch_el2" : "touch_el1", "touch_el1");
	kept_over_switches();
	kept_over_powerdown();
	/* The monitor is still there. */
	tf_expect_eq("monitor_answers", smc0(SMCCC_VERSION).x0 & 0xffffffffu,
		     (SMCCC_VERSION_MAJOR << 16) | SMCCC_VERSION_MINOR);
}

const struct tf_suite features_suite = {"features", run};
