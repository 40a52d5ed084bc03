/*
 * The payload's entries (include/secmon/spd_abi.h), each ending in its *_DONE SMC.
 *
 * _start (boot, primary) and tsp_cpu_on_entry (a fresh CPU) are the only ones that set
 * SP_EL1: to the top of the CPU's stack. Every other entry runs on the SP_EL1 it comes
 * with, since frames of a preempted yielding call may live above it. They all share one
 * shape: a struct tsp_regs on the stack gets x0-x7, the C side (tsp.h) fills in the answer
 * (x[0..6] for x1-x7 of the SMC, x[7] = the *_DONE function ID, x[8] for x8) and returns the SP to
 * answer with: the entry SP, or for abort the SP the dropped yielding call was entered
 * with. The dispatcher keeps SP_EL1 as it was at the SMC, so no entry leaves anything on
 * the stack behind it.
 */
#include "tsp.h"

/* Answers that must be given before there is a stack (checked against spd_abi.h in C). */
#define TSP_SMC_ENTRY_DONE 0xf2000001
#define TSP_SMC_ON_DONE	   0xf2000002
#define TSP_BOOT_MAGIC_HI  0x5350 /* SPD_BOOT_ARG_MAGIC, "SPD_BOOT", 16 bits at a time */
#define TSP_BOOT_MAGIC_H2  0x445f
#define TSP_BOOT_MAGIC_H1  0x424f
#define TSP_BOOT_MAGIC_LO  0x4f54

/* Stack slot of a CPU: an unmapped guard page, then the stack (see mmu.c). */
#define TSP_STACK_SLOT (2 * TSP_STACK_SIZE)

.macro mov32 reg, val
	movz	\reg, #((\val) & 0xffff)
	movk	\reg, #(((\val) >> 16) & 0xffff), lsl #16
.endm

/* SP = top of the stack of CPU \idx (a register). Clobbers x9-x11. */
.macro set_cpu_stack idx
	adrp	x9, tsp_stacks
	add	x9, x9, :lo12:tsp_stacks
	add	x10, \idx, #1
	mov	x11, #TSP_STACK_SLOT
	madd	x9, x10, x11, x9
	mov	sp, x9
.endm

/*
 * Runs \main(struct tsp_regs *r, uint64_t entry_sp) with x0-x7 in r, then answers with the
 * SMC it chose on the SP it returned. Interrupts stay masked throughout.
 */
.macro run_and_answer main
	mov	x8, sp
	sub	sp, sp, #TSP_REGS_SIZE
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	mov	x0, sp
	mov	x1, x8
	mov	x29, xzr /* the outermost frame */
	bl	\main
	mov	x10, sp
	ldp	x1, x2, [x10, #0]
	ldp	x3, x4, [x10, #16]
	ldp	x5, x6, [x10, #32]
	ldp	x7, x9, [x10, #48]
	ldr	x8, [x10, #64]
	mov	sp, x0
	mov	x0, x9
	smc	#0
	b	done_returned
.endm

	.section .text.entry, "ax"
	.global	_start
_start:
	msr	daifset, #0xf
	/* x0 = SPD_BOOT_ARG_MAGIC, x1 = CPU index, x2/x3 = our memory: all must hold. */
	movz	x9, #TSP_BOOT_MAGIC_LO
	movk	x9, #TSP_BOOT_MAGIC_H1, lsl #16
	movk	x9, #TSP_BOOT_MAGIC_H2, lsl #32
	movk	x9, #TSP_BOOT_MAGIC_HI, lsl #48
	cmp	x0, x9
	b.ne	boot_failed
	cmp	x1, #TSP_MAX_CPUS
	b.hs	boot_failed
	adrp	x9, __tsp_start
	cmp	x2, x9
	b.ne	boot_failed
	adrp	x10, __tsp_end
	add	x10, x10, :lo12:__tsp_end
	sub	x10, x10, x9
	cmp	x3, x10
	b.lo	boot_failed
	mov	x19, x1

	adrp	x9, tsp_vectors
	add	x9, x9, :lo12:tsp_vectors
	msr	vbar_el1, x9
	msr	tpidr_el1, x19
	isb

	/* Zero .bss (16-byte aligned at both ends, see tsp.ld); the MMU is still off. */
	adrp	x9, __bss_start
	add	x9, x9, :lo12:__bss_start
	adrp	x10, __bss_end
	add	x10, x10, :lo12:__bss_end
1:	cmp	x9, x10
	b.hs	2f
	stp	xzr, xzr, [x9], #16
	b	1b
2:
	set_cpu_stack x19
	bl	tsp_mmu_build
	/*
	 * What was written with the MMU off went to memory; drop any stale cache line over
	 * it before the same memory is read through the cache (the tables by the walker).
	 */
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __tsp_end
	add	x1, x1, :lo12:__tsp_end
	bl	dcache_inval_range
	bl	tsp_mmu_on
	mov	x0, x19
	run_and_answer tsp_boot_main

boot_failed:
	mov32	x0, TSP_SMC_ENTRY_DONE
	mov	x1, #0
	smc	#0
3:	wfe
	b	3b

	.text
/* cpu_on: x0 = linear index, nothing set up for this CPU yet. */
tsp_cpu_on_entry:
	msr	daifset, #0xf
	cmp	x0, #TSP_MAX_CPUS
	b.hs	cpu_on_failed
	mov	x19, x0
	adrp	x9, tsp_vectors
	add	x9, x9, :lo12:tsp_vectors
	msr	vbar_el1, x9
	msr	tpidr_el1, x19
	isb
	set_cpu_stack x19
	bl	tsp_mmu_on
	mov	x0, x19
	run_and_answer tsp_cpu_on_main

cpu_on_failed:
	mov32	x0, TSP_SMC_ON_DONE
	mov	x1, #1
	smc	#0
1:	wfe
	b	1b

tsp_yield_entry:
	run_and_answer tsp_yield_main
tsp_fast_entry:
	run_and_answer tsp_fast_main
tsp_cpu_off_entry:
	run_and_answer tsp_cpu_off_main
tsp_cpu_suspend_entry:
	run_and_answer tsp_cpu_suspend_main
tsp_cpu_resume_entry:
	run_and_answer tsp_cpu_resume_main
tsp_fiq_entry:
	run_and_answer tsp_fiq_main
tsp_abort_entry:
	run_and_answer tsp_abort_main
tsp_system_off_entry:
	run_and_answer tsp_system_off_main
tsp_system_reset_entry:
	run_and_answer tsp_system_reset_main

/* A *_DONE SMC came back: the dispatcher refused the answer. x0 = its result. */
done_returned:
	mov	x1, x0
	mov	x0, x9
	bl	tsp_done_returned
1:	wfe
	b	1b

/*
 * Enables the S-EL1 MMU with the tables tsp_mmu_build() made (shared by every CPU).
 * Clobbers x0, x1; no stack.
 */
	.global	tsp_mmu_on
tsp_mmu_on:
	mov	x0, #TSP_MAIR_VALUE
	msr	mair_el1, x0
	mov32	x0, TSP_TCR_VALUE
	msr	tcr_el1, x0
	adrp	x0, tsp_xlat_l2
	msr	ttbr0_el1, x0
	isb
	tlbi	vmalle1
	dsb	nsh
	ic	iallu
	dsb	nsh
	isb
	mov32	x0, TSP_SCTLR_VALUE
	msr	sctlr_el1, x0
	isb
	ret

/* Invalidates the data cache lines over [x0, x1). Clobbers x0-x3; no stack. */
dcache_inval_range:
	mrs	x3, ctr_el0
	ubfx	x3, x3, #16, #4 /* DminLine: log2 of the line in words */
	mov	x2, #4
	lsl	x2, x2, x3
	sub	x3, x2, #1
	bic	x0, x0, x3
1:	cmp	x0, x1
	b.hs	2f
	dc	ivac, x0
	add	x0, x0, x2
	b	1b
2:	dsb	sy
	ret

/* The entry table handed to the dispatcher with SPD_S_ENTRY_DONE (struct spd_payload_entries). */
	.section .rodata.entries, "a"
	.balign	8
	.global	tsp_entries
tsp_entries:
	.quad	tsp_yield_entry
	.quad	tsp_fast_entry
	.quad	tsp_cpu_on_entry
	.quad	tsp_cpu_off_entry
	.quad	tsp_cpu_suspend_entry
	.quad	tsp_cpu_resume_entry
	.quad	tsp_fiq_entry
	.quad	tsp_abort_entry
	.quad	tsp_system_off_entry
	.quad	tsp_system_reset_entry
	.global	tsp_entries_end
tsp_entries_end:

/* Per-CPU stack slots: [guard page][stack], page aligned (mmu.c leaves guards unmapped). */
	.section .stacks, "aw", %nobits
	.balign	TSP_PAGE_SIZE
	.global	tsp_stacks
tsp_stacks:
	.space	TSP_STACK_SLOT * TSP_MAX_CPUS
	.global	tsp_stacks_end
tsp_stacks_end:
