/*
 * Arm Juno board port: the secmon_platform the core boots with. BL1/BL2 (TF-A or any
 * other loader) have loaded this image at JUNO_BL31_BASE, set up the TZC-400 and entered
 * it on the primary CPU; the other CPUs are held off by the SCP until a CPU_ON.
 */
#include <secmon/cache.h>
#include <secmon/drivers/cpus.h>
#include <secmon/drivers/pl011.h>
#include <secmon/log.h>
#include <secmon/mmio.h>

#include "juno.h"
#include "juno_private.h"

/* SMCCC_ARCH_SOC_ID: Arm's JEP-106 code (bank 5, i.e. 4 continuation codes, id 0x3b). */
#define JUNO_SOC_JEP106	   (4u << 24 | 0x3bu << 16)
#define SSC_PART_MASK	   0xfffu
#define SSC_REVISION_SHIFT 20 /* major [27:24], minor [23:20] */

uint8_t juno_early_stacks[JUNO_EARLY_STACKS * JUNO_EARLY_STACK_SIZE] __attribute__((aligned(64)));

void juno_console_init(void)
{
	pl011_init(JUNO_UART0_BASE, JUNO_UART0_CLK_HZ, JUNO_UART_BAUD);
}

void juno_console_flush(void)
{
	pl011_flush(JUNO_UART0_BASE);
}

static void juno_putc(int c)
{
	pl011_putc(JUNO_UART0_BASE, c);
}

static int juno_init(void)
{
	/*
	 * Zeroing .bss left these lines dirty in this CPU's cache; evicted later, they
	 * would overwrite what a warm-booting CPU wrote around them with its caches off.
	 */
	secmon_dcache_flush_range(juno_early_stacks, sizeof(juno_early_stacks));
	juno_coherency_init();
	juno_gic_init();
	css_scp_init(&juno_scp, &juno_scp_config, &juno_psci_ops, juno_this_cpu());
	/* From now on a CPU the SCP powers up goes from BL1 to our warm entry. */
	mmio_write64(JUNO_TRUSTED_MAILBOX, (uint64_t)(uintptr_t)juno_warm_entry);
	return 0;
}

static void juno_cpu_init(unsigned int cpu)
{
	/* The CCI was joined in juno_entry.S, before the caches went on. */
	juno_gic_cpu_up(cpu);
}

static unsigned int juno_cpu_count(void)
{
	return JUNO_CPUS;
}

static int juno_ns_entry(struct secmon_ns_entry *entry)
{
	/* BL33 (UEFI or U-Boot) finds the hardware description on its own. */
	entry->pc = JUNO_NS_IMAGE_BASE;
	return 0;
}

static int32_t juno_soc_id(uint32_t type)
{
	uint32_t ssc = mmio_read32(JUNO_SSC_VERSION);

	if (type == 0)
		return (int32_t)(JUNO_SOC_JEP106 | (ssc & SSC_PART_MASK));
	return (int32_t)((ssc >> SSC_REVISION_SHIFT) & 0xffu);
}

/* Everything here is mapped execute-never; the image maps itself. */
static const struct secmon_mem_region juno_regions[] = {
    {JUNO_SHARED_RAM_BASE, JUNO_SHARED_RAM_SIZE, SECMON_MEM_DEVICE},
    {JUNO_COHERENT_PAGE, 0x1000, SECMON_MEM_DEVICE},
    {JUNO_CSS_DEVICE_BASE, JUNO_CSS_DEVICE_SIZE, SECMON_MEM_DEVICE},
    {JUNO_SOC_DEVICE_BASE, JUNO_SOC_DEVICE_SIZE, SECMON_MEM_DEVICE},
};

/* Juno r0/r1: A57 + A53; r2: A72 + A53. */
static const struct secmon_cpu_ops *const juno_cpu_ops[] = {
    &secmon_cortex_a53_ops,
    &secmon_cortex_a57_ops,
    &secmon_cortex_a72_ops,
};

const struct secmon_platform juno_platform = {
    .name = "Arm Juno",
    .primary_mpidr = JUNO_PRIMARY_MPIDR,
    .early_init = juno_console_init,
    .init = juno_init,
    .cpu_init = juno_cpu_init,
    .regions = juno_regions,
    .region_count = sizeof(juno_regions) / sizeof(juno_regions[0]),
    .cpu_count = juno_cpu_count,
    .cpu_mpidr = juno_cpu_to_mpidr,
    .console_putc = juno_putc,
    .console_flush = juno_console_flush,
    .ns_entry = juno_ns_entry,
    .soc_id = juno_soc_id,
    .cpu_ops = juno_cpu_ops,
    .cpu_ops_count = sizeof(juno_cpu_ops) / sizeof(juno_cpu_ops[0]),
    .psci = &juno_psci_ops,
};
