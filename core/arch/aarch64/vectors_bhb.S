/*
 * EL3 vectors with the Spectre-BHB (CVE-2022-23960) branch loop of 24 iterations, the
 * count Arm gives for Neoverse N1 (and Cortex-A76/A77), plus the struct
 * secmon_cpu_vectors that names it. Only the PMCR_EL0.DP (_pmu) flavour: those cores
 * implement PMUv3.1, never the SCCD of PMUv3.5, so a plain flavour would be dead code.
 *
 * An object of its own: the tables sit in .text.vectors.* sections, which the linker
 * script keeps, so only an image whose cpu ops point at secmon_bhb24_vectors
 * (platforms/common/cpus/neoverse_n1.c) pulls this object from the archive and pays
 * its 2 KiB.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"
#include "vector_table.S"

#define BHB_LOOPS_24 24

	vector_table secmon_vectors_bhb24_pmu, bhb, _pmu, BHB_LOOPS_24

	cpu_vectors secmon_bhb24_vectors, 0, secmon_vectors_bhb24_pmu
