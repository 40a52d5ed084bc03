/*
 * Arm N1SDP board port: the secmon_platform the core boots with. BL1/BL2 (TF-A) have
 * loaded this image at N1SDP_BL31_BASE and entered it on the primary CPU; the SCP holds
 * the other CPUs off until a CPU_ON.
 */
#include <secmon/drivers/cpus.h>
#include <secmon/drivers/pl011.h>
#include <secmon/log.h>
#include <secmon/mmio.h>

#include "n1sdp.h"
#include "n1sdp_private.h"

/* SMCCC_ARCH_SOC_ID: Arm's JEP-106 code (bank 5, i.e. 4 continuation codes, id 0x3b). */
#define N1SDP_SOC_JEP106   (4u << 24 | 0x3bu << 16)
#define SSC_PART_MASK	   0xfffu
#define SSC_REVISION_SHIFT 20 /* major [27:24], minor [23:20] */

void n1sdp_console_init(void)
{
	pl011_init(N1SDP_UART_BASE, N1SDP_UART_CLK_HZ, N1SDP_UART_BAUD);
}

void n1sdp_console_flush(void)
{
	pl011_flush(N1SDP_UART_BASE);
}

static void n1sdp_putc(int c)
{
	pl011_putc(N1SDP_UART_BASE, c);
}

static int n1sdp_init(void)
{
	n1sdp_gic_init();
	css_scp_init(&n1sdp_scp, &n1sdp_scp_config, &n1sdp_psci_ops, n1sdp_this_cpu());
	/* From now on a CPU the SCP powers up goes from BL1 straight to the warm entry. */
	mmio_write64(N1SDP_TRUSTED_MAILBOX, (uint64_t)(uintptr_t)secmon_entry_warm);
	return 0;
}

static void n1sdp_cpu_init(unsigned int cpu)
{
	/* Nothing for coherency (hardware); the redistributor needs power and a wake-up. */
	n1sdp_gic_cpu_up(cpu);
}

static unsigned int n1sdp_cpu_count(void)
{
	return N1SDP_CPUS;
}

static int n1sdp_ns_entry(struct secmon_ns_entry *entry)
{
	/* BL33 (EDK2) finds the hardware description on its own. */
	entry->pc = N1SDP_NS_IMAGE_BASE;
	return 0;
}

static int32_t n1sdp_soc_id(uint32_t type)
{
	uint32_t ssc = mmio_read32(N1SDP_SSC_VERSION);

	if (type == 0)
		return (int32_t)(N1SDP_SOC_JEP106 | (ssc & SSC_PART_MASK));
	return (int32_t)((ssc >> SSC_REVISION_SHIFT) & 0xffu);
}

/* Everything here is mapped execute-never; the image maps itself. */
static const struct secmon_mem_region n1sdp_regions[] = {
    {N1SDP_SHARED_RAM_BASE, N1SDP_SHARED_RAM_SIZE, SECMON_MEM_DEVICE},
    {N1SDP_DEVICE_BASE, N1SDP_DEVICE_SIZE, SECMON_MEM_DEVICE},
#if N1SDP_CHIPS > 1
    {N1SDP_DEVICE_BASE + N1SDP_REMOTE_CHIP_OFFSET, N1SDP_DEVICE_SIZE, SECMON_MEM_DEVICE},
#endif
};

/* No generic entry: an unknown core stops the boot rather than run without its ops. */
static const struct secmon_cpu_ops *const n1sdp_cpu_ops[] = {
    &secmon_neoverse_n1_ops,
};

const struct secmon_platform n1sdp_platform = {
    .name = "Arm N1SDP",
    .primary_mpidr = N1SDP_PRIMARY_MPIDR,
    .early_init = n1sdp_console_init,
    .init = n1sdp_init,
    .cpu_init = n1sdp_cpu_init,
    .regions = n1sdp_regions,
    .region_count = sizeof(n1sdp_regions) / sizeof(n1sdp_regions[0]),
    .cpu_count = n1sdp_cpu_count,
    .cpu_mpidr = n1sdp_cpu_to_mpidr,
    .console_putc = n1sdp_putc,
    .console_flush = n1sdp_console_flush,
    .ns_entry = n1sdp_ns_entry,
    .soc_id = n1sdp_soc_id,
    .cpu_ops = n1sdp_cpu_ops,
    .cpu_ops_count = sizeof(n1sdp_cpu_ops) / sizeof(n1sdp_cpu_ops[0]),
    .psci = &n1sdp_psci_ops,
};
