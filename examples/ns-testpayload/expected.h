/*
 * Values the monitor under test must return that are choices of the monitor or the board,
 * not of a specification. Keep them in step with the services and the platform port.
 */
#ifndef NS_EXPECTED_H
#define NS_EXPECTED_H

#include <secmon_config.h>

/*
 * 1 if the image serves PSCI, i.e. owning entity 4 (standard secure service): function
 * numbers 0x00-0x1F and the general queries. Used by tests/served_ranges.c and the
 * general-query checks.
 */
#ifndef EXPECTED_PSCI_SERVED
#define EXPECTED_PSCI_SERVED SECMON_ENABLE_PSCI /* examples/qemu-bl31 registers it so */
#endif

/* SMCCC_VERSION: SMCCC 1.5 as (major << 16) | minor. */
#define EXPECTED_SMCCC_VERSION 0x10005u

/*
 * SMCCC_ARCH_SOC_ID of QEMU virt. Type 0: bit 31 zero, JEP-106 bank index in [30:24] (Arm:
 * bank 5 = continuation count 4), identification code in [23:16] (Arm: 0x3B), SoC id in
 * [15:0]. Type 1: SoC revision.
 */
#define EXPECTED_SOC_VERSION  0x043b0051u
#define EXPECTED_SOC_REVISION 0u

/*
 * SMCCC_ARCH_FEATURES(WORKAROUND_1 / _3) per core type (tests/smccc_arch.c), as the cpu
 * ops of platforms/common/cpus answer them: rows {MIDR_EL1 implementer and part number,
 * WORKAROUND_1, WORKAROUND_3}. 0 = required (the EL3 vectors mitigate on every entry:
 * MMU toggle on Cortex-A57/A72, Spectre-BHB branch loop on Neoverse N1), 1 = not
 * required, EXPECTED_WA_CSV2 = 1 if ID_AA64PFR0_EL1.CSV2 >= 1, else NOT_SUPPORTED (-1).
 * Cores not listed (QEMU's max: the generic ops, from the ID registers) are only checked
 * for a valid answer.
 */
#define EXPECTED_MIDR_PART_MASK 0xff00fff0u
#define EXPECTED_WA_CSV2	0x7f
/* clang-format off */
#define EXPECTED_WORKAROUNDS {                                                                     \
	{0x4100d030u, 1, 1},                /* Cortex-A53: not affected */                     \
	{0x4100d070u, 0, 0},                /* Cortex-A57 */                                   \
	{0x4100d080u, 0, 0},                /* Cortex-A72 */                                   \
	{0x4100d0c0u, EXPECTED_WA_CSV2, 0}, /* Neoverse N1 */                                  \
}
/* clang-format on */

/*
 * General queries of the Arm architecture service (OEN 0): Call Count, Call UID (w0-w3),
 * Revision (w0 major, w1 minor). Written out rather than taken from
 * <secmon/services/arch.h>, so that a change of the UID, which must stay stable across
 * builds, shows up here.
 */
#define EXPECTED_ARCH_CALL_COUNT 6u
#define EXPECTED_ARCH_UID                                                                          \
	{                                                                                          \
		0x6364beedu, 0x240740d1u, 0xb0b58e6au, 0xe8365179u                                 \
	}
#define EXPECTED_ARCH_REVISION_MAJOR 1u
#define EXPECTED_ARCH_REVISION_MINOR 0u

/*
 * The same for the standard secure service (OEN 4, served by PSCI, see
 * services/psci/include/secmon/services/psci.h): 22 SMC32 and 13 SMC64 function IDs, UID
 * 454412e3-099f-4e1f-96c2-9368baf06977, revision = the PSCI version.
 */
#define EXPECTED_STD_CALL_COUNT 35u
#define EXPECTED_STD_UID                                                                           \
	{                                                                                          \
		0x454412e3u, 0x099f4e1fu, 0x96c29368u, 0xbaf06977u                                 \
	}
#define EXPECTED_STD_REVISION_MAJOR 1u
#define EXPECTED_STD_REVISION_MINOR 1u

/*
 * PSCI on the QEMU virt port (tests/psci_*.c). Power levels: CPU 0, cluster 1, system 2.
 * Power states in the original power_state format, StateID in the spec's recommended
 * encoding (one nibble per level from bit 0 up: 1 = retention, 2 = power down).
 */
#define EXPECTED_PSCI_VERSION	    0x10001u /* PSCI 1.1 */
#define EXPECTED_PSCI_LEVELS	    3u
#define EXPECTED_PSTATE_CPU_STANDBY 0x00000001u /* CPU retention: returns from the SMC */
#define EXPECTED_PSTATE_CPU_OFF	    0x00010002u /* CPU power down */
#define EXPECTED_PSTATE_CLUSTER_OFF 0x01010022u /* CPU and cluster power down */
#define EXPECTED_PSTATE_SYSTEM_OFF  0x02010222u /* everything down */

/* PSCI_FEATURES(CPU_SUSPEND): bit 0 OS-initiated mode supported, bit 1 extended format. */
#define EXPECTED_CPU_SUSPEND_FEATURES 0x1u
/* PSCI_FEATURES(SYSTEM_OFF2): bit 0 HIBERNATE_OFF supported. */
#define EXPECTED_SYSTEM_OFF2_FEATURES 0x1u

/* Optional functions the port offers (1) or answers NOT_SUPPORTED to (0). */
#define EXPECTED_HAS_MIGRATE		 0 /* no Trusted OS to migrate */
#define EXPECTED_HAS_MIGRATE_INFO_UP_CPU 0
#define EXPECTED_HAS_CPU_FREEZE		 1
#define EXPECTED_HAS_CPU_DEFAULT_SUSPEND 1
#define EXPECTED_HAS_NODE_HW_STATE	 1
#define EXPECTED_HAS_SYSTEM_SUSPEND	 1
#define EXPECTED_HAS_SET_SUSPEND_MODE	 1
#define EXPECTED_HAS_STAT		 1 /* PSCI_STAT_RESIDENCY and PSCI_STAT_COUNT */
#define EXPECTED_HAS_SYSTEM_RESET2	 1
#define EXPECTED_HAS_MEM_PROTECT	 1 /* MEM_PROTECT and MEM_PROTECT_CHECK_RANGE */
#define EXPECTED_HAS_SYSTEM_OFF2	 1

/* MIGRATE_INFO_TYPE: 2 = no Trusted OS, or one that needs no migration. */
#define EXPECTED_MIGRATE_INFO_TYPE 2

/*
 * Deepest lowest_affinity_level AFFINITY_INFO accepts. PSCI 1.0 on only requires 0 (the
 * engine offers only that); deeper ones answer INVALID_PARAMETERS.
 */
#define EXPECTED_AFFINITY_INFO_MAX_LEVEL 0u

/* SYSTEM_RESET2 vendor reset type the port treats as a cold reset. */
#define EXPECTED_RESET2_VENDOR_COLD 0x80000000u

#endif
