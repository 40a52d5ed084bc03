/*
 * Nothing secret reaches the normal world (issue 8 item 4):
 *
 * - Secure memory: loads from the secure addresses of the board's profile (QEMU virt:
 *   secure SRAM, where the monitor runs, 0x0e000000, and the secure flash, flash0 at 0x0,
 *   where -bios puts the monitor's image; QEMU maps both in the Secure address space only)
 *   end in a synchronous external abort at the payload's own EL, and the load returns
 *   nothing: its target register keeps the marker it held (fault_probe.S recovers from
 *   exactly that load). A load from NS DRAM through the same code returns its data: the
 *   probe itself works.
 * - Register hygiene: after every kind of SMC that returns (arch calls, PSCI queries,
 *   general queries, unknown IDs, PMF if served), x4-x17 hold what was passed, result
 *   registers a call does not use hold the caller's value or 0, and none of x0-x17 holds
 *   anything that looks like an EL3 address: the profile's EL3 ranges (QEMU virt: secure
 *   SRAM 0x0e000000-0x0effffff and the monitor's stack VAs 0x7f00000000-0x7fffffffff).
 *   The random inputs avoid them, so a hit can only come from EL3. Registers that carry a
 *   timestamp or residency (PMF GET_TIMESTAMP, PSCI_STAT_RESIDENCY) are counter values and
 *   are not scanned.
 * - PMF (only if served): GET_TIMESTAMP with an id or a CPU outside what the store holds
 *   answers INVALID_PARAMETER (SMCCC -3, see secmon/services/pmf.h) with 0 in the value
 *   registers, never data.
 */
#include <secmon/smccc.h>

#include "board.h"
#include "console.h"
#include "cpu.h"
#include "discovery.h"
#include "fault_probe.h"
#include "framework.h"
#include "pmf_client.h"
#include "psci_client.h"
#include "rand.h"
#include "served_ranges.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

#define ROUNDS	      40 /* random register sets per call */
#define UNKNOWN_CALLS 400

#define ESR_EC(esr)	 (((esr) >> 26) & 0x3fu)
#define ESR_DFSC(esr)	 ((esr)&0x3fu)
#define ESR_FNV		 (1ull << 10) /* FAR not valid */
#define EC_DABT_SAME_EL	 0x25u
#define DFSC_SYNC_EXTERN 0x10u

static bool looks_like_el3(uint64_t v)
{
	const struct board_profile *p = board.profile;

	for (unsigned int i = 0; i < p->el3_range_count; i++)
		if (v >= p->el3_ranges[i].first && v <= p->el3_ranges[i].last)
			return true;
	return false;
}

/* A random input that is not in an EL3 range (and so cannot be mistaken for a leak). */
static uint64_t clean_random(struct rng *r)
{
	uint64_t v = rng_next(r);

	return looks_like_el3(v) ? v ^ (1ull << 45) : v;
}

static void check_secure_reads(void)
{
	static volatile uint64_t ns_word = 0x1234567890abcdefull;
	struct tf_failures f = {0};
	struct probe_result r;

	/* Positive control: NS DRAM reads fine through the same code. */
	int faulted = probe_load((uint64_t)(uintptr_t)&ns_word, &r);
	if (!tf_check(!faulted && r.value == ns_word, "probe_reads_ns_memory",
		      "load of NS DRAM: fault %d, value 0x%lx (ESR 0x%lx)", faulted,
		      (unsigned long)r.value, (unsigned long)r.esr))
		return;

	const struct board_profile *p = board.profile;

	if (p->secure_read_count == 0) {
		tf_info("%s: no secure addresses known, secure reads not tried", p->name);
		return;
	}
	for (unsigned int i = 0; i < p->secure_read_count; i++) {
		uint64_t a = p->secure_reads[i].addr;
		const char *what = p->secure_reads[i].what;

		faulted = probe_load(a, &r);
		if (!faulted)
			tf_fail(&f, "0x%lx (%s): no fault, read 0x%lx", (unsigned long)a, what,
				(unsigned long)r.value);
		else if (r.value != PROBE_MARKER)
			tf_fail(&f, "0x%lx (%s): faulted but the load returned 0x%lx",
				(unsigned long)a, what, (unsigned long)r.value);
		else if (ESR_EC(r.esr) != EC_DABT_SAME_EL || ESR_DFSC(r.esr) != DFSC_SYNC_EXTERN)
			tf_fail(&f,
				"0x%lx (%s): ESR 0x%lx, want a data abort (EC 0x25) with a "
				"synchronous external abort (DFSC 0x10)",
				(unsigned long)a, what, (unsigned long)r.esr);
		else if (!(r.esr & ESR_FNV) && r.far != a)
			tf_fail(&f, "0x%lx (%s): FAR 0x%lx", (unsigned long)a, what,
				(unsigned long)r.far);
	}
	tf_report("secure_memory_faults", &f);
	tf_info("%u secure addresses read from EL%u: every load aborted, nothing returned",
		p->secure_read_count - f.count, current_el());
}

/* How x1 (and x2) of a call are chosen. */
enum arg {
	ARG_RANDOM, /* clean random */
	ARG_FIXED,  /* the given value */
};

/* One kind of call for the register scan. */
struct call {
	const char *group; /* "arch", "psci", "general", "pmf" */
	uint32_t fid;
	enum arg a1;
	uint64_t x1;
	enum arg a2;
	uint64_t x2;
	uint8_t results;     /* x0..x(results-1) are results; the rest of x0-x3 must not be */
	uint8_t value_first; /* results from here on are values: counters, UIDs (not scanned) */
};

static struct call calls[64];
static unsigned int ncalls;

static void add(const char *group, uint32_t fid, enum arg a1, uint64_t x1, enum arg a2, uint64_t x2,
		unsigned int results, unsigned int value_first)
{
	if (ncalls < ARRAY_SIZE(calls))
		calls[ncalls++] = (struct call){
		    group, fid, a1, x1, a2, x2, (uint8_t)results, (uint8_t)value_first};
}

/* PSCI calls that return, and the standard service's general queries. */
static void add_psci_calls(uint64_t me)
{
	/* The CPU power-down state (a valid one if the board has it) for the STAT calls. */
	psci_client_init();
	const uint64_t cpu_off = PSTATE_CPU_OFF;

	add("psci", PSCI32(FN_PSCI_VERSION), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI32(FN_PSCI_FEATURES), ARG_FIXED, PSCI64(FN_CPU_ON), ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI32(FN_PSCI_FEATURES), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_AFFINITY_INFO), ARG_FIXED, me, ARG_FIXED, 0, 1, 4);
	add("psci", PSCI32(FN_AFFINITY_INFO), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_AFFINITY_INFO), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI32(FN_MIGRATE_INFO_TYPE), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_MIGRATE_INFO_UP_CPU), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_MIGRATE), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_NODE_HW_STATE), ARG_FIXED, me, ARG_FIXED, 0, 1, 4);
	add("psci", PSCI64(FN_NODE_HW_STATE), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_PSCI_STAT_RESIDENCY), ARG_FIXED, me, ARG_FIXED, cpu_off, 1, 0);
	add("psci", PSCI64(FN_PSCI_STAT_RESIDENCY), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 0);
	add("psci", PSCI64(FN_PSCI_STAT_COUNT), ARG_FIXED, me, ARG_FIXED, cpu_off, 1, 4);
	add("psci", PSCI32(FN_PSCI_STAT_COUNT), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI64(FN_MEM_PROTECT_CHECK_RANGE), ARG_FIXED, board_dram_base(), ARG_FIXED,
	    0x1000, 1, 4);
	add("psci", PSCI64(FN_MEM_PROTECT_CHECK_RANGE), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("psci", PSCI32(FN_CPU_ON), ARG_FIXED, me, ARG_RANDOM, 0, 1, 4); /* ALREADY_ON */
	add("psci", PSCI64(FN_CPU_ON), ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4); /* bad MPIDR */
	add("general", 0x8400ff00, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("general", 0x8400ff01, ARG_RANDOM, 0, ARG_RANDOM, 0, 4, 0); /* UID: values */
	add("general", 0x8400ff03, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 4);
}

/* The PMF query and the vendor EL3 service's general queries. */
static void add_pmf_calls(uint64_t me)
{
	const uint32_t tid = PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI);

	add("pmf", PMF_GET_VERSION_32, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 4);
	add("pmf", PMF_GET_VERSION_64, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 4);
	add("pmf", PMF_GET_TIMESTAMP_32, ARG_FIXED, tid, ARG_FIXED, me, 3, 1);
	add("pmf", PMF_GET_TIMESTAMP_64, ARG_FIXED, tid, ARG_FIXED, me, 2, 1);
	add("pmf", PMF_SIP_GET_TIMESTAMP_64, ARG_FIXED, tid, ARG_FIXED, me, 2, 1);
	add("pmf", PMF_GET_TIMESTAMP_32, ARG_RANDOM, 0, ARG_RANDOM, 0, 3, 1);
	add("pmf", PMF_GET_TIMESTAMP_64, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 1);
	add("pmf", PMF_GET_TIMESTAMP_64, ARG_FIXED, tid, ARG_RANDOM, 0, 2, 1);
	add("general", 0x8700ff00, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("general", 0x8700ff01, ARG_RANDOM, 0, ARG_RANDOM, 0, 4, 0);
	add("general", 0x8700ff03, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 4);
}

static void build_calls(void)
{
	uint64_t me = read_mpidr() & MPIDR_AFFINITY_MASK;

	ncalls = 0;
	add("arch", SMCCC_VERSION, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("arch", SMCCC_ARCH_FEATURES, ARG_FIXED, SMCCC_ARCH_SOC_ID, ARG_RANDOM, 0, 1, 4);
	add("arch", SMCCC_ARCH_FEATURES, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("arch", SMCCC_ARCH_SOC_ID, ARG_FIXED, 0, ARG_RANDOM, 0, 1, 4);
	add("arch", SMCCC_ARCH_SOC_ID, ARG_FIXED, 1, ARG_RANDOM, 0, 1, 4);
	add("arch", SMCCC_ARCH_SOC_ID, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	/* The workaround calls define no result: x0-x3 are only scanned. */
	add("arch", SMCCC_ARCH_WORKAROUND_1, ARG_RANDOM, 0, ARG_RANDOM, 0, 4, 4);
	add("arch", SMCCC_ARCH_WORKAROUND_2, ARG_FIXED, 1, ARG_RANDOM, 0, 4, 4);
	add("arch", SMCCC_ARCH_WORKAROUND_3, ARG_RANDOM, 0, ARG_RANDOM, 0, 4, 4);
	add("general", 0x8000ff00, ARG_RANDOM, 0, ARG_RANDOM, 0, 1, 4);
	add("general", 0x8000ff01, ARG_RANDOM, 0, ARG_RANDOM, 0, 4, 0);
	add("general", 0x8000ff03, ARG_RANDOM, 0, ARG_RANDOM, 0, 2, 4);
	if (psci_served())
		add_psci_calls(me);
	if (pmf_served())
		add_pmf_calls(me);
}

/* Per group: calls made and the first failure. */
struct scan {
	unsigned int calls;
	struct tf_failures f;
};

/* One call with random registers; records a failure in s. */
static void scan_one(const struct call *c, uint32_t fid, struct rng *r, struct scan *s)
{
	struct smc_regs in, out;

	in.x[0] = fid;
	for (unsigned int n = 1; n < 18; n++)
		in.x[n] = clean_random(r);
	if (c && c->a1 == ARG_FIXED)
		in.x[1] = c->x1;
	if (c && c->a2 == ARG_FIXED)
		in.x[2] = c->x2;
	out = in;
	smc_call_regs(&out);
	s->calls++;

	unsigned int results = c ? c->results : 1, value_first = c ? c->value_first : 4;

	for (unsigned int n = 0; n < 18; n++) {
		bool value = n >= value_first && n < results;

		if (!value && looks_like_el3(out.x[n]) && out.x[n] != in.x[n]) {
			tf_fail(&s->f, "fid 0x%08x: x%u = 0x%lx looks like an EL3 address", fid, n,
				(unsigned long)out.x[n]);
			return;
		}
	}
	for (unsigned int n = 4; n < 18; n++) {
		if (out.x[n] != in.x[n]) {
			tf_fail(&s->f, "fid 0x%08x: x%u changed 0x%lx -> 0x%lx", fid, n,
				(unsigned long)in.x[n], (unsigned long)out.x[n]);
			return;
		}
	}
	for (unsigned int n = results; n < 4; n++) {
		if (out.x[n] != in.x[n] && out.x[n] != 0) {
			tf_fail(&s->f, "fid 0x%08x: unused result x%u = 0x%lx (caller's 0x%lx)",
				fid, n, (unsigned long)out.x[n], (unsigned long)in.x[n]);
			return;
		}
	}
}

static void check_register_hygiene(void)
{
	static const char *const groups[] = {"arch", "general", "psci", "pmf"};
	struct scan scans[ARRAY_SIZE(groups)] = {0}, unknown = {0};
	struct rng r = {0x150a7e0d5eedull};
	char name[40];

	build_calls();
	for (unsigned int round = 0; round < ROUNDS; round++) {
		for (unsigned int i = 0; i < ncalls; i++) {
			for (unsigned int g = 0; g < ARRAY_SIZE(groups); g++)
				if (strcmp(calls[i].group, groups[g]) == 0)
					scan_one(&calls[i], calls[i].fid, &r, &scans[g]);
		}
	}
	for (unsigned int g = 0; g < ARRAY_SIZE(groups); g++) {
		if (scans[g].calls == 0)
			continue;
		fmt_format(name, sizeof(name), "registers_%s", groups[g]);
		tf_report(name, &scans[g].f);
	}
	/* Unknown IDs: any owning entity, fast or yielding, SMC32 or SMC64. */
	while (unknown.calls < UNKNOWN_CALLS) {
		uint32_t fid = (uint32_t)rng_next(&r);

		if (fid_is_served(fid))
			continue;
		scan_one(NULL, fid, &r, &unknown);
	}
	tf_report("registers_unknown_ids", &unknown.f);
	tf_info("x0-x17 scanned after %u SMCs with random inputs: no EL3 address, x4-x17 kept",
		ROUNDS * ncalls + unknown.calls);
}

/* GET_TIMESTAMP with an id or a CPU the store does not have. */
static void check_pmf_bounds(void)
{
	const uint64_t me = read_mpidr() & MPIDR_AFFINITY_MASK;
	const uint32_t good = PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI);
	static const uint32_t bad_ids[] = {
	    PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI) ^ (1u << 24), /* implementation 0x40 */
	    0x00000400u,					   /* implementation 0 */
	    PMF_TID(PMF_SVC_RT_INSTR, 8),			   /* past the 8 rt_instr ids */
	    PMF_TID(PMF_SVC_RT_INSTR, 0xff),
	    PMF_TID(PMF_SVC_PSCI_STAT, 2), /* past the 2 psci_stat ids */
	    PMF_TID(2, 0),		   /* services nobody registered */
	    PMF_TID(63, 0),
	    PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI) | (1u << 8),  /* reserved [9:8] */
	    PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI) | (1u << 16), /* reserved [23:16] */
	    0xffffffffu,
	};
	const uint64_t bad_cpus[] = {0xff, 0xff00, 0xff0000, 1ull << 32, 0xffffffffffffffffull, 7};
	struct tf_failures ids = {0}, cpus = {0}, ok = {0};
	struct smc_result r;

	psci_client_init(); /* the CPU table, to skip MPIDRs that exist */

	r = smc_call(PMF_GET_TIMESTAMP_64, good, me, 0, 0, 0, 0, 0);
	if ((int32_t)r.x0 != SMCCC_RET_SUCCESS)
		tf_fail(&ok, "GET_TIMESTAMP(0x%x, self) -> %d", good, (int32_t)r.x0);
	r = smc0(PMF_GET_VERSION_32);
	if ((int32_t)r.x0 != SMCCC_RET_SUCCESS || (uint32_t)r.x1 != PMF_VERSION)
		tf_fail(&ok, "GET_VERSION -> x0 0x%lx x1 0x%lx, want 0 and %u (TF-A's answer)",
			(unsigned long)r.x0, (unsigned long)r.x1, PMF_VERSION);
	/* Flag bits other than bit 0 (cache maintenance) are refused. */
	r = smc_call(PMF_GET_TIMESTAMP_64, good, me, ~0ull, 0, 0, 0, 0);
	if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0)
		tf_fail(&ok, "GET_TIMESTAMP(flags ~0) -> x0 %d x1 0x%lx, want INVALID_PARAMETER",
			(int32_t)r.x0, (unsigned long)r.x1);
	tf_report("pmf_valid_query", &ok);

	for (unsigned int i = 0; i < ARRAY_SIZE(bad_ids); i++) {
		r = smc_call(PMF_GET_TIMESTAMP_64, bad_ids[i], me, 0, 0, 0, 0, 0);
		if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0)
			tf_fail(&ids, "SMC64 id 0x%08x -> x0 %d, x1 0x%lx", bad_ids[i],
				(int32_t)r.x0, (unsigned long)r.x1);
		r = smc_call(PMF_GET_TIMESTAMP_32, bad_ids[i], me, PMF_FLAG_CACHE_MAINT, 0, 0, 0,
			     0);
		if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0 || r.x2 != 0)
			tf_fail(&ids, "SMC32 id 0x%08x -> w0 %d, x1 0x%lx x2 0x%lx", bad_ids[i],
				(int32_t)r.x0, (unsigned long)r.x1, (unsigned long)r.x2);
	}
	/* SMC64: a timestamp id with upper bits is no id. */
	r = smc_call(PMF_GET_TIMESTAMP_64, good | (1ull << 40), me, 0, 0, 0, 0, 0);
	if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0)
		tf_fail(&ids, "SMC64 id with bit 40 -> x0 %d", (int32_t)r.x0);
	tf_report("pmf_bad_ids", &ids);

	for (unsigned int i = 0; i < ARRAY_SIZE(bad_cpus); i++) {
		if (cpu_index_of(bad_cpus[i]) >= 0 && !(bad_cpus[i] & ~MPIDR_AFFINITY_MASK))
			continue;
		r = smc_call(PMF_GET_TIMESTAMP_64, good, bad_cpus[i], 0, 0, 0, 0, 0);
		if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0)
			tf_fail(&cpus, "MPIDR 0x%lx -> x0 %d, x1 0x%lx", (unsigned long)bad_cpus[i],
				(int32_t)r.x0, (unsigned long)r.x1);
		r = smc_call(PMF_SIP_GET_TIMESTAMP_64, good, bad_cpus[i], 0, 0, 0, 0, 0);
		if ((int32_t)r.x0 != SMCCC_RET_INVALID_PARAMETER || r.x1 != 0)
			tf_fail(&cpus, "SiP ID, MPIDR 0x%lx -> x0 %d", (unsigned long)bad_cpus[i],
				(int32_t)r.x0);
	}
	tf_report("pmf_bad_cpus", &cpus);
}

static void run(void)
{
	check_secure_reads();
	check_register_hygiene();
	if (pmf_served())
		check_pmf_bounds();
}

const struct tf_suite isolation_suite = {"isolation", run};
