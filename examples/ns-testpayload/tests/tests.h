/*
 * The test suites, one file per interface (like Rusted Firmware-A's secure_test_framework).
 * To add one: write tests/<interface>.c defining a struct tf_suite, declare it here, list it
 * in main.c and add the file to CMakeLists.txt.
 */
#ifndef NS_TESTS_H
#define NS_TESTS_H

#include "framework.h"

extern const struct tf_suite boot_suite;	     /* tests/boot.c */
extern const struct tf_suite smccc_arch_suite;	     /* tests/smccc_arch.c */
extern const struct tf_suite general_queries_suite;  /* tests/general_queries.c */
extern const struct tf_suite unknown_calls_suite;    /* tests/unknown_calls.c */
extern const struct tf_suite reg_preservation_suite; /* tests/reg_preservation.c */
extern const struct tf_suite pmu_isolation_suite;    /* tests/pmu_isolation.c */
extern const struct tf_suite isolation_suite;	     /* tests/isolation.c */
extern const struct tf_suite lower_el_traps_suite;   /* tests/lower_el_traps.c */
extern const struct tf_suite trng_suite;	     /* tests/trng.c */
extern const struct tf_suite features_suite;	     /* tests/features.c */

/* PSCI, one file per group of functions (run when discovery.h finds PSCI served). */
extern const struct tf_suite psci_version_suite;       /* tests/psci_version.c */
extern const struct tf_suite psci_features_suite;      /* tests/psci_features.c */
extern const struct tf_suite psci_migrate_suite;       /* tests/psci_migrate.c */
extern const struct tf_suite psci_cpu_on_suite;	       /* tests/psci_cpu_on.c */
extern const struct tf_suite psci_node_hw_state_suite; /* tests/psci_node_hw_state.c */
extern const struct tf_suite psci_suspend_suite;       /* tests/psci_suspend.c */
extern const struct tf_suite psci_stat_suite;	       /* tests/psci_stat.c */
extern const struct tf_suite psci_stat_xcheck_suite;   /* tests/psci_stat_xcheck.c */
extern const struct tf_suite psci_osi_suite;	       /* tests/psci_osi.c */
extern const struct tf_suite psci_smc32_suite;	       /* tests/psci_smc32.c */
extern const struct tf_suite psci_mem_protect_suite;   /* tests/psci_mem_protect.c */
extern const struct tf_suite psci_system_suite;	       /* tests/psci_system.c */
extern const struct tf_suite psci_regs_suite;	       /* tests/psci_regs.c */

/* The secure-payload dispatcher and test secure payload, or their absence (tests/spd*.c). */
extern const struct tf_suite spd_suite; /* tests/spd.c */

/*
 * tests/psci_power_modes.c: when the semihosting command line names a power mode
 * (system-off, system-reset, ...), runs it instead of the suites; returns otherwise.
 */
void psci_power_mode_if_requested(void);

/*
 * Run modes chosen on the semihosting command line, each instead of the suites:
 * tests/smc_storm.c ("storm"), tests/latency.c ("latency") and tests/psci_cpu_on_race.c
 * ("cpu-on-race"). Each returns if its mode was not asked for, and ends the run otherwise.
 */
void storm_if_requested(void);
void latency_if_requested(void);
void cpu_on_race_if_requested(void);

#endif
