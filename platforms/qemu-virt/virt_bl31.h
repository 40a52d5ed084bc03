/*
 * QEMU virt entered as a BL31 behind TF-A 2.8's QEMU BL1 and BL2 (an image built with
 * QEMU_VIRT_BL31 1, examples/qemu-bl31/qemu-bl31-tfa.ld): the loader's handoff and BL1's
 * hold pen. Facts from TF-A 2.8's plat/qemu (qemu/include/platform_def.h,
 * common/aarch64/plat_helpers.S, common/qemu_bl2_setup.c):
 *
 * - Secure SRAM as TF-A divides it: its first page is shared (BL1's trusted mailbox at
 *   0x0e000000, then one 8-byte hold word per CPU, indexed by Aff1 * 4 + Aff0, for its
 *   8 CPUs); BL31 is loaded at 0x0e0a0000 (BL31_BASE), its loaded part must end below
 *   BL1's RW data at 0x0e0ee000 (BL31_PROGBITS_LIMIT), and nothing of it may pass
 *   0x0e100000 (BL31_LIMIT). BL2 runs below it, from 0x0e07b000.
 * - BL1 holds each secondary CPU in a WFE loop on its hold word; on
 *   PLAT_QEMU_HOLD_STATE_GO (1) the CPU sets the word back to WAIT (0) and branches to
 *   the address in the mailbox, MMU and caches off, at EL3.
 * - BL2 enters BL31 (through BL1) with x0 = its bl_params v2 list and x1 = 0 (release
 *   builds) or QEMU_BL31_PLAT_PARAM_VAL (debug builds): no DTB. It has patched QEMU's DTB
 *   in place at 0x40000000 (a /psci node and enable-method "psci", then fdt_pack()).
 *   BL33's x0 is that DTB only in builds with ARM_LINUX_KERNEL_AS_BL33=1 (else the
 *   boot CPU's MPIDR[15:0]); its SPSR is EL2h (EL1h without EL2), DAIF masked.
 */
#ifndef QEMU_VIRT_BL31_H
#define QEMU_VIRT_BL31_H

#include <secmon/handoff.h>
#include <secmon/platform.h>

#define TFA_QEMU_MAILBOX	 0x0e000000ull	       /* PLAT_QEMU_TRUSTED_MAILBOX_BASE */
#define TFA_QEMU_HOLD_BASE	 0x0e000008ull	       /* PLAT_QEMU_HOLD_BASE */
#define TFA_QEMU_HOLD_CPUS	 8		       /* PLATFORM_CORE_COUNT */
#define TFA_QEMU_HOLD_GO	 1ull		       /* PLAT_QEMU_HOLD_STATE_GO */
#define TFA_QEMU_BL31_PLAT_PARAM 0x0f1e2d3c4b5a6978ull /* x1 of a debug BL2 */

/* x1[31:0] of a Firmware Handoff transfer list's register convention: its signature. */
#define FW_HANDOFF_TL_SIGNATURE 0x4a0fb10bu

/*
 * The boot_regs hook: parses BL2's handoff (secmon_handoff_parse(); a panic says why it
 * is unusable), keeps BL33's entry, moves a transfer list's DTB found elsewhere to
 * 0x40000000 (checked first: the port reads QEMU's DTB there), then releases the
 * secondary CPUs from BL1's hold pen into the image's own reset path (secmon_reset),
 * where they wait for the cold boot as after a -bios reset. MMU off.
 */
void virt_bl31_boot_regs(const struct secmon_boot_regs *regs);

/* The ns_entry hook's answer: BL33 as the loader described it (pc, x0-x3, SPSR). */
void virt_bl31_ns_entry(struct secmon_ns_entry *entry);

#endif
