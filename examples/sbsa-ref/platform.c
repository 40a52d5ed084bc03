/*
 * QEMU sbsa-ref port. The CPUs and memory come from the DTB QEMU places at the start of
 * DRAM (1 TiB, hence a 41-bit EL3 address space); the GIC, UARTs and the secure embedded
 * controller are at fixed addresses. CPUs power down by parking in WFI at EL3 and the
 * controller powers off and resets the machine (secmon::park_power). The port patches the
 * DTB for the normal world, then enters the payload preloaded in DRAM.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/cpus.h>
#include <secmon/drivers/gic.h>
#include <secmon/drivers/gicv3.h>
#include <secmon/drivers/pl011.h>
#include <secmon/drivers/rndr.h>
#include <secmon/log.h>
#include <secmon/mmio.h>
#include <secmon/psci.h>
#include <secmon_image.h>

#include "sbsa_ref.h"

static struct park_power_cpu cpus[SECMON_IMAGE_MAX_CPUS];
static struct sbsa_hw hw = {.cpus = cpus};
static struct gicv3 gic;
static struct gicv3_cpu gic_cpus[SECMON_IMAGE_MAX_CPUS];
static uint8_t gic_down[SECMON_IMAGE_MAX_CPUS];
static uint8_t power_state[SECMON_IMAGE_MAX_CPUS];
static uint16_t power_tree[2 + SECMON_IMAGE_MAX_CPUS];
static struct secmon_mem_region ns_memory;

static void sbsa_putc(int c)
{
	pl011_putc(SBSA_UART_BASE, c);
}

static void sbsa_flush(void)
{
	pl011_flush(SBSA_UART_BASE);
}

static void __attribute__((noreturn)) ec_command(uint32_t cmd)
{
	sbsa_flush();
	mmio_write32(SBSA_SECURE_EC_BASE, cmd);
	for (;;)
		wfi();
}

static void sbsa_system_off(void)
{
	ec_command(SBSA_EC_POWEROFF);
}

static void sbsa_system_reset(void)
{
	ec_command(SBSA_EC_REBOOT);
}

static void check(int err, const char *what, unsigned int cpu)
{
	if (err != GIC_OK)
		secmon_panic("GICv3 %s of CPU%u: error %d", what, cpu, err);
}

static void sbsa_gic_down(unsigned int cpu, unsigned int keep)
{
	check(gicv3_cpu_power_down(&gic, cpu, keep), "power-down", cpu);
	gic_down[cpu] = 1;
}

static void sbsa_wake_cpu(unsigned int cpu, uint64_t mpidr)
{
	gicv3_send_wake_sgi(mpidr);
}

static void sbsa_clear_wake(unsigned int cpu)
{
	gicv3_clear_wake_sgi();
}

SECMON_COLD_BOOT static void sbsa_early_init(void)
{
	pl011_init(SBSA_UART_BASE, 0, 0);
}

SECMON_COLD_BOOT static int sbsa_init(void)
{
	void *dtb = (void *)(uintptr_t)SBSA_DTB_ADDR;
	const char *err = sbsa_dtb_read(dtb, SECMON_IMAGE_MAX_CPUS, &hw);
	uint32_t size;

	if (err) {
		ERROR("sbsa-ref DTB: %s\n", err);
		return -1;
	}
	INFO("%u MiB of normal-world DRAM at 0x%llx\n", (unsigned int)(hw.mem_size >> 20),
	     (unsigned long long)hw.mem_base);
	ns_memory = (struct secmon_mem_region){hw.mem_base, hw.mem_size, SECMON_MEM_NS};
	gicv3_init(&gic, gic_cpus, SECMON_IMAGE_MAX_CPUS, SBSA_GICD_BASE, SBSA_GICR_BASE,
		   hw.cpu_count * SBSA_GICR_FRAME, 0);
	check(gicv3_dist_init(&gic), "distributor set-up", 0);
	/* The other CPUs sleep in the reset pen (gicv3_pen_wait) until the wake SGI. */
	check(gicv3_rdist_prepare_all(&gic), "redistributor set-up", 0);
	/* park_power copies the board: its description lives on this stack. */
	const struct park_power_board power = {
	    .cpus = cpus,
	    .cpu_count = hw.cpu_count,
	    .cpu_state = power_state,
	    .tree = power_tree,
	    .ns_memory = &ns_memory,
	    .ns_memory_count = 1,
	    .wake_cpu = sbsa_wake_cpu,
	    .clear_wake = sbsa_clear_wake,
	    .cpu_down = sbsa_gic_down,
	    .system_off = sbsa_system_off,
	    .system_reset = sbsa_system_reset,
	};
	if (park_power_setup(&power))
		return -1;
	size = sbsa_dtb_patch(dtb, &hw, &err);
	if (!size) {
		ERROR("patching the DTB failed: %s\n", err);
		return -1;
	}
	/* The normal world starts with caches off: the DTB must be in memory. */
	secmon_dcache_flush_range(dtb, size);
	return 0;
}

static void sbsa_cpu_init(unsigned int cpu)
{
	check(gic_down[cpu] ? gicv3_cpu_power_up(&gic, cpu) : gicv3_cpu_init(&gic, cpu), "set-up",
	      cpu);
	gicv3_clear_wake_sgi();
	gic_down[cpu] = 0;
}

static unsigned int sbsa_cpu_count(void)
{
	return hw.cpu_count;
}

static uint64_t sbsa_cpu_mpidr(unsigned int cpu)
{
	return cpus[cpu].mpidr;
}

static int sbsa_ns_entry(struct secmon_ns_entry *entry)
{
	entry->pc = SBSA_NS_PAYLOAD_ADDR;
	entry->args[0] = SBSA_DTB_ADDR;
	return 0;
}

static const struct secmon_mem_region sbsa_regions[] = {
    {SBSA_DEVICES_BASE, SBSA_DEVICES_SIZE, SECMON_MEM_DEVICE},
    {SBSA_DRAM_BASE, SBSA_DRAM_MAPPED, SECMON_MEM_NORMAL | SECMON_MEM_NS},
};

/* The -cpu models it is tested on that have ops of their own; generic for the rest. */
static const struct secmon_cpu_ops *const sbsa_cpu_ops[] = {
    &secmon_cortex_a57_ops,
    &secmon_cortex_a72_ops,
    &secmon_neoverse_n1_model_ops, /* QEMU's neoverse-n1: no N1 IMPDEF registers */
    &secmon_generic_cpu_ops,
};

/* The TRNG service's source: RNDR where the CPU has FEAT_RNG (-cpu max). */
static const struct secmon_trng_ops sbsa_trng = {
    .uuid = {{SBSA_TRNG_UUID_W0, SBSA_TRNG_UUID_W1, SBSA_TRNG_UUID_W2, SBSA_TRNG_UUID_W3}},
    .present = rndr_present,
    .read = rndr_read,
};

const struct secmon_platform sbsa_ref_platform = {
    .name = "QEMU sbsa-ref",
    .primary_mpidr = 0,
    /* The reset pen in WFI, not WFE: the GIC driver's, woken by one SGI to all others. */
    .pen_wait = gicv3_pen_wait,
    .release_secondaries = gicv3_send_wake_sgi_others,
    .early_init = sbsa_early_init,
    .init = sbsa_init,
    .cpu_init = sbsa_cpu_init,
    .regions = sbsa_regions,
    .region_count = sizeof(sbsa_regions) / sizeof(sbsa_regions[0]),
    .cpu_count = sbsa_cpu_count,
    .cpu_mpidr = sbsa_cpu_mpidr,
    .console_putc = sbsa_putc,
    .console_flush = sbsa_flush,
    .ns_entry = sbsa_ns_entry,
    .trng = &sbsa_trng,
    .cpu_ops = sbsa_cpu_ops,
    .cpu_ops_count = sizeof(sbsa_cpu_ops) / sizeof(sbsa_cpu_ops[0]),
    .psci = &park_power_psci_ops,
};
