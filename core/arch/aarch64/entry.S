/*
 * Reset and warm-boot entry points.
 *
 * secmon_reset is the first instruction of the image. Every CPU may arrive here with the
 * MMU and caches off, possibly still running from the image's load address (e.g. QEMU's
 * flash at 0x0 while the image is linked for secure SRAM). The primary CPU (the
 * platform's primary_mpidr) copies the image to its link address, zeroes .bss and runs
 * the C cold boot on a boot stack. The others wait in a pen until the primary has built
 * everything they need, then take the warm-boot path. No CPU runs C code before it has a
 * stack of its own.
 */
#include "asm_macros.S"
#include "offsets.h"
#include <secmon_config.h>

func secmon_reset, .text.secmon_reset
	/* x0-x3 stay as the loader left them, for secmon_cold_boot(): x9 and up below. */
	msr	daifset, #0xf
	/* x22 = run-time address minus link-time address (0 once relocated). */
	adr	x20, secmon_reset
	ldr	x21, =secmon_reset
	sub	x22, x20, x21

	/* Primary CPU? Read secmon_board.platform->primary_mpidr through the load delta. */
	mrs	x9, mpidr_el1
	ldr	x10, =MPIDR_AFF_MASK
	and	x9, x9, x10
	adr	x11, secmon_board
	ldr	x11, [x11, #BOARD_PLATFORM]
	add	x23, x11, x22 /* secmon_board.platform at its run address */
	ldr	x11, [x23, #PLAT_PRIMARY_MPIDR]
	cmp	x9, x11
	b.ne	reset_secondary

	bl	el3_arch_setup

	/* Copy text, rodata and data to the link address when loaded elsewhere. */
	cbz	x22, 2f
	ldr	x9, =__secmon_image_start
	add	x10, x9, x22
	ldr	x11, =__secmon_load_end
1:	ldp	x12, x13, [x10], #16
	stp	x12, x13, [x9], #16
	cmp	x9, x11
	b.lo	1b
	dsb	sy
	ic	iallu
	dsb	sy
	isb
	ldr	x9, =2f
	br	x9
2:	bl	el3_arch_setup /* again, for the vectors at the link address */
	/* Zero .bss (16-byte aligned by the linker script). */
	ldr	x9, =__secmon_bss_start
	ldr	x10, =__secmon_bss_end
3:	cmp	x9, x10
	b.hs	4f
	stp	xzr, xzr, [x9], #16
	b	3b
4:
	/* Boot stack and boot per-CPU slot until the topology is known. */
	ldr	x9, =secmon_boot_stack_top
	mov	sp, x9
	ldr	x9, =secmon_cpus
	msr	tpidr_el3, x9
	bl	secmon_cold_boot
	b	secmon_halt
endfunc secmon_reset

/*
 * Secondary CPUs at reset: wait (still at the load address, touching nothing but the
 * pen word at its link address) until the primary releases them, then warm boot. The
 * board's pen_wait sleeps in WFI; without one, WFE polls (an emulator may spin there).
 * pen_wait is cold-boot code: at reset it runs __secmon_cold_boot_reset_delta from its
 * link address (0 where cold-boot code runs in place from the load region).
 */
func reset_secondary
	bl	el3_arch_setup
	ldr	x0, =secmon_pen
	ldr	x1, =SECMON_PEN_RELEASED
	ldr	x9, [x23, #PLAT_PEN_WAIT]
	cbz	x9, 1f
	ldr	x10, =__secmon_cold_boot_reset_delta
	add	x9, x9, x10
	blr	x9
	b	2f
1:	wfe
	ldr	x2, [x0]
	cmp	x2, x1
	b.ne	1b
2:	ldr	x0, =secmon_entry_warm
	br	x0
endfunc reset_secondary

/*
 * Warm boot: a CPU coming out of the pen, or powered up again after a power-down, at
 * the link address with the MMU and caches off. It finds its index by MPIDR in the
 * table the primary published, turns the MMU on, takes its own stack and enters C.
 */
func secmon_entry_warm
	msr	daifset, #0xf
	bl	el3_arch_setup
#if SECMON_ENABLE_PMF
	/*
	 * PMF: the moment this CPU is back in the monitor (EXIT_HW_LOW_PWR as the seeds
	 * mean it). el3_arch_setup ended with an ISB, so the read is not done early. Kept
	 * in x5 until the per-CPU slot is known; the engine records it later.
	 */
	mrs	x5, cntpct_el0
#endif
	mrs	x0, mpidr_el1
	ldr	x1, =MPIDR_AFF_MASK
	and	x0, x0, x1
	ldr	x1, =secmon_cpus
	ldr	x2, =secmon_cpu_count
	ldr	w2, [x2]
	mov	x3, #0
1:	cmp	x3, x2
	b.hs	secmon_halt /* not a CPU we know: stay parked for good */
	ldr	x4, [x1, #CPU_MPIDR]
	cmp	x4, x0
	b.eq	2f
	add	x3, x3, #1
	add	x1, x1, #CPU_SIZE
	b	1b
2:	msr	tpidr_el3, x1
#if SECMON_ENABLE_PMF
	/* MMU and caches off: straight to memory, into a line nothing writes cached. */
	str	x5, [x1, #CPU_PMF_WARM_ENTRY]
#endif
	/* Until the MMU is on, run C on the physical address of this CPU's stack. */
	ldr	x1, =secmon_stacks
	ldr	x4, =secmon_image
	ldr	w4, [x4, #IMAGE_STACK_SIZE]
	madd	x1, x3, x4, x1
	add	x1, x1, x4
	sub	sp, x1, #CTX_SIZE
	mov	x0, x3
	bl	secmon_warm_boot
	b	secmon_halt
endfunc secmon_entry_warm

/* Stops this CPU for good with everything masked. */
func secmon_halt
	msr	daifset, #0xf
1:	wfi
	b	1b
endfunc secmon_halt

/*
 * EL3 register state every CPU sets before anything else: exception vectors,
 * SCTLR_EL3 with MMU and data cache off, alignment checks on, SCR_EL3 secure and
 * routing nothing to EL3 until the normal world is set up. Leaf: clobbers x9 only
 * (the primary CPU keeps the loader's x0-x3 for secmon_cold_boot()).
 */
func el3_arch_setup
	/* Any table: all share the EL3 half (crash entries); the run address until relocated. */
	adr	x9, __secmon_vectors_start
	msr	vbar_el3, x9
	ldr	x9, =(SCTLR_EL3_VALUE)
	msr	sctlr_el3, x9
	mov	x9, #0x30 /* SCR_EL3: RES1 bits; secure, AArch32 below until set up */
	orr	x9, x9, #(1 << 10)
	msr	scr_el3, x9
	msr	cptr_el3, xzr
	isb
	ret
endfunc el3_arch_setup
