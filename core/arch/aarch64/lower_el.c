/*
 * Synchronous exceptions from the normal world that are not "SMC #0" from AArch64: SMCs
 * with a non-zero immediate (reserved: SMC_UNK), SMCs from AArch32 (SMC32 calls only),
 * and every other trap. The monitor enables each feature for the normal world as the
 * architecture intends (cpu_setup.c, context.c), so any other trap is one it did not
 * mean to take: the lower EL gets the Undefined Instruction exception that an absent
 * register would give it (undef_entry.c), never a panic.
 *
 * Reached through the slow path of smc_paths.S, which saved the whole context (ELR_EL3
 * and SPSR_EL3 included) and leaves through secmon_el3_exit(ctx): what is written into
 * ctx here is what the lower EL resumes with.
 */
#include <secmon/arch.h>
#include <secmon/internal/smc_dispatch.h>
#include <secmon/log.h>
#include <secmon/percpu.h>

#include "internal.h"
#include "undef_entry.h"

#define ESR_EC(esr)	   (((esr) >> 26) & 0x3f)
#define ESR_ISS_IMM16(esr) ((esr)&0xffff)
#define EC_SMC32	   0x13
#define EC_SMC64	   0x17

#define ID_AA64MMFR1_PAN_SHIFT 20
#define ID_AA64PFR1_NMI_SHIFT  36

static uint32_t undef_features(void)
{
	uint64_t pfr0 = read_sysreg(id_aa64pfr0_el1);
	uint64_t pfr1 = read_sysreg(id_aa64pfr1_el1);
	uint32_t f = 0;

	if (ID_FIELD(pfr0, ID_AA64PFR0_EL2_SHIFT))
		f |= UNDEF_FEAT_EL2;
	if (ID_FIELD(read_sysreg(id_aa64mmfr1_el1), ID_AA64MMFR1_PAN_SHIFT))
		f |= UNDEF_FEAT_PAN;
	if (ID_FIELD(pfr1, ID_AA64PFR1_SSBS_SHIFT))
		f |= UNDEF_FEAT_SSBS;
	if (ID_FIELD(pfr1, ID_AA64PFR1_MTE_SHIFT))
		f |= UNDEF_FEAT_MTE;
	if (ID_FIELD(pfr1, ID_AA64PFR1_NMI_SHIFT))
		f |= UNDEF_FEAT_NMI;
	return f;
}

/* Makes ctx resume at the lower EL's Undefined Instruction vector. */
static void inject_undef(struct secmon_cpu_context *ctx, uint64_t esr)
{
	struct undef_source src = {
	    .elr = ctx->el3.elr,
	    .spsr = ctx->el3.spsr,
	    .scr = read_sysreg(scr_el3),
	    .sctlr = {0, read_sysreg(sctlr_el1), 0},
	    .vbar = {0, read_sysreg(vbar_el1), 0},
	    .features = undef_features(),
	};
	struct undef_entry e;

	if (src.features & UNDEF_FEAT_EL2) {
		src.hcr_el2 = read_sysreg(hcr_el2);
		src.sctlr[2] = read_sysreg(sctlr_el2);
		src.vbar[2] = read_sysreg(vbar_el2);
	}
	undef_entry_compute(&src, &e);
	if (e.aarch32) {
		write_sysreg(spsr_und, e.target_spsr);
		ctx->gp.x[22] = e.target_elr; /* LR_und is X22 */
	} else if (e.el == 2) {
		write_sysreg(elr_el2, e.target_elr);
		write_sysreg(spsr_el2, e.target_spsr);
		write_sysreg(esr_el2, e.target_esr);
	} else {
		write_sysreg(elr_el1, e.target_elr);
		write_sysreg(spsr_el1, e.target_spsr);
		write_sysreg(esr_el1, e.target_esr);
	}
	ctx->el3.elr = e.elr_el3;
	ctx->el3.spsr = e.spsr_el3;
	/* Verbose only: the normal world can make as many of these as it likes. */
	VERBOSE("CPU%u: trap ESR_EL3 0x%llx at 0x%llx: UNDEFINED at EL%u\n",
		secmon_this_cpu_index(), (unsigned long long)esr, (unsigned long long)src.elr,
		e.el);
}

void secmon_lower_el_sync(struct secmon_cpu_context *ctx, uint64_t esr)
{
	switch (ESR_EC(esr)) {
	case EC_SMC64:
		ctx->gp.x[0] = SMC_UNK; /* non-zero immediate */
		return;
	case EC_SMC32: {
		uint32_t fid = (uint32_t)ctx->gp.x[0];
		/* An AArch32 caller cannot make SMC64 calls; it passes 32-bit registers. */
		if (ESR_ISS_IMM16(esr) != 0 || SMCCC_IS_SMC64(fid)) {
			ctx->gp.x[0] = SMC_UNK;
			return;
		}
		for (int i = 1; i < 8; i++)
			ctx->gp.x[i] = (uint32_t)ctx->gp.x[i];
		ctx->gp.x[0] = (uint32_t)secmon_smc_dispatch(fid, &ctx->gp);
		return;
	}
	default:
		inject_undef(ctx, esr);
	}
}
