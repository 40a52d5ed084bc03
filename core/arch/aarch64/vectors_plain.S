/*
 * The EL3 vector table without an entry-time mitigation or PMCR_EL0 handling, for cores
 * whose PMU has SCCD (PMUv3.5: EL3 is not counted) or that have no PMU, with the plain
 * SMC paths only it uses, plus secmon_no_mitigation_vectors: the struct
 * secmon_cpu_vectors of cores with no mitigation that may have either kind of PMU (the
 * generic ops, e.g. QEMU's "max"), which names the DP table of vectors_dp.S as well.
 *
 * Like every table, an object of its own, linked only when a listed cpu ops entry points
 * at it (secmon/cpu_ops.h).
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "smc_paths.S"
#include "vector_table.S"

	vector_table secmon_vectors, none,

	smc_paths

	cpu_vectors secmon_no_mitigation_vectors, secmon_vectors, secmon_vectors_pmu
