/*
 * The EL3 vector table without an entry-time mitigation but with the PMCR_EL0.DP
 * handling (its SMC paths are in smc_paths_dp.S), plus secmon_no_mitigation_dp_vectors:
 * the struct secmon_cpu_vectors of cores with no mitigation whose PMU never has SCCD
 * (Cortex-A53: PMUv3 of Armv8.0), which leaves the plain table out.
 *
 * Like every table, an object of its own, linked only when a listed cpu ops entry points
 * at it (secmon/cpu_ops.h).
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "vector_table.S"

	vector_table secmon_vectors_pmu, none, _pmu

	cpu_vectors secmon_no_mitigation_dp_vectors, 0, secmon_vectors_pmu
