/*
 * CPU_SUSPEND and CPU_DEFAULT_SUSPEND (DEN0022 5.4.2, 5.15): every power state the port
 * offers, woken by the CPU's own timer. Standby returns SUCCESS after the wake-up;
 * power-down comes back at the entry point with x0 = context_id, at the caller's EL with
 * DAIF masked and the MMU off, and never before the timer fired. Invalid power states
 * answer INVALID_PARAMETERS, an invalid entry point INVALID_ADDRESS (power-down only).
 * Cluster and system power-down in platform-coordinated mode: with the other CPUs running
 * the CPU alone powers down, as the last CPU the whole node may; both resume the same way,
 * with or without the recommended encoding's last-in-level field (bits [15:12]), which
 * only OS-initiated mode acts on.
 */
#include "board.h"
#include "console.h"
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "psci_client.h"
#include "smc.h"
#include "tests.h"
#include "timer.h"
#include "util.h"

#define WAKE_US 5000 /* timer wake-up: 5 ms */

static const uint64_t resume_entry = (uint64_t)(uintptr_t)psci_resume_entry;

/*
 * Power states the port does not offer, or with reserved bits set: for a port whose
 * StateIDs follow the recommended encoding with 3 levels (psci_profile.recommended_stateid).
 */
static const uint32_t invalid_states[] = {
    0x00000000, /* standby, StateID 0 */
    0x00000002, /* standby type, power-down StateID */
    0x00010001, /* power-down type, retention StateID */
    0x00010000, /* power-down, StateID 0 */
    0x00010003, /* CPU local state 3 does not exist */
    0x00010022, /* level 0 but the cluster nibble set */
    0x01000011, /* cluster retention: not offered */
    0x01010002, /* level 1, cluster nibble 0 */
    0x01010012, /* cluster retention under a CPU power-down */
    0x02010022, /* level 2, system nibble 0 */
    0x03012222, /* level 3: no such level */
    0x00013002, /* last-in-level field 3: no such level */
    0x0101f022, /* last-in-level field 15 */
    0x00020002, /* reserved bit 17 */
    0x00810002, /* reserved bit 23 */
    0x04010002, /* reserved bit 26 */
    0x80010002, /* reserved bit 31 */
    0x40000001, /* reserved bit 30 (the extended format's StateType) */
};

/* Checks a standby that must return SUCCESS after the timer. */
static void expect_standby(const char *name, const struct suspend_result *r)
{
	char buf[120];

	tf_check(!r->resumed && (int32_t)r->x0 == PSCI_E_SUCCESS && r->timer_fired &&
		     r->elapsed_us >= WAKE_US,
		 name, "%s, timer %s (wake-up after %u us)", suspend_describe(r, buf, sizeof(buf)),
		 r->timer_fired ? "fired" : "had not fired", WAKE_US);
}

/* Checks a power-down that must resume at the entry point with context id, state ok. */
static bool powerdown_ok(const struct suspend_result *r, uint64_t id, char *why, unsigned int size)
{
	char buf[120];

	if (!r->resumed) {
		fmt_format(why, size, "%s, want a resume at the entry point",
			   suspend_describe(r, buf, sizeof(buf)));
		return false;
	}
	if (r->context_id != id) {
		fmt_format(why, size, "x0 at the entry point 0x%lx, want 0x%lx",
			   (unsigned long)r->context_id, (unsigned long)id);
		return false;
	}
	if (!r->timer_fired || r->elapsed_us < WAKE_US) {
		fmt_format(why, size, "back after %lu us, before the %u us timer fired",
			   (unsigned long)r->elapsed_us, WAKE_US);
		return false;
	}
	return psci_entry_state_ok(r->el, r->daif, r->sctlr, why, size);
}

static void expect_powerdown(const char *name, const struct suspend_result *r, uint64_t id)
{
	char why[160];

	tf_check(powerdown_ok(r, id, why, sizeof(why)), name, "%s", why);
}

/* An SMC32 suspend whose entry point is above 4 GiB: refused, the CPU never left. */
static void expect_invalid_address(const char *name, const struct suspend_result *r)
{
	char buf[120];

	tf_check(!r->resumed && (int32_t)r->x0 == PSCI_E_INVALID_ADDRESS, name,
		 "%s, want INVALID_ADDRESS (entry point above 4 GiB)",
		 suspend_describe(r, buf, sizeof(buf)));
}

static void check_cpu_level(void)
{
	struct suspend_result r;
	uint64_t id;

	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_STANDBY, resume_entry, 7, WAKE_US);
	expect_standby("standby", &r);
	psci_suspend(&r, PSCI32(FN_CPU_SUSPEND), PSTATE_STANDBY, resume_entry, 7, WAKE_US);
	expect_standby("standby_smc32", &r);
	/* Standby ignores entry point and context id. */
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_STANDBY, 0, 0, WAKE_US);
	expect_standby("standby_ignores_entry_point", &r);

	id = 0xfeedface12345678ull;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, id, WAKE_US);
	expect_powerdown("powerdown", &r, id);
	id = 0x13572468u;
	psci_suspend(&r, PSCI32(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, id, WAKE_US);
	if (smc32_addressable(resume_entry))
		expect_powerdown("powerdown_smc32", &r, id);
	else
		expect_invalid_address("powerdown_smc32", &r);

	/* The timer is armed anyway: a wrongly accepted call still wakes up. */
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, 0, 1, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS, "powerdown_invalid_address",
		 "entry 0 -> %s", psci_err_name((int64_t)r.x0));
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, board_high_alias(resume_entry), 1,
		     WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
		 "powerdown_entry_not_truncated", "entry 0x%lx -> %s",
		 (unsigned long)board_high_alias(resume_entry), psci_err_name((int64_t)r.x0));
	/* In DRAM but not 4-byte aligned: no AArch64 instruction is there. */
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry + 2, 1, WAKE_US);
	tf_check(!r.resumed && (int32_t)r.x0 == PSCI_E_INVALID_ADDRESS,
		 "powerdown_entry_misaligned", "entry 0x%lx -> %s",
		 (unsigned long)(resume_entry + 2), psci_err_name((int64_t)r.x0));
}

/* Power states with reserved bits set ([31:26] and [23:17] of the original format). */
static const uint32_t reserved_bit_states[] = {0x00020002, 0x00810002, 0x04010002, 0x80010002};

static void check_invalid_states(void)
{
	const bool recommended = psci_env.conv.recommended_stateid;
	const uint32_t *states = recommended ? invalid_states : reserved_bit_states;
	unsigned int n = recommended ? ARRAY_SIZE(invalid_states) : ARRAY_SIZE(reserved_bit_states);
	struct tf_failures f = {0};
	struct suspend_result r;

	/* The extended format has no reserved bits where the original one has. */
	if (psci_env.conv.cpu_suspend_features < 0 || (psci_env.conv.cpu_suspend_features & 2)) {
		tf_info("extended power_state format: invalid states not tried");
		return;
	}
	if (!recommended)
		tf_info("no profile: only power states with reserved bits set tried as invalid");
	for (unsigned int k = 0; k < n; k++) {
		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), states[k], resume_entry, 1, WAKE_US);
		if (r.resumed || (int32_t)r.x0 != PSCI_E_INVALID_PARAMS)
			tf_fail(&f, "0x%08x -> %s", states[k],
				psci_err_name(r.resumed ? (int64_t)PSCI_RESUMED : (int32_t)r.x0));
	}
	tf_report("invalid_power_states", &f);
}

/* Secondary job: standby, then power-down, then CPU_OFF. Results in job_out. */
static void job_suspend(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];
	struct suspend_result r;
	char why[160];

	me->job_flag = 1;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_STANDBY, resume_entry, 0, WAKE_US);
	me->job_out[0] = !r.resumed && (int32_t)r.x0 == PSCI_E_SUCCESS && r.timer_fired;
	me->job_out[1] = r.x0;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CPU_OFF, resume_entry, 0xabc00000u | cpu,
		     WAKE_US);
	me->job_out[2] = powerdown_ok(&r, 0xabc00000u | cpu, why, sizeof(why));
	me->job_out[3] = r.resumed ? r.context_id : r.x0;
	me->job_flag = 2;
	job_cpu_off(cpu);
}

static void check_secondaries(void)
{
	struct tf_failures standby = {0}, pd = {0};

	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, job_suspend, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS)
			tf_fail(&standby, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
	}
	for (unsigned int i = 1; i < cpu_count; i++) {
		struct cpu_data *c = &cpu_data[i];

		if (!psci_wait_flag(i, 2, PSCI_TIMEOUT_US)) {
			tf_fail(&pd, "CPU%u: job stuck at step %u", i, c->job_flag);
			continue;
		}
		if (!c->job_out[0])
			tf_fail(&standby, "CPU%u: standby -> %s", i,
				psci_err_name((int64_t)c->job_out[1]));
		if (!c->job_out[2])
			tf_fail(&pd, "CPU%u: power-down -> %s", i,
				psci_err_name((int64_t)c->job_out[3]));
		if (!psci_wait_off(i, PSCI_TIMEOUT_US))
			tf_fail(&pd, "CPU%u: not OFF after its job", i);
	}
	tf_report("secondaries_standby", &standby);
	tf_report("secondaries_powerdown", &pd);
}

/*
 * Cluster and system power-down requests, with and without other CPUs running (the
 * system ones only if the board has a system state: a DTB's idle states need not).
 */
static void check_higher_levels(void)
{
	const bool system = PSTATE_SYSTEM_OFF != PSTATE_UNKNOWN;
	/* The recommended encoding: also with its last-in-level field, ignored here. */
	const bool recommended = psci_env.conv.recommended_stateid;
	struct suspend_result r;
	int bad;

	if (!system)
		psci_states_known("system power-down", NEED_SYSTEM_OFF);
	if (cpu_count > 1) {
		/* Platform-coordinated: the request is held back to what the others allow. */
		int32_t rc = psci_start_job(1, job_hold_off, PSCI64(FN_CPU_ON), 1);

		if (rc == PSCI_E_SUCCESS && psci_wait_flag(1, 1, PSCI_TIMEOUT_US)) {
			psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry,
				     0xc1, WAKE_US);
			expect_powerdown("cluster_powerdown_others_running", &r, 0xc1);
			if (system) {
				psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_SYSTEM_OFF,
					     resume_entry, 0x5c, WAKE_US);
				expect_powerdown("system_powerdown_others_running", &r, 0x5c);
			}
			if (recommended) {
				/* A wrong last-in-level field changes nothing here either. */
				psci_suspend(&r, PSCI64(FN_CPU_SUSPEND),
					     PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1), resume_entry,
					     0x1c1, WAKE_US);
				expect_powerdown("cluster_last_in_level_others_running", &r, 0x1c1);
			}
		} else {
			tf_check(false, "cluster_powerdown_others_running",
				 "CPU1 did not start: %s", psci_err_name(rc));
		}
	}
	bad = psci_all_secondaries_off();
	if (!tf_check(bad < 0, "secondaries_off", "CPU%d did not turn off", bad))
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF, resume_entry, 0xc2, WAKE_US);
	expect_powerdown("cluster_powerdown_last_cpu", &r, 0xc2);
	if (recommended) {
		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_CLUSTER_OFF | PSTATE_LAST_AT(1),
			     resume_entry, 0x1c2, WAKE_US);
		expect_powerdown("cluster_last_in_level_last_cpu", &r, 0x1c2);
	}
	if (!system)
		return;
	psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_SYSTEM_OFF, resume_entry, 0x5d, WAKE_US);
	expect_powerdown("system_powerdown_last_cpu", &r, 0x5d);
	if (recommended) {
		psci_suspend(&r, PSCI64(FN_CPU_SUSPEND), PSTATE_SYSTEM_OFF | PSTATE_LAST_AT(2),
			     resume_entry, 0x25d, WAKE_US);
		expect_powerdown("system_last_in_level_last_cpu", &r, 0x25d);
	}
}

/* CPU_DEFAULT_SUSPEND: a state of the port's choosing; either way it must wait. */
static void check_default_suspend(void)
{
	struct suspend_result r;
	char why[160];
	bool ok;

	psci_suspend(&r, PSCI64(FN_CPU_DEFAULT_SUSPEND), resume_entry, 0xdef, 0, WAKE_US);
	if (r.resumed)
		ok = powerdown_ok(&r, 0xdef, why, sizeof(why));
	else
		ok = (int32_t)r.x0 == PSCI_E_SUCCESS && r.timer_fired && r.elapsed_us >= WAKE_US;
	tf_check(ok, "default_suspend", "%s",
		 r.resumed ? why : suspend_describe(&r, why, sizeof(why)));
	tf_info("CPU_DEFAULT_SUSPEND %s", r.resumed ? "powered down" : "returned (standby)");
	/* An entry point matters only if the default state is a power-down one. */
	bool powers_down = r.resumed;

	psci_suspend(&r, PSCI64(FN_CPU_DEFAULT_SUSPEND), 0, 1, 0, WAKE_US);
	tf_check(!r.resumed && ((int32_t)r.x0 == PSCI_E_INVALID_ADDRESS ||
				(!powers_down && (int32_t)r.x0 == PSCI_E_SUCCESS)),
		 "default_suspend_invalid_address", "entry 0 -> %s", psci_err_name((int64_t)r.x0));
}

static void run(void)
{
	if (!psci_require())
		return;
	if (!tf_check(gic_version() != 0, "gic", "no GIC in the DTB to wake up with"))
		return;
	if (psci_states_known("CPU-level suspends", NEED_STANDBY | NEED_CPU_OFF)) {
		check_cpu_level();
		check_invalid_states();
		check_secondaries();
	}
	if (psci_offered_or_skip(FN_CPU_DEFAULT_SUSPEND, "CPU_DEFAULT_SUSPEND"))
		check_default_suspend();
	if (psci_states_known("cluster suspends", NEED_CLUSTER_OFF))
		check_higher_levels();
}

const struct tf_suite psci_suspend_suite = {"psci_suspend", run};
