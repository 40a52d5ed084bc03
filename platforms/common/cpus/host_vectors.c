/*
 * Host builds only: stand-ins for the EL3 vector tables that cpu ops point at (the real
 * ones are assembly in core/arch/aarch64, which the host does not build), so a unit test
 * can check which tables an entry selects.
 */
#include <secmon/cpu_ops.h>

static const char plain[1], dp[1], bhb24_pmu[1], bp_mmu_pmu[1];

/* As vectors_plain.S: both flavours. */
const struct secmon_cpu_vectors secmon_no_mitigation_vectors = {
    .plain = plain,
    .pmu = dp,
};

/* As vectors_dp.S: only the PMCR_EL0.DP flavour (Cortex-A53 has no SCCD). */
const struct secmon_cpu_vectors secmon_no_mitigation_dp_vectors = {
    .plain = 0,
    .pmu = dp,
};

/* As vectors_bhb.S: only the PMCR_EL0.DP flavour (these cores have no SCCD). */
const struct secmon_cpu_vectors secmon_bhb24_vectors = {
    .plain = 0,
    .pmu = bhb24_pmu,
};

/* As vectors_bp_mmu.S: only the PMCR_EL0.DP flavour (Cortex-A57/A72 have no SCCD). */
const struct secmon_cpu_vectors secmon_bp_mmu_vectors = {
    .plain = 0,
    .pmu = bp_mmu_pmu,
};
