/*
 * The test secure payload's services as the normal world calls them (trusted-OS owning
 * entity 50). Fast IDs: 0xb2000000 | func (SMC32) and 0xf2000000 | func (SMC64);
 * yielding IDs: 0x32000000 | func and 0x72000000 | func; bits [23:16] must be zero (an ID
 * with one of them set is unknown). Results come back in x0 (status: 0 or an SMCCC error)
 * and in the registers each function lists (at most x1-x6, what the dispatcher carries);
 * every other register keeps the caller's value (SMCCC), and an error status comes with
 * no results at all.
 *
 * Errors: a function number the payload does not offer in that call type answers x0 =
 * SMC_UNK (-1, all 64 bits set), a bad argument x0 = TSP_E_INVALID_PARAMETER (-3
 * sign-extended to 64 bits), in SMC32 and SMC64 calls alike. SMC32 calls take only the
 * low 32 bits of each argument and give 32-bit results (zero-extended).
 */
#ifndef TSP_ABI_H
#define TSP_ABI_H

#define TSP_FAST_SMC32(func)  (0xb2000000u | (func))
#define TSP_FAST_SMC64(func)  (0xf2000000u | (func))
#define TSP_YIELD_SMC32(func) (0x32000000u | (func))
#define TSP_YIELD_SMC64(func) (0x72000000u | (func))

/* x0 of a call with a bad argument (SMCCC INVALID_PARAMETER, sign-extended). */
#define TSP_E_INVALID_PARAMETER (-3)

/* Arithmetic on x1 and x2 (fast or yielding): x0 = 0, x1 = result, wrapping modulo 2^64
 * (2^32 in SMC32 calls), x2 = remainder for DIV (unsigned), 0 for the others. DIV by
 * zero: x0 = -3. */
#define TSP_FUNC_ADD 0x1u
#define TSP_FUNC_SUB 0x2u
#define TSP_FUNC_MUL 0x3u
#define TSP_FUNC_DIV 0x4u

/* Yielding only: x1 = n; returns x1 = 0 + 1 + ... + (n - 1) computed one step at a time
 * with the payload's interrupts unmasked, so a normal-world interrupt can preempt it and
 * the payload's own timer can interrupt it. n is capped at TSP_SUM_MAX (x0 = -3 above).
 * SMC32: n = w1, the sum truncated to 32 bits. */
#define TSP_FUNC_SLOW_SUM 0x10u
#define TSP_SUM_MAX	  (1u << 24)

/* Fast only: x1 = MPIDR of a CPU (only the affinity fields Aff3..Aff0 count, so a raw
 * MPIDR_EL1 value will do); returns the payload's counters for it:
 * x1 = cpu_on entries, x2 = cpu_off, x3 = cpu_suspend, x4 = cpu_resume, x5 = fast calls
 * (this one included when it asks about the calling CPU), x6 = yielding calls completed
 * (preempted ones count once, when they complete; aborted ones not at all). The boot entry
 * of the primary is not a cpu_on. x0 = -3 for a CPU the payload has never run on.
 * The count of secure timer interrupts served is TSP_FUNC_GET_TIMER_COUNT's. */
#define TSP_FUNC_GET_COUNTS 0x20u

/* Fast only: arms the calling CPU's secure physical timer (CNTPS) to fire x1 ticks of
 * CNTPCT from now, 1 <= x1 <= 2^32 (else x0 = -3); no results; a new call replaces the
 * deadline. Its interrupt (PPI, INTID TSP_TIMER_INTID) is served by the payload, which
 * stops the timer and counts one interrupt per expiry. */
#define TSP_FUNC_ARM_TIMER 0x21u
#define TSP_TIMER_INTID	   29u

/* Fast only: x1 = MPIDR as for GET_COUNTS; returns x1 = secure timer interrupts the
 * payload served on that CPU, x2 = interrupts it acknowledged that were not its timer's
 * (spurious ones included), x3 = how many of x1 it took directly at S-EL1 (inside
 * SLOW_SUM) rather than through its fiq entry (from EL3, while the normal world ran).
 * Separate from GET_COUNTS because the dispatcher carries at most six results. */
#define TSP_FUNC_GET_TIMER_COUNT 0x22u

#endif
