/*
 * The crash path every EL3 vector table shares. Exceptions the monitor never expects
 * (anything taken from EL3 itself, interrupts and SErrors routed to EL3) enter it from
 * the table's crash_entry (asm_macros.S), dump every register on the crash stack and
 * report. Linked with the first table an image pulls in.
 */
#include <secmon_config.h>

#include "asm_macros.S"
#include "offsets.h"

/*
 * Common crash path: x0 = this CPU's struct secmon_cpu, x1 = crash type, the caller's
 * x1/x2 in the per-CPU scratch and its x0 in SP_EL0. Keeps x3/x4 there too, takes the
 * crash lock (concurrent crashes print one at a time), then dumps every register at the
 * top of the crash stack, which only the lock holder uses, and reports from below it.
 */
func crash_common
	stp	x3, x4, [x0, #CPU_CRASH_SCRATCH + 16]
	adr	x2, secmon_crash_lock
	mov	w3, #1
1:	ldaxr	w4, [x2]
	cbnz	w4, 1b
	stxr	w4, w3, [x2]
	cbnz	w4, 1b
	ldr	x2, =secmon_crash_stack_top - CRASH_FRAME_SIZE
	stp	x5, x6, [x2, #40]
	stp	x7, x8, [x2, #56]
	stp	x9, x10, [x2, #72]
	stp	x11, x12, [x2, #88]
	stp	x13, x14, [x2, #104]
	stp	x15, x16, [x2, #120]
	stp	x17, x18, [x2, #136]
	stp	x19, x20, [x2, #152]
	stp	x21, x22, [x2, #168]
	stp	x23, x24, [x2, #184]
	stp	x25, x26, [x2, #200]
	stp	x27, x28, [x2, #216]
	stp	x29, x30, [x2, #232]
	ldp	x3, x4, [x0, #CPU_CRASH_SCRATCH]
	stp	x3, x4, [x2, #8]
	ldp	x3, x4, [x0, #CPU_CRASH_SCRATCH + 16]
	stp	x3, x4, [x2, #24]
	mov	x3, sp /* SP_EL0: the caller's x0 */
	str	x3, [x2]
	msr	spsel, #1
	mov	x3, sp
	str	x3, [x2, #248]
	mov	sp, x2
	bl	secmon_crash_report
	b	secmon_halt
endfunc crash_common
