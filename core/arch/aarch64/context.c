/* Normal-world context: first entry, and what survives a CPU power-down. */
#include <string.h>

#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/internal/context.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/pmu.h>
#include <secmon/platform.h>
#include <secmon_config.h>

#include "feature_rules.h"
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

/*
 * SCR_EL3 for the normal world: AArch64, its interrupts stay with it, and the enables of
 * every feature this CPU has (feature_rules.c).
 */
static uint64_t ns_scr(int el2)
{
	uint64_t scr = SCR_RES1 | SCR_NS | SCR_RW | feat_enables(FEAT_SCR);

	if (el2)
		scr |= SCR_HCE;
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

/*
 * An entry SPSR the platform names (a loader's BL33 SPSR) is taken only where it asks for
 * what the context sets up anyway: AArch64, SP_ELx, the EL reset_entry chose. Entering
 * EL1 below an implemented EL2 would need EL2's registers set up for it (HCR_EL2.RW
 * among them), and AArch32 a context that holds it; neither is here.
 */
SECMON_COLD_BOOT void secmon_ctx_init_ns(struct secmon_cpu_context *ctx,
					 const struct secmon_ns_entry *entry)
{
	memset(ctx, 0, sizeof(*ctx));
	/* The normal world starts with the PMU as reset left it (DP clear). */
	if (secmon_this_cpu()->pmu_dp)
		ctx->ns_pmcr = read_sysreg(pmcr_el0) & ~(uint64_t)PMCR_DP;
	secmon_ctx_reset_entry(ctx, entry->pc, entry->args[0]);
	for (int i = 1; i < 4; i++)
		ctx->gp.x[i] = entry->args[i];
	if (entry->spsr) {
		if ((entry->spsr & ~(uint32_t)SPSR_DAIF_MASKED) != (ctx->el3.spsr & 0xf))
			secmon_panic("normal-world SPSR 0x%x: only AArch64 EL%lluh can be entered",
				     entry->spsr, (unsigned long long)ctx->entry_el);
		ctx->el3.spsr = entry->spsr;
	}
}
