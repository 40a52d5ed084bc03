/*
 * The SMC entry and return, and the slow paths, that every EL3 vector table
 * (vector_table.S) branches to from its lower-EL entries: one copy in the image, whatever
 * its tables and its CPUs' PMUs. An object of its own, linked with the first table.
 *
 * While the normal world runs, SP_EL3 points at this CPU's struct secmon_cpu_context
 * (the top of its EL3 stack). An SMC saves only what the C handler may clobber
 * (x0-x17, x30), looks the handler up by the top byte of the function ID and returns
 * with x1-x17 reloaded from the context, so no EL3 value reaches the caller.
 *
 * PMUs without SCCD (before PMUv3p5, docs/pmu.md): the cycle counter would count EL3.
 * On such a CPU (struct secmon_cpu.pmu_dp, set by cpu_setup.c before VBAR_EL3 points at
 * a table) every entry keeps the normal world's PMCR_EL0 in the context and sets
 * PMCR_EL0.DP as early as it can: once x0/x1 and x16/x17, its scratch registers, are
 * stored. The SMC path of such a CPU has a tail of its own (smc_entry_dp) that writes
 * the normal world's PMCR_EL0 back just before the ERET; the other paths leave through
 * secmon_el3_exit (exit.S), which does the same. A CPU whose PMU has SCCD, or that has
 * none, pays the test (3 instructions) and never touches PMCR_EL0.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"

#define SMCCC_SVE_HINT_BIT 0x10000

	/* w17 = this CPU's pmu_dp: PMCR_EL0.DP set on entry? (x16/x17 saved, clobbered) */
	.macro load_pmu_dp
	mrs	x16, tpidr_el3
	ldr	w17, [x16, #CPU_PMU_DP]
	.endm

	/*
	 * The normal world's PMCR_EL0 into the context, and DP set: the cycle counter stops
	 * at the write (the ISB makes sure it has before EL3 goes on). Clobbers x16/x17.
	 */
	.macro pmu_dp_enter
	mrs	x17, pmcr_el0
	orr	x16, x17, #PMCR_DP_BIT
	msr	pmcr_el0, x16
	isb
	str	x17, [sp, #CTX_NS_PMCR]
	.endm

	/* Entries that leave through secmon_el3_exit: pmu_dp_enter where this CPU needs it. */
	.macro pmu_dp_enter_if_needed
	load_pmu_dp
	cbz	w17, .Lpmu_done\@
	pmu_dp_enter
.Lpmu_done\@:
	.endm

	/*
	 * x0-x17 and x30 saved: "SMC #0" from AArch64 calls the handler found in one load and
	 * reloads x1-x17 (results or the caller's values; x0 is the result); anything else
	 * goes to the slow path (x9 = ESR_EL3).
	 */
	.macro smc_call
	mrs	x9, esr_el3
	mov	w10, #ESR_SMC64_IMM0
	cmp	x9, x10
	b.ne	lower_el_sync_slow
	bic	w0, w0, #SMCCC_SVE_HINT_BIT
	lsr	w9, w0, #24
	adr	x10, secmon_smc_table
	ldr	x9, [x10, x9, lsl #3]
	mov	x4, sp
	blr	x9
	ldr	x1, [sp, #CTX_X(1)]
	load_x2_to_x17
	.endm

/*
 * SMC from AArch64. The mitigation tables enter at smc_entry_saved_x0_x1 with x0/x1
 * stored and the caller's values in both.
 */
func smc_entry
	stp	x0, x1, [sp, #CTX_X(0)]
	.global smc_entry_saved_x0_x1
smc_entry_saved_x0_x1:
	stp	x16, x17, [sp, #CTX_X(16)]
	load_pmu_dp
	cbnz	w17, smc_entry_dp
	save_x2_to_x15_x30
	smc_call
	ldr	x30, [sp, #CTX_X(30)]
	eret

/* The same on a CPU whose PMU has no SCCD: PMCR_EL0.DP set from here to the last load. */
smc_entry_dp:
	pmu_dp_enter
	save_x2_to_x15_x30
	smc_call
	ldr	x30, [sp, #CTX_NS_PMCR]
	msr	pmcr_el0, x30
	ldr	x30, [sp, #CTX_X(30)]
	eret
endfunc smc_entry

/*
 * Any other synchronous exception (x9 = ESR_EL3), or an SMC with a non-zero immediate,
 * x0-x17 and x30 saved and PMCR_EL0 dealt with: the whole context is saved, because the
 * handler may send the lower EL elsewhere (lower_el.c), and everything comes back from it.
 */
func lower_el_sync_slow
	save_x18_to_x29_sp_el0
	mrs	x1, elr_el3
	mrs	x2, spsr_el3
	stp	x1, x2, [sp, #CTX_ELR]
	mov	x0, sp
	mov	x1, x9
	bl	secmon_lower_el_sync
	mov	x0, sp
	b	secmon_el3_exit
endfunc lower_el_sync_slow

/* Synchronous exception from AArch32 (e.g. SMC from an AArch32 guest). */
func lower_el_sync_a32
	stp	x0, x1, [sp, #CTX_X(0)]
	stp	x16, x17, [sp, #CTX_X(16)]
	pmu_dp_enter_if_needed
	save_x2_to_x15_x30
	mrs	x9, esr_el3
	b	lower_el_sync_slow
endfunc lower_el_sync_a32

#if SECMON_ENABLE_SPD
/*
 * FIQ from the normal world, routed to EL3 because a secure payload owns it: a full
 * save (the handler may run another world), then the handler, then the full exit.
 */
func lower_el_fiq
	stp	x0, x1, [sp, #CTX_X(0)]
	stp	x16, x17, [sp, #CTX_X(16)]
	pmu_dp_enter_if_needed
	save_x2_to_x15_x30
	save_x18_to_x29_sp_el0
	mrs	x1, elr_el3
	mrs	x2, spsr_el3
	stp	x1, x2, [sp, #CTX_ELR]
	mov	x0, sp
	bl	secmon_lower_el_fiq
	mov	x0, sp
	b	secmon_el3_exit
endfunc lower_el_fiq
#endif
