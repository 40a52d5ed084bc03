/*
 * Test cases every CSS port passes alike, run against the board model the program
 * links (after its first reset): what the SCP hears at cold boot and what PSCI_FEATURES
 * makes of it, the SCP's errors and silences, system resets, NODE_HW_STATE and
 * power_state parsing. They take the board's facts from its css_sim_board.
 *
 * Their CHECKs are counted here, apart from the test program's own (check.h keeps its
 * counters per file): sim_tests_add_checks() adds them before check_report().
 */
#ifndef CSS_SIM_TESTS_H
#define CSS_SIM_TESTS_H

#include <stdint.h>

#define ENTRY	   0x80080000ull /* a normal-world entry point in DRAM */
#define PS_CPU	   0x00010000u	 /* power_state: power-down, level 0, StateID 0 */
#define PS_CLUSTER 0x01010000u	 /* power-down, level 1 */
#define PS_SYSTEM  0x02010000u	 /* power-down, level 2 (the system with one chip) */

/* A reset with the default SCP, then the cold boot (checked). */
void sim_check_boot(void);
/* CPU_ON of cpu from CPU 0, then its warm boot (checked). */
void sim_check_cpu_up(unsigned int cpu);

/* After sim_check_boot(): the SCP discovery messages and what the engine reports. */
void sim_check_cold_boot(void);
void sim_test_discovery_variants(void);
/*
 * SYSTEM_SUSPEND (and CPU_SUSPEND at the system level): denied while another CPU runs,
 * then one SCP request and a resume on CPU 0; the board checks its own part right after
 * the suspend and after the resume (console, GIC, coherency).
 */
void sim_test_system_suspend(void (*suspended)(void), void (*resumed)(void));
/* SYSTEM_OFF from CPU 0 with another CPU on; the board checks its power-down order. */
void sim_test_system_off(void (*board_checks)(void));
void sim_test_system_resets(void);
void sim_test_node_hw_state(void);
void sim_test_power_state_parsing(void);
void sim_test_scp_errors(void);

/*
 * Every shared test above but the cold boot, in one order both boards use; the board
 * passes its own checks for the system suspend and off.
 */
void sim_run_common_tests(void (*suspended)(void), void (*resumed)(void), void (*off_checks)(void));

/* Adds the checks counted here to the program's own. */
void sim_tests_add_checks(unsigned int *passed, unsigned int *failed);

#endif
