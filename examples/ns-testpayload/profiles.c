/*
 * The board profiles (see profiles.h; README.md, "Boards", says how to add one). Keep each
 * in step with its monitor port.
 */
#include "profiles.h"
#include "dt.h"
#include "psci_client.h"
#include "util.h"

/*
 * SMCCC_ARCH_FEATURES(WORKAROUND_1 / _3) as the cpu ops of platforms/common/cpus answer
 * them, for every port that links them. 0 = required (the EL3 vectors mitigate on every
 * entry: MMU toggle on Cortex-A57/A72, Spectre-BHB branch loop on Neoverse N1), 1 = not
 * required. Cores not listed (QEMU's max: the generic ops, from the ID registers) are only
 * checked for a valid answer.
 */
static const struct core_workarounds libsecmon_cores[] = {
    {0x4100d030u, 1, 1},	       /* Cortex-A53: not affected */
    {0x4100d040u, 1, 1},	       /* Cortex-A35: not affected */
    {0x4100d0b0u, PROFILE_WA_CSV2, 0}, /* Cortex-A76: Spectre-BHB loop, like N1 */
    {0x4100d070u, 0, 0},	       /* Cortex-A57 */
    {0x4100d080u, 0, 0},	       /* Cortex-A72 */
    {0x4100d0c0u, PROFILE_WA_CSV2, 0}, /* Neoverse N1 */
};

/* Functions every PSCI 1.0+ implementation has, and MIGRATE_INFO_TYPE. */
#define PSCI_BASE                                                                                  \
	(PSCI_OFFERED(FN_PSCI_VERSION) | PSCI_OFFERED(FN_CPU_SUSPEND) | PSCI_OFFERED(FN_CPU_OFF) | \
	 PSCI_OFFERED(FN_CPU_ON) | PSCI_OFFERED(FN_AFFINITY_INFO) |                                \
	 PSCI_OFFERED(FN_MIGRATE_INFO_TYPE) | PSCI_OFFERED(FN_SYSTEM_OFF) |                        \
	 PSCI_OFFERED(FN_SYSTEM_RESET) | PSCI_OFFERED(FN_PSCI_FEATURES))

/*
 * PSCI of the QEMU ports: the power helper both use (platforms/common/power/park_power.c).
 * Power levels: CPU 0, cluster 1, system 2. Power states in the original power_state
 * format, StateID in the spec's recommended encoding. No Trusted OS that needs migrating
 * (MIGRATE_INFO_TYPE 2, no MIGRATE or MIGRATE_INFO_UP_CPU); every other optional function
 * offered. AFFINITY_INFO takes level 0 only (PSCI 1.0 on only requires that; the engine
 * offers only that).
 */
static const struct psci_profile psci_qemu = {
    .exact = true,
    .levels = 3,
    .standby = 0x00000001u,	/* CPU retention: returns from the SMC */
    .cpu_off = 0x00010002u,	/* CPU power down */
    .cluster_off = 0x01010022u, /* CPU and cluster power down */
    .system_off = 0x02010222u,	/* everything down */
    .recommended_stateid = true,
    .cpu_suspend_features = 0x1, /* bit 0 OS-initiated mode, bit 1 extended format: 0 */
    .system_off2_features = 0x1, /* bit 0 HIBERNATE_OFF */
    .offered = PSCI_BASE | PSCI_OFFERED(FN_CPU_FREEZE) | PSCI_OFFERED(FN_CPU_DEFAULT_SUSPEND) |
	       PSCI_OFFERED(FN_NODE_HW_STATE) | PSCI_OFFERED(FN_SYSTEM_SUSPEND) |
	       PSCI_OFFERED(FN_PSCI_SET_SUSPEND_MODE) | PSCI_OFFERED(FN_PSCI_STAT_RESIDENCY) |
	       PSCI_OFFERED(FN_PSCI_STAT_COUNT) | PSCI_OFFERED(FN_SYSTEM_RESET2) |
	       PSCI_OFFERED(FN_MEM_PROTECT) | PSCI_OFFERED(FN_MEM_PROTECT_CHECK_RANGE) |
	       PSCI_OFFERED(FN_SYSTEM_OFF2),
    .migrate_info_type = 2,
    .affinity_max = 0,
    .has_reset2_vendor = true,
    .reset2_vendor_cold = 0x80000000u, /* treated as a cold reset */
};

/*
 * QEMU virt with secure=on: flash0 at 0 (where -bios puts the monitor, 64 MiB) and secure
 * SRAM at 0x0e000000 (16 MiB) exist in the Secure address space only. EL3 addresses: the
 * SRAM, and the window where an image with page guards maps its stacks (the top GiB of
 * its address space; up to 2^39 here).
 */
static const struct secure_probe virt_secure_reads[] = {
    {0x00000000, "secure flash (the -bios image)"},
    {0x00001000, "secure flash, inside the monitor's image"},
    {0x03fffff8, "secure flash, last word"},
    {0x0e000000, "secure SRAM, first word"},
    {0x0e001000, "secure SRAM, inside the monitor's image"},
    {0x0e800000, "secure SRAM, middle"},
    {0x0efffff8, "secure SRAM, last word"},
};

static const struct addr_range virt_el3_ranges[] = {
    {0x0e000000ull, 0x0effffffull},	/* secure SRAM */
    {0x7f00000000ull, 0x7fffffffffull}, /* EL3 stack VAs */
};

/*
 * QEMU sbsa-ref (hw/arm/sbsa-ref.c): flash0 (256 MiB at 0, -bios) and the secure RAM
 * (512 MiB at 0x20000000) are Secure only. Where the port's EL3 stacks will live is not
 * known yet: only the secure RAM counts as EL3 addresses.
 */
static const struct secure_probe sbsa_secure_reads[] = {
    {0x00000000, "secure flash0 (the -bios image)"},
    {0x0ffffff8, "secure flash0, last word"},
    {0x20000000, "secure RAM, first word"},
    {0x3ffffff8, "secure RAM, last word"},
};

static const struct addr_range sbsa_el3_ranges[] = {
    {0x20000000ull, 0x3fffffffull}, /* secure RAM */
};

static const struct board_profile profiles[] = {
    {
	.name = "QEMU virt",
	.compatible = "linux,dummy-virt",
	/* Type 0: JEP-106 bank 5 (Arm: continuation count 4) in [30:24], code 0x3B, SoC 0x51. */
	.soc_id_exact = true,
	.soc_version = 0x043b0051u,
	.soc_revision = 0,
	.cores = libsecmon_cores,
	.core_count = ARRAY_SIZE(libsecmon_cores),
	.secure_reads = virt_secure_reads,
	.secure_read_count = ARRAY_SIZE(virt_secure_reads),
	.el3_ranges = virt_el3_ranges,
	.el3_range_count = ARRAY_SIZE(virt_el3_ranges),
	.psci = &psci_qemu,
	.qemu_test_triggers = true, /* examples/qemu-bl31/test_triggers.c */
	/* platforms/qemu-virt/qemu_virt.h: 823058b8-4744-45d0-92e9-e63f271a776f */
	.trng_rndr = true,
	.trng_uuid = {0x823058b8u, 0x474445d0u, 0x92e9e63fu, 0x271a776fu},
	.powerdown_emulated = true, /* platforms/qemu-virt: power loss of the PMU only */
    },
    {
	/* The out-of-tree sbsa-ref port: assumed to follow the QEMU virt port's PSCI. */
	.name = "QEMU sbsa-ref",
	.compatible = "linux,sbsa-ref",
	.soc_id_exact = false,
	.cores = libsecmon_cores,
	.core_count = ARRAY_SIZE(libsecmon_cores),
	.secure_reads = sbsa_secure_reads,
	.secure_read_count = ARRAY_SIZE(sbsa_secure_reads),
	.el3_ranges = sbsa_el3_ranges,
	.el3_range_count = ARRAY_SIZE(sbsa_el3_ranges),
	.psci = &psci_qemu,
	/* examples/sbsa-ref/sbsa_ref.h: 033924e4-4dca-4813-9bf3-0528fed48c35 */
	.trng_rndr = true,
	.trng_uuid = {0x033924e4u, 0x4dca4813u, 0x9bf30528u, 0xfed48c35u},
	.powerdown_emulated = true, /* platforms/common/power/park_power.c */
    },
};

static const struct board_profile generic = {
    .name = "generic (no profile for this board)",
    .soc_id_exact = false,
};

const struct board_profile *profile_generic(void)
{
	return &generic;
}

const struct board_profile *profile_for(const struct dt_info *dt)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(profiles); i++)
		if (dt_root_compatible(dt, profiles[i].compatible))
			return &profiles[i];
	return &generic;
}
