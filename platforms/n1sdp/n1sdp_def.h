/*
 * Arm Neoverse N1 System Development Platform (N1SDP): the facts the port is built from.
 * Sources, cited per value below:
 *   [TF-A]   ARM-software/arm-trusted-firmware: plat/arm/board/n1sdp/include/platform_def.h,
 *            n1sdp_topology.c, n1sdp_bl31_setup.c, aarch64/n1sdp_helper.S;
 *            include/plat/arm/common/arm_def.h; include/plat/arm/css/common/css_def.h
 *   [SCP]    ARM-software/SCP-firmware: product/n1sdp/include/n1sdp_scp_mmap.h,
 *            n1sdp_scp_software_mmap.h (the SCP's side of the same memory)
 *   [LINUX]  arch/arm64/boot/dts/arm/n1sdp.dts (CPU reg values)
 */
#ifndef N1SDP_DEF_H
#define N1SDP_DEF_H

/*
 * Topology. One chip: 2 clusters (DSU) of 2 Neoverse N1 cores [TF-A platform_def.h:
 * N1SDP_MAX_CPUS_PER_CLUSTER 2, N1SDP_MAX_CLUSTERS_PER_CHIP 2, N1SDP_MAX_PE_PER_CPU 1].
 * MPIDR: MT = 1, Aff0 = thread (always 0), Aff1 = core, Aff2 = cluster, Aff3 = chip
 * [TF-A n1sdp_helper.S plat_arm_calc_core_pos; LINUX cpus 0x0, 0x100, 0x10000, 0x10100].
 * The dual-chip (CCIX) board adds the chip level: build with N1SDP_CHIPS=2.
 */
#ifndef N1SDP_CHIPS
#define N1SDP_CHIPS 1u
#endif
#define N1SDP_CLUSTERS_PER_CHIP	  2u
#define N1SDP_CPUS_PER_CLUSTER	  2u
#define N1SDP_CLUSTERS		  (N1SDP_CHIPS * N1SDP_CLUSTERS_PER_CHIP)
#define N1SDP_CPUS		  (N1SDP_CLUSTERS * N1SDP_CPUS_PER_CLUSTER)
/* Power levels: CPU, cluster, (chip,) system. */
#define N1SDP_PWR_LEVELS	  (N1SDP_CHIPS > 1u ? 4u : 3u)
#define N1SDP_PRIMARY_MPIDR	  0x0ull /* chip 0, cluster 0, core 0 */
#define N1SDP_MPIDR_CORE_SHIFT	  8	 /* Aff1 */
#define N1SDP_MPIDR_CLUSTER_SHIFT 16	 /* Aff2 */
#define N1SDP_MPIDR_CHIP_SHIFT	  32	 /* Aff3 */

/*
 * Trusted SRAM at 0x04000000 [TF-A arm_def.h ARM_TRUSTED_SRAM_BASE]; the bottom 384 KiB
 * is used by the boot flow [TF-A platform_def.h PLAT_ARM_TRUSTED_SRAM_SIZE 0x60000]. Its
 * first 4 KiB is shared with the SCP [arm_def.h ARM_SHARED_RAM_SIZE; SCP
 * SCP_AP_SHARED_SECURE_SIZE].
 */
#define N1SDP_SHARED_RAM_BASE 0x04000000ull
#define N1SDP_SHARED_RAM_SIZE 0x1000ull
/* BL1 sends a warm-booting CPU to the address stored here [TF-A css_def.h, SDS build]. */
#define N1SDP_TRUSTED_MAILBOX (N1SDP_SHARED_RAM_BASE + N1SDP_SHARED_RAM_SIZE - 8ull)
/*
 * BL31: BL31_BASE = ARM_BL_RAM_BASE + ARM_BL_RAM_SIZE - PLAT_ARM_MAX_BL31_SIZE
 *       = 0x04001000 + 0x5f000 - 0x40000 = 0x04020000, limit 0x04060000 [TF-A arm_def.h,
 * platform_def.h]. Its loaded part must end below BL2: BL2_BASE = BL1_RW_BASE (0x04054000)
 * - PLAT_ARM_MAX_BL2_SIZE (0x22000 with trusted boot) = 0x04032000.
 */
#define N1SDP_BL31_BASE	      0x04020000ull
#define N1SDP_BL31_LIMIT      0x04060000ull
#define N1SDP_BL2_BASE	      0x04032000ull

/*
 * DRAM [TF-A arm_def.h ARM_DRAM1_*: 2 GiB at 0x80000000, its top 16 MiB secure
 * (ARM_TZC_DRAM1_SIZE); platform_def.h PLAT_ARM_DRAM2_BASE/SIZE].
 */
#define N1SDP_NS_DRAM1_BASE 0x80000000ull
#define N1SDP_NS_DRAM1_SIZE 0x7f000000ull
#define N1SDP_DRAM2_BASE    0x8080000000ull
#define N1SDP_DRAM2_SIZE    0xf80000000ull
/* Where BL2 places BL33 on CSS platforms [TF-A css_def.h PLAT_ARM_NS_IMAGE_OFFSET]. */
#define N1SDP_NS_IMAGE_BASE 0xe0000000ull

/*
 * Devices: one window 0x08000000-0x50000000 holds the GIC, UARTs, SSC, MHU and the SCMI
 * area [TF-A platform_def.h N1SDP_DEVICE_BASE/SIZE]; the remote chip's is 4 TiB higher
 * [PLAT_ARM_REMOTE_CHIP_OFFSET].
 */
#define N1SDP_DEVICE_BASE	 0x08000000ull
#define N1SDP_DEVICE_SIZE	 0x48000000ull
#define N1SDP_REMOTE_CHIP_OFFSET (1ull << 42)

/* AP UART1, the runtime console (UART0 belongs to the OS) [TF-A PLAT_ARM_RUN_UART_*]. */
#define N1SDP_UART_BASE	  0x2a410000ull
#define N1SDP_UART_CLK_HZ 50000000u
#define N1SDP_UART_BAUD	  115200u

/* GIC-600 [TF-A platform_def.h PLAT_ARM_GICD_BASE, PLAT_ARM_GICR_BASE]: 128 KiB frames. */
#define N1SDP_GICD_BASE	 0x30000000ull
#define N1SDP_GICR_BASE	 0x300c0000ull
#define N1SDP_GICR_FRAME 0x20000ull
#define N1SDP_GICR_SIZE	 (N1SDP_CLUSTERS_PER_CHIP * N1SDP_CPUS_PER_CLUSTER * N1SDP_GICR_FRAME)

/*
 * MHU between AP and SCP at 0x45000000 [TF-A PLAT_CSS_MHU_BASE; SCP SCP_MHU_AP_BASE];
 * the secure AP-to-SCP triplet at +0x300 [SCP MHU_AP_TO_SCP_S(0)], whose SET register
 * (+0x308) TF-A rings with bit 0 [css_def.h CSS_SCMI_MHU_DB_REG_OFF, n1sdp_bl31_setup.c
 * db_modify_mask 0x1].
 */
#define N1SDP_MHU_BASE		0x45000000ull
#define N1SDP_SCMI_DOORBELL_BIT (1u << 0)
/* SCMI channel [TF-A N1SDP_SCMI_PAYLOAD_BASE; SCP SCP_AP_SHARED_SECURE_RAM, 128 bytes]. */
#define N1SDP_SCMI_SHMEM_BASE	0x45400000ull
#define N1SDP_SCMI_SHMEM_SIZE	0x80u

/* SSC_VERSION: SSC_REG_BASE 0x2a420000 + 0x40 [TF-A css soc_css_def.h, platform_def.h]. */
#define N1SDP_SSC_VERSION 0x2a420040ull

#endif
