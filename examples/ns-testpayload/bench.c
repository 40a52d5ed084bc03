/*
 * Benchmark mode (semihosting command line "bench"), the workload of tools/smc-icount:
 * on CPU 0, before any other SMC of the run, each call of a fixed list is announced with
 * `BENCH: call <name> <reps>` and then made exactly <reps> times with identical
 * arguments; `BENCH: end` follows the last, and the run ends through semihosting. The
 * tool traces execution and attributes the n-th run of EL3 instructions to the n-th SMC,
 * so nothing else may enter EL3 in between: no other SMC, no interrupt (PSTATE.I stays
 * masked), and no output that would (the console is the NS UART).
 *
 * The list holds what issue 5 budgets: every arch call, the PSCI queries an OS makes at
 * boot and at run time, an unknown ID (the dispatcher's miss path), the arch service's
 * Call UID (the general-query path), TRNG_VERSION and a full TRNG_RND64 (the shared-entity
 * path), and, when the image serves PMF, the PMF query.
 *
 * Whether it serves PMF is asked with the first of PMF_GET_VERSION's own repetitions (any
 * other SMC would be an EL3 run the tool cannot place): if it answers, the call is
 * announced after that first SMC and made REPS - 1 more times, then GET_TIMESTAMP follows;
 * if not (SMC_UNK), nothing more is announced and that one run after the list's last call
 * goes unused (the tool reads runs from the start).
 */
#include <secmon/smccc.h>

#include "bench.h"
#include "cmdline.h"
#include "console.h"
#include "exit.h"
#include "pmf_client.h"
#include "smc.h"
#include "util.h"

#define REPS 5

/* One benchmarked call. */
struct bench_call {
	const char *name; /* as the tool prints it: no spaces */
	uint32_t fid;
	uint64_t x1, x2, x3;
};

static const struct bench_call calls[] = {
    {"SMCCC_VERSION", SMCCC_VERSION, 0, 0, 0},
    {"SMCCC_ARCH_FEATURES(SMCCC_VERSION)", SMCCC_ARCH_FEATURES, SMCCC_VERSION, 0, 0},
    {"SMCCC_ARCH_SOC_ID(0)", SMCCC_ARCH_SOC_ID, 0, 0, 0},
    {"SMCCC_ARCH_WORKAROUND_1", SMCCC_ARCH_WORKAROUND_1, 0, 0, 0},
    {"SMCCC_ARCH_WORKAROUND_2(1)", SMCCC_ARCH_WORKAROUND_2, 1, 0, 0},
    {"SMCCC_ARCH_WORKAROUND_3", SMCCC_ARCH_WORKAROUND_3, 0, 0, 0},
    {"PSCI_VERSION", 0x84000000u, 0, 0, 0},
    /* The SMC64 forms, as a 64-bit OS issues them. */
    {"PSCI_FEATURES(CPU_SUSPEND)", 0x8400000au, 0xc4000001u, 0, 0},
    {"AFFINITY_INFO(0,0)", 0xc4000004u, 0, 0, 0},
    {"UNKNOWN(0x83000000)", 0x83000000u, 0, 0, 0},
    {"ARCH_CALL_UID", 0x8000ff01u, 0, 0, 0},
    /* TRNG, shared with PSCI's entity: NOT_SUPPORTED where it is not served. */
    {"TRNG_VERSION", 0x84000050u, 0, 0, 0},
    {"TRNG_RND64(192)", 0xc4000053u, 192, 0, 0},
};

/* Served PMF only; PMF_GET_VERSION first (it is also the probe). */
static const struct bench_call pmf_calls[] = {
    {"PMF_GET_VERSION", PMF_GET_VERSION_32, 0, 0, 0},
    /* The boot CPU (MPIDR affinity 0 on QEMU virt), the ENTER_PSCI timestamp, no flush. */
    {"PMF_GET_TIMESTAMP(ENTER_PSCI,0)", PMF_GET_TIMESTAMP_64,
     PMF_TID(PMF_SVC_RT_INSTR, RT_ENTER_PSCI), 0, 0},
};

/* Announces c and makes it reps times (made: repetitions already made before). */
static void run_call(const struct bench_call *c, unsigned int made)
{
	print("BENCH: call %s %u\n", c->name, REPS);
	/* The UART must be idle: its interrupt is off, but keep EL3 runs apart. */
	console_flush();
	for (unsigned int r = made; r < REPS; r++)
		smc_call(c->fid, c->x1, c->x2, c->x3, 0, 0, 0, 0);
}

void bench_if_requested(void)
{
	const struct bench_call *probe = &pmf_calls[0];

	if (!cmdline_is("bench"))
		return;
	print("PAYLOAD: bench mode, %u calls (+ %u if PMF is served) x %u\n",
	      (unsigned int)ARRAY_SIZE(calls), (unsigned int)ARRAY_SIZE(pmf_calls), REPS);
	for (unsigned int i = 0; i < ARRAY_SIZE(calls); i++)
		run_call(&calls[i], 0);
	console_flush();
	if (smc_call(probe->fid, probe->x1, probe->x2, probe->x3, 0, 0, 0, 0).x0 != SMC_UNK) {
		run_call(probe, 1);
		for (unsigned int i = 1; i < ARRAY_SIZE(pmf_calls); i++)
			run_call(&pmf_calls[i], 0);
	}
	print("BENCH: end\n");
	payload_exit(0);
}
