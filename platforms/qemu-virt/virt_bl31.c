/*
 * QEMU virt as a BL31 behind TF-A's BL1 and BL2 (QEMU_VIRT_BL31 1; virt_bl31.h has the
 * facts): BL33's entry from BL2's handoff, and the secondaries out of BL1's hold pen. An
 * image without QEMU_VIRT_BL31 compiles nothing of this file.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/secmon.h>

#include "qemu_virt.h"
#include "virt_bl31.h"

#if QEMU_VIRT_BL31

/* The image's first instruction (the core's entry.S): where every CPU starts. */
extern const char secmon_reset[];

/*
 * Where the loader's structures may lie: secure memory (BL2's own data, below this
 * image) and the normal-world DRAM the port maps (a transfer list a loader left there).
 */
static const struct secmon_handoff_window virt_bl31_windows[] = {
    {VIRT_SECURE_SRAM_BASE, VIRT_SECURE_SRAM_SIZE},
    {VIRT_NS_DRAM_BASE, VIRT_NS_DRAM_MAPPED},
};

/* BL33's entry, kept from the handoff until the cold boot enters it. */
static struct secmon_ns_entry virt_bl33;

/*
 * Sends every CPU in BL1's hold pen to secmon_reset: the mailbox first, then each hold
 * word GO. MMU and caches off, so the stores reach memory, where BL1 reads them. A CPU
 * that is not there leaves its word GO, which nothing reads.
 */
SECMON_COLD_BOOT static void release_bl1_pen(void)
{
	volatile uint64_t *mailbox = (volatile uint64_t *)(uintptr_t)TFA_QEMU_MAILBOX;
	volatile uint64_t *hold = (volatile uint64_t *)(uintptr_t)TFA_QEMU_HOLD_BASE;

	*mailbox = (uint64_t)(uintptr_t)secmon_reset;
	dsb(sy);
	for (unsigned int i = 0; i < TFA_QEMU_HOLD_CPUS; i++)
		hold[i] = TFA_QEMU_HOLD_GO;
	dsb(sy);
	sev();
}

SECMON_COLD_BOOT void virt_bl31_boot_regs(const struct secmon_boot_regs *regs)
{
	struct secmon_handoff h;
	int err =
	    secmon_handoff_parse(regs, virt_bl31_windows, SECMON_ARRAY_SIZE(virt_bl31_windows), &h);

	if (err)
		secmon_panic("BL31 handoff (x0 0x%llx, x1 0x%llx): %s",
			     (unsigned long long)regs->x[0], (unsigned long long)regs->x[1],
			     secmon_handoff_strerror(err));
	if (h.bl33.secure)
		secmon_panic("BL31 handoff: BL33 at 0x%llx is a secure image",
			     (unsigned long long)h.bl33.pc);
	/* The parser leaves BL33's pc to the port: it must be normal-world DRAM we map. */
	if (h.bl33.pc < VIRT_NS_DRAM_BASE || h.bl33.pc - VIRT_NS_DRAM_BASE >= VIRT_NS_DRAM_MAPPED)
		secmon_panic("BL31 handoff: BL33 at 0x%llx is outside normal-world DRAM",
			     (unsigned long long)h.bl33.pc);
	/* The image's SPD (if any) enters the secure payload it carries, never a loader's. */
	if (h.has_bl32)
		secmon_panic("BL31 handoff: a BL32 at 0x%llx, which this image does not enter",
			     (unsigned long long)h.bl32.pc);
	/*
	 * The port reads QEMU's DTB where QEMU put it (and BL2 patched it). TF-A's BL2
	 * passes none: 0, or its debug builds' check value.
	 */
	if (h.fdt && h.fdt != VIRT_DTB_ADDR && h.fdt != TFA_QEMU_BL31_PLAT_PARAM)
		secmon_panic("BL31 handoff: a DTB at 0x%llx; this port reads QEMU's at 0x%llx",
			     (unsigned long long)h.fdt, VIRT_DTB_ADDR);
	virt_bl33.pc = h.bl33.pc;
	for (unsigned int i = 0; i < 4; i++)
		virt_bl33.args[i] = h.bl33.args[i];
	virt_bl33.spsr = h.bl33.spsr;
	release_bl1_pen();
}

SECMON_COLD_BOOT void virt_bl31_ns_entry(struct secmon_ns_entry *entry)
{
	*entry = virt_bl33;
}

#endif
