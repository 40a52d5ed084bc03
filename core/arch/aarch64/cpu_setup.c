/*
 * Per-CPU EL3 setup on every boot (cold and warm): pick the core's cpu ops by MIDR,
 * run its reset hook, install the vectors its workarounds need, and program the EL3
 * controls that decide what the normal world may use without trapping.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cpu_ops.h>
#include <secmon/log.h>
#include <secmon/percpu.h>

#include "internal.h"

extern char secmon_vectors[], secmon_vectors_bp_mmu[];

/* CPTR_EL3: trap nothing to EL3 except what does not exist; enable SVE/SME if present. */
#define CPTR_EZ (1ull << 8)
#define CPTR_ESM (1ull << 12)
/* MDCR_EL3: secure self-hosted debug disabled. */
#define MDCR_SDD (1ull << 16)
#define ZCR_LEN_MAX 0xfull

const struct secmon_cpu_ops *secmon_this_cpu_ops(void)
{
	return secmon_this_cpu()->ops;
}

static const struct secmon_cpu_ops *find_ops(const struct secmon_platform *plat, uint32_t midr)
{
	for (size_t i = 0; i < plat->cpu_ops_count; i++) {
		const struct secmon_cpu_ops *ops = plat->cpu_ops[i];
		if ((midr & ops->midr_mask) == ops->midr)
			return ops;
	}
	secmon_panic("no cpu ops for MIDR 0x%x", (unsigned int)midr);
}

static void el3_controls(void)
{
	uint64_t pfr0 = read_sysreg(id_aa64pfr0_el1);
	uint64_t pfr1 = read_sysreg(id_aa64pfr1_el1);
	uint64_t cptr = 0;

	if (ID_FIELD(pfr0, ID_AA64PFR0_SVE_SHIFT))
		cptr |= CPTR_EZ;
	if (ID_FIELD(pfr1, ID_AA64PFR1_SME_SHIFT))
		cptr |= CPTR_ESM;
	write_sysreg(cptr_el3, cptr);
	isb();
	if (cptr & CPTR_EZ)
		write_sysreg(S3_6_C1_C2_0, ZCR_LEN_MAX); /* ZCR_EL3: all vector lengths */
	if (cptr & CPTR_ESM)
		write_sysreg(S3_6_C1_C2_6, (1ull << 31) | ZCR_LEN_MAX); /* SMCR_EL3: FA64, LEN */
	write_sysreg(mdcr_el3, MDCR_SDD);
	isb();
}

void secmon_cpu_setup(const struct secmon_platform *plat, struct secmon_cpu *cpu)
{
	const struct secmon_cpu_ops *ops = find_ops(plat, (uint32_t)read_sysreg(midr_el1));

	cpu->ops = ops;
	if (ops->reset)
		ops->reset();
	write_sysreg(vbar_el3, ops->bp_inval == SECMON_BP_INVAL_MMU_TOGGLE
				       ? (uint64_t)(uintptr_t)secmon_vectors_bp_mmu
				       : (uint64_t)(uintptr_t)secmon_vectors);
	el3_controls();
}
