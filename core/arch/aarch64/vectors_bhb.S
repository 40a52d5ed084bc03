/*
 * EL3 vectors with the Spectre-BHB (CVE-2022-23960) branch loop of 24 iterations, the
 * count Arm gives for Neoverse N1 (and Cortex-A76/A77): secmon_vectors_bhb24.
 *
 * An object of its own: the tables sit in .text.vectors.* sections, which the linker
 * script keeps, so only an image whose cpu ops name secmon_vectors_bhb24
 * (platforms/common/cpus/neoverse_n1.c) pulls this object from the archive and pays
 * its 2 KiB.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"
#include "vector_table.S"

#define BHB_LOOPS_24 24

	vector_table secmon_vectors_bhb24, bhb, BHB_LOOPS_24
