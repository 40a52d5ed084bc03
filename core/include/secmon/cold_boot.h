/*
 * Cold-boot-only code: one attribute, like TF-A's __init; and data only the cold boot
 * writes: another, like Linux's __ro_after_init.
 *
 * SECMON_COLD_BOOT marks a function that only ever runs on the primary CPU during its
 * cold boot, before secmon_cold_boot() releases the other CPUs: never from warm boot,
 * CPU_ON, a suspend resume, a reset, the crash path or an SMC handler. (The one other
 * user of the section: a board's reset-pen wait, secmon_platform.pen_wait, which the
 * other CPUs run at reset with their MMU off, before the release.) It goes to the
 * input section .cold_boot.text (not .text.*, so that a layout can place it after the
 * data with GNU ld too). An image whose linker script INCLUDEs
 * secmon_sections_cold_boot_in_load.ld (the one image option for it, docs/porting.md)
 * runs that section in place from its load region: the code never occupies the run
 * region, the MMU maps it only while the primary cold boots, and a later call faults into
 * the crash report. Elsewhere (secmon_sections.ld) it is ordinary resident text. Its
 * constants (strings included) stay in .rodata. libfdt is cold-boot code as a whole
 * (cmake/libfdt.cmake): call it from SECMON_COLD_BOOT functions only.
 */
#ifndef SECMON_COLD_BOOT_H
#define SECMON_COLD_BOOT_H

/*
 * SECMON_RO_AFTER_BOOT marks a variable that the primary CPU's cold boot writes and
 * nothing writes afterwards (the SMC dispatcher's table). It starts zeroed, like .bss (so
 * it takes no initialiser), in pages of their own (input section .bss.ro_after_boot,
 * output section .ro_after_boot of both layouts), which the EL3 MMU maps read-write
 * during the cold boot and read-only before the other CPUs are released: a later write
 * faults into the crash report. It costs no instruction to read.
 */
#ifdef SECMON_HOST
#define SECMON_COLD_BOOT
#define SECMON_RO_AFTER_BOOT
#else
#define SECMON_COLD_BOOT     __attribute__((section(".cold_boot.text")))
#define SECMON_RO_AFTER_BOOT __attribute__((section(".bss.ro_after_boot")))
#endif

#endif
