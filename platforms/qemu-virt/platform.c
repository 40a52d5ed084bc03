/*
 * QEMU virt port. Everything variable (CPUs, memory, GIC version) comes from the DTB
 * QEMU places at the start of normal-world DRAM; the port patches that DTB so the
 * normal world finds PSCI (when the image serves it), then enters the payload preloaded
 * at 0x60000000, or Linux from fw_cfg.
 *
 * Which normal world runs: as the -bios firmware the image chooses (fw_cfg's kernel if
 * QEMU was given one, else the payload at 0x60000000). Entered as a BL31 (QEMU_VIRT_BL31,
 * virt_bl31.c) the loader has chosen: the image enters BL33 as BL2's handoff describes it
 * and never loads fw_cfg's kernel itself (BL33, e.g. U-Boot, may).
 */
#include <secmon/arch.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/cpus.h>
#include <secmon/drivers/park_power.h>
#include <secmon/drivers/pl011.h>
#include <secmon/drivers/rndr.h>
#include <secmon/log.h>
#include <secmon/secmon.h>
#include <secmon_config.h>

#include "fw_cfg.h"
#include "qemu_virt.h"
#include "virt_bl31.h"
#include "virt_dt.h"
#include "virt_gic.h"
#include "virt_power.h"

static struct virt_hw virt_hw;
/*
 * Normal-world entry: Linux from fw_cfg (-kernel), else (0) the payload at 0x60000000;
 * always 0 in an image built with QEMU_VIRT_LINUX_FROM_FW_CFG 0.
 * Zero-initialised on purpose: with no .data, .bss starts on .data's page instead of the
 * next one (the translation tables in it are page aligned).
 */
static uint64_t ns_entry_pc;
/* Longest -append kept (the DTB patch copies it; no need to keep it resident). */
#define VIRT_CMDLINE_MAX 2048

/*
 * Idle states declared to Linux, in park_power's StateID encoding; latencies are
 * nominal (QEMU has no real cost to model) but ordered as on hardware.
 */
static const struct virt_idle_state virt_idle_states[] = {
    {"cpu-retention", 0x00000001, 10, 10, 20, false},
    {"cpu-power-down", 0x00010002, 100, 200, 500, true},
    {"cluster-power-down", 0x01010022, 500, 1000, 2500, true},
};

SECMON_COLD_BOOT static void virt_early_init(void)
{
	/* QEMU's PL011 needs no baud rate; just enable it. */
	pl011_init(VIRT_UART0_BASE, 0, 0);
}

static void virt_putc(int c)
{
	pl011_putc(VIRT_UART0_BASE, c);
}

static void virt_flush(void)
{
	pl011_flush(VIRT_UART0_BASE);
}

/*
 * Loads -kernel/-initrd/-append from fw_cfg when QEMU was given a kernel; the command
 * line goes to cmdline, which must live until the DTB is patched. Not compiled in an
 * image built with QEMU_VIRT_LINUX_FROM_FW_CFG 0: there fw_cfg's kernel is the
 * normal-world firmware's (U-Boot's `qfw load`, or a BL31's BL33).
 */
#if QEMU_VIRT_LINUX_FROM_FW_CFG
SECMON_COLD_BOOT static int load_linux(struct virt_dt_patch_params *params, char *cmdline,
				       uint32_t cmdline_size)
{
	struct fw_cfg fw;
	struct fw_cfg_linux out;
	uint64_t ram = virt_hw.mem[0].size;
	struct fw_cfg_linux_mem mem = {
	    .ram_base = virt_hw.mem[0].base,
	    .ram_size = ram < VIRT_NS_DRAM_MAPPED ? ram : VIRT_NS_DRAM_MAPPED,
	    .dtb_addr = VIRT_DTB_ADDR,
	    .dtb_size = VIRT_DTB_MAX_SIZE,
	    .cmdline = cmdline,
	    .cmdline_size = cmdline_size,
	};

	if (!virt_hw.fw_cfg.present || fw_cfg_probe(&fw, virt_hw.fw_cfg.reg.base) != 0)
		return 0;
	int err = fw_cfg_load_linux(&fw, &mem, &out);
	if (err) {
		ERROR("fw_cfg: loading the kernel failed: %s\n", fw_cfg_strerror(err));
		return err;
	}
	if (!out.kernel_size)
		return 0;
	INFO("Linux from fw_cfg: 0x%llx (%llu KiB), initrd 0x%llx-0x%llx%s\n",
	     (unsigned long long)out.entry, (unsigned long long)(out.kernel_size >> 10),
	     (unsigned long long)out.initrd_start, (unsigned long long)out.initrd_end,
	     out.used_dma ? ", by DMA" : "");
	/* The kernel starts with its MMU and caches off: what we wrote must be in memory. */
	secmon_dcache_flush_range((void *)(uintptr_t)out.entry, out.kernel_size);
	if (out.initrd_end > out.initrd_start)
		secmon_dcache_flush_range((void *)(uintptr_t)out.initrd_start,
					  out.initrd_end - out.initrd_start);
	ns_entry_pc = out.entry;
	params->bootargs = cmdline;
	params->initrd_start = out.initrd_start;
	params->initrd_end = out.initrd_end;
	return 0;
}
#endif

/*
 * Gives the normal world its DTB: the copy virt_dt_parse() made, with the kernel's
 * command line and initrd when fw_cfg had a kernel. The command line lives on the boot
 * stack in this frame, which the DTB reader's walk has left by then.
 */
SECMON_COLD_BOOT __attribute__((noinline)) static int
patch_dtb(void *dtb, struct virt_dt_patch_params *params, struct virt_dt_copy *copy)
{
	size_t dtb_written = 0;
#if QEMU_VIRT_LINUX_FROM_FW_CFG
	char cmdline[VIRT_CMDLINE_MAX];
	int err = load_linux(params, cmdline, sizeof(cmdline));

	if (err)
		return err;
#else
	int err;
#endif
	err = virt_dt_patch(dtb, VIRT_DTB_MAX_SIZE, params, copy, &dtb_written);
	if (err) {
		ERROR("patching the DTB failed: %s\n", virt_dt_strerror(err));
		return err;
	}
	/* The normal world starts with caches off: clean what the patch wrote, no more. */
	secmon_dcache_flush_range(dtb, dtb_written);
	return 0;
}

SECMON_COLD_BOOT static int virt_init(void)
{
	void *dtb = (void *)(uintptr_t)VIRT_DTB_ADDR;
	/* An image without PSCI tells the normal world of none: no /psci, no idle states. */
	struct virt_dt_patch_params params = {
	    .idle_states = QEMU_VIRT_PSCI ? virt_idle_states : NULL,
	    .idle_state_count = QEMU_VIRT_PSCI ? SECMON_ARRAY_SIZE(virt_idle_states) : 0,
	    .no_psci = !QEMU_VIRT_PSCI,
	};
	struct virt_dt_copy copy;
	int err = virt_dt_parse(dtb, VIRT_DTB_MAX_SIZE, &virt_hw, &params, &copy);

	if (err) {
		ERROR("QEMU DTB at 0x%llx: %s\n", VIRT_DTB_ADDR, virt_dt_strerror(err));
		return err;
	}
	INFO("GICv%u, %u MiB NS DRAM at 0x%llx, %u cluster(s)\n", virt_hw.gic_version,
	     (unsigned int)(virt_hw.mem[0].size >> 20), (unsigned long long)virt_hw.mem[0].base,
	     virt_hw.cluster_count);
	if (virt_gic_init(&virt_hw))
		return -1;
	if (QEMU_VIRT_PSCI && virt_power_setup(&virt_hw))
		return -1;
	return patch_dtb(dtb, &params, &copy);
}

static void virt_cpu_init(unsigned int cpu)
{
	virt_gic_cpu_up(cpu);
}

static unsigned int virt_cpu_count(void)
{
	return virt_hw.cpu_count;
}

static uint64_t virt_cpu_mpidr(unsigned int cpu)
{
	return virt_hw.cpu[cpu].mpidr;
}

SECMON_COLD_BOOT static int virt_ns_entry(struct secmon_ns_entry *entry)
{
#if QEMU_VIRT_BL31
	virt_bl31_ns_entry(entry);
	return 0;
#endif
	entry->pc = ns_entry_pc ? ns_entry_pc : VIRT_NS_PAYLOAD_ADDR;
	entry->args[0] = VIRT_DTB_ADDR;
	return 0;
}

/*
 * SMCCC_ARCH_SOC_ID. QEMU has no JEP-106 code of its own, so the port reports Arm's
 * (bank 5, i.e. 4 continuation codes, identity 0x3B) with SoC id 0x0051 ('Q') and
 * revision 0; see docs/porting.md.
 */
#define VIRT_SOC_ID_VERSION  ((0x4 << 24) | (0x3b << 16) | 0x0051)
#define VIRT_SOC_ID_REVISION 0

static int32_t virt_soc_id(uint32_t type)
{
	return type == 0 ? VIRT_SOC_ID_VERSION : VIRT_SOC_ID_REVISION;
}

/* The stack canary (cold boot): RNDR on cores that have it (QEMU's "max"), else the counter. */
SECMON_COLD_BOOT static uint64_t virt_entropy(void)
{
	uint64_t v;

	if (rndr_present() && rndr_try(&v))
		return v;
	return read_sysreg(cntpct_el0);
}

/*
 * The TRNG service's source: RNDR, where the CPU has FEAT_RNG (QEMU's -cpu max, which
 * fills it from the host's random source); elsewhere (cortex-a57, ...) TRNG answers
 * NOT_SUPPORTED. UUID 823058b8-4744-45d0-92e9-e63f271a776f (docs/porting.md).
 */
static const struct secmon_trng_ops virt_trng = {
    .uuid = {{VIRT_TRNG_UUID_W0, VIRT_TRNG_UUID_W1, VIRT_TRNG_UUID_W2, VIRT_TRNG_UUID_W3}},
    .present = rndr_present,
    .read = rndr_read,
};

static const struct secmon_mem_region virt_regions[] = {
    {VIRT_DEVICES_BASE, VIRT_DEVICES_SIZE, SECMON_MEM_DEVICE},
    {VIRT_NS_DRAM_BASE, VIRT_NS_DRAM_MAPPED, SECMON_MEM_NORMAL | SECMON_MEM_NS},
};

/* The -cpu models the port is tested on that have their own ops; generic for the rest. */
static const struct secmon_cpu_ops *const virt_cpu_ops[] = {
    &secmon_cortex_a57_ops,	   /* -cpu cortex-a57 */
    &secmon_cortex_a53_ops,	   /* -cpu cortex-a53 */
    &secmon_cortex_a72_ops,	   /* -cpu cortex-a72 */
    &secmon_cortex_a35_ops,	   /* -cpu cortex-a35 */
    &secmon_neoverse_n1_model_ops, /* -cpu neoverse-n1: no N1 IMPDEF registers in QEMU */
    &secmon_cortex_a76_model_ops,  /* -cpu cortex-a76: none of the A76's either */
    &secmon_generic_cpu_ops,	   /* -cpu max, a64fx and the rest */
};

const struct secmon_platform qemu_virt_platform = {
    .name = "QEMU virt",
    .primary_mpidr = 0,
    .pen_wait = virt_pen_wait,
    .release_secondaries = virt_gic_release_secondaries,
    .early_init = virt_early_init,
#if QEMU_VIRT_BL31
    .boot_regs = virt_bl31_boot_regs,
#endif
    .init = virt_init,
    .cpu_init = virt_cpu_init,
    .regions = virt_regions,
    .region_count = SECMON_ARRAY_SIZE(virt_regions),
    .cpu_count = virt_cpu_count,
    .cpu_mpidr = virt_cpu_mpidr,
    .console_putc = virt_putc,
    .console_flush = virt_flush,
    .ns_entry = virt_ns_entry,
    .soc_id = virt_soc_id,
    .entropy = virt_entropy,
    .trng = QEMU_VIRT_TRNG ? &virt_trng : NULL,
    .cpu_ops = virt_cpu_ops,
    .cpu_ops_count = SECMON_ARRAY_SIZE(virt_cpu_ops),
    /* Without PSCI in the image, nothing of the power operations is linked. */
    .psci = QEMU_VIRT_PSCI ? &park_power_psci_ops : NULL,
};
