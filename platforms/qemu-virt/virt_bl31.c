/*
 * QEMU virt as a BL31 behind TF-A's BL1 and BL2 (QEMU_VIRT_BL31 1; virt_bl31.h has the
 * facts): BL33's entry from BL2's handoff, a transfer list's DTB moved to where the port
 * reads it, and the secondaries out of BL1's hold pen. An image without QEMU_VIRT_BL31
 * compiles nothing of this file.
 */
#include <libfdt.h>

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

/* Whether [addr, addr + size) lies within one of the windows (no overflow for any input). */
SECMON_COLD_BOOT static bool virt_bl31_in_window(uint64_t addr, uint64_t size)
{
	for (size_t i = 0; i < SECMON_ARRAY_SIZE(virt_bl31_windows); i++) {
		const struct secmon_handoff_window *w = &virt_bl31_windows[i];

		if (addr >= w->base && size <= w->size && addr - w->base <= w->size - size)
			return true;
	}
	return false;
}

/*
 * A transfer list's DTB elsewhere than 0x40000000 (its FDT entry's data, or x0 when the
 * list has no FDT entry): checked, then moved to 0x40000000. QEMU's convention is that the
 * DTB lives at the start of RAM, and the port reads it and writes the normal world's
 * patched copy there (platform.c, virt_init()); with the loader's DTB moved there,
 * everything after runs as with QEMU's own. Returns NULL, or why the DTB is unusable.
 * MMU off: fdt_check_header() reads only aligned 32-bit header fields once it has checked
 * that the DTB is 8-byte aligned, and the copy goes byte by byte (volatile, so that no
 * compiler makes it a memmove() call or wider accesses); the ranges may overlap.
 */
SECMON_COLD_BOOT static const char *virt_bl31_take_dtb(uint64_t fdt, uint64_t fdt_size)
{
	const void *hdr = (const void *)(uintptr_t)fdt;

	if (!virt_bl31_in_window(fdt, sizeof(struct fdt_header)))
		return "its header is outside the loader's memory";
	if (fdt_check_header(hdr) != 0)
		return "not a valid FDT header (or not 8-byte aligned)";

	const uint64_t size = fdt_totalsize(hdr);

	if (fdt_size != 0 && size > fdt_size)
		return "its totalsize exceeds the transfer list's FDT entry";
	if (size > VIRT_DTB_MAX_SIZE)
		return "its totalsize exceeds the 1 MiB the port keeps for it";
	if (!virt_bl31_in_window(fdt, size))
		return "it ends outside the loader's memory";

	volatile uint8_t *dst = (volatile uint8_t *)(uintptr_t)VIRT_DTB_ADDR;
	const volatile uint8_t *src = (const volatile uint8_t *)(uintptr_t)fdt;

	if (fdt > VIRT_DTB_ADDR) {
		for (uint64_t i = 0; i < size; i++)
			dst[i] = src[i];
	} else {
		for (uint64_t i = size; i-- > 0;)
			dst[i] = src[i];
	}
	dsb(sy);
	return NULL;
}

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
	 * passes none: 0, or its debug builds' check value. A transfer list may carry the
	 * DTB (its FDT entry, x0 = its data): the port moves it to 0x40000000.
	 */
	if (h.fdt && h.fdt != VIRT_DTB_ADDR &&
	    (regs->x[1] & 0xffffffffu) == FW_HANDOFF_TL_SIGNATURE) {
		const char *why = virt_bl31_take_dtb(h.fdt, h.fdt_size);

		if (why)
			secmon_panic("BL31 handoff: the transfer list's DTB at 0x%llx: %s",
				     (unsigned long long)h.fdt, why);
	} else if (h.fdt && h.fdt != VIRT_DTB_ADDR && h.fdt != TFA_QEMU_BL31_PLAT_PARAM) {
		secmon_panic("BL31 handoff: a DTB at 0x%llx; this port reads QEMU's at 0x%llx",
			     (unsigned long long)h.fdt, VIRT_DTB_ADDR);
	}
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
