/*
 * The stack of the cold boot, which is also the crash stack: the cold boot runs before
 * anything can take the crash lock, and a crash during it never returns to the frames it
 * overwrites. A crash of a CPU still in the reset pen cannot report anyway (its
 * TPIDR_EL3 is not set yet). In .bss, so it starts zeroed: boot.c checks its lowest
 * bytes at the end of the cold boot.
 */
#include "offsets.h"

	.section .bss.secmon_stacks, "aw", %nobits
	.balign 64
	.global secmon_boot_stack_bottom
	.global secmon_boot_stack_top
	.global secmon_crash_stack_top
secmon_boot_stack_bottom:
	.space BOOT_STACK_SIZE
secmon_boot_stack_top:
secmon_crash_stack_top:
