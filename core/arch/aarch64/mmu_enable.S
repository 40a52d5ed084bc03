/* Turning the EL3 MMU and data cache on, with the tables the primary CPU built. */
#include "asm_macros.S"

/*
 * void secmon_mmu_enable_this_cpu(void): leaf, no stack (the warm-boot path calls it
 * before it has one). Reads MAIR/TCR/TTBR0 from secmon_mmu_regs, which the primary
 * cleaned to the point of coherency before releasing other CPUs.
 */
func secmon_mmu_enable_this_cpu
	ldr	x0, =secmon_mmu_regs
	ldp	x1, x2, [x0]
	ldr	x3, [x0, #16]
	msr	mair_el3, x1
	msr	tcr_el3, x2
	msr	ttbr0_el3, x3
	dsb	ish
	tlbi	alle3
	dsb	ish
	isb
	mrs	x0, sctlr_el3
	mov	x1, #((1 << 0) | (1 << 2))     /* M, C */
	orr	x0, x0, x1
	orr	x0, x0, #(1 << 19)             /* WXN: writable implies execute-never */
	msr	sctlr_el3, x0
	isb
	ret
endfunc secmon_mmu_enable_this_cpu

/* void secmon_mmu_disable_this_cpu(void): before a power-down; caller flushes caches. */
func secmon_mmu_disable_this_cpu
	mrs	x0, sctlr_el3
	mov	x1, #((1 << 0) | (1 << 2))
	bic	x0, x0, x1
	msr	sctlr_el3, x0
	isb
	tlbi	alle3
	dsb	ish
	isb
	ret
endfunc secmon_mmu_disable_this_cpu
