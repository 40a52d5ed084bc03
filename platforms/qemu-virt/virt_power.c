/*
 * QEMU virt power control: secmon::park_power (secmon/drivers/park_power.h) does PSCI's
 * power operations. QEMU cannot remove power from a CPU, so a CPU "powered down" waits
 * in WFI inside the monitor and comes back through the warm-boot path; the port gives it
 * the GIC to park and wake CPUs (virt_gic.c), the CPUs and clusters and the normal-world
 * DRAM the DTB describes, and the secure PL061 GPIO to power off (pin 0) and reset
 * (pin 1) the machine.
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/park_power.h>
#include <secmon/drivers/pl011.h>
#include <secmon/drivers/pl061.h>
#include <secmon/log.h>
#include <secmon_image.h>

#include "qemu_virt.h"
#include "virt_gic.h"
#include "virt_power.h"

#define GPIO_PIN_POWEROFF 0
#define GPIO_PIN_RESET	  1

/* park_power's bookkeeping, sized by the image's CPUS. */
static uint8_t cpu_state[SECMON_IMAGE_MAX_CPUS];
static uint16_t power_tree[2 + SECMON_IMAGE_MAX_CPUS];
static uint64_t gpio_base; /* the secure PL061; 0 if the DTB has none */

static void __attribute__((noreturn)) gpio_pulse(unsigned int pin)
{
	pl011_flush(VIRT_UART0_BASE);
	if (!gpio_base)
		secmon_panic("no secure GPIO to drive pin %u", pin);
	pl061_pulse_pin(gpio_base, pin);
	/* QEMU acts on the edge at once; stay here in case it takes a moment. */
	for (;;)
		wfi();
}

static void virt_system_off(void)
{
	gpio_pulse(GPIO_PIN_POWEROFF);
}

static void virt_system_reset(void)
{
	gpio_pulse(GPIO_PIN_RESET);
}

/*
 * Zeroes [base, end) (8-byte aligned): with DC ZVA, a block a time, where the CPU allows
 * it (DCZID_EL0.DZP clear; QEMU's blocks are 64 bytes), which under QEMU is an order of
 * magnitude faster than word stores for the GiB MEM_PROTECT clears.
 */
SECMON_COLD_BOOT static void zero_range(uint64_t base, uint64_t end)
{
	uint64_t dczid = read_sysreg(dczid_el0);
	uint64_t block = 4ull << (dczid & 0xf);

	if (!(dczid & (1u << 4))) {
		for (; base < end && (base & (block - 1)); base += 8)
			*(volatile uint64_t *)(uintptr_t)base = 0;
		for (; base < end && end - base >= block; base += block)
			__asm__ volatile("dc zva, %0" ::"r"(base) : "memory");
	}
	for (; base < end; base += 8)
		*(volatile uint64_t *)(uintptr_t)base = 0;
}

/*
 * Memory a previous boot asked to protect is wiped before the normal world sees it: what
 * EL3 maps of it (the first GiB of DRAM), except the DTB QEMU placed at its start.
 */
SECMON_COLD_BOOT static void mem_protect_boot(const struct virt_hw *hw)
{
	const uint64_t mapped_end = VIRT_NS_DRAM_BASE + VIRT_NS_DRAM_MAPPED;

	if (!park_power_mem_protect_pending())
		return;
#if QEMU_VIRT_BL31
	/*
	 * Entered as a BL31, the loader has already put BL33 in this memory, and the
	 * handoff does not say how far it extends: the clear would have to be the loader's
	 * (as TF-A's BL1 does it on Arm's boards). Not done here: said, not hidden.
	 */
	(void)hw;
	WARN("MEM_PROTECT was on at reset: normal-world memory is not cleared behind a loader\n");
	return;
#endif
	for (unsigned int i = 0; i < hw->mem_count; i++) {
		uint64_t base = hw->mem[i].base, end = base + hw->mem[i].size;

		if (base == VIRT_DTB_ADDR)
			base += VIRT_DTB_MAX_SIZE;
		if (end > mapped_end)
			end = mapped_end;
		if (base >= end)
			continue;
		INFO("MEM_PROTECT: clearing 0x%llx+0x%llx\n", (unsigned long long)base,
		     (unsigned long long)(end - base));
		zero_range(base, end);
	}
}

SECMON_COLD_BOOT int virt_power_setup(const struct virt_hw *hw)
{
	const struct park_power_board board = {
	    .cpus = hw->cpu,
	    .cpu_count = hw->cpu_count,
	    .cpu_state = cpu_state,
	    .tree = power_tree,
	    .ns_memory = hw->mem,
	    .ns_memory_count = hw->mem_count,
	    .wake_cpu = virt_gic_wake,
	    .clear_wake = virt_gic_clear_wake,
	    .cpu_down = virt_gic_cpu_down,
	    .system_off = virt_system_off,
	    .system_reset = virt_system_reset,
	};

	gpio_base = hw->secure_gpio.present ? hw->secure_gpio.reg.base : 0;
	if (park_power_setup(&board))
		return -1;
	mem_protect_boot(hw);
	return 0;
}
