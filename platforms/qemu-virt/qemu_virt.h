/* QEMU virt (secure=on) board port: memory map and the platform it gives the core. */
#ifndef QEMU_VIRT_H
#define QEMU_VIRT_H

#include <secmon/platform.h>

/* Fixed addresses of QEMU's virt machine (hw/arm/virt.c). */
#define VIRT_FLASH_BASE	      0x00000000ull
#define VIRT_DEVICES_BASE     0x08000000ull /* GIC, UARTs, fw_cfg, RTC, secure GPIO */
#define VIRT_DEVICES_SIZE     0x02000000ull
#define VIRT_UART0_BASE	      0x09000000ull
#define VIRT_SECURE_SRAM_BASE 0x0e000000ull
#define VIRT_SECURE_SRAM_SIZE 0x01000000ull
#define VIRT_NS_DRAM_BASE     0x40000000ull
#define VIRT_NS_DRAM_MAPPED   0x40000000ull /* the first GiB is mapped at EL3 */
#define VIRT_DTB_ADDR	      VIRT_NS_DRAM_BASE
#define VIRT_DTB_MAX_SIZE     0x00100000ull
#define VIRT_NS_PAYLOAD_ADDR  0x60000000ull

/*
 * The port's own option, for an image's compile definitions: QEMU_VIRT_PSCI 0 builds it
 * without its PSCI power operations, for an image that serves no PSCI (secondaries stay
 * parked), whose DTB then names no PSCI either. The port's limits for
 * secmon_add_image(): 3 power levels (CPU, cluster, system), local states up to 2
 * (1 retention, 2 power-down), 32 EL3 address bits.
 */
#ifndef QEMU_VIRT_PSCI
#define QEMU_VIRT_PSCI 1
#endif

extern const struct secmon_platform qemu_virt_platform;

#endif
