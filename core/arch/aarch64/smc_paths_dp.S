/*
 * The SMC paths with the PMCR_EL0.DP handling (smc_paths.S, suffix _pmu), for every
 * table of a core whose PMU has no SCCD: vectors_dp.S and the mitigation tables of
 * vectors_bp_mmu.S and vectors_bhb.S branch here. An object of its own, so an image
 * whose cores all have SCCD does not carry it.
 */
#include "smc_paths.S"

	smc_paths _pmu
