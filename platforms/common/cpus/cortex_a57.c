/*
 * Cortex-A57 (and A72, which needs the same): affected by CVE-2017-5715 and
 * CVE-2022-23960, mitigated by invalidating the branch predictor on every entry from a
 * lower EL (EL3 MMU off/on); affected by CVE-2018-3639, mitigated for good at reset.
 */
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cortex_a5x.h"

static void cortex_a57_reset(void)
{
	cortex_a5x_enable_smp();
	write_sysreg(CPUACTLR_EL1, read_sysreg(CPUACTLR_EL1) | CPUACTLR_DIS_LOAD_PASS_STORE);
	isb();
}

static enum secmon_wa_status cortex_a57_wa_status(unsigned int wa)
{
	return wa == 2 ? SECMON_WA_ALWAYS_ON : SECMON_WA_REQUIRED;
}

const struct secmon_cpu_ops secmon_cortex_a57_ops = {
    .name = "Cortex-A57",
    .midr = MIDR_CORTEX_A57,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a57_reset,
    .wa_status = cortex_a57_wa_status,
    .bp_inval = SECMON_BP_INVAL_MMU_TOGGLE,
};

const struct secmon_cpu_ops secmon_cortex_a72_ops = {
    .name = "Cortex-A72",
    .midr = MIDR_CORTEX_A72,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a57_reset,
    .wa_status = cortex_a57_wa_status,
    .bp_inval = SECMON_BP_INVAL_MMU_TOGGLE,
};
