/*
 * Board profiles: what the monitor must answer where the answer is the board's or its
 * monitor port's choice rather than a specification's (SoC ID, PSCI power levels and
 * power_state encodings, which optional PSCI functions the port offers, per-core
 * workaround answers, where secure memory is). One profile per board, chosen at run time
 * by the DTB root node's "compatible"; a board without one gets the generic profile:
 * validity checks only, with INFO lines giving the values seen (README.md, "Boards").
 *
 * What is libsecmon's own choice on every board (UIDs, call counts, SMCCC and PSCI
 * versions) stays in expected.h.
 */
#ifndef NS_PROFILES_H
#define NS_PROFILES_H

#include <stdbool.h>
#include <stdint.h>

struct dt_info;

/* SMCCC_ARCH_FEATURES(WORKAROUND_1 / _3) answers of one core type. */
struct core_workarounds {
	uint32_t part; /* MIDR_EL1 & PROFILE_MIDR_PART_MASK: implementer and part number */
	int32_t wa1;   /* WORKAROUND_1: 0 required, 1 not required, or PROFILE_WA_CSV2 */
	int32_t wa3;   /* WORKAROUND_3 */
};

#define PROFILE_MIDR_PART_MASK 0xff00fff0u
/* wa1 = 1 if ID_AA64PFR0_EL1.CSV2 >= 1, else NOT_SUPPORTED (-1). */
#define PROFILE_WA_CSV2	       0x7f

/* A secure address the normal world must not be able to read. */
struct secure_probe {
	uint64_t addr; /* 8-byte aligned */
	const char *what;
};

/* An inclusive address range. */
struct addr_range {
	uint64_t first, last;
};

/* The PSCI conventions of a monitor port (tests/psci_*.c). */
struct psci_profile {
	/*
	 * True in a board's profile: every value below is exact and PSCI_FEATURES must agree
	 * with it. False in the one psci_client_init() builds for a board without a profile,
	 * from the DTB's idle states and PSCI_FEATURES: checks are then for validity only.
	 */
	bool exact;
	unsigned int levels; /* power levels (CPU, cluster, system: 3); 0 = unknown */
	/*
	 * power_state values (original format) of CPU retention, CPU power-down, CPU and
	 * cluster power-down, everything down; PSTATE_UNKNOWN where there is none.
	 */
	uint32_t standby, cpu_off, cluster_off, system_off;
	/*
	 * StateIDs in the spec's recommended encoding (one nibble per level from bit 0 up:
	 * 1 = retention, 2 = power down; bits [15:12] the last-in-level field, which the
	 * port accepts), retention at CPU level only: the list of invalid states of
	 * tests/psci_suspend.c applies, and the suites try the last-in-level field.
	 */
	bool recommended_stateid;
	int32_t cpu_suspend_features; /* PSCI_FEATURES(CPU_SUSPEND) */
	int32_t system_off2_features; /* PSCI_FEATURES(SYSTEM_OFF2) when offered */
	uint32_t offered;	      /* bit n: function number n is offered (PSCI_OFFERED) */
	int32_t migrate_info_type;    /* MIGRATE_INFO_TYPE */
	unsigned int affinity_max;    /* deepest lowest_affinity_level AFFINITY_INFO takes */
	bool has_reset2_vendor;	      /* a vendor SYSTEM_RESET2 type that resets */
	uint32_t reset2_vendor_cold;  /* ... that one */
};

/* No power_state: reserved bits set, never valid. */
#define PSTATE_UNKNOWN	 0xffffffffu
#define PSCI_OFFERED(fn) (1u << (fn))

struct board_profile {
	const char *name;	/* in messages */
	const char *compatible; /* root compatible that selects it; NULL: the generic one */

	bool soc_id_exact;     /* SMCCC_ARCH_SOC_ID: exact values, or validity only */
	uint32_t soc_version;  /* type 0: JEP-106 bank, identification code, SoC id */
	uint32_t soc_revision; /* type 1 */

	const struct core_workarounds *cores; /* NULL: validity only on every core */
	unsigned int core_count;

	const struct secure_probe *secure_reads; /* loads that must abort (tests/isolation.c) */
	unsigned int secure_read_count;
	/* Where EL3 addresses live: a value in these after an SMC is a leak. */
	const struct addr_range *el3_ranges;
	unsigned int el3_range_count;

	const struct psci_profile *psci; /* NULL: the generic one psci_client_init() derives */

	/* The QEMU example image's test-only SiP calls may be probed (SMC_UNK: absent). */
	bool qemu_test_triggers;

	/*
	 * The TRNG (DEN0098) of the board's monitor port, when its image serves one: RNDR,
	 * so TRNG is served exactly where the CPU has FEAT_RNG, with this UUID (w0-w3).
	 * False: validity checks only.
	 */
	bool trng_rndr;
	uint32_t trng_uuid[4];
	/*
	 * The port only pretends to power a CPU down (QEMU): EL2/EL1 registers survive a
	 * power-down suspend, so a value that changed was changed by the monitor.
	 */
	bool powerdown_emulated;
};

/* The profile for the board the DTB describes (the generic one if none matches). */
const struct board_profile *profile_for(const struct dt_info *dt);

/* The profile of a board nobody wrote one for. */
const struct board_profile *profile_generic(void);

#endif
