/*
 * Neoverse N1 as a model that has none of the core's IMPDEF registers: QEMU 7.2's
 * "neoverse-n1" (MIDR r4p1) takes an undefined-instruction exception on
 * CPUPWRCTLR_EL1 and on the DSU's CLUSTERPWRDN_EL1, which the silicon entry
 * (neoverse_n1.c) writes at reset and power-down. Speculation answers and EL3 vectors as
 * on silicon (the model reports CSV2 = 1 and SSBS, and no ECBHB: the Spectre-BHB loop
 * vectors run and WORKAROUND_3 is required); no reset step; the architectural
 * power-down of the generic ops. A file of its own so that images listing only the
 * silicon entry do not link the generic power-down. List it on such a model, never on
 * hardware. The same holds for QEMU 7.2's "cortex-a76" (MIDR r4p1, CSV2 = 1, SSBS, no
 * ECBHB, no IMPDEF registers): its entry below gives it the A76's Spectre-BHB loop (24,
 * as for N1) and N1's answers; on a model without SSBS WORKAROUND_2 is NOT_SUPPORTED,
 * since the silicon's CPUACTLR2_EL1 fix cannot be applied there.
 */
#include <secmon/arch.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "generic.h"
#include "neoverse_n1.h"

const struct secmon_cpu_ops secmon_neoverse_n1_model_ops = {
    .name = "Neoverse N1 (model)",
    .midr = MIDR_NEOVERSE_N1,
    .midr_mask = MIDR_PARTNUM_MASK,
    .wa_status = cpus_neoverse_n1_wa_status,
    .vectors = SECMON_CPU_VECTORS(bhb24),
    .core_pwr_dwn = cpus_generic_core_pwr_dwn,
    .cluster_pwr_dwn = cpus_generic_cluster_pwr_dwn,
};

const struct secmon_cpu_ops secmon_cortex_a76_model_ops = {
    .name = "Cortex-A76 (model)",
    .midr = MIDR_CORTEX_A76,
    .midr_mask = MIDR_PARTNUM_MASK,
    .wa_status = cpus_neoverse_n1_wa_status,
    .vectors = SECMON_CPU_VECTORS(bhb24),
    .core_pwr_dwn = cpus_generic_core_pwr_dwn,
    .cluster_pwr_dwn = cpus_generic_cluster_pwr_dwn,
};
