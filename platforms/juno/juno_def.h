/*
 * Arm Juno development platform (r0, r1, r2): the facts the port is built from.
 * Sources: the Juno SoC TRM and memory map, the CCI-400 and MHU TRMs, and what Arm's
 * SCP firmware expects from the AP (the same layout TF-A's plat/arm/board/juno uses).
 */
#ifndef JUNO_DEF_H
#define JUNO_DEF_H

/*
 * Topology. Two clusters: "big" (MPIDR Aff1 = 0) with 2 Cortex-A57 (Juno r2: A72) and
 * "LITTLE" (Aff1 = 1) with 4 Cortex-A53. Linear CPU numbers list the LITTLE cluster
 * first: the SCP boots the AP on the first A53, which becomes CPU 0.
 */
#define JUNO_BIG_CLUSTER    0u /* MPIDR Aff1 of the A57/A72 cluster */
#define JUNO_LITTLE_CLUSTER 1u /* MPIDR Aff1 of the A53 cluster */
#define JUNO_CLUSTERS	    2u
#define JUNO_BIG_CPUS	    2u
#define JUNO_LITTLE_CPUS    4u
#define JUNO_CPUS	    (JUNO_BIG_CPUS + JUNO_LITTLE_CPUS)
#define JUNO_PRIMARY_MPIDR  0x100ull /* LITTLE CPU 0, the SCP's default boot CPU */
#define JUNO_PWR_LEVELS	    3u	     /* CPU, cluster, system */

/* Trusted SRAM: 256 KiB; its first page is shared with the SCP and BL1. */
#define JUNO_TRUSTED_SRAM_BASE 0x04000000ull
#define JUNO_TRUSTED_SRAM_SIZE 0x00040000ull
#define JUNO_SHARED_RAM_BASE   JUNO_TRUSTED_SRAM_BASE
#define JUNO_SHARED_RAM_SIZE   0x1000ull
/* SCMI channel: right after the SCP's 3520-byte shared data store (SDS) region. */
#define JUNO_SCMI_SHMEM_BASE   (JUNO_SHARED_RAM_BASE + 0xdc0ull)
#define JUNO_SCMI_SHMEM_SIZE   0x80u /* the SCP's 128-byte SMT area */
/* BL1 sends a warm-booting CPU to the address stored here (0: cold boot path). */
#define JUNO_TRUSTED_MAILBOX   (JUNO_SHARED_RAM_BASE + JUNO_SHARED_RAM_SIZE - 8ull)
/* BL31 is loaded by BL2 at 0x04003000 (TF-A: BL31_LIMIT 0x04040000 - 0x3d000). */
#define JUNO_BL31_BASE	       0x04003000ull
/* The last page of trusted SRAM: the port's non-cacheable coherency flags. */
#define JUNO_COHERENT_PAGE     0x0403f000ull
#define JUNO_BL31_LIMIT	       JUNO_COHERENT_PAGE

/* Normal-world DRAM: DRAM1 below its secure top 16 MiB, and DRAM2. */
#define JUNO_NS_DRAM1_BASE 0x80000000ull
#define JUNO_NS_DRAM1_SIZE 0x7f000000ull
#define JUNO_DRAM2_BASE	   0x880000000ull
#define JUNO_DRAM2_SIZE	   0x180000000ull
/* Where BL2 loads BL33 (UEFI or U-Boot). */
#define JUNO_NS_IMAGE_BASE 0xe0000000ull

/* CSS peripherals (GIC, CCI, MHU, SSC) and the SoC's UARTs: mapped as two windows. */
#define JUNO_CSS_DEVICE_BASE 0x20000000ull
#define JUNO_CSS_DEVICE_SIZE 0x0e000000ull
#define JUNO_SOC_DEVICE_BASE 0x7fe00000ull
#define JUNO_SOC_DEVICE_SIZE 0x00200000ull

#define JUNO_UART0_BASE	  0x7ff80000ull
#define JUNO_UART0_CLK_HZ 7372800u
#define JUNO_UART_BAUD	  115200u

/* GIC-400 (GICv2): distributor and the CPU interface at its 64 KiB-aligned alias. */
#define JUNO_GICD_BASE 0x2c010000ull
#define JUNO_GICC_BASE 0x2c02f000ull

/* CCI-400: the big cluster is on slave interface 4, the LITTLE one on 3. */
#define JUNO_CCI_BASE	      0x2c090000ull
#define JUNO_CCI_BIG_IFACE    4u
#define JUNO_CCI_LITTLE_IFACE 3u

/* MHU v1: SCMI doorbell = bit 0 of the secure AP-to-SCP channel. */
#define JUNO_MHU_BASE	       0x2b1f0000ull
#define JUNO_SCMI_DOORBELL_BIT (1u << 0)

/* System security control: SSC_VERSION identifies the SoC (part 0x030 = Juno). */
#define JUNO_SSC_BASE	 0x2a420000ull
#define JUNO_SSC_VERSION (JUNO_SSC_BASE + 0x40ull)

#endif
