/*
 * System-wide functions that can be tried without ending the run (DEN0022 5.11-5.14,
 * 5.17, 5.21, 5.24): SYSTEM_SUSPEND (DENIED while another CPU is on, INVALID_ADDRESS for
 * a bad entry point, else down and back at the entry point on the timer), and the
 * argument checks of SYSTEM_RESET2 and SYSTEM_OFF2. SYSTEM_OFF, SYSTEM_RESET and the
 * valid reset/off types end or restart QEMU: tests/psci_power_modes.c runs them.
 */
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "tests.h"
#include "util.h"

#define WAKE_US 5000

static const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;

static void check_system_suspend(void)
{
	struct suspend_result r;
	char buf[120], why[160];
	int bad;

	if (cpu_count > 1) {
		int32_t rc = psci_start_job(1, job_hold_off, PSCI64(FN_CPU_ON), 1);

		if (rc == PSCI_E_SUCCESS && psci_wait_flag(1, 1, PSCI_TIMEOUT_US)) {
			psci_suspend(&r, PSCI64(FN_SYSTEM_SUSPEND), resume_entry, 1, 0, WAKE_US);
			tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_DENIED,
				 "system_suspend_denied_while_others_on",
				 "CPU1 on: %s, want DENIED",
				 suspend_describe(&r, buf, sizeof(buf)));
		} else {
			tf_check(false, "system_suspend_denied_while_others_on",
				 "CPU1 did not start (%s)", psci_err_name(rc));
		}
	}
	bad = psci_all_secondaries_off();
	if (!tf_check(bad < 0, "secondaries_off", "CPU%d did not turn off", bad))
		return;
	psci_suspend(&r, PSCI64(FN_SYSTEM_SUSPEND), 0, 1, 0, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
		 "system_suspend_invalid_address", "entry 0: %s",
		 suspend_describe(&r, buf, sizeof(buf)));
	psci_suspend(&r, PSCI64(FN_SYSTEM_SUSPEND), resume_entry + 2, 1, 0, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
		 "system_suspend_entry_misaligned", "entry + 2: %s",
		 suspend_describe(&r, buf, sizeof(buf)));

	psci_suspend(&r, PSCI64(FN_SYSTEM_SUSPEND), resume_entry, 0x5a5a5a5a00000001ull, 0,
		     WAKE_US);
	bool ok = r.resumed && r.context_id == 0x5a5a5a5a00000001ull && r.timer_fired &&
		  r.elapsed_us >= WAKE_US &&
		  psci_entry_state_ok(r.el, r.daif, r.sctlr, why, sizeof(why));
	tf_check(ok, "system_suspend", "%s%s%s", suspend_describe(&r, buf, sizeof(buf)),
		 r.resumed ? "; " : "", r.resumed ? why : "");

	psci_suspend(&r, PSCI32(FN_SYSTEM_SUSPEND), UPPER_GARBAGE | resume_entry,
		     UPPER_GARBAGE | 0x32, 0, WAKE_US);
	if (smc32_addressable(resume_entry))
		tf_check(r.resumed && r.context_id == 0x32 && r.timer_fired, "system_suspend_smc32",
			 "junk:entry, junk:0x32 -> %s", suspend_describe(&r, buf, sizeof(buf)));
	else
		tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
			 "system_suspend_smc32",
			 "junk:entry above 4 GiB -> %s, want INVALID_ADDRESS",
			 suspend_describe(&r, buf, sizeof(buf)));
}

/*
 * Vendor types (bit 31) are tried only with a profile, which knows the port has none of
 * them: on another board one could be a real reset or power-off.
 */
static unsigned int types_to_try(unsigned int all)
{
	return psci_env.conv.exact ? all : 3;
}

static void check_reset2_types(void)
{
	/* Architectural types other than 0 do not exist; vendor types the port lacks. */
	static const uint32_t bad_types[] = {1, 2, 0x7fffffff, 0x80000001, 0x8000ffff, 0xffffffff};
	struct tf_failures f = {0};

	for (unsigned int k = 0; k < types_to_try(ARRAY_SIZE(bad_types)); k++) {
		int32_t rc32 = psci(PSCI32(FN_SYSTEM_RESET2), bad_types[k], 0, 0);
		int32_t rc64 = psci(PSCI64(FN_SYSTEM_RESET2), bad_types[k], 0, 0);

		if (rc32 != PSCI_E_INVALID_PARAMS || rc64 != PSCI_E_INVALID_PARAMS)
			tf_fail(&f, "type 0x%x -> SMC32 %s, SMC64 %s", bad_types[k],
				psci_err_name(rc32), psci_err_name(rc64));
	}
	tf_report("system_reset2_invalid_types", &f);
}

static void check_off2_types(void)
{
	/* HIBERNATE_OFF (1, and 0 as the same) is the only type offered. */
	static const uint32_t bad_types[] = {2, 3, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff};
	struct tf_failures f = {0};

	for (unsigned int k = 0; k < types_to_try(ARRAY_SIZE(bad_types)); k++) {
		int32_t rc32 = psci(PSCI32(FN_SYSTEM_OFF2), bad_types[k], 0, 0);
		int32_t rc64 = psci(PSCI64(FN_SYSTEM_OFF2), bad_types[k], 0, 0);

		if (rc32 != PSCI_E_INVALID_PARAMS || rc64 != PSCI_E_INVALID_PARAMS)
			tf_fail(&f, "type 0x%x -> SMC32 %s, SMC64 %s", bad_types[k],
				psci_err_name(rc32), psci_err_name(rc64));
	}
	tf_report("system_off2_invalid_types", &f);
}

static void run(void)
{
	if (!psci_require())
		return;
	if (psci_offered_or_skip(FN_SYSTEM_SUSPEND, "SYSTEM_SUSPEND") && gic_version())
		check_system_suspend();
	if (psci_offered_or_skip(FN_SYSTEM_RESET2, "SYSTEM_RESET2 types"))
		check_reset2_types();
	if (psci_offered_or_skip(FN_SYSTEM_OFF2, "SYSTEM_OFF2 types"))
		check_off2_types();
}

const struct tf_suite psci_system_suite = {"psci_system", run};
