/*
 * EL3 vectors that invalidate the branch predictor by turning the EL3 MMU off and on, on
 * SMC and AArch32 sync entries (secmon_vectors_bp_mmu): Cortex-A57 and A72, for
 * CVE-2017-5715, and CVE-2022-23960 as Arm advises for them.
 *
 * An object of its own, like vectors_bhb.S: only an image whose cpu ops name it
 * (platforms/common/cpus/cortex_a57.c) links it.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"
#include "vector_table.S"

	vector_table secmon_vectors_bp_mmu, mmu
