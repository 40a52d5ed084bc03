/*
 * Synchronous exceptions from the normal world that are not "SMC #0" from AArch64:
 * SMCs with a non-zero immediate (reserved: SMC_UNK), SMCs from AArch32 (SMC32 calls
 * only) and anything else, which means the monitor trapped something it should not
 * have: that is a monitor bug, reported like a crash.
 */
#include <secmon/assert.h>
#include <secmon/log.h>
#include <secmon/percpu.h>
#include <secmon/smc.h>

#include "internal.h"

#define ESR_EC(esr)	   (((esr) >> 26) & 0x3f)
#define ESR_ISS_IMM16(esr) ((esr)&0xffff)
#define EC_SMC32	   0x13
#define EC_SMC64	   0x17

uint64_t secmon_lower_el_sync(struct secmon_cpu_context *ctx, uint64_t esr)
{
	switch (ESR_EC(esr)) {
	case EC_SMC64:
		return SMC_UNK; /* non-zero immediate */
	case EC_SMC32: {
		uint32_t fid = (uint32_t)ctx->gp.x[0];
		/* An AArch32 caller cannot make SMC64 calls; it passes 32-bit registers. */
		if (ESR_ISS_IMM16(esr) != 0 || SMCCC_IS_SMC64(fid))
			return SMC_UNK;
		for (int i = 1; i < 8; i++)
			ctx->gp.x[i] = (uint32_t)ctx->gp.x[i];
		return (uint32_t)secmon_smc_dispatch(fid, &ctx->gp);
	}
	default:
		secmon_panic("unexpected trap from the normal world: ESR_EL3 0x%llx ELR_EL3 0x%llx",
			     (unsigned long long)esr, (unsigned long long)ctx->el3.elr);
	}
}
