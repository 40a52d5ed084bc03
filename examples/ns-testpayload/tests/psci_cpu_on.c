/*
 * CPU_ON, CPU_OFF and AFFINITY_INFO (DEN0022 5.4-5.6): every secondary the DTB lists is
 * started, runs a job, and turns itself off; CPU 0 watches AFFINITY_INFO go
 * ON_PENDING/ON -> ON -> OFF. The entry state (x0 = context_id, caller's EL, DAIF masked,
 * MMU off), the error cases, and repeated off/on cycles of every CPU.
 */
#include "board.h"
#include "cpu.h"
#include "framework.h"
#include "psci_client.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define CYCLES 5

static void check_boot_state(void)
{
	struct tf_failures off = {0};
	int32_t rc32 = psci(PSCI32(FN_AFFINITY_INFO), psci_mpidr(0), 0, 0);
	int32_t rc64 = psci(PSCI64(FN_AFFINITY_INFO), psci_mpidr(0), 0, 0);

	tf_info("%u CPUs in the DTB, this one MPIDR 0x%lx", cpu_count,
		(unsigned long)psci_mpidr(0));
	tf_check(rc32 == AFF_ON && rc64 == AFF_ON, "affinity_info_self_on",
		 "SMC32 %s, SMC64 %s, want ON (0)", psci_err_name(rc32), psci_err_name(rc64));
	for (unsigned int i = 1; i < cpu_count; i++) {
		int32_t rc = psci_affinity(i);

		if (rc != AFF_OFF)
			tf_fail(&off, "CPU%u (MPIDR 0x%lx): %d", i, (unsigned long)psci_mpidr(i),
				rc);
	}
	tf_report("secondaries_off_at_start", &off);
}

/* Start every secondary, watch it through ON and back to OFF. */
static void check_start_all(void)
{
	struct tf_failures on = {0}, aff = {0}, ctx = {0}, state = {0}, again = {0}, off = {0};
	unsigned int pending_seen = 0;
	char why[120];

	for (unsigned int i = 1; i < cpu_count; i++) {
		struct cpu_data *c = &cpu_data[i];
		uint64_t id = 0xc0ffee0000000000ull | ((uint64_t)i << 16) | 0xa5;
		int32_t rc = psci_start_job(i, job_hold_off, PSCI64(FN_CPU_ON), id);
		int32_t first = psci_affinity(i);

		if (rc != PSCI_E_SUCCESS) {
			tf_fail(&on, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
			continue;
		}
		if (first == AFF_ON_PENDING)
			pending_seen++;
		else if (first != AFF_ON)
			tf_fail(&aff,
				"CPU%u: right after CPU_ON AFFINITY_INFO = %d, want ON_PENDING/ON",
				i, first);
		if (!psci_wait_flag(i, 1, PSCI_TIMEOUT_US)) {
			tf_fail(&on, "CPU%u: job never ran (AFFINITY_INFO %d)", i,
				psci_affinity(i));
			continue;
		}
		int32_t running = psci_affinity(i);

		if (running != AFF_ON)
			tf_fail(&aff, "CPU%u: running, AFFINITY_INFO = %d, want ON", i, running);
		if (c->entry_x0 != id)
			tf_fail(&ctx, "CPU%u: x0 0x%lx, want 0x%lx", i, (unsigned long)c->entry_x0,
				(unsigned long)id);
		if (!psci_entry_state_ok(c->entry_el, c->entry_daif, c->entry_sctlr, why,
					 sizeof(why)))
			tf_fail(&state, "CPU%u: %s", i, why);
		rc = psci(PSCI64(FN_CPU_ON), psci_mpidr(i), (uint64_t)(uintptr_t)psci_cpu_entry, 0);
		if (rc != PSCI_E_ALREADY_ON)
			tf_fail(&again, "CPU%u running: CPU_ON -> %s", i, psci_err_name(rc));
		c->job_go = 1;
		if (!psci_wait_off(i, PSCI_TIMEOUT_US))
			tf_fail(&off,
				"CPU%u: not OFF after CPU_OFF (AFFINITY_INFO %d, job flag %u, "
				"CPU_OFF -> %s)",
				i, psci_affinity(i), c->job_flag, psci_err_name(c->job_result));
	}
	tf_report("cpu_on_every_secondary", &on);
	tf_report("affinity_info_transitions", &aff);
	tf_report("entry_context_id", &ctx);
	tf_report("entry_state", &state);
	tf_report("cpu_on_running_already_on", &again);
	tf_report("cpu_off", &off);
	tf_info("ON_PENDING seen right after CPU_ON on %u of %u CPUs", pending_seen, cpu_count - 1);
}

/* The SMC32 form: a 32-bit context_id arrives as it was. */
static void check_cpu_on_smc32(void)
{
	struct tf_failures f = {0};
	bool reachable = smc32_addressable((uint64_t)(uintptr_t)psci_cpu_entry);

	if (!reachable)
		tf_info("entry point above 4 GiB: SMC32 CPU_ON must answer INVALID_ADDRESS");
	for (unsigned int i = 1; i < cpu_count; i++) {
		uint32_t id = 0x5ec00000u | i;
		int32_t rc = psci_start_job(i, job_off, PSCI32(FN_CPU_ON), id);

		if (!reachable) {
			if (rc != PSCI_E_INVALID_ADDRESS)
				tf_fail(&f, "CPU%u: CPU_ON -> %s, want INVALID_ADDRESS", i,
					psci_err_name(rc));
			continue;
		}

		if (rc != PSCI_E_SUCCESS) {
			tf_fail(&f, "CPU%u: CPU_ON -> %s", i, psci_err_name(rc));
			continue;
		}
		if (!psci_wait_off(i, PSCI_TIMEOUT_US) || cpu_data[i].job_flag != 1)
			tf_fail(&f, "CPU%u: job flag %u, AFFINITY_INFO %d", i, cpu_data[i].job_flag,
				psci_affinity(i));
		else if (cpu_data[i].entry_x0 != id)
			tf_fail(&f, "CPU%u: x0 0x%lx, want 0x%x", i,
				(unsigned long)cpu_data[i].entry_x0, id);
	}
	tf_report("cpu_on_smc32", &f);
}

/*
 * A second CPU_ON right behind the first: ON_PENDING, or ALREADY_ON if it was quick. The
 * job holds the CPU on, so it cannot have gone OFF in between; it must start only once.
 */
static void check_cpu_on_twice(void)
{
	struct tf_failures f = {0};
	unsigned int pending = 0;

	for (unsigned int i = 1; i < cpu_count; i++) {
		uint64_t entries = cpu_data[i].on_entries;
		int32_t rc = psci_start_job(i, job_hold_off, PSCI64(FN_CPU_ON), i);
		int32_t rc2 =
		    psci(PSCI64(FN_CPU_ON), psci_mpidr(i), (uint64_t)(uintptr_t)psci_cpu_entry, i);

		if (rc != PSCI_E_SUCCESS)
			tf_fail(&f, "CPU%u: first CPU_ON -> %s", i, psci_err_name(rc));
		else if (rc2 != PSCI_E_ON_PENDING && rc2 != PSCI_E_ALREADY_ON)
			tf_fail(&f, "CPU%u: second CPU_ON -> %s, want ON_PENDING or ALREADY_ON", i,
				psci_err_name(rc2));
		pending += rc2 == PSCI_E_ON_PENDING;
		if (!psci_wait_flag(i, 1, PSCI_TIMEOUT_US))
			tf_fail(&f, "CPU%u: job did not run", i);
		cpu_data[i].job_go = 1;
		if (!psci_wait_off(i, PSCI_TIMEOUT_US))
			tf_fail(&f, "CPU%u: not OFF again", i);
		else if (cpu_data[i].on_entries != entries + 1)
			tf_fail(&f, "CPU%u: entered %lu times, want once", i,
				(unsigned long)(cpu_data[i].on_entries - entries));
	}
	tf_report("cpu_on_twice", &f);
	tf_info("second CPU_ON answered ON_PENDING on %u of %u CPUs", pending, cpu_count - 1);
}

/*
 * Entry points CPU_ON must refuse: none of them is in NS DRAM, or (the last ones) is no
 * AArch64 instruction address: the real entry point plus 2, and plus 1. Returns how many.
 */
static unsigned int bad_entry_points(uint64_t *out, unsigned int size)
{
	const struct board_profile *p = board.profile;
	const uint64_t entry = (uint64_t)(uintptr_t)psci_cpu_entry;
	const uint64_t dram_end = psci_env.mem_base + psci_env.mem_size;
	unsigned int n = 0;

	/* Secure memory (QEMU virt: the flash at 0, the SRAM at 0x0e000000). */
	for (unsigned int i = 0; i < p->secure_read_count && n < size; i++)
		out[n++] = p->secure_reads[i].addr;
	if (board.dt.uart_base && n < size)
		out[n++] = board.dt.uart_base; /* a device */
	if (psci_env.mem_base >= 4 && n < size)
		out[n++] = psci_env.mem_base - 4; /* just below DRAM */
	if (n + 3 <= size) {
		out[n++] = dram_end;		    /* just above it */
		out[n++] = 0xfffffffffffff000ull;   /* nowhere */
		out[n++] = board_high_alias(entry); /* a valid address with a high bit changed */
	}
	if (n + 2 <= size) {
		out[n++] = entry + 2; /* in DRAM, but not 4-byte aligned */
		out[n++] = entry + 1;
	}
	return n;
}

static void check_errors(void)
{
	const uint64_t entry = (uint64_t)(uintptr_t)psci_cpu_entry;
	uint64_t bad_entries[16];
	unsigned int bad_entry_count = bad_entry_points(bad_entries, ARRAY_SIZE(bad_entries));
	const uint64_t mpidr1 = cpu_count > 1 ? psci_mpidr(1) : psci_mpidr(0);
	const uint64_t bad_mpidrs[] = {
	    0xff,		    /* Aff0 nobody has */
	    0xff00,		    /* Aff1 */
	    0xff0000,		    /* Aff2 */
	    1ull << 32,		    /* Aff3 */
	    0x80000000ull | mpidr1, /* bit 31 (RES1 in MPIDR_EL1): must be zero here */
	    (1ull << 24) | mpidr1,  /* MT bit */
	    (1ull << 40) | mpidr1,  /* above Aff3 */
	    0xffffffffffffffffull,
	};
	struct tf_failures addr = {0}, mpidr = {0}, aff = {0};
	int32_t rc;

	if (psci_env.mem_size == 0) {
		tf_check(false, "cpu_on_invalid_address", "no memory node in the DTB");
	} else if (cpu_count > 1) {
		for (unsigned int k = 0; k < bad_entry_count; k++) {
			rc = psci(PSCI64(FN_CPU_ON), mpidr1, bad_entries[k], 1);
			if (rc != PSCI_E_INVALID_ADDRESS)
				tf_fail(&addr, "entry 0x%lx -> %s", (unsigned long)bad_entries[k],
					psci_err_name(rc));
			if (rc == PSCI_E_SUCCESS)
				psci_wait_off(1, 100000); /* it ran off somewhere: nothing to do */
		}
		if (psci_affinity(1) != AFF_OFF)
			tf_fail(&addr, "CPU1 is not OFF after refused CPU_ONs (%d)",
				psci_affinity(1));
		tf_report("cpu_on_invalid_address", &addr);
	}

	for (unsigned int k = 0; k < ARRAY_SIZE(bad_mpidrs); k++) {
		if (cpu_index_of(bad_mpidrs[k]) >= 0 && !(bad_mpidrs[k] & ~MPIDR_AFFINITY_MASK))
			continue; /* a real CPU on a big machine */
		rc = psci(PSCI64(FN_CPU_ON), bad_mpidrs[k], entry, 1);
		if (rc != PSCI_E_INVALID_PARAMS)
			tf_fail(&mpidr, "CPU_ON(0x%lx) -> %s", (unsigned long)bad_mpidrs[k],
				psci_err_name(rc));
		rc = psci(PSCI64(FN_AFFINITY_INFO), bad_mpidrs[k], 0, 0);
		if (rc != PSCI_E_INVALID_PARAMS)
			tf_fail(&aff, "AFFINITY_INFO(0x%lx) -> %s", (unsigned long)bad_mpidrs[k],
				psci_err_name(rc));
	}
	tf_report("cpu_on_invalid_mpidr", &mpidr);
	tf_report("affinity_info_invalid_mpidr", &aff);

	rc = psci(PSCI64(FN_CPU_ON), psci_mpidr(0), entry, 0);
	tf_check(rc == PSCI_E_ALREADY_ON, "cpu_on_self_already_on", "CPU_ON(self) -> %s",
		 psci_err_name(rc));
}

/*
 * AFFINITY_INFO above level 0: what the port offers, INVALID_PARAMETERS beyond. Without a
 * profile: ON (the node this CPU runs in) or INVALID_PARAMETERS up to level 3, and
 * INVALID_PARAMETERS above (the MPIDR has four affinity levels).
 */
static void check_affinity_levels(void)
{
	static const uint32_t levels[] = {1, 2, 3, 4, 0xff, 0x80000000u};
	const struct psci_profile *c = &psci_env.conv;
	struct tf_failures f = {0};

	for (unsigned int k = 0; k < ARRAY_SIZE(levels); k++) {
		int32_t rc = psci(PSCI64(FN_AFFINITY_INFO), psci_mpidr(0), levels[k], 0);
		/* The node this CPU runs in is ON at every level that exists. */
		int32_t want = levels[k] <= c->affinity_max && levels[k] < c->levels
				   ? AFF_ON
				   : PSCI_E_INVALID_PARAMS;

		if (c->exact ? rc != want
			     : rc != PSCI_E_INVALID_PARAMS && (levels[k] > 3 || rc != AFF_ON))
			tf_fail(&f, "lowest level %u -> %s, want %s", levels[k], psci_err_name(rc),
				c->exact	? psci_err_name(want)
				: levels[k] > 3 ? "INVALID_PARAMETERS"
						: "ON or INVALID_PARAMETERS");
	}
	tf_report("affinity_info_levels", &f);
}

/* CPU_ON / CPU_OFF cycles of all secondaries at once. */
static void check_cycles(void)
{
	struct tf_failures f = {0};
	uint64_t before[NS_MAX_CPUS];

	for (unsigned int i = 1; i < cpu_count; i++)
		before[i] = cpu_data[i].on_entries;
	for (unsigned int cycle = 1; cycle <= CYCLES && f.count == 0; cycle++) {
		for (unsigned int i = 1; i < cpu_count; i++) {
			uint64_t id = ((uint64_t)cycle << 32) | (cycle << 8) | i;
			int32_t rc = psci_start_job(i, job_off, PSCI64(FN_CPU_ON), id);

			if (rc != PSCI_E_SUCCESS)
				tf_fail(&f, "cycle %u CPU%u: CPU_ON -> %s", cycle, i,
					psci_err_name(rc));
		}
		for (unsigned int i = 1; i < cpu_count; i++) {
			uint64_t id = ((uint64_t)cycle << 32) | (cycle << 8) | i;

			if (!psci_wait_off(i, PSCI_TIMEOUT_US))
				tf_fail(&f, "cycle %u CPU%u: not OFF (flag %u)", cycle, i,
					cpu_data[i].job_flag);
			else if (cpu_data[i].on_entries != before[i] + cycle)
				tf_fail(&f, "cycle %u CPU%u: entered %lu times, want %lu", cycle, i,
					(unsigned long)(cpu_data[i].on_entries - before[i]),
					(unsigned long)cycle);
			else if (cpu_data[i].entry_x0 != id)
				tf_fail(&f, "cycle %u CPU%u: x0 0x%lx, want 0x%lx", cycle, i,
					(unsigned long)cpu_data[i].entry_x0, (unsigned long)id);
		}
	}
	tf_report("off_on_cycles", &f);
}

static void run(void)
{
	if (!psci_require())
		return;
	check_boot_state();
	check_affinity_levels();
	check_errors();
	if (cpu_count < 2) {
		tf_info("one CPU: no secondary to start");
		return;
	}
	check_start_all();
	check_cpu_on_smc32();
	check_cpu_on_twice();
	check_cycles();
}

const struct tf_suite psci_cpu_on_suite = {"psci_cpu_on", run};
