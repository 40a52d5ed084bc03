/* Normal-world context: first entry, and what survives a CPU power-down. */
#include <string.h>

#include <secmon/arch.h>
#include <secmon/internal/context.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon_config.h>

#include "internal.h"

/* SCTLR_EL2 / SCTLR_EL1 RES1 bits with the MMU and caches off, little endian. */
#define SCTLR_EL2_RESET 0x30c50830ull
#define SCTLR_EL1_RESET 0x30d00800ull

#if SECMON_ENABLE_SPD
uint64_t secmon_ns_scr_route_bits;
#endif

static int has_el2(void)
{
	return ID_FIELD(read_sysreg(id_aa64pfr0_el1), ID_AA64PFR0_EL2_SHIFT) != 0;
}

/* SCR_EL3 for the normal world: AArch64, its interrupts stay with it, features on. */
static uint64_t ns_scr(int el2)
{
	uint64_t scr = SCR_RES1 | SCR_NS | SCR_RW;
	uint64_t isar1 = read_sysreg(id_aa64isar1_el1);
	uint64_t pfr0 = read_sysreg(id_aa64pfr0_el1);
	uint64_t pfr1 = read_sysreg(id_aa64pfr1_el1);
	uint64_t mmfr0 = read_sysreg(id_aa64mmfr0_el1);
	uint64_t mmfr1 = read_sysreg(id_aa64mmfr1_el1);

	if (el2)
		scr |= SCR_HCE;
	/* Pointer authentication keys and instructions: do not trap the normal world. */
	if (ID_FIELD(isar1, ID_AA64ISAR1_APA_SHIFT) || ID_FIELD(isar1, ID_AA64ISAR1_API_SHIFT) ||
	    ID_FIELD(isar1, ID_AA64ISAR1_GPA_SHIFT) || ID_FIELD(isar1, ID_AA64ISAR1_GPI_SHIFT) ||
	    ID_FIELD(read_sysreg(S3_0_C0_C6_2), ID_AA64ISAR2_APA3_SHIFT))
		scr |= SCR_API | SCR_APK;
	if (ID_FIELD(pfr0, ID_AA64PFR0_CSV2_SHIFT) >= 2)
		scr |= SCR_ENSCXT;
	if (ID_FIELD(pfr1, ID_AA64PFR1_MTE_SHIFT) >= 2)
		scr |= SCR_ATA;
	if (ID_FIELD(mmfr0, ID_AA64MMFR0_FGT_SHIFT))
		scr |= SCR_FGTEN;
	if (ID_FIELD(mmfr0, ID_AA64MMFR0_ECV_SHIFT))
		scr |= SCR_ECVEN;
	if (ID_FIELD(mmfr1, ID_AA64MMFR1_HCX_SHIFT))
		scr |= SCR_HXEN;
	/* SME: TPIDR2_EL0 (CPTR_EL3.ESM and SMCR_EL3 are set in cpu_setup.c). */
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT))
		scr |= SCR_ENTP2;
#if SECMON_ENABLE_SPD
	scr |= secmon_ns_scr_route_bits;
#endif
	return scr;
}

void secmon_ctx_reset_entry(struct secmon_cpu_context *ctx, uint64_t pc, uint64_t x0)
{
	int el2 = has_el2();

	memset(&ctx->gp, 0, sizeof(ctx->gp));
	ctx->gp.x[0] = x0;
	ctx->el3.elr = pc;
	ctx->el3.spsr = SPSR_DAIF_MASKED | (el2 ? SPSR_M_EL2H : SPSR_M_EL1H);
	ctx->el3.scr = ns_scr(el2);
	ctx->entry_el = el2 ? 2 : 1;
	/* The entry EL starts with its MMU and caches off, as after a reset. */
	if (el2)
		write_sysreg(sctlr_el2, SCTLR_EL2_RESET);
	else
		write_sysreg(sctlr_el1, SCTLR_EL1_RESET);
}

void secmon_ctx_init_ns(struct secmon_cpu_context *ctx, uint64_t pc, const uint64_t args[4])
{
	memset(ctx, 0, sizeof(*ctx));
	/* The normal world starts with the PMU as reset left it (DP clear). */
	if (secmon_this_cpu()->pmu_dp)
		ctx->ns_pmcr = read_sysreg(pmcr_el0) & ~(uint64_t)PMCR_DP;
	secmon_ctx_reset_entry(ctx, pc, args[0]);
	for (int i = 1; i < 4; i++)
		ctx->gp.x[i] = args[i];
}
