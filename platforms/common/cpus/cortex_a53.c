/*
 * Cortex-A53 and Cortex-A35: in-order cores, not affected by CVE-2017-5715, -2018-3639
 * or -2022-23960 (Arm's speculative processor vulnerability list names neither; Linux
 * lists both as safe from Spectre-v2 and Spectre-BHB): no mitigation, the table without
 * one. Power-down (A53 TRM "Powering down an individual core" / "the cluster"; the A35
 * TRM has the same steps and the same CPUECTLR_EL1.SMPEN): data cache off, clean and
 * invalidate L1 (and L2 for the cluster) by set/way, SMPEN off, then WFI.
 */
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cortex_a5x.h"

static enum secmon_wa_status cortex_a53_wa_status(unsigned int wa)
{
	(void)wa;
	return SECMON_WA_NOT_REQUIRED;
}

/* Not inlined: one copy of the cache-off sequence serves both entry points. */
__attribute__((noinline)) static void cortex_a53_pwr_dwn(unsigned int level)
{
	cpus_dcache_off_flush(level);
	cortex_a5x_disable_smp();
	cpus_dsb();
}

static void cortex_a53_core_pwr_dwn(void)
{
	cortex_a53_pwr_dwn(CORTEX_A5X_CORE_LEVEL);
}

static void cortex_a53_cluster_pwr_dwn(void)
{
	cortex_a53_pwr_dwn(CORTEX_A5X_CLUSTER_LEVEL);
}

const struct secmon_cpu_ops secmon_cortex_a53_ops = {
    .name = "Cortex-A53",
    .midr = MIDR_CORTEX_A53,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a5x_enable_smp,
    .wa_status = cortex_a53_wa_status,
    .vectors = SECMON_CPU_VECTORS(none),
    .core_pwr_dwn = cortex_a53_core_pwr_dwn,
    .cluster_pwr_dwn = cortex_a53_cluster_pwr_dwn,
};

const struct secmon_cpu_ops secmon_cortex_a35_ops = {
    .name = "Cortex-A35",
    .midr = MIDR_CORTEX_A35,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a5x_enable_smp,
    .wa_status = cortex_a53_wa_status,
    .vectors = SECMON_CPU_VECTORS(none),
    .core_pwr_dwn = cortex_a53_core_pwr_dwn,
    .cluster_pwr_dwn = cortex_a53_cluster_pwr_dwn,
};
