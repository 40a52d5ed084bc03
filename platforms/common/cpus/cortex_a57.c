/*
 * Cortex-A57 (and A72, which needs the same): affected by CVE-2017-5715 and
 * CVE-2022-23960, mitigated by invalidating the branch predictor on every entry from a
 * lower EL (EL3 MMU off/on); affected by CVE-2018-3639, mitigated for good at reset.
 *
 * Power-down (A57 TRM 2.4.4, A72 TRM 2.4.5): no more L2 prefetches, data cache off,
 * clean and invalidate L1 (and L2 for the cluster) by set/way, SMPEN off, the OS double
 * lock on so external debug leaves the core alone, then WFI. The TRM turns the data
 * cache off before the prefetches; doing it the other way round is equivalent (the
 * prefetch controls only stop speculative fills) and keeps C code out of the window
 * between cache-off and the end of the flush, where a stack access would be unsafe.
 */
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cortex_a5x.h"

static void cortex_a57_reset(void)
{
	cortex_a5x_enable_smp();
	CPUS_SYSREG_WRITE(SYSREG_CPUACTLR_EL1,
			  CPUS_SYSREG_READ(SYSREG_CPUACTLR_EL1) | CPUACTLR_DIS_LOAD_PASS_STORE);
	cpus_isb();
}

static enum secmon_wa_status cortex_a57_wa_status(unsigned int wa)
{
	return wa == 2 ? SECMON_WA_ALWAYS_ON : SECMON_WA_REQUIRED;
}

/* Not inlined: one copy of the cache-off sequence serves both entry points. */
__attribute__((noinline)) static void cortex_a57_pwr_dwn(unsigned int level)
{
	uint64_t ectlr = CPUS_SYSREG_READ(SYSREG_CPUECTLR_EL1);

	ectlr |= CPUECTLR_DIS_TWD_ACC_PFTCH;
	ectlr &= ~(CPUECTLR_L2_IPFTCH_DIST | CPUECTLR_L2_DPFTCH_DIST);
	CPUS_SYSREG_WRITE(SYSREG_CPUECTLR_EL1, ectlr);
	cpus_isb();
	cpus_dsb();
	cpus_dcache_off_flush(level);
	cortex_a5x_disable_smp();
	CPUS_SYSREG_WRITE(SYSREG_OSDLR_EL1, OSDLR_DLK);
	cpus_isb();
	cpus_dsb();
}

static void cortex_a57_core_pwr_dwn(void)
{
	cortex_a57_pwr_dwn(CORTEX_A5X_CORE_LEVEL);
}

static void cortex_a57_cluster_pwr_dwn(void)
{
	cortex_a57_pwr_dwn(CORTEX_A5X_CLUSTER_LEVEL);
}

const struct secmon_cpu_ops secmon_cortex_a57_ops = {
    .name = "Cortex-A57",
    .midr = MIDR_CORTEX_A57,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a57_reset,
    .wa_status = cortex_a57_wa_status,
    .vectors = SECMON_CPU_VECTORS(bp_mmu),
    .core_pwr_dwn = cortex_a57_core_pwr_dwn,
    .cluster_pwr_dwn = cortex_a57_cluster_pwr_dwn,
};

const struct secmon_cpu_ops secmon_cortex_a72_ops = {
    .name = "Cortex-A72",
    .midr = MIDR_CORTEX_A72,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a57_reset,
    .wa_status = cortex_a57_wa_status,
    .vectors = SECMON_CPU_VECTORS(bp_mmu),
    .core_pwr_dwn = cortex_a57_core_pwr_dwn,
    .cluster_pwr_dwn = cortex_a57_cluster_pwr_dwn,
};
