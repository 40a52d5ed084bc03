/* Stacks that exist before per-CPU stacks do: the cold-boot stack and the crash stack. */
	.section .bss.secmon_stacks, "aw", %nobits
	.balign 16
	.global secmon_boot_stack_top
	.global secmon_crash_stack_top
	.space 4096
secmon_boot_stack_top:
	.space 2048
secmon_crash_stack_top:
