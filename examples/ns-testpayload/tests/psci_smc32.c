/*
 * SMC32 calling convention (SMCCC 2.6, DEN0022 5.2): an SMC32 function takes only the
 * low 32 bits of each argument register; whatever is in the upper halves must not change
 * what the call does. Each check calls an SMC32 form with junk in the upper halves and
 * compares with the clean call.
 */
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "tests.h"

#define G	UPPER_GARBAGE
#define WAKE_US 5000

static void check_queries(void)
{
	uint64_t me = psci_mpidr(0);
	int32_t rc, clean;

	rc = psci(PSCI32(FN_AFFINITY_INFO), G | me, G | 0, 0);
	tf_check(rc == AFF_ON, "affinity_info", "AFFINITY_INFO(junk:0x%lx, junk:0) -> %s, want ON",
		 (unsigned long)me, psci_err_name(rc));
	if (cpu_count > 1) {
		rc = psci(PSCI32(FN_AFFINITY_INFO), G | psci_mpidr(1), G, 0);
		tf_check(rc == AFF_OFF, "affinity_info_off_cpu", "CPU1 -> %s, want OFF (1)",
			 psci_err_name(rc));
	}
	if (psci_offers(FN_NODE_HW_STATE)) {
		rc = psci(PSCI32(FN_NODE_HW_STATE), G | me, G | 0, 0);
		tf_check(rc == HW_ON, "node_hw_state",
			 "NODE_HW_STATE(junk:self, junk:0) -> %s, want ON", psci_err_name(rc));
	}
	if (psci_offers(FN_PSCI_STAT_COUNT)) {
		uint64_t c32 = psci_raw(PSCI32(FN_PSCI_STAT_COUNT), G | me, G | PSTATE_CPU_OFF, 0);
		uint64_t c64 = psci_raw(PSCI64(FN_PSCI_STAT_COUNT), me, PSTATE_CPU_OFF, 0);

		tf_check((uint32_t)c32 == (uint32_t)c64, "stat_count",
			 "junk arguments: %lu, clean: %lu", (unsigned long)(uint32_t)c32,
			 (unsigned long)(uint32_t)c64);
	}
	if (psci_offers(FN_MEM_PROTECT_CHECK_RANGE)) {
		rc = psci(PSCI32(FN_MEM_PROTECT_CHECK_RANGE), G | psci_env.mem_base, G | 0x1000, 0);
		clean = psci(PSCI32(FN_MEM_PROTECT_CHECK_RANGE), psci_env.mem_base, 0x1000, 0);
		tf_check(rc == clean, "mem_protect_check_range",
			 "junk arguments -> %s, clean -> %s", psci_err_name(rc),
			 psci_err_name(clean));
	}
	if (psci_offers(FN_PSCI_SET_SUSPEND_MODE)) {
		rc = psci(PSCI32(FN_PSCI_SET_SUSPEND_MODE), G | 0, 0, 0);
		tf_check(rc == PSCI_E_SUCCESS, "set_suspend_mode",
			 "SET_SUSPEND_MODE(junk:PC) -> %s", psci_err_name(rc));
	}
	if (psci_offers(FN_SYSTEM_RESET2)) {
		/* A vendor type only where the profile knows the port has none but its own. */
		uint32_t type = psci_env.conv.exact ? 0x80001234u : 1u;

		rc = psci(PSCI32(FN_SYSTEM_RESET2), G | type, G, 0);
		clean = psci(PSCI32(FN_SYSTEM_RESET2), type, 0, 0);
		tf_check(rc == clean && rc == PSCI_E_INVALID_PARAMS, "system_reset2_unknown_type",
			 "junk:0x%x -> %s, clean -> %s, want INVALID_PARAMETERS", type,
			 psci_err_name(rc), psci_err_name(clean));
	}
}

static void check_cpu_on(void)
{
	uint64_t entry = (uint64_t)(uintptr_t)psci_cpu_entry;
	uint32_t id = 0x600dc0deu;
	struct cpu_data *c = &cpu_data[1];

	c->entry = job_off;
	c->job_flag = 0;
	int32_t rc = psci(PSCI32(FN_CPU_ON), G | psci_mpidr(1), G | entry, G | id);

	if (!smc32_addressable(entry)) {
		tf_check(rc == PSCI_E_INVALID_ADDRESS, "cpu_on",
			 "CPU_ON(junk:CPU1, junk:entry above 4 GiB, junk:id) -> %s, want "
			 "INVALID_ADDRESS",
			 psci_err_name(rc));
		return;
	}
	if (!tf_check(rc == PSCI_E_SUCCESS, "cpu_on",
		      "CPU_ON(junk:CPU1, junk:entry, junk:id) -> %s", psci_err_name(rc)))
		return;
	bool off = psci_wait_off(1, PSCI_TIMEOUT_US);

	tf_check(off && c->job_flag == 1 && c->entry_x0 == id, "cpu_on_context_id",
		 "x0 at entry 0x%lx, want 0x%x (job flag %u, %s)", (unsigned long)c->entry_x0, id,
		 c->job_flag, off ? "off again" : "not off");
}

static void check_suspend(void)
{
	uint64_t entry = (uint64_t)(uintptr_t)psci_resume_entry;
	uint32_t id = 0x5eed1234u;
	struct suspend_result r;
	char buf[120];

	psci_suspend(&r, PSCI32(FN_CPU_SUSPEND), G | PSTATE_STANDBY, G | entry, G | id, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_SUCCESS && r.timer_fired,
		 "cpu_suspend_standby", "%s", suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI32(FN_CPU_SUSPEND), G | PSTATE_CPU_OFF, G | entry, G | id, WAKE_US);
	if (smc32_addressable(entry))
		tf_check(r.resumed && r.context_id == id, "cpu_suspend_powerdown",
			 "%s, want a resume with x0 = 0x%x", suspend_describe(&r, buf, sizeof(buf)),
			 id);
	else
		tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
			 "cpu_suspend_powerdown", "%s, want INVALID_ADDRESS (entry above 4 GiB)",
			 suspend_describe(&r, buf, sizeof(buf)));
}

static void run(void)
{
	if (!psci_require())
		return;
	check_queries();
	if (cpu_count > 1)
		check_cpu_on();
	if (gic_version() && psci_states_known("SMC32 CPU_SUSPEND", NEED_STANDBY | NEED_CPU_OFF))
		check_suspend();
}

const struct tf_suite psci_smc32_suite = {"psci_smc32", run};
