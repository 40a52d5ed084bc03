/*
 * EL3 vectors that invalidate the branch predictor by turning the EL3 MMU off and on, on
 * SMC and AArch32 sync entries (Cortex-A57 and A72: CVE-2017-5715, and CVE-2022-23960 as
 * Arm advises for them), plus the struct secmon_cpu_vectors that names them. Only the
 * PMCR_EL0.DP (_pmu) flavour: those cores implement PMUv3 of Armv8.0, never the SCCD of
 * PMUv3.5, so a plain flavour would be 2 KiB of dead code.
 *
 * An object of its own, like vectors_bhb.S: only an image whose cpu ops point at
 * secmon_bp_mmu_vectors (platforms/common/cpus/cortex_a57.c) links it.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"
#include "vector_table.S"

	vector_table secmon_vectors_bp_mmu_pmu, mmu, _pmu

	cpu_vectors secmon_bp_mmu_vectors, 0, secmon_vectors_bp_mmu_pmu
