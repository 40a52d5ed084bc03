/*
 * The PSCI calls that end the run, one per QEMU run, chosen on the semihosting command
 * line (QEMU: -semihosting-config enable=on,target=native,arg=MODE):
 *
 *   system-off           SYSTEM_OFF
 *   system-off2          SYSTEM_OFF2(HIBERNATE_OFF), SMC64
 *   system-reset         SYSTEM_RESET
 *   system-reset2        SYSTEM_RESET2(architectural warm reset), SMC64
 *   system-reset2-vendor SYSTEM_RESET2(the profile's vendor cold reset type), SMC32
 *   mem-protect-reset    MEM_PROTECT(1), then SYSTEM_RESET: the monitor clears the normal
 *                        world's memory before it enters it again, this payload included,
 *                        so the run after the reset is the monitor's log alone
 *
 * Each starts the secondaries first (a system-wide call must not need them off), prints
 * the summary, then makes the call. Power-off: QEMU must end (exit code 0) after the
 * summary; if the call returns, a FAIL line and a second summary follow. Reset: QEMU runs
 * the firmware again, which enters the payload again; a marker in RAM that no image load
 * or .bss clearing touches tells the second run it came after the reset: it prints
 * `PSCI: reset detected`, checks that every CPU is OFF and can be started again, and
 * prints its own summary.
 */
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "exit.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"
#include "util.h"

#define MARKER_MAGIC 0x5245534554214e53ull /* "RESET!NS" */

struct mode {
	const char *name;
	uint32_t fid;
	uint64_t x1;
	bool reset;   /* restarts the system into this payload rather than ending it */
	bool vendor;  /* x1 is the profile's vendor reset type */
	bool protect; /* MEM_PROTECT on first */
};

static const struct mode modes[] = {
    {"system-off", PSCI32(FN_SYSTEM_OFF), 0, false, false, false},
    {"system-off2", PSCI64(FN_SYSTEM_OFF2), 1 /* HIBERNATE_OFF */, false, false, false},
    {"system-reset", PSCI32(FN_SYSTEM_RESET), 0, true, false, false},
    {"system-reset2", PSCI64(FN_SYSTEM_RESET2), 0 /* SYSTEM_WARM_RESET */, true, false, false},
    {"system-reset2-vendor", PSCI32(FN_SYSTEM_RESET2), 0, true, true, false},
    {"mem-protect-reset", PSCI32(FN_SYSTEM_RESET), 0, false, false, true},
};

/* What the first run leaves for the run after the reset. */
struct reset_marker {
	uint64_t magic;	   /* MARKER_MAGIC while a reset is expected */
	uint64_t mode;	   /* index in modes[] */
	uint64_t requests; /* resets requested so far (a loop shows up here) */
};

/* psci_entry.S: 64 bytes neither the image load nor the .bss clearing touches. */
extern volatile struct reset_marker persist_area;
#define marker persist_area
_Static_assert(sizeof(struct reset_marker) <= 64, "persist_area size");

/* Starts every secondary on a job that waits: they are running when the call comes. */
static void start_secondaries(void)
{
	struct tf_failures f = {0};

	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, job_hold_off, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS || !psci_wait_flag(i, 1, PSCI_TIMEOUT_US))
			tf_fail(&f, "CPU%u: CPU_ON -> %s, job flag %u", i, psci_err_name(rc),
				cpu_data[i].job_flag);
	}
	if (cpu_count > 1)
		tf_report("secondaries_running", &f);
}

/* The run after the reset: everything must be as after a cold boot. */
static void after_reset(const struct mode *m) __attribute__((noreturn));

static void after_reset(const struct mode *m)
{
	struct tf_failures off = {0}, on = {0};

	print("PSCI: reset detected\n");
	tf_check(marker.requests == 1, "one_reset", "%s asked for %lu resets", m->name,
		 (unsigned long)marker.requests);
	marker.magic = 0;
	if (!psci_require())
		tf_finish();
	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_affinity(i);

		if (rc != AFF_OFF)
			tf_fail(&off, "CPU%u: AFFINITY_INFO %d", i, rc);
	}
	tf_report("secondaries_off_after_reset", &off);
	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_start_job(i, job_off, PSCI64(FN_CPU_ON), i);

		if (rc != PSCI_E_SUCCESS || !psci_wait_off(i, PSCI_TIMEOUT_US) ||
		    cpu_data[i].job_flag != 1)
			tf_fail(&on, "CPU%u: CPU_ON -> %s, job flag %u", i, psci_err_name(rc),
				cpu_data[i].job_flag);
	}
	tf_report("secondaries_start_after_reset", &on);
	tf_finish();
}

static void run_mode(unsigned int index) __attribute__((noreturn));

static void run_mode(unsigned int index)
{
	const struct mode *m = &modes[index];
	uint64_t x1 = m->x1;
	int32_t rc;

	if (marker.magic == MARKER_MAGIC && marker.mode == index)
		after_reset(m);
	print("PAYLOAD: mode %s\n", m->name);
	if (!psci_require())
		tf_finish();
	if (m->vendor) {
		if (!tf_check(psci_env.conv.has_reset2_vendor, "vendor_type_known",
			      "the board's profile names no vendor reset type"))
			tf_finish();
		x1 = psci_env.conv.reset2_vendor_cold;
	}
	rc = psci(PSCI32(FN_PSCI_FEATURES), m->fid, 0, 0);
	tf_check(rc >= 0, "offered", "PSCI_FEATURES(0x%08x) -> %s", m->fid, psci_err_name(rc));
	if (m->protect) {
		rc = psci(PSCI32(FN_MEM_PROTECT), 1, 0, 0);
		tf_check(rc == 0, "mem_protect_on", "MEM_PROTECT(1) -> %s, want 0 (was off)",
			 psci_err_name(rc));
	}
	start_secondaries();
	if (m->reset) {
		marker.mode = index;
		marker.requests++;
		marker.magic = MARKER_MAGIC;
		__asm__ volatile("dmb sy" ::: "memory");
	}
	print("PSCI: %s (SMC 0x%08x, x1 0x%lx)\n", m->name, m->fid, (unsigned long)x1);
	if (!m->reset)
		tf_summary();
	console_flush();
	rc = psci(m->fid, x1, 0, 0);
	marker.magic = 0;
	tf_check(false, "call_returned", "%s returned %s", m->name, psci_err_name(rc));
	tf_finish();
}

static unsigned int chosen;

static void run(void)
{
	run_mode(chosen);
}

static const struct tf_suite psci_power_suite = {"psci_power", run};

void psci_power_mode_if_requested(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(modes); i++) {
		if (cmdline_is(modes[i].name)) {
			chosen = i;
			tf_run(&psci_power_suite);
		}
	}
}
