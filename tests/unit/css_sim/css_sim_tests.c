/* Test cases shared by the CSS ports: see css_sim_tests.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/drivers/scmi.h>
#include <secmon/psci.h>

#include "check.h"
#include "css_sim.h"
#include "css_sim_tests.h"
#include "sim_bus.h"

#define SCMI_DENIED	    (-3)
#define SCMI_NOT_FOUND	    (-4)
#define SCMI_HARDWARE_ERROR (-9)
#define PROTO_POWER	    0x11
#define PROTO_SYSTEM	    0x12
#define MSG_STATE_SET	    4 /* POWER_STATE_SET */
#define MSG_SYS_STATE_SET   3 /* SYSTEM_POWER_STATE_SET */

static const struct css_sim_board *board(void)
{
	if (!sim.board) {
		fprintf(stderr, "css_sim_tests: no board reset yet\n");
		abort();
	}
	return sim.board;
}

static uint64_t mpidr(unsigned int cpu)
{
	return board()->port->cpu_mpidr(cpu);
}

/* Whether text contains what fmt makes of its arguments. */
__attribute__((format(printf, 2, 3))) static bool has(const char *text, const char *fmt, ...)
{
	char want[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(want, sizeof(want), fmt, ap);
	va_end(ap);
	return strstr(text, want) != NULL;
}

void sim_check_boot(void)
{
	struct scp_sim_config cfg = sim_default_scp(board());

	board()->reset(&cfg);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
}

void sim_check_cpu_up(unsigned int cpu)
{
	struct secmon_psci_entry e;

	sim_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, mpidr(cpu), ENTRY, cpu), PSCI_RET_SUCCESS);
	CHECK_EQ(sim_warm_boot(cpu, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_ON);
}

void sim_check_cold_boot(void)
{
	const struct css_sim_board *b = board();
	uint64_t mailbox = sim_bus_peek(b->mailbox) | (uint64_t)sim_bus_peek(b->mailbox + 4) << 32;

	/* Discovery: base version, vendor, then the three messages the port relies on. */
	CHECK_EQ(sim.scp.n_log, 5);
	CHECK_EQ(sim_msg(0)->header, 0x00004000u);
	CHECK_EQ(sim_msg(1)->header, 0x00004003u | 1u << 18);
	CHECK_EQ(sim_msg(2)->header, 0x00004402u | 2u << 18);
	CHECK_EQ(sim_msg(2)->params[0], 4); /* POWER_STATE_SET */
	CHECK_EQ(sim_msg(3)->params[0], 5); /* POWER_STATE_GET */
	CHECK_EQ(sim_msg(4)->header, 0x00004802u | 4u << 18);
	CHECK_EQ(sim_msg(4)->params[0], 3); /* SYSTEM_POWER_STATE_SET */
	CHECK(strstr(sim_log_text, "SCMI 2.0, SCP firmware by arm") != NULL);
	/* BL1 will send powered-up CPUs to the port's warm entry. */
	CHECK_EQ(mailbox, b->warm_entry);
	/* What PSCI_FEATURES says follows from what the SCP offers. */
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND), 0); /* original format, no OSI */
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_FREEZE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_cpu_count(), b->cpus);
	CHECK_EQ(secmon_psci_affinity_info(mpidr(0), 0), PSCI_AFF_ON);
	for (unsigned int cpu = 1; cpu < b->cpus; cpu++)
		CHECK_EQ(secmon_psci_affinity_info(mpidr(cpu), 0), PSCI_AFF_OFF);
	CHECK_EQ(sim.violations, 0);
}

void sim_test_discovery_variants(void)
{
	struct scp_sim_config cfg = sim_default_scp(board());

	cfg.state_get = false;
	cfg.sys_attributes = 0;
	board()->reset(&cfg);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_NODE_HW_STATE), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET2), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_SUCCESS);

	cfg = sim_default_scp(board());
	cfg.system_power = false;
	board()->reset(&cfg);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_OFF), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_RESET), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_NOT_SUPPORTED);
	CHECK_EQ(secmon_psci_system_off(), PSCI_RET_NOT_SUPPORTED);

	/* Back to a full SCP: everything is offered again. */
	sim_check_boot();
	CHECK_EQ(secmon_psci_features(PSCI_FN_SYSTEM_SUSPEND), PSCI_RET_SUCCESS);
	CHECK_EQ(sim.violations, 0);
}

void sim_test_system_suspend(void (*suspended)(void), void (*resumed)(void))
{
	const struct css_sim_board *b = board();
	struct secmon_psci_entry e;
	int32_t rc = 1;

	/* Another CPU on: denied, and the SCP hears nothing. */
	sim_check_boot();
	sim_check_cpu_up(b->far_cpu);
	sim_clear_logs();
	sim_cur = 0;
	CHECK_EQ(secmon_psci_system_suspend(0, ENTRY, 0), PSCI_RET_DENIED);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK(sim_cpu_off(b->far_cpu, &rc));

	sim_clear_logs();
	sim_bus_poke(b->uart + 0x24, 0); /* UARTIBRD: the console must be set up again */
	CHECK(sim_system_suspend(0, ENTRY + 0x200, &rc));
	/* The system power protocol alone: SYSTEM_POWER_STATE_SET(forceful, SUSPEND). */
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_sys_set(0, 4));
	CHECK_EQ(sim.scp.system, SCP_SYS_SUSPENDED);
	suspended();
	/* Resume: a wake-up of CPU 0, no message, the saved entry point. */
	sim_clear_logs();
	CHECK(scp_sim_wake(&sim.scp, b->cpu_domain(0)));
	CHECK_EQ(sim_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.reason, SECMON_PSCI_WAKE_SUSPEND);
	CHECK_EQ(e.pc, ENTRY + 0x200);
	CHECK_EQ(e.context_id, 0x5678);
	CHECK(sim_bus_peek(b->uart + 0x24) != 0);
	CHECK_EQ(sim.scp.n_log, 0);
	resumed();

	/* CPU_SUSPEND at the system level is the same request. */
	sim_clear_logs();
	CHECK(sim_cpu_suspend(0, PS_SYSTEM, ENTRY, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_sys_set(0, 4));
	CHECK(scp_sim_wake(&sim.scp, b->cpu_domain(0)));
	CHECK_EQ(sim_warm_boot(0, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(sim.violations, 0);
}

static int32_t call_system_off(unsigned int cpu, const void *arg)
{
	(void)cpu;
	(void)arg;
	return secmon_psci_system_off();
}

void sim_test_system_off(void (*board_checks)(void))
{
	const struct css_sim_board *b = board();
	int32_t rc = 1;
	long scmi;

	sim_check_boot();
	sim_check_cpu_up(b->far_cpu);
	sim_clear_logs();
	CHECK(sim_call(0, call_system_off, NULL, &rc));
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK(sim_is_sys_set(0, 0));
	CHECK_EQ(sim.scp.system, SCP_SYS_OFF);
	/* The next boot must be a cold one. */
	CHECK_EQ(sim_bus_peek(b->mailbox), 0);
	CHECK_EQ(sim_bus_peek(b->mailbox + 4), 0);
	/* The request goes out before the CPU's final WFI. */
	scmi = sim_find(0, EV_SCMI, 0);
	CHECK(scmi >= 0 && sim_find((unsigned int)scmi, EV_WFI, 0) > scmi);
	CHECK(strstr(sim_log_text, "system off") != NULL);
	CHECK(strstr(sim.console, "system off") == NULL); /* logging is the core's console */
	board_checks();
	CHECK_EQ(sim.violations, 0);
}

static int32_t call_system_reset(unsigned int cpu, const void *arg)
{
	(void)cpu;
	(void)arg;
	return secmon_psci_system_reset();
}

static int32_t call_reset2(unsigned int cpu, const void *arg)
{
	(void)cpu;
	return secmon_psci_system_reset2(*(const uint32_t *)arg, 0);
}

void sim_test_system_resets(void)
{
	const uint32_t warm = 0, vendor = 0x80000000u;
	int32_t rc = 1;

	sim_check_boot();
	sim_clear_logs();
	CHECK(sim_call(0, call_system_reset, NULL, &rc));
	CHECK(sim_is_sys_set(0, 1));
	CHECK_EQ(sim.scp.system, SCP_SYS_COLD_RESET);
	CHECK_EQ(sim.violations, 0);

	sim_check_boot();
	sim_clear_logs();
	CHECK(sim_call(0, call_reset2, &warm, &rc));
	CHECK(sim_is_sys_set(0, 2));
	CHECK_EQ(sim.scp.system, SCP_SYS_WARM_RESET);
	CHECK_EQ(sim.violations, 0);

	/* No vendor-specific reset: refused before the SCP hears of it. */
	sim_check_boot();
	sim_clear_logs();
	CHECK(!sim_call(0, call_reset2, &vendor, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim.violations, 0);
}

void sim_test_node_hw_state(void)
{
	const struct css_sim_board *b = board();
	int32_t rc = 1;

	sim_check_boot();
	sim_clear_logs();
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(0), 0), PSCI_HW_ON);
	CHECK_EQ(sim.scp.n_log, 1);
	CHECK_EQ(sim_msg(0)->protocol, 0x11);
	CHECK_EQ(sim_msg(0)->message, 5);
	CHECK_EQ(sim_msg(0)->params[0], b->cpu_domain(0));
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(0), 1), PSCI_HW_ON);
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(b->far_cpu), 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(b->far_cpu), 1), PSCI_HW_OFF); /* cluster off */
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(1), 2), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(secmon_psci_node_hw_state(b->bad_mpidr, 0), PSCI_RET_INVALID_PARAMETERS);
	/* A sleeping CPU is off as far as the hardware goes; its cluster is on. */
	sim_check_cpu_up(1);
	CHECK(sim_cpu_suspend(1, PS_CPU, ENTRY, &rc));
	sim_cur = 0;
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(1), 0), PSCI_HW_OFF);
	CHECK_EQ(secmon_psci_node_hw_state(mpidr(1), 1), PSCI_HW_ON);
	CHECK_EQ(sim.violations, 0);
}

void sim_test_power_state_parsing(void)
{
	static const uint32_t bad[] = {
	    0x00010001u, /* StateID must be 0 */
	    0x00000000u, /* standby: no retention states */
	    0x01000000u, /* standby at the cluster level */
	    0x03010000u, /* no level 3 */
	};
	int32_t rc = 0;

	sim_check_boot();
	sim_clear_logs();
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(!sim_cpu_suspend(0, bad[i], ENTRY, &rc));
		CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	}
	/* Not normal-world DRAM: refused before anything happens. */
	CHECK(!sim_cpu_suspend(0, PS_CPU, board()->secure_addr, &rc));
	CHECK_EQ(rc, PSCI_RET_INVALID_ADDRESS);
	CHECK_EQ(sim.scp.n_log, 0);
	CHECK_EQ(sim_count(EV_FLUSH, -1, -1), 0);
	CHECK_EQ(sim.n_ev, 0);
	/* The second DRAM range is fine. */
	sim_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, mpidr(board()->far_cpu), board()->dram2_entry, 0),
		 PSCI_RET_SUCCESS);
}

/* ---- SCP errors ---- */

static void run_cpu_off(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_off(sim_cur);
}

static void run_cpu_on(const void *arg)
{
	secmon_psci_cpu_on(sim_cur, *(const uint64_t *)arg, ENTRY, 0);
}

static void run_suspend(const void *arg)
{
	(void)arg;
	secmon_psci_cpu_suspend(sim_cur, PS_CPU, ENTRY, 0);
}

static void run_system_off(const void *arg)
{
	(void)arg;
	secmon_psci_system_off();
}

static void run_system_reset(const void *arg)
{
	(void)arg;
	secmon_psci_system_reset();
}

static void run_cold_boot(const void *arg)
{
	(void)arg;
	sim_cold_boot();
}

void sim_test_scp_errors(void)
{
	const struct css_sim_board *b = board();
	const char *port = b->port_name;
	unsigned int far = b->far_cpu;
	uint64_t far_mpidr = mpidr(far);
	struct scp_sim_config cfg = sim_default_scp(b);

	/* CPU_ON refused: reported to the caller, the CPU stays off, a retry works. */
	sim_check_boot();
	sim_clear_logs();
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_STATUS, SCMI_DENIED, 1);
	sim_cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, far_mpidr, ENTRY, 0), PSCI_RET_INTERNAL_FAILURE);
	CHECK_EQ(secmon_psci_affinity_info(far_mpidr, 0), PSCI_AFF_OFF);
	CHECK(has(sim_log_text, "%s: the SCP refused to power CPU%u on: DENIED", port, far));
	CHECK(!sim.cpu[far].powered);
	sim_check_cpu_up(far);

	/* CPU_OFF refused: nothing to report it to, so a clear stop before any WFI. */
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_STATUS, SCMI_DENIED, 1);
	sim_clear_logs();
	CHECK(sim_expect_panic(far, run_cpu_off, NULL));
	CHECK(has(sim_panic_msg, "%s: the SCP refused CPU_OFF for CPU%u: DENIED (-3)", port, far));
	CHECK_EQ(sim_count(EV_WFI, -1, -1), 0);

	/* CPU_SUSPEND with a hardware error. */
	sim_check_boot();
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_STATUS, SCMI_HARDWARE_ERROR,
		      1);
	CHECK(sim_expect_panic(0, run_suspend, NULL));
	CHECK(has(sim_panic_msg, "refused CPU_SUSPEND for CPU0: HARDWARE_ERROR (-9)"));

	/* SYSTEM_OFF and SYSTEM_RESET refused. */
	sim_check_boot();
	scp_sim_fault(&sim.scp, PROTO_SYSTEM, MSG_SYS_STATE_SET, SCP_FAULT_STATUS, SCMI_DENIED, 1);
	CHECK(sim_expect_panic(0, run_system_off, NULL));
	CHECK(has(sim_panic_msg, "%s: the SCP refused SYSTEM_OFF for CPU0: DENIED", port));
	sim_check_boot();
	scp_sim_fault(&sim.scp, PROTO_SYSTEM, MSG_SYS_STATE_SET, SCP_FAULT_STATUS, SCMI_DENIED, 1);
	CHECK(sim_expect_panic(0, run_system_reset, NULL));
	CHECK(has(sim_panic_msg, "refused SYSTEM_RESET for CPU0: DENIED"));

	/* The SCP stops answering: a bounded wait, then a message naming the request. */
	sim_check_boot();
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(sim_expect_panic(0, run_cpu_on, &far_mpidr));
	CHECK(has(sim_panic_msg, "%s: the SCP did not answer CPU_ON for CPU%u within 1000000 polls",
		  port, far));
	CHECK(has(sim_panic_msg, "MHU 0x%llx, channel 0x%llx", (unsigned long long)b->mhu_base,
		  (unsigned long long)b->scmi_shmem));
	CHECK_EQ(b->scmi->last_polls, 1000000);
	CHECK(strstr(sim_log_text, "no answer to protocol 0x11 message 0x4") != NULL);
	/* ... and a CPU_OFF it ignores stops the system the same way. */
	sim_check_boot();
	sim_check_cpu_up(far);
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(sim_expect_panic(far, run_cpu_off, NULL));
	CHECK(has(sim_panic_msg, "did not answer CPU_OFF for CPU%u", far));

	/* An SCP that answers late is fine. */
	sim_check_boot();
	scp_sim_fault(&sim.scp, PROTO_POWER, MSG_STATE_SET, SCP_FAULT_DELAY, 500, 1);
	sim_check_cpu_up(far);
	CHECK_EQ(b->scmi->last_polls, 500);

	/* Silent at boot, or without POWER_STATE_SET: the port cannot work at all. */
	b->reset(&cfg);
	scp_sim_fault(&sim.scp, -1, -1, SCP_FAULT_NO_ANSWER, 0, 1);
	CHECK(sim_expect_panic(0, run_cold_boot, NULL));
	CHECK(has(sim_panic_msg, "%s: the SCP did not answer BASE PROTOCOL_VERSION", port));
	b->reset(&cfg);
	scp_sim_fault(&sim.scp, PROTO_POWER, 2, SCP_FAULT_STATUS, SCMI_NOT_FOUND, 1);
	CHECK(sim_expect_panic(0, run_cold_boot, NULL));
	CHECK(has(sim_panic_msg, "%s: the SCP has no SCMI POWER_STATE_SET", port));
	CHECK_EQ(sim.violations, 0);
}

void sim_run_common_tests(void (*suspended)(void), void (*resumed)(void), void (*off_checks)(void))
{
	sim_test_system_suspend(suspended, resumed);
	sim_test_system_off(off_checks);
	sim_test_system_resets();
	sim_test_node_hw_state();
	sim_test_power_state_parsing();
	sim_test_discovery_variants();
	sim_test_scp_errors();
}

void sim_tests_add_checks(unsigned int *passed, unsigned int *failed)
{
	*passed += check_passed;
	*failed += check_failed;
	check_passed = check_failed = 0;
}
