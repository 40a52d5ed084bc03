/*
 * Synchronous entry into another lower-EL world and the vectors that bring it back.
 *
 * secmon_world_run() keeps the EL3 caller's state in a frame on the EL3 stack, records
 * that stack in ctx->world_el3_sp, points VBAR_EL3 at secmon_vectors_world and leaves
 * through secmon_el3_exit(ctx). While the world runs SP_EL3 = ctx, so its trap stores
 * its registers there, goes back to the recorded stack, restores the frame and returns
 * from secmon_world_run() with the trap kind. Only linked when a module uses it.
 */
#include "asm_macros.S"
#include "offsets.h"

/* Frame: x18-x30, VBAR_EL3, SCR_EL3, ELR_EL3, SPSR_EL3, SP_EL0 (18 slots). */
#define WF_X18	   0
#define WF_X30	   96
#define WF_VBAR	   104
#define WF_SCR	   112
#define WF_ELR	   120
#define WF_SPSR	   128
#define WF_SP_EL0  136
#define WF_SIZE	   144

/* uint64_t secmon_world_run(struct secmon_cpu_context *ctx) */
func secmon_world_run
	sub	sp, sp, #WF_SIZE
	stp	x18, x19, [sp, #WF_X18]
	stp	x20, x21, [sp, #WF_X18 + 16]
	stp	x22, x23, [sp, #WF_X18 + 32]
	stp	x24, x25, [sp, #WF_X18 + 48]
	stp	x26, x27, [sp, #WF_X18 + 64]
	stp	x28, x29, [sp, #WF_X18 + 80]
	mrs	x1, vbar_el3
	stp	x30, x1, [sp, #WF_X30]
	mrs	x1, scr_el3
	mrs	x2, elr_el3
	stp	x1, x2, [sp, #WF_SCR]
	mrs	x1, spsr_el3
	mrs	x2, sp_el0
	stp	x1, x2, [sp, #WF_SPSR]
	mov	x1, sp
	str	x1, [x0, #CTX_EL3_SP]
	adr	x1, secmon_vectors_world
	msr	vbar_el3, x1
	/* secmon_el3_exit()'s ERET synchronises the VBAR_EL3 write. */
	b	secmon_el3_exit
endfunc secmon_world_run

/*
 * A trap from the world: x0/x1 saved, x0 = kind. Saves the rest into the context at
 * SP_EL3, returns to the caller of secmon_world_run() with x0 = kind.
 */
func world_trap
	save_caller_saved_from_x2
	save_x18_to_x29_sp_el0
	mrs	x1, elr_el3
	mrs	x2, spsr_el3
	stp	x1, x2, [sp, #CTX_ELR]
	ldr	x1, [sp, #CTX_EL3_SP]
	mov	sp, x1
	ldp	x18, x19, [sp, #WF_X18]
	ldp	x20, x21, [sp, #WF_X18 + 16]
	ldp	x22, x23, [sp, #WF_X18 + 32]
	ldp	x24, x25, [sp, #WF_X18 + 48]
	ldp	x26, x27, [sp, #WF_X18 + 64]
	ldp	x28, x29, [sp, #WF_X18 + 80]
	ldp	x30, x1, [sp, #WF_X30]
	msr	vbar_el3, x1
	ldp	x1, x2, [sp, #WF_SCR]
	msr	scr_el3, x1
	msr	elr_el3, x2
	ldp	x1, x2, [sp, #WF_SPSR]
	msr	spsr_el3, x1
	msr	sp_el0, x2
	isb
	add	sp, sp, #WF_SIZE
	ret
endfunc world_trap

	.macro world_trap_entry kind
	stp	x0, x1, [sp, #CTX_X(0)]
	mov	x0, #\kind
	b	world_trap
	.endm

	/* While another world runs: its AArch64 traps come back; anything else is a crash. */
	.section .text.vectors.world, "ax"
	.balign 2048
	.global secmon_vectors_world
secmon_vectors_world:
	vector_entry world_sync_sp0
	crash_entry CRASH_SYNC_SP0
	vector_entry world_irq_sp0
	crash_entry CRASH_IRQ_SP0
	vector_entry world_fiq_sp0
	crash_entry CRASH_FIQ_SP0
	vector_entry world_serror_sp0
	crash_entry CRASH_SERROR_SP0
	vector_entry world_sync_spx
	crash_entry CRASH_SYNC_SPX
	vector_entry world_irq_spx
	crash_entry CRASH_IRQ_SPX
	vector_entry world_fiq_spx
	crash_entry CRASH_FIQ_SPX
	vector_entry world_serror_spx
	crash_entry CRASH_SERROR_SPX
	vector_entry world_sync_a64
	world_trap_entry CRASH_SYNC_LOWER
	vector_entry world_irq_a64
	world_trap_entry CRASH_IRQ_LOWER
	vector_entry world_fiq_a64
	world_trap_entry CRASH_FIQ_LOWER
	vector_entry world_serror_a64
	crash_entry CRASH_SERROR_LOWER
	vector_entry world_sync_a32
	crash_entry CRASH_SYNC_LOWER32
	vector_entry world_irq_a32
	crash_entry CRASH_IRQ_LOWER32
	vector_entry world_fiq_a32
	crash_entry CRASH_FIQ_LOWER32
	vector_entry world_serror_a32
	crash_entry CRASH_SERROR_LOWER32
	.balign 128
