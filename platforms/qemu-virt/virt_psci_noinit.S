/*
 * MEM_PROTECT's flag (virt_psci.c): in .noinit, which the cold boot does not clear, so a
 * warm reset leaves it as the previous boot set it. Defined here, where the section's
 * type is said plainly (NOBITS, like the linker script's .noinit), for every compiler.
 */
	.section .noinit.mem_protect, "aw", %nobits
	.balign 8
	.global virt_mem_protect_flag
	.type virt_mem_protect_flag, %object
virt_mem_protect_flag:
	.space 8
	.size virt_mem_protect_flag, 8
