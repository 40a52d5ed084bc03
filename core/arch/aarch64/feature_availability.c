/* SMCCC_ARCH_FEATURE_AVAILABILITY on the running CPU: the rules (feature_rules.h), live controls.
 */
#include <secmon/arch.h>
#include <secmon/features.h>
#include <secmon/internal/percpu.h>
#include <secmon/smccc.h>

#include "feature_rules.h"

int32_t secmon_feature_availability(uint64_t selector, uint64_t *mask)
{
	enum feat_reg r;
	uint64_t live;

	/* The caller is the normal world: its SCR_EL3 is its context's; the rest are live. */
	switch (selector) {
	case FEAT_SEL_SCR_EL3:
		r = FEAT_SCR;
		live = secmon_this_cpu()->ctx->el3.scr;
		break;
	case FEAT_SEL_CPTR_EL3:
		r = FEAT_CPTR;
		live = read_sysreg(cptr_el3);
		break;
	case FEAT_SEL_MDCR_EL3:
		r = FEAT_MDCR;
		live = read_sysreg(mdcr_el3);
		break;
	default:
		*mask = 0;
		return SMCCC_RET_INVALID_PARAMETER;
	}
	*mask = feat_available(r, live);
	return SMCCC_RET_SUCCESS;
}
