/*
 * Calls that come straight back, on the calling CPU: the trusted-OS general queries, the
 * payload's arithmetic as fast and yielding calls in SMC32 and SMC64 (wrapping, unsigned
 * DIV with remainder, DIV by zero), function numbers nobody offers, the trusted-OS owning
 * entities the dispatcher does not forward (51-62, and 63 but for its queries), and the
 * payload's call counters.
 */
#include <secmon/smccc.h>

#include "cpu.h"
#include "psci_client.h"
#include "spd.h"
#include "tests.h"
#include "util.h"

/* One arithmetic case: operands and the results of the SMC64 and the SMC32 call. */
struct arith_case {
	uint32_t func;
	uint64_t a, b;
	uint64_t res64, rem64;
	uint32_t res32, rem32;
};

static const struct arith_case arith_cases[] = {
    {TSP_FUNC_ADD, 1, 2, 3, 0, 3, 0},
    {TSP_FUNC_ADD, ~0ull, 1, 0, 0, 0, 0},
    {TSP_FUNC_ADD, 0x1ffffffffull, 1, 0x200000000ull, 0, 0, 0},
    {TSP_FUNC_ADD, 0x8000000000000000ull, 0x8000000000000000ull, 0, 0, 0, 0},
    {TSP_FUNC_SUB, 5, 3, 2, 0, 2, 0},
    {TSP_FUNC_SUB, 0, 1, ~0ull, 0, 0xffffffffu, 0},
    {TSP_FUNC_SUB, 0x100000000ull, 1, 0xffffffffull, 0, 0xffffffffu, 0},
    {TSP_FUNC_MUL, 6, 7, 42, 0, 42, 0},
    {TSP_FUNC_MUL, 0x100000000ull, 0x100000000ull, 0, 0, 0, 0},
    {TSP_FUNC_MUL, 0x10000, 0x10000, 0x100000000ull, 0, 0, 0},
    {TSP_FUNC_MUL, ~0ull, 2, 0xfffffffffffffffeull, 0, 0xfffffffeu, 0},
    {TSP_FUNC_DIV, 100, 7, 14, 2, 14, 2},
    {TSP_FUNC_DIV, ~0ull, 0x10, 0x0fffffffffffffffull, 0xf, 0x0fffffffu, 0xf},
    {TSP_FUNC_DIV, 5, 10, 0, 5, 0, 5},
    {TSP_FUNC_DIV, 0x80000000ull, 2, 0x40000000ull, 0, 0x40000000u, 0},
    {TSP_FUNC_DIV, 0x100000005ull, 0x100000002ull, 1, 3, 2, 1},
};

/* The four ways to call a payload function: fast/yielding x SMC64/SMC32. */
static uint32_t call_fid(unsigned int kind, uint32_t func)
{
	switch (kind) {
	case 0:
		return TSP_FAST_SMC64(func);
	case 1:
		return TSP_FAST_SMC32(func);
	case 2:
		return TSP_YIELD_SMC64(func);
	default:
		return TSP_YIELD_SMC32(func);
	}
}

static struct smc_result call(unsigned int kind, uint32_t func, uint64_t a, uint64_t b)
{
	uint32_t fid = call_fid(kind, func);

	if (kind >= 2)
		return spd_yield_call(fid, a, b, NULL);
	return smc_call(fid, a, b, 0, 0, 0, 0, 0);
}

static void check_general_queries(unsigned int cpu)
{
	static const uint32_t want_uid[4] = SPD_EXPECTED_UID;
	struct tf_failures *f = &spd_checks.general_queries;
	struct smc_result r = smc0(SPD_TOS_CALL_COUNT);

	if (r.x0 == SMC_UNK || (uint32_t)r.x0 == 0)
		tf_fail(f, "CPU%u: Call Count -> 0x%lx, want a count", cpu, (unsigned long)r.x0);
	r = smc0(SPD_TOS_CALL_UID);
	if ((uint32_t)r.x0 != want_uid[0] || (uint32_t)r.x1 != want_uid[1] ||
	    (uint32_t)r.x2 != want_uid[2] || (uint32_t)r.x3 != want_uid[3])
		tf_fail(f, "CPU%u: UID %08x %08x %08x %08x, want %08x %08x %08x %08x", cpu,
			(uint32_t)r.x0, (uint32_t)r.x1, (uint32_t)r.x2, (uint32_t)r.x3, want_uid[0],
			want_uid[1], want_uid[2], want_uid[3]);
	r = smc0(SPD_TOS_REVISION);
	if (r.x0 != SPD_EXPECTED_REVISION_MAJOR || r.x1 != SPD_EXPECTED_REVISION_MINOR)
		tf_fail(f, "CPU%u: revision %lu.%lu, want %u.%u", cpu, (unsigned long)r.x0,
			(unsigned long)r.x1, SPD_EXPECTED_REVISION_MAJOR,
			SPD_EXPECTED_REVISION_MINOR);
}

static void check_arith(unsigned int cpu)
{
	for (unsigned int kind = 0; kind < 4; kind++) {
		bool smc64 = kind == 0 || kind == 2;

		for (unsigned int k = 0; k < ARRAY_SIZE(arith_cases); k++) {
			const struct arith_case *c = &arith_cases[k];
			struct smc_result r = call(kind, c->func, c->a, c->b);
			uint64_t res = smc64 ? c->res64 : c->res32;
			uint64_t rem = smc64 ? c->rem64 : c->rem32;

			if (r.x0 != 0 || r.x1 != res || r.x2 != rem || r.x3 != 0)
				tf_fail(
				    &spd_checks.arith[kind],
				    "CPU%u: 0x%08x(0x%lx, 0x%lx) -> x0-x3 0x%lx 0x%lx 0x%lx 0x%lx, "
				    "want 0 0x%lx 0x%lx 0",
				    cpu, call_fid(kind, c->func), (unsigned long)c->a,
				    (unsigned long)c->b, (unsigned long)r.x0, (unsigned long)r.x1,
				    (unsigned long)r.x2, (unsigned long)r.x3, (unsigned long)res,
				    (unsigned long)rem);
		}
		/* The SVE hint (bit 16) is no part of the function: still ADD. */
		struct smc_result h = call(kind, TSP_FUNC_ADD | 1u << 16, 40, 2);

		if (h.x0 != 0 || h.x1 != 42)
			tf_fail(&spd_checks.arith[kind],
				"CPU%u: 0x%08x with the SVE hint -> 0x%lx 0x%lx", cpu,
				call_fid(kind, TSP_FUNC_ADD | 1u << 16), (unsigned long)h.x0,
				(unsigned long)h.x1);
		/* SMC32: garbage in the upper halves of the arguments changes nothing. */
		if (!smc64) {
			struct smc_result r =
			    call(kind, TSP_FUNC_ADD, UPPER_GARBAGE | 40, UPPER_GARBAGE | 2);

			if (r.x0 != 0 || r.x1 != 42)
				tf_fail(
				    &spd_checks.arith[kind],
				    "CPU%u: 0x%08x with upper garbage -> 0x%lx 0x%lx, want 0 42",
				    cpu, call_fid(kind, TSP_FUNC_ADD), (unsigned long)r.x0,
				    (unsigned long)r.x1);
		}
	}
}

static void check_div_by_zero(unsigned int cpu)
{
	for (unsigned int kind = 0; kind < 4; kind++) {
		struct smc_result r = call(kind, TSP_FUNC_DIV, 1234, kind & 1 ? UPPER_GARBAGE : 0);

		/* An error has no results: x1 stays the caller's. */
		if (r.x0 != TSP_E_INVALID || r.x1 != 1234)
			tf_fail(&spd_checks.div_by_zero,
				"CPU%u: 0x%08x(1234, 0) -> 0x%lx 0x%lx, want -3 1234", cpu,
				call_fid(kind, TSP_FUNC_DIV), (unsigned long)r.x0,
				(unsigned long)r.x1);
	}
}

static void expect_unknown(unsigned int cpu, unsigned int kind, uint32_t func)
{
	struct smc_result r = call(kind, func, 1, 2);

	if (r.x0 != SMC_UNK)
		tf_fail(&spd_checks.unknown_functions, "CPU%u: 0x%08x -> 0x%lx", cpu,
			call_fid(kind, func), (unsigned long)r.x0);
}

/*
 * Registers that are no results keep the caller's values (SMCCC), in SMC32 calls too:
 * ADD gives x1 = sum, x2 = 0 and keeps x3-x17; an unknown call keeps x1-x17.
 */
static void check_registers_kept(unsigned int cpu)
{
	static const uint32_t funcs[] = {TSP_FUNC_ADD, 0x1234};
	struct tf_failures *f = &spd_checks.registers_kept;

	for (unsigned int kind = 0; kind < 4; kind++) {
		for (unsigned int k = 0; k < ARRAY_SIZE(funcs); k++) {
			struct smc_regs r = {{call_fid(kind, funcs[k]), 40, 2, 0x3333}};
			bool unknown = funcs[k] != TSP_FUNC_ADD;

			for (unsigned int i = 4; i < 18; i++)
				r.x[i] = 0xa5a5000000000000ull | (uint64_t)i << 8 | cpu;
			smc_call_regs(&r);
			if (r.x[0] != (unknown ? SMC_UNK : 0) || r.x[1] != (unknown ? 40 : 42) ||
			    r.x[2] != (unknown ? 2 : 0) || r.x[3] != 0x3333) {
				tf_fail(f, "CPU%u: 0x%08x -> x0-x3 0x%lx 0x%lx 0x%lx 0x%lx", cpu,
					call_fid(kind, funcs[k]), (unsigned long)r.x[0],
					(unsigned long)r.x[1], (unsigned long)r.x[2],
					(unsigned long)r.x[3]);
				continue;
			}
			for (unsigned int i = 4; i < 18; i++) {
				if (r.x[i] != (0xa5a5000000000000ull | (uint64_t)i << 8 | cpu)) {
					tf_fail(f, "CPU%u: 0x%08x changed x%u to 0x%lx", cpu,
						call_fid(kind, funcs[k]), i, (unsigned long)r.x[i]);
					break;
				}
			}
		}
	}
}

/* Function numbers of OEN 50 that are nobody's, or not in that call type. */
static void check_unknown_functions(unsigned int cpu)
{
	static const uint32_t fast_only[] = {TSP_FUNC_GET_COUNTS, TSP_FUNC_ARM_TIMER,
					     TSP_FUNC_GET_TIMER_COUNT};
	static const uint32_t nobody[] = {0x0000, 0x0005, 0x000f, 0x0011, 0x0023,
					  0x1234, 0xfeff, 0xff00, 0xff12, 0xffff};

	for (unsigned int kind = 0; kind < 4; kind++) {
		for (unsigned int k = 0; k < ARRAY_SIZE(nobody); k++)
			expect_unknown(cpu, kind, nobody[k]);
		if (kind < 2) {
			expect_unknown(cpu, kind, TSP_FUNC_SLOW_SUM);
			continue;
		}
		for (unsigned int k = 0; k < ARRAY_SIZE(fast_only); k++)
			expect_unknown(cpu, kind, fast_only[k]);
	}
	/* A must-be-zero bit of the function ID set (bit 17): not ADD but unknown. */
	for (unsigned int kind = 0; kind < 4; kind++)
		expect_unknown(cpu, kind, TSP_FUNC_ADD | 1u << 17);
}

/* OEN 51-62 are not forwarded; OEN 63 answers its three queries (SMC32 fast) only. */
static void check_other_oens(unsigned int cpu)
{
	static const uint32_t funcs[] = {0x0000, 0x0001, 0x0010, 0x0020, 0xff00,
					 0xff01, 0xff02, 0xff03, 0xff10, 0xff11};

	for (uint32_t oen = SMCCC_OEN_TOS_FIRST + 1; oen <= SMCCC_OEN_TOS_LAST; oen++) {
		for (unsigned int type = 0; type < 4; type++) {
			uint32_t base = (type & 1 ? SMCCC_FAST_CALL : 0) |
					(type & 2 ? SMCCC_SMC64 : 0) | oen << SMCCC_OEN_SHIFT;

			for (unsigned int k = 0; k < ARRAY_SIZE(funcs); k++) {
				uint32_t fid = base | funcs[k];
				struct smc_result r;

				if (fid == SPD_TOS_CALL_COUNT || fid == SPD_TOS_CALL_UID ||
				    fid == SPD_TOS_REVISION)
					continue;
				r = smc_call(fid, 1, 2, 3, 0, 0, 0, 0);
				if (r.x0 != SMC_UNK)
					tf_fail(&spd_checks.other_oens, "CPU%u: 0x%08x -> 0x%lx",
						cpu, fid, (unsigned long)r.x0);
			}
		}
	}
}

static void check_counts(unsigned int cpu)
{
	struct tf_failures *f = &spd_checks.counts;
	uint64_t me = spd_my_mpidr();
	struct tsp_counts a, b;
	struct smc_result r;

	spd_counts(me, &a);
	for (unsigned int k = 0; k < 3; k++)
		smc_call(TSP_FAST_SMC64(TSP_FUNC_ADD), k, 1, 0, 0, 0, 0, 0);
	for (unsigned int k = 0; k < 2; k++)
		spd_yield_call(TSP_YIELD_SMC64(TSP_FUNC_ADD), k, 1, NULL);
	spd_counts(me, &b);
	if (a.status != 0 || b.status != 0) {
		tf_fail(f, "CPU%u: GET_COUNTS of itself -> 0x%lx", cpu, (unsigned long)b.status);
		return;
	}
	if (b.fast != a.fast + SPD_COUNTS_FAST_CALLS + 3 || b.yield != a.yield + 2)
		tf_fail(f, "CPU%u: fast %lu -> %lu (want +%u), yielding %lu -> %lu (want +2)", cpu,
			(unsigned long)a.fast, (unsigned long)b.fast, SPD_COUNTS_FAST_CALLS + 3,
			(unsigned long)a.yield, (unsigned long)b.yield);
	if (b.on != a.on || b.off != a.off || b.suspend != a.suspend || b.resume != a.resume)
		tf_fail(f, "CPU%u: power counters moved without a power call", cpu);
	/* A raw MPIDR_EL1 value (bit 31 set) names the same CPU; SMC32 truncates. */
	r = smc1(TSP_FAST_SMC64(TSP_FUNC_GET_COUNTS), read_mpidr());
	if (r.x0 != 0 || r.x1 != b.on)
		tf_fail(f, "CPU%u: GET_COUNTS(raw MPIDR 0x%lx) -> 0x%lx, cpu_on %lu", cpu,
			(unsigned long)read_mpidr(), (unsigned long)r.x0, (unsigned long)r.x1);
	r = smc1(TSP_FAST_SMC32(TSP_FUNC_GET_COUNTS), UPPER_GARBAGE | (uint32_t)me);
	if ((me >> 32) == 0 && (r.x0 != 0 || r.x1 != (uint32_t)b.on))
		tf_fail(f, "CPU%u: GET_COUNTS SMC32 -> 0x%lx, cpu_on %lu", cpu, (unsigned long)r.x0,
			(unsigned long)r.x1);
}

static void check_counts_unknown_cpu(unsigned int cpu)
{
	static const uint32_t fids[] = {
	    TSP_FAST_SMC64(TSP_FUNC_GET_COUNTS), TSP_FAST_SMC32(TSP_FUNC_GET_COUNTS),
	    TSP_FAST_SMC64(TSP_FUNC_GET_TIMER_COUNT), TSP_FAST_SMC32(TSP_FUNC_GET_TIMER_COUNT)};
	const uint64_t nobody = 0xfe; /* Aff0 0xfe: no QEMU virt CPU */

	if (cpu_index_of(nobody) >= 0)
		return;
	for (unsigned int k = 0; k < ARRAY_SIZE(fids); k++) {
		struct smc_result r = smc1(fids[k], nobody);

		if (r.x0 != TSP_E_INVALID || r.x1 != nobody)
			tf_fail(&spd_checks.counts_unknown_cpu,
				"CPU%u: 0x%08x(0x%lx) -> 0x%lx 0x%lx, want -3 and x1 kept", cpu,
				fids[k], (unsigned long)nobody, (unsigned long)r.x0,
				(unsigned long)r.x1);
	}
}

void spd_check_calls(unsigned int cpu)
{
	check_general_queries(cpu);
	check_arith(cpu);
	check_div_by_zero(cpu);
	check_registers_kept(cpu);
	check_unknown_functions(cpu);
	check_other_oens(cpu);
	check_counts(cpu);
	check_counts_unknown_cpu(cpu);
}
