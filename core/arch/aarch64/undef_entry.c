/*
 * Entry into the Undefined Instruction exception of a lower EL (Arm ARM, "AArch64.TakeException"
 * and "AArch32.EnterMode"): the target EL and its mode, the vector, and the PSTATE bits
 * the architecture sets on entry. See undef_entry.h.
 */
#include "undef_entry.h"

/* SPSR_ELx / PSTATE fields, AArch64 view. */
#define PS_M_MASK    0xfull
#define PS_M_AARCH32 (1ull << 4)
#define PS_M_SP	     (1ull << 0) /* SP_ELx selected */
#define PS_F	     (1ull << 6)
#define PS_I	     (1ull << 7)
#define PS_A	     (1ull << 8)
#define PS_D	     (1ull << 9)
#define PS_SSBS	     (1ull << 12)
#define PS_ALLINT    (1ull << 13)
#define PS_PAN	     (1ull << 22)
#define PS_TCO	     (1ull << 25)
#define PS_NZCV	     (0xfull << 28)
#define PS_DIT	     (1ull << 24)

/* AArch32 CPSR fields that differ from the AArch64 view. */
#define CPSR_MODE_UND 0x1bull
#define CPSR_T	      (1ull << 5)
#define CPSR_E	      (1ull << 9)
#define CPSR_GE	      (0xfull << 16)
#define CPSR_SSBS     (1ull << 23)
#define CPSR_Q	      (1ull << 27)

/* SCTLR_ELx (AArch64) and SCTLR (AArch32, the low half of SCTLR_EL1). */
#define SCTLR_SPAN	(1ull << 23)
#define SCTLR_DSSBS	(1ull << 44)
#define SCTLR_SPINTMASK (1ull << 62)
#define SCTLR32_V	(1ull << 13)
#define SCTLR32_EE	(1ull << 25)
#define SCTLR32_TE	(1ull << 30)
#define SCTLR32_DSSBS	(1ull << 31)

#define HCR_TGE (1ull << 27)
#define HCR_RW	(1ull << 31)
#define HCR_E2H (1ull << 34)

#define SCR_RW (1ull << 10)

/* ESR_ELx: EC 0 (unknown reason), IL 1 (RES1 for this EC). */
#define ESR_UNKNOWN_IL (1ull << 25)

/* AArch32 Undefined exception: vector offset, and LR offset for A32 / T32 code. */
#define A32_UNDEF_VECTOR 0x4u
#define A32_HIGH_VECTORS 0xffff0000ull

static unsigned int source_el(uint64_t spsr)
{
	if (spsr & PS_M_AARCH32) {
		/* AArch32 modes: User is EL0; the rest a lower EL can be in is EL1 (Hyp: EL2). */
		uint64_t mode = spsr & 0x1f;
		return mode == 0x10 ? 0 : mode == 0x1a ? 2 : 1;
	}
	return (unsigned int)((spsr >> 2) & 3);
}

static bool el1_is_aarch32(const struct undef_source *s)
{
	if (s->features & UNDEF_FEAT_EL2)
		return !(s->hcr_el2 & HCR_RW);
	return !(s->scr & SCR_RW);
}

static void enter_aarch32_el1(const struct undef_source *s, struct undef_entry *out)
{
	uint64_t old = s->spsr;
	uint64_t sctlr = s->sctlr[1];
	uint64_t cpsr = old & (PS_NZCV | CPSR_Q | CPSR_GE | PS_DIT | PS_A | PS_F | PS_PAN);

	cpsr |= CPSR_MODE_UND | PS_I | PS_M_AARCH32;
	if (sctlr & SCTLR32_TE)
		cpsr |= CPSR_T;
	if (sctlr & SCTLR32_EE)
		cpsr |= CPSR_E;
	if (!(sctlr & SCTLR_SPAN) && (s->features & UNDEF_FEAT_PAN))
		cpsr |= PS_PAN;
	if ((sctlr & SCTLR32_DSSBS) && (s->features & UNDEF_FEAT_SSBS))
		cpsr |= CPSR_SSBS;
	out->el = 1;
	out->aarch32 = true;
	out->spsr_el3 = cpsr;
	out->target_spsr = old;
	/* The preferred return is the next instruction: +4 in A32, +2 in T32. */
	out->target_elr = (uint32_t)(s->elr + ((old & CPSR_T) ? 2 : 4));
	out->target_esr = 0;
	out->elr_el3 = ((sctlr & SCTLR32_V) ? A32_HIGH_VECTORS : (uint32_t)s->vbar[1] & ~0x1full) +
		       A32_UNDEF_VECTOR;
}

static void enter_aarch64(const struct undef_source *s, unsigned int from, unsigned int el,
			  struct undef_entry *out)
{
	uint64_t old = s->spsr;
	uint64_t sctlr = s->sctlr[el];
	uint64_t ps = (old & (PS_NZCV | PS_DIT | PS_PAN)) | PS_D | PS_A | PS_I | PS_F;
	uint64_t offset;

	ps |= ((uint64_t)el << 2) | PS_M_SP;
	/* PAN exists at EL1, and at EL2 only in a host (E2H) EL2. */
	bool pan_el = el == 1 || (s->hcr_el2 & HCR_E2H);
	if (!(s->features & UNDEF_FEAT_PAN) || !pan_el)
		ps &= ~PS_PAN;
	else if (!(sctlr & SCTLR_SPAN))
		ps |= PS_PAN;
	if ((s->features & UNDEF_FEAT_SSBS) && (sctlr & SCTLR_DSSBS))
		ps |= PS_SSBS;
	if (s->features & UNDEF_FEAT_MTE)
		ps |= PS_TCO;
	if ((s->features & UNDEF_FEAT_NMI) && !(sctlr & SCTLR_SPINTMASK))
		ps |= PS_ALLINT;

	if (from == el)
		offset = (old & PS_M_SP) ? 0x200 : 0x000;
	else
		offset = (old & PS_M_AARCH32) ? 0x600 : 0x400;
	out->el = el;
	out->aarch32 = false;
	out->spsr_el3 = ps;
	out->target_spsr = old;
	out->target_elr = s->elr;
	out->target_esr = ESR_UNKNOWN_IL;
	out->elr_el3 = (s->vbar[el] & ~0x7ffull) + offset;
}

void undef_entry_compute(const struct undef_source *src, struct undef_entry *out)
{
	unsigned int from = source_el(src->spsr);
	/* EL0 of a host OS running at EL2 (HCR_EL2.TGE) goes to EL2, like EL2 itself. */
	bool host_el0 = from == 0 && (src->features & UNDEF_FEAT_EL2) && (src->hcr_el2 & HCR_TGE);
	unsigned int el = (from == 2 || host_el0) ? 2 : 1;

	if (el == 1 && el1_is_aarch32(src))
		enter_aarch32_el1(src, out);
	else
		enter_aarch64(src, from, el, out);
}
