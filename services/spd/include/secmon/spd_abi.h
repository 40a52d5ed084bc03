/*
 * The contract between libsecmon's secure-payload dispatcher (services/spd, EL3) and a
 * trusted OS running at S-EL1. Plain constants and one structure layout, so a payload
 * built outside this tree can include it.
 *
 * Boot: on the primary CPU, after the monitor's own init, the dispatcher enters the
 * payload at its image entry point at S-EL1 (AArch64, EL1h, DAIF masked, MMU off) with
 * x0 = SPD_BOOT_ARG_MAGIC, x1 = linear index of the CPU, x2 = base and x3 = size of the
 * payload's secure memory. The payload initialises and answers with the SMC
 * SPD_S_ENTRY_DONE, x1 = address of its struct spd_payload_entries (inside its memory;
 * x1 = 0 reports a failed init: the dispatcher then answers every trusted-OS call with
 * SMC_UNK). Other CPUs enter the payload at cpu_on when PSCI turns them on.
 *
 * Entries: the dispatcher enters the payload at one of the addresses of its entry
 * table, at S-EL1 with DAIF masked, with the arguments listed per entry below, and the
 * payload answers with the matching *_DONE SMC (fast call, SMC64, OEN 50). Between the
 * entry and the answer the payload owns the CPU; a yielding call may be preempted by a
 * normal-world interrupt (the dispatcher then saves the payload's state and answers the
 * caller SPD_PREEMPTED). The payload's EL1 system registers, SP_EL0/SP_EL1 and x0-x30
 * are kept per CPU by the dispatcher and survive normal-world execution and CPU power
 * down; its FP/SIMD registers are not switched (the secure context runs with
 * CPACR_EL1.FPEN trapping FP: a trusted OS that needs FP must save it itself).
 */
#ifndef SECMON_SPD_ABI_H
#define SECMON_SPD_ABI_H

#include <stdint.h>

/* x0 of the boot entry, so a payload can tell it was started by this dispatcher. */
#define SPD_BOOT_ARG_MAGIC 0x5350445f424f4f54ull /* "SPD_BOOT" */

/* Payload -> monitor answers: SMC64 fast calls in trusted-OS owning entity 50. */
#define SPD_S_ENTRY_DONE	0xf2000001u /* x1 = entry table address, 0 = init failed */
#define SPD_S_ON_DONE		0xf2000002u /* x1 = 0 ok, else the CPU is not available */
#define SPD_S_OFF_DONE		0xf2000003u /* x1 = 0 ok, else CPU_OFF is denied */
#define SPD_S_SUSPEND_DONE	0xf2000004u /* x1 = 0 (else a panic: suspend is not refusable) */
#define SPD_S_RESUME_DONE	0xf2000005u /* x1 = 0 (else a panic) */
#define SPD_S_FAST_DONE		0xf2000006u /* x1 = caller's x0, x8 = n, x2.. results */
#define SPD_S_YIELD_DONE	0xf2000007u /* as SPD_S_FAST_DONE */
#define SPD_S_FIQ_DONE		0xf2000008u /* the secure interrupt has been handled */
#define SPD_S_ABORT_DONE	0xf2000009u /* the preempted yielding call is dropped */
#define SPD_S_SYSTEM_OFF_DONE	0xf200000au
#define SPD_S_SYSTEM_RESET_DONE 0xf200000bu

/*
 * Answers to a normal-world call (FAST_DONE, YIELD_DONE): x1 = the caller's x0 (status),
 * x8 = n, the number of result registers after x0 (0-6), x2..x(n+1) = the caller's
 * x1..xn. The caller's other registers keep their values (SMCCC: only results change),
 * and an SMC_UNK status returns no results whatever n says.
 */
#define SPD_MAX_RESULTS 6

/*
 * The payload's entry table: addresses of S-EL1 code, each entered with DAIF masked and
 * the registers given. Every entry answers with the *_DONE call named.
 */
struct spd_payload_entries {
	uint64_t yield_smc;    /* x0 = function ID, x1-x7 = caller's x1-x7: SPD_S_YIELD_DONE */
	uint64_t fast_smc;     /* x0 = function ID, x1-x7 = caller's x1-x7: SPD_S_FAST_DONE */
	uint64_t cpu_on;       /* fresh CPU (no stack yet), x0 = linear index: SPD_S_ON_DONE */
	uint64_t cpu_off;      /* x0 = linear index: SPD_S_OFF_DONE */
	uint64_t cpu_suspend;  /* x0 = highest power level that loses state: SUSPEND_DONE */
	uint64_t cpu_resume;   /* x0 = same level (state restored by the monitor): RESUME_DONE */
	uint64_t fiq;	       /* a secure interrupt arrived while the normal world ran:
				  acknowledge and handle it, then SPD_S_FIQ_DONE */
	uint64_t abort;	       /* drop the preempted yielding call: SPD_S_ABORT_DONE */
	uint64_t system_off;   /* SYSTEM_OFF is about to happen: SPD_S_SYSTEM_OFF_DONE */
	uint64_t system_reset; /* SYSTEM_RESET(2): SPD_S_SYSTEM_RESET_DONE */
};

/*
 * Normal world -> trusted OS: owning entities 50-63 belong to the dispatcher. Function
 * numbers of OEN 50 below SPD_NS_FUNC_MONITOR_BASE go to the payload (fast calls to
 * fast_smc, yielding calls to yield_smc); the ones above are the dispatcher's own.
 */
#define SPD_NS_FUNC_MONITOR_BASE 0xff00u
/* Yielding: continue this CPU's preempted yielding call (its result, or PREEMPTED again). */
#define SPD_NS_RESUME_FUNC	 0xff10u
/* Fast: drop this CPU's preempted yielding call (the payload's abort entry runs). */
#define SPD_NS_ABORT_FUNC	 0xff11u

/* x0 of a yielding call that a normal-world interrupt preempted: call RESUME later. */
#define SPD_PREEMPTED ((uint64_t)(int64_t)-2)

/* Trusted OS general queries (SMC32 fast calls, OEN 63 as SMCCC defines them). */
#define SPD_TOS_CALL_COUNT     0xbf00ff00u
#define SPD_TOS_CALL_UID       0xbf00ff01u
#define SPD_TOS_REVISION       0xbf00ff03u
/* What the dispatcher answers: UID 6d7a1c52-3e0b-4f5e-9a41-2c8d7b0f5e13 in SMCCC's
 * register order, revision 1.0, and the number of payload functions it forwards. */
#define SPD_TOS_UID_W0	       0x6d7a1c52u
#define SPD_TOS_UID_W1	       0x4f5e3e0bu
#define SPD_TOS_UID_W2	       0x8d2c419au
#define SPD_TOS_UID_W3	       0x135e0f7bu
#define SPD_TOS_REVISION_MAJOR 1
#define SPD_TOS_REVISION_MINOR 0

#endif
