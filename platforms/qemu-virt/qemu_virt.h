/* QEMU virt (secure=on) board port: memory map and the platform it gives the core. */
#ifndef QEMU_VIRT_H
#define QEMU_VIRT_H

/*
 * The GIC's distributor and GICv2 CPU interface, fixed by hw/arm/virt.c's memory map like
 * the UART: the reset pen (virt_pen.S) uses them before the DTB is read.
 */
#define VIRT_GICD_BASE 0x08000000
#define VIRT_GICC_BASE 0x08010000

#ifndef __ASSEMBLER__
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
 * UUID of the port's TRNG source (RNDR), 823058b8-4744-45d0-92e9-e63f271a776f, as
 * TRNG_GET_UUID returns it in w0-w3: stable, listed in docs/porting.md (section 4).
 */
#define VIRT_TRNG_UUID_W0 0x823058b8u
#define VIRT_TRNG_UUID_W1 0x474445d0u
#define VIRT_TRNG_UUID_W2 0x92e9e63fu
#define VIRT_TRNG_UUID_W3 0x271a776fu

/*
 * The port's own options, for an image's compile definitions: QEMU_VIRT_PSCI 0 builds it
 * without its PSCI power operations, for an image that serves no PSCI (secondaries stay
 * parked), whose DTB then names no PSCI either; QEMU_VIRT_TRNG 0 without its TRNG
 * source (RNDR), for an image without the TRNG service; QEMU_VIRT_LINUX_FROM_FW_CFG 0
 * without its fw_cfg kernel loader, for an image whose normal-world firmware at
 * 0x60000000 (a bootloader such as U-Boot) takes -kernel/-initrd/-append from fw_cfg
 * itself: the port then always enters 0x60000000 with x0 = the DTB; QEMU_VIRT_BL31 below.
 * The port's limits for secmon_add_image(): 3 power levels (CPU, cluster, system), local
 * states up to 2 (1 retention, 2 power-down), 32 EL3 address bits.
 */
#ifndef QEMU_VIRT_PSCI
#define QEMU_VIRT_PSCI 1
#endif
#ifndef QEMU_VIRT_TRNG
#define QEMU_VIRT_TRNG 1
#endif
/*
 * QEMU_VIRT_BL31 1: the image is entered as a BL31 behind TF-A's BL1 and BL2 (linked
 * where BL2 loads BL31, examples/qemu-bl31/qemu-bl31-tfa.ld), not loaded by -bios: it
 * reads BL2's handoff and BL1's hold pen (virt_bl31.h) and enters the loader's BL33,
 * never fw_cfg's kernel (so QEMU_VIRT_LINUX_FROM_FW_CFG is 0 there).
 */
#ifndef QEMU_VIRT_BL31
#define QEMU_VIRT_BL31 0
#endif
#ifndef QEMU_VIRT_LINUX_FROM_FW_CFG
#define QEMU_VIRT_LINUX_FROM_FW_CFG (!QEMU_VIRT_BL31)
#endif
#if QEMU_VIRT_BL31 && QEMU_VIRT_LINUX_FROM_FW_CFG
#error "a BL31 image (QEMU_VIRT_BL31) enters the loader's BL33, not fw_cfg's kernel"
#endif

extern const struct secmon_platform qemu_virt_platform;

/* The reset pen's wait (secmon_platform.pen_wait, virt_pen.S). */
void virt_pen_wait(void);
#endif

#endif
