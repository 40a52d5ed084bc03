/*
 * Neoverse N1 (MIDR part 0xD0C), a DynamIQ core with private L1 and L2 caches in a DSU
 * cluster.
 *
 * Power-down (N1 TRM "Power management": the same sequence as Cortex-A76): set
 * CPUPWRCTLR_EL1.CORE_PWRDN_EN, ISB, WFI. After the WFI the core, under the power
 * controller's direction, disables and cleans its L1 and L2 and leaves coherency in
 * hardware; no set/way maintenance, no SCTLR_EL3.C change and no SMPEN-style bit is
 * needed, and none is done (so these ops return with the data cache on, still
 * coherent). A WFI with CORE_PWRDN_EN set never wakes: the core comes back only
 * through reset. The cluster: the last core also sets the DSU's CLUSTERPWRDN_EL1.PWRDN
 * (secmon/drivers/dsu.h) and the DSU flushes its L3 when the power controller takes the
 * cluster down; every other core clears it, so a stale request never takes the cluster
 * down under a running sibling. Power-up needs no software step.
 *
 * Errata (Arm's Neoverse N1 Software Developer Errata Notice, as TF-A applies it):
 *   2743102 (r0p0-r4p1, every N1 shipped): the power-down sequence needs a DSB SY
 *            before its ISB; done in pwr_dwn() below.
 * No reset-time erratum is applied: the notice's CPUACTLR*_EL1 workarounds for r0p0-r3p0
 * (1073348, 1130799, 1165347, 1207823, 1220197, 1257314, 1262606, 1262888, 1275112,
 * 1315703, 1868343) and the instruction-patching ones (1043202, 1542419, 1946160) are
 * not verified here against the notice, so the reset hook only clears CORE_PWRDN_EN.
 *
 * Speculation (answers of SMCCC_ARCH_FEATURES): N1 reports CSV2 = 1 in ID_AA64PFR0_EL1
 * (branch targets do not leak: WORKAROUND_1 not required) and SSBS in ID_AA64PFR1_EL1
 * (the OS controls speculative store bypass: WORKAROUND_2 not required); both are read
 * from the registers, as on any core. N1 is affected by Spectre-BHB (CVE-2022-23960),
 * every revision (CSV2 < 3, no ECBHB, no CLRBHB): Arm's mitigation for it is a loop of
 * 24 iterations of taken branches, then DSB + ISB, on every entry to EL3 from a lower EL
 * before any indirect branch (Arm's Spectre-BHB guidance; Linux lists N1 with k = 24,
 * TF-A gives N1 a BHB-loop vector table). The ops point at the vectors that do it
 * (core/arch/aarch64/vectors_bhb.S), which also serve the SMCCC_ARCH_WORKAROUND_3 call
 * itself, so WORKAROUND_3 is implemented and required here.
 *
 * Cortex-A76 (MIDR part 0xD0B), the core N1 was derived from, has the same power
 * controls (A76 TRM: CPUPWRCTLR_EL1.CORE_PWRDN_EN, a DSU cluster), the same erratum
 * 2743102 in its power-down (r0p0-r4p1, as TF-A applies it) and the same speculation
 * answers, with one difference: r0p0-r2p0 have no SSBS, and Arm's mitigation of
 * CVE-2018-3639 for them is CPUACTLR2_EL1 bit 16 (no load passes an older store), set
 * here at reset for good (WORKAROUND_2 then answers NOT_REQUIRED, "always on"). Its
 * Spectre-BHB mitigation is the loop of 24 (Arm's Spectre-BHB guidance; Linux's k = 24
 * list: Cortex-A76, A77, Neoverse N1): the same vectors.
 */
#include <stdbool.h>

#include <secmon/arch.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>
#include <secmon/drivers/dsu.h>

#include "generic.h"
#include "neoverse_n1.h"

#define N1_ERRATUM_2743102_LAST_REV 0x41u /* r4p1 */

static void neoverse_n1_reset(void)
{
	/* Left set by an earlier power-down, the next WFI would never wake. */
	CPUS_SYSREG_WRITE(SYSREG_N1_CPUPWRCTLR_EL1,
			  CPUS_SYSREG_READ(SYSREG_N1_CPUPWRCTLR_EL1) & ~N1_CORE_PWRDN_EN);
	cpus_isb();
}

static bool has_ssbs(void)
{
	return ID_FIELD(CPUS_SYSREG_READ(SYSREG_ID_AA64PFR1_EL1), ID_AA64PFR1_SSBS_SHIFT) != 0;
}

/* WORKAROUND_1 from CSV2 and _2 from SSBS as on any core; _3 by the BHB-loop vectors. */
enum secmon_wa_status cpus_neoverse_n1_wa_status(unsigned int wa)
{
	return wa == 3 ? SECMON_WA_REQUIRED : cpus_wa_from_id_registers(wa);
}

static void cortex_a76_reset(void)
{
	neoverse_n1_reset();
	if (!has_ssbs()) {
		CPUS_SYSREG_WRITE(SYSREG_A76_CPUACTLR2_EL1,
				  CPUS_SYSREG_READ(SYSREG_A76_CPUACTLR2_EL1) |
				      A76_DISABLE_LOAD_PASS_STORE);
		cpus_isb();
	}
}

static enum secmon_wa_status cortex_a76_wa_status(unsigned int wa)
{
	if (wa == 2 && !has_ssbs())
		return SECMON_WA_ALWAYS_ON; /* CPUACTLR2_EL1 bit 16, set at reset */
	return cpus_neoverse_n1_wa_status(wa);
}

static void neoverse_n1_pwr_dwn(bool cluster)
{
	dsu_cluster_pwrdn_request(cluster);
	CPUS_SYSREG_WRITE(SYSREG_N1_CPUPWRCTLR_EL1,
			  CPUS_SYSREG_READ(SYSREG_N1_CPUPWRCTLR_EL1) | N1_CORE_PWRDN_EN);
	if (MIDR_REV(CPUS_SYSREG_READ(SYSREG_MIDR_EL1)) <= N1_ERRATUM_2743102_LAST_REV)
		cpus_dsb(); /* erratum 2743102 */
	cpus_isb();
}

static void neoverse_n1_core_pwr_dwn(void)
{
	neoverse_n1_pwr_dwn(false);
}

static void neoverse_n1_cluster_pwr_dwn(void)
{
	neoverse_n1_pwr_dwn(true);
}

const struct secmon_cpu_ops secmon_neoverse_n1_ops = {
    .name = "Neoverse N1",
    .midr = MIDR_NEOVERSE_N1,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = neoverse_n1_reset,
    .wa_status = cpus_neoverse_n1_wa_status,
    .vectors = SECMON_CPU_VECTORS(bhb24),
    .core_pwr_dwn = neoverse_n1_core_pwr_dwn,
    .cluster_pwr_dwn = neoverse_n1_cluster_pwr_dwn,
};

const struct secmon_cpu_ops secmon_cortex_a76_ops = {
    .name = "Cortex-A76",
    .midr = MIDR_CORTEX_A76,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a76_reset,
    .wa_status = cortex_a76_wa_status,
    .vectors = SECMON_CPU_VECTORS(bhb24),
    .core_pwr_dwn = neoverse_n1_core_pwr_dwn,
    .cluster_pwr_dwn = neoverse_n1_cluster_pwr_dwn,
};
