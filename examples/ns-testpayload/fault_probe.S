/*
 * int probe_read(uint64_t addr, struct probe_result *r): one 64-bit load from addr that
 * may fault (see fault_probe.h). The vectors recognise a fault of the load at probe_load
 * and resume after it with x2 = ESR, x3 = FAR, x4 = 1; x1, the load's target, still holds
 * PROBE_MARKER then. Clobbers x16 and x17 besides the argument registers.
 */
#include "fault_probe.h"

	.text
	.global probe_read
probe_read:
	mov	x5, x1
	movz	x1, #(PROBE_MARKER_LO & 0xffff)
	movk	x1, #(PROBE_MARKER_LO >> 16), lsl #16
	movk	x1, #(PROBE_MARKER_HI & 0xffff), lsl #32
	movk	x1, #(PROBE_MARKER_HI >> 16), lsl #48
	mov	x2, #0
	mov	x3, #0
	mov	x4, #0
	dsb	sy
	.global probe_load
probe_load:
	ldr	x1, [x0]
	dsb	sy
	stp	x1, x2, [x5, #PR_VALUE]
	stp	x3, x4, [x5, #PR_FAR]
	mov	x0, x4
	ret
