/*
 * undef_entry_compute() (core/arch/aarch64/undef_entry.c) for every source the normal
 * world can trap from: EL2 (SP_EL2 or SP_EL0), EL1 with and without EL2, EL0 under an
 * EL1 or a host EL2 (HCR_EL2.TGE), AArch32 EL0 under AArch64, an AArch32 EL1 (A32 and T32,
 * low and high vectors), and the PSTATE bits each feature adds or clears.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "undef_entry.h"

#define ESR_UNKNOWN 0x02000000ull
#define DAIF	    (0xfull << 6)
#define NZCV	    (0xfull << 28)
#define PAN	    (1ull << 22)
#define SSBS	    (1ull << 12)
#define TCO	    (1ull << 25)
#define ALLINT	    (1ull << 13)
#define HCR_TGE	    (1ull << 27)
#define HCR_RW	    (1ull << 31)
#define HCR_E2H	    (1ull << 34)
#define SCR_RW	    (1ull << 10)

static struct undef_source base(uint64_t spsr, uint32_t features)
{
	struct undef_source s;

	memset(&s, 0, sizeof(s));
	s.elr = 0x60001234;
	s.spsr = spsr;
	s.scr = SCR_RW | 1;
	s.hcr_el2 = HCR_RW;
	s.sctlr[1] = 1ull << 23; /* SPAN: PAN left alone unless a case says otherwise */
	s.sctlr[2] = 1ull << 23;
	s.vbar[1] = 0x40000800;
	s.vbar[2] = 0x60010000;
	s.features = features;
	return s;
}

static struct undef_entry run(const struct undef_source *s)
{
	struct undef_entry e;

	memset(&e, 0xa5, sizeof(e));
	undef_entry_compute(s, &e);
	return e;
}

static void aarch64_from_el2(void)
{
	/* EL2h with NZCV set: EL2, current EL with SP_ELx. */
	struct undef_source s = base(NZCV | 0x9, UNDEF_FEAT_EL2);
	struct undef_entry e = run(&s);

	CHECK_EQ(e.el, 2);
	CHECK(!e.aarch32);
	CHECK_EQ(e.elr_el3, 0x60010200);
	CHECK_EQ(e.spsr_el3, NZCV | DAIF | 0x9);
	CHECK_EQ(e.target_elr, 0x60001234);
	CHECK_EQ(e.target_spsr, NZCV | 0x9);
	CHECK_EQ(e.target_esr, ESR_UNKNOWN);

	/* EL2t: current EL with SP_EL0. */
	s = base(0x8, UNDEF_FEAT_EL2);
	e = run(&s);
	CHECK_EQ(e.elr_el3, 0x60010000);
	CHECK_EQ(e.spsr_el3, DAIF | 0x9);
}

static void aarch64_from_el1(void)
{
	/* No EL2: EL1h traps to EL1's own vector. */
	struct undef_source s = base(0x5, 0);
	struct undef_entry e = run(&s);

	CHECK_EQ(e.el, 1);
	CHECK(!e.aarch32);
	CHECK_EQ(e.elr_el3, 0x40000a00);
	CHECK_EQ(e.spsr_el3, DAIF | 0x5);
	CHECK_EQ(e.target_esr, ESR_UNKNOWN);

	/* With EL2 (even with TGE set): an UNDEFINED at EL1 stays at EL1. */
	s = base(0x5, UNDEF_FEAT_EL2);
	s.hcr_el2 |= HCR_TGE;
	e = run(&s);
	CHECK_EQ(e.el, 1);
	CHECK_EQ(e.elr_el3, 0x40000a00);
}

static void aarch64_from_el0(void)
{
	/* EL0 under EL1: lower EL, AArch64. */
	struct undef_source s = base(0x0, UNDEF_FEAT_EL2);
	struct undef_entry e = run(&s);

	CHECK_EQ(e.el, 1);
	CHECK_EQ(e.elr_el3, 0x40000c00);
	CHECK_EQ(e.spsr_el3, DAIF | 0x5);

	/* EL0 of a host at EL2 (TGE): EL2's lower-EL vector. */
	s.hcr_el2 |= HCR_TGE;
	e = run(&s);
	CHECK_EQ(e.el, 2);
	CHECK_EQ(e.elr_el3, 0x60010400);
	CHECK_EQ(e.spsr_el3, DAIF | 0x9);

	/* TGE without EL2 means nothing. */
	s = base(0x0, 0);
	s.hcr_el2 = HCR_TGE;
	e = run(&s);
	CHECK_EQ(e.el, 1);

	/* AArch32 EL0 under AArch64 EL1: lower EL, AArch32; the old CPSR kept whole. */
	s = base(0x10 | (1ull << 5), UNDEF_FEAT_EL2);
	e = run(&s);
	CHECK_EQ(e.el, 1);
	CHECK(!e.aarch32);
	CHECK_EQ(e.elr_el3, 0x40000e00);
	CHECK_EQ(e.target_spsr, 0x10 | (1ull << 5));
	CHECK_EQ(e.spsr_el3, DAIF | 0x5);
}

static void aarch32_el1(void)
{
	/* EL1 in AArch32 (HCR_EL2.RW = 0), SVC mode in A32: Undefined mode, LR = PC + 4. */
	struct undef_source s = base(0x10 | 0x3, UNDEF_FEAT_EL2);
	s.hcr_el2 = 0;
	s.spsr = 0x13 | (1ull << 8) /* A */ | NZCV | (0x3full << 10) /* IT */;
	s.elr = 0x8000;
	s.sctlr[1] = 0;
	struct undef_entry e = run(&s);

	CHECK_EQ(e.el, 1);
	CHECK(e.aarch32);
	CHECK_EQ(e.elr_el3, 0x40000804);
	CHECK_EQ(e.target_elr, 0x8004);
	CHECK_EQ(e.target_spsr, s.spsr);
	/* Mode Und, I set, A and NZCV kept, IT cleared, A32 (TE = 0), little endian. */
	CHECK_EQ(e.spsr_el3, 0x1b | (1ull << 7) | (1ull << 8) | NZCV);

	/* T32 code, SCTLR.TE, EE, V (high vectors) and DSSBS. */
	s.spsr = 0x10 | (1ull << 5);
	s.sctlr[1] = (1ull << 30) | (1ull << 25) | (1ull << 13) | (1ull << 31) | (1ull << 23);
	s.features |= UNDEF_FEAT_SSBS;
	e = run(&s);
	CHECK_EQ(e.target_elr, 0x8002);
	CHECK_EQ(e.elr_el3, 0xffff0004);
	CHECK_EQ(e.spsr_el3,
		 0x1b | (1ull << 7) | (1ull << 5) | (1ull << 9) | (1ull << 23) /* SSBS */);

	/* No EL2 and SCR_EL3.RW = 0: EL1 is AArch32 too. */
	s = base(0x13 | 0x10, 0);
	s.scr = 1;
	e = run(&s);
	CHECK(e.aarch32);
}

static void pstate_features(void)
{
	/* PAN: set at EL1 when SCTLR_EL1.SPAN = 0, kept when 1, absent without FEAT_PAN. */
	struct undef_source s = base(0x5, UNDEF_FEAT_PAN);
	s.sctlr[1] = 0;
	CHECK_EQ(run(&s).spsr_el3 & PAN, PAN);
	s.sctlr[1] = 1ull << 23;
	CHECK_EQ(run(&s).spsr_el3 & PAN, 0);
	s.spsr |= PAN;
	CHECK_EQ(run(&s).spsr_el3 & PAN, PAN);
	s.features = 0;
	s.sctlr[1] = 0;
	CHECK_EQ(run(&s).spsr_el3 & PAN, 0);

	/* At EL2 PAN exists only with E2H. */
	s = base(0x9 | PAN, UNDEF_FEAT_EL2 | UNDEF_FEAT_PAN);
	s.sctlr[2] = 0;
	CHECK_EQ(run(&s).spsr_el3 & PAN, 0);
	s.hcr_el2 |= HCR_E2H;
	CHECK_EQ(run(&s).spsr_el3 & PAN, PAN);

	/* SSBS from SCTLR_ELx.DSSBS; TCO with MTE; ALLINT unless SPINTMASK, with FEAT_NMI. */
	s = base(0x5, UNDEF_FEAT_SSBS | UNDEF_FEAT_MTE | UNDEF_FEAT_NMI);
	s.sctlr[1] = (1ull << 23) | (1ull << 44);
	CHECK_EQ(run(&s).spsr_el3, DAIF | SSBS | TCO | ALLINT | 0x5);
	s.sctlr[1] = (1ull << 23) | (1ull << 62);
	CHECK_EQ(run(&s).spsr_el3, DAIF | TCO | 0x5);
	s.features = 0;
	s.sctlr[1] = (1ull << 23) | (1ull << 44);
	CHECK_EQ(run(&s).spsr_el3, DAIF | 0x5);

	/* The vector base ignores VBAR's reserved low bits. */
	s = base(0x5, 0);
	s.vbar[1] = 0x40000fff;
	CHECK_EQ(run(&s).elr_el3, 0x40000a00);
}

int main(void)
{
	aarch64_from_el2();
	aarch64_from_el1();
	aarch64_from_el0();
	aarch32_el1();
	pstate_features();
	return check_report();
}
