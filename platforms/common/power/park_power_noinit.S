/*
 * MEM_PROTECT's flag (park_power.c): in .noinit, which the cold boot does not clear, so a
 * warm reset leaves it as the previous boot set it. Defined here, where the section's
 * type is said plainly (NOBITS, like the linker script's .noinit), for every compiler.
 */
	.section .noinit.park_power, "aw", %nobits
	.balign 8
	.global park_power_mem_protect_flag
	.type park_power_mem_protect_flag, %object
park_power_mem_protect_flag:
	.space 8
	.size park_power_mem_protect_flag, 8
