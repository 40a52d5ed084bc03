/*
 * Data-cache clean and invalidate by set/way, as a leaf that touches no memory: the
 * power-down path calls it after turning the data cache off, when a stack access could
 * read stale memory.
 */
#include "asm_macros.S"
#include "offsets.h"

/*
 * void secmon_dcache_flush_to_level(unsigned int level): every data or unified cache
 * from level 1 up to `level` (1-based, CLIDR_EL1 numbering). Clobbers x0-x12.
 */
func secmon_dcache_flush_to_level
	dsb	sy
	mrs	x9, clidr_el1
	mov	x10, #0                 /* cache level << 1, as CSSELR/DC CISW want it */
	lsl	x11, x0, #1             /* stop before this */
1:	cmp	x10, x11
	b.hs	5f
	add	x2, x10, x10, lsr #1    /* 3 * level: CLIDR Ctype field shift */
	lsr	x1, x9, x2
	and	x1, x1, #7
	cmp	x1, #2
	b.lo	4f                      /* no cache or instruction only */
	msr	csselr_el1, x10
	isb
	mrs	x1, ccsidr_el1
	and	x2, x1, #7
	add	x2, x2, #4              /* log2(line size) */
	ubfx	x4, x1, #3, #10         /* ways - 1 */
	clz	w5, w4                  /* way field shift */
	ubfx	x7, x1, #13, #15        /* sets - 1 */
2:	mov	x8, x7                  /* set loop */
3:	lsl	x6, x4, x5
	orr	x6, x6, x10
	lsl	x12, x8, x2
	orr	x6, x6, x12
	dc	cisw, x6
	subs	x8, x8, #1
	b.ge	3b
	subs	x4, x4, #1
	b.ge	2b
4:	add	x10, x10, #2
	b	1b
5:	dsb	sy
	isb
	ret
endfunc secmon_dcache_flush_to_level

/*
 * Park routine (see secmon/power.h). x0 = bool wait_for_release. Runs without a stack
 * once the data cache is off.
 */
func secmon_cpu_power_down_park
	msr	daifset, #0xf
	mov	x19, x0
	mrs	x20, tpidr_el3
	/* Data cache off first, then clean+invalidate what this CPU still holds. */
	mrs	x0, sctlr_el3
	bic	x0, x0, #(1 << 2)
	msr	sctlr_el3, x0
	isb
	mov	x0, #1
	bl	secmon_dcache_flush_to_level
	/* MMU off: from here on, addresses are physical (the image is identity mapped). */
	mrs	x0, sctlr_el3
	bic	x0, x0, #1
	msr	sctlr_el3, x0
	isb
	tlbi	alle3
	dsb	ish
	isb
	/* This CPU's release word, alone in its cache line (see percpu.c). */
	ldr	w0, [x20, #CPU_INDEX]
	ldr	x21, =secmon_cpu_release_words
	add	x21, x21, x0, lsl #6
	ldr	x1, =SECMON_PEN_RELEASED
	cbz	x19, 2f
	/* CPU_OFF: check before every wait, so a release that came first is never missed. */
1:	ldr	x0, [x21]
	cmp	x0, x1
	b.eq	3f
	wfi
	b	1b
	/* Suspend: any wake-up event ends it. */
2:	wfi
3:	str	xzr, [x21]
	dsb	sy
	b	secmon_entry_warm
endfunc secmon_cpu_power_down_park
