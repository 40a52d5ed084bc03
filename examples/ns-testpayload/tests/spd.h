/*
 * The secure-payload dispatcher and the test secure payload as the normal world sees them
 * (tests/spd*.c). The function IDs come from the two contract headers; the values that are
 * the dispatcher's choice (UID, revision) are written out here, so that a change shows up.
 *
 * The per-CPU checks run on every CPU in turn, one at a time; each check collects its
 * failures over all CPUs in one struct tf_failures and CPU 0 reports it once at the end.
 */
#ifndef NS_TESTS_SPD_H
#define NS_TESTS_SPD_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/smccc.h>
#include <secmon/spd_abi.h>

#include "framework.h"
#include "smc.h"
#include "tsp_abi.h"

/* Trusted-OS call UID (w0-w3) and revision the dispatcher answers. */
#define SPD_EXPECTED_UID                                                                           \
	{                                                                                          \
		0x6d7a1c52u, 0x4f5e3e0bu, 0x8d2c419au, 0x135e0f7bu                                 \
	}
#define SPD_EXPECTED_REVISION_MAJOR 1u
#define SPD_EXPECTED_REVISION_MINOR 0u

/* The dispatcher's own calls (OEN 50, function numbers from SPD_NS_FUNC_MONITOR_BASE). */
#define SPD_RESUME64 (0x72000000u | SPD_NS_RESUME_FUNC) /* yielding, SMC64 */
#define SPD_RESUME32 (0x32000000u | SPD_NS_RESUME_FUNC) /* yielding, SMC32 */
#define SPD_ABORT64  (0xf2000000u | SPD_NS_ABORT_FUNC)	/* fast, SMC64 */
#define SPD_ABORT32  (0xb2000000u | SPD_NS_ABORT_FUNC)	/* fast, SMC32 */

#define TSP_E_INVALID ((uint64_t)(int64_t)TSP_E_INVALID_PARAMETER)

/* The payload's counters of one CPU (GET_COUNTS and GET_TIMER_COUNT). */
struct tsp_counts {
	uint64_t status;		   /* x0 of GET_COUNTS: 0, or -3 (CPU never seen) */
	uint64_t on, off, suspend, resume; /* power notifications */
	uint64_t fast, yield;		   /* fast calls, yielding calls completed */
	uint64_t timer, other;		   /* secure timer interrupts, other ones */
	uint64_t direct;		   /* timer ones taken at S-EL1 (in SLOW_SUM) */
};

/*
 * Reads the counters the payload keeps for the CPU with this MPIDR: GET_COUNTS, then
 * GET_TIMER_COUNT (fast SMC64 calls). Asked about the calling CPU, c->fast counts the
 * first of them, so two reads with nothing in between differ by SPD_COUNTS_FAST_CALLS.
 */
void spd_counts(uint64_t mpidr, struct tsp_counts *c);
#define SPD_COUNTS_FAST_CALLS 2u

/*
 * A yielding call carried to its end: every SPD_PREEMPTED answer is followed by RESUME
 * (SMC64), a bounded number of times. *preempted (if not NULL) gets how many there were.
 */
struct smc_result spd_yield_call(uint32_t fid, uint64_t x1, uint64_t x2, unsigned int *preempted);

/* Every failure list of the per-CPU checks, one per reported check. */
struct spd_checks {
	struct tf_failures general_queries;
	struct tf_failures arith[4]; /* fast64, fast32, yield64, yield32 */
	struct tf_failures div_by_zero;
	struct tf_failures registers_kept;
	struct tf_failures unknown_functions;
	struct tf_failures other_oens;
	struct tf_failures counts;
	struct tf_failures counts_unknown_cpu;
	struct tf_failures slow_sum;
	struct tf_failures slow_sum_limit;
	struct tf_failures resume_abort_idle;
	struct tf_failures slow_sum_preempted;
	struct tf_failures fast_while_preempted;
	struct tf_failures second_yield_while_preempted;
	struct tf_failures abort_preempted;
	struct tf_failures secure_timer_ns;
	struct tf_failures secure_timer_in_slow_sum;
	struct tf_failures arm_timer_invalid;
	struct tf_failures suspend_powerdown;
	struct tf_failures suspend_standby;
	unsigned int preemptions;  /* over every CPU, for the INFO line */
	unsigned int timer_direct; /* CPUs where the timer hit SLOW_SUM at S-EL1 */
	uint64_t slow_sum_us;	   /* longest SLOW_SUM(SUM_N) with that timer */
};

extern struct spd_checks spd_checks;

/* tests/spd_calls.c: queries, arithmetic, unknown IDs, counters, on the calling CPU. */
void spd_check_calls(unsigned int cpu);
/* tests/spd_yield.c: SLOW_SUM, preemption, RESUME/ABORT, the secure timer. */
void spd_check_yield(unsigned int cpu);
/* tests/spd_psci.c: power-down and standby suspend as the payload sees them. */
void spd_check_suspend(unsigned int cpu);

/* This CPU's MPIDR affinity fields. */
uint64_t spd_my_mpidr(void);

#endif
