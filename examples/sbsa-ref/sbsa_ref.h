/*
 * QEMU sbsa-ref (7.2, hw/arm/sbsa-ref.c) as its EL3 port sees it: the fixed memory map,
 * the platform it gives libsecmon, and what its DTB code does.
 */
#ifndef SBSA_REF_H
#define SBSA_REF_H

#include <stdint.h>

#include <secmon/drivers/park_power.h>
#include <secmon/platform.h>

#define SBSA_SECURE_RAM_BASE 0x20000000ull /* 512 MiB: the image runs here */
#define SBSA_DEVICES_BASE    0x40000000ull /* GIC, secure EC, UARTs: one device block */
#define SBSA_DEVICES_SIZE    0x30000000ull
#define SBSA_GICD_BASE	     0x40060000ull
#define SBSA_GICR_BASE	     0x40080000ull
#define SBSA_GICR_FRAME	     0x20000ull /* one redistributor: RD_base + SGI_base */
#define SBSA_SECURE_EC_BASE  0x50000000ull
#define SBSA_EC_POWEROFF     0x01u
#define SBSA_EC_REBOOT	     0x02u
#define SBSA_UART_BASE	     0x60000000ull    /* the NS UART, which QEMU puts on stdio */
#define SBSA_DRAM_BASE	     0x10000000000ull /* 1 TiB; QEMU's DTB is at its start */
#define SBSA_DRAM_MAPPED     0x80000000ull    /* what EL3 maps of it: 2 GiB */
#define SBSA_DTB_ADDR	     SBSA_DRAM_BASE
#define SBSA_DTB_MAX_SIZE    0x100000ull /* QEMU builds it 1 MiB large; it is patched in place */
/* The normal-world payload (tools/qemu-run --machine sbsa-ref loads it here). */
#define SBSA_NS_PAYLOAD_ADDR (SBSA_DRAM_BASE + 0x10000000ull)

/* The TRNG source's UUID (RNDR on this board): 033924e4-4dca-4813-9bf3-0528fed48c35. */
#define SBSA_TRNG_UUID_W0 0x033924e4u
#define SBSA_TRNG_UUID_W1 0x4dca4813u
#define SBSA_TRNG_UUID_W2 0x9bf30528u
#define SBSA_TRNG_UUID_W3 0xfed48c35u

/* QEMU gives sbsa-ref CPUs clusters of 8: Aff0 is the CPU, Aff1 the cluster. */
#define SBSA_MPIDR_CLUSTER(mpidr) (((mpidr) >> 8) & 0xffu)

extern const struct secmon_platform sbsa_ref_platform;

/* The board as the DTB describes it (sbsa_dtb.c). */
struct sbsa_hw {
	unsigned int cpu_count;
	struct park_power_cpu *cpus; /* room for the image's CPUS */
	uint64_t mem_base, mem_size; /* the first memory region */
};

/* Reads QEMU's DTB: CPUs (at most max of them) and memory. 0 or a message. */
const char *sbsa_dtb_read(void *dtb, unsigned int max, struct sbsa_hw *hw);
/*
 * Makes it the normal world's: /psci, CPUs enabled through PSCI with their idle states,
 * the GIC and the UART (with /chosen stdout-path), which QEMU's DTB leaves out. Returns
 * its size, or 0 (the message in *error).
 */
uint32_t sbsa_dtb_patch(void *dtb, const struct sbsa_hw *hw, const char **error);

#endif
