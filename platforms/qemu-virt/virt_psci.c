/*
 * QEMU virt power management for the PSCI engine.
 *
 * QEMU cannot remove power from a CPU, so "powered down" means: caches cleaned, MMU off,
 * waiting in WFI inside the monitor, and back through the warm-boot path on wake-up,
 * exactly as after a real power-up. CPU_ON wakes a parked CPU with the monitor's SGI;
 * a power-down suspend ends on any interrupt for that CPU. Power levels: CPU, cluster
 * (MPIDR Aff1 or the DTB's cpu-map) and system. Power states use the PSCI spec's
 * recommended StateID encoding, one nibble per level (1 = retention, 2 = power down).
 * System off and reset go through the secure PL061 GPIO (pin 0 and pin 1).
 */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/gic.h>
#include <secmon/drivers/pl011.h>
#include <secmon/drivers/pl061.h>
#include <secmon/log.h>
#include <secmon/percpu.h>
#include <secmon/power.h>
#include <secmon/psci.h>
#include <secmon_image.h>

#include "qemu_virt.h"
#include "virt_gic.h"
#include "virt_psci.h"

#define LEVELS		  3
#define STATE_RET	  1
#define STATE_OFF	  2
#define GPIO_PIN_POWEROFF 0
#define GPIO_PIN_RESET	  1
/* SYSTEM_RESET2 vendor type: a cold reset through the GPIO line. */
#define VIRT_RESET2_COLD  (PSCI_RESET2_TYPE_VENDOR | 0)

static const struct virt_hw *hw;
static uint16_t tree[2 + SECMON_IMAGE_MAX_CPUS];
static struct secmon_psci_topology topo;
/* Per CPU: parked for CPU_OFF (1) rather than suspended (0); what the platform reports. */
static uint8_t parked_off[SECMON_IMAGE_MAX_CPUS];
static volatile uint8_t hw_state[SECMON_IMAGE_MAX_CPUS];
/*
 * MEM_PROTECT: kept in memory a warm reset leaves alone (see virt_mem_protect_boot()),
 * defined in virt_psci_noinit.S, where its section is NOBITS like the .noinit output
 * section for every compiler.
 */
extern uint64_t virt_mem_protect_flag;
#define MEM_PROTECT_ON 0x4d454d50524f5421ull /* "MEMPROT!" */

static int mpidr_to_cpu(uint64_t mpidr)
{
	return secmon_cpu_index_of(mpidr & PSCI_MPIDR_AFFINITY_MASK);
}

static uint64_t cpu_to_mpidr(unsigned int cpu)
{
	return hw->cpu[cpu].mpidr;
}

static unsigned int this_cpu(void)
{
	return secmon_this_cpu_index();
}

static const struct secmon_psci_topology *virt_topology(void)
{
	return &topo;
}

/* Recommended StateID: nibble n = local state of level n; PowerLevel = top changing level. */
static int32_t virt_validate_power_state(uint32_t power_state, struct secmon_psci_state *req)
{
	uint32_t id = power_state & PSCI_PSTATE_ID_MASK;
	unsigned int level = (power_state >> PSCI_PSTATE_LEVEL_SHIFT) & PSCI_PSTATE_LEVEL_MASK;
	bool pd = (power_state & PSCI_PSTATE_TYPE_POWERDOWN) != 0;

	if (level >= LEVELS || (id >> (4 * (level + 1))) != 0)
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		req->local[l] = l <= level ? (id >> (4 * l)) & 0xf : SECMON_PSCI_STATE_RUN;
	/* Supported: CPU retention (level 0 only), power-down at every level. */
	for (unsigned int l = 0; l <= level; l++) {
		uint8_t s = req->local[l];
		if (pd ? s != STATE_OFF : (s != STATE_RET || level != 0))
			return PSCI_RET_INVALID_PARAMETERS;
	}
	req->last_at_level = (uint8_t)level;
	return PSCI_RET_SUCCESS;
}

static void virt_cpu_standby(unsigned int cpu, const struct secmon_psci_state *state)
{
	/* Retention: the CPU keeps its state; any interrupt for it ends the wait. */
	dsb(sy);
	wfi();
}

static int32_t virt_pwr_domain_on(uint64_t mpidr)
{
	int cpu = mpidr_to_cpu(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	secmon_cpu_release((unsigned int)cpu);
	dsb(sy);
	virt_gic_wake((unsigned int)cpu, mpidr);
	return PSCI_RET_SUCCESS;
}

static void virt_pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *target)
{
	parked_off[cpu] = 1;
	virt_gic_cpu_down(cpu, GIC_PD_KEEP_WAKE_SGI);
}

static void virt_pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *target)
{
	/* Retention above the CPU is not offered; power-down keeps NS interrupts as wake-ups. */
	if (target->local[0] == STATE_OFF) {
		parked_off[cpu] = 0;
		virt_gic_cpu_down(cpu, GIC_PD_KEEP_WAKE_SGI | GIC_PD_KEEP_NS);
	}
}

static void virt_pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *target)
{
	hw_state[cpu] = PSCI_HW_OFF;
	secmon_cpu_emulate_power_loss();
	secmon_cpu_power_down_park(parked_off[cpu]);
}

static void virt_on_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	hw_state[cpu] = PSCI_HW_ON;
}

static void virt_flush_caches(unsigned int cpu, unsigned int level)
{
	/* Level 0: this CPU's own cache; a cluster or the system: everything to the LoC. */
	secmon_dcache_flush_to_level(level == 0 ? 1 : secmon_cache_loc());
}

static int32_t virt_validate_ns_entrypoint(uint64_t entry)
{
	for (unsigned int i = 0; i < hw->mem_count; i++)
		if (entry >= hw->mem[i].base && entry - hw->mem[i].base < hw->mem[i].size)
			return PSCI_RET_SUCCESS;
	return PSCI_RET_INVALID_ADDRESS;
}

static int32_t virt_sys_suspend_state(struct secmon_psci_state *state)
{
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		state->local[l] = l < LEVELS ? STATE_OFF : SECMON_PSCI_STATE_RUN;
	state->last_at_level = LEVELS - 1;
	return PSCI_RET_SUCCESS;
}

static void gpio_pulse(unsigned int pin)
{
	pl011_flush(VIRT_UART0_BASE);
	if (!hw->secure_gpio.present)
		secmon_panic("no secure GPIO to drive pin %u", pin);
	pl061_pulse_pin(hw->secure_gpio.reg.base, pin);
	/* QEMU acts on the edge at once; stay here in case it takes a moment. */
	for (;;)
		wfi();
}

static void virt_system_off(void)
{
	INFO("system off\n");
	gpio_pulse(GPIO_PIN_POWEROFF);
}

static void virt_system_reset(void)
{
	INFO("system reset\n");
	gpio_pulse(GPIO_PIN_RESET);
}

static int32_t virt_system_reset2(uint32_t type, uint64_t cookie)
{
	/* QEMU has one kind of reset: the warm reset and our cold vendor reset share it. */
	if (type != PSCI_RESET2_SYSTEM_WARM_RESET && type != VIRT_RESET2_COLD)
		return PSCI_RET_INVALID_PARAMETERS;
	virt_system_reset();
	return PSCI_RET_INTERNAL_FAILURE;
}

static int32_t virt_mem_protect(bool enable)
{
	int32_t prev = virt_mem_protect_flag == MEM_PROTECT_ON;

	virt_mem_protect_flag = enable ? MEM_PROTECT_ON : 0;
	secmon_dcache_flush_range(&virt_mem_protect_flag, sizeof(virt_mem_protect_flag));
	return prev;
}

/* The range MEM_PROTECT covers: all normal-world DRAM the DTB describes. */
static int32_t virt_mem_protect_check_range(uint64_t base, uint64_t length)
{
	for (unsigned int i = 0; i < hw->mem_count; i++) {
		const struct virt_region *m = &hw->mem[i];
		if (length && base >= m->base && length <= m->size &&
		    base - m->base <= m->size - length)
			return PSCI_RET_SUCCESS;
	}
	return PSCI_RET_DENIED;
}

static int32_t virt_node_hw_state(uint64_t mpidr, unsigned int level)
{
	int cpu = mpidr_to_cpu(mpidr);

	if (cpu < 0 || level >= LEVELS)
		return PSCI_RET_INVALID_PARAMETERS;
	if (level == 0)
		return hw_state[cpu];
	/* A cluster or the system is on while any CPU in it is. */
	for (unsigned int i = 0; i < hw->cpu_count; i++)
		if ((level == 2 || hw->cpu[i].cluster == hw->cpu[cpu].cluster) &&
		    hw_state[i] == PSCI_HW_ON)
			return PSCI_HW_ON;
	return PSCI_HW_OFF;
}

static void virt_cpu_freeze(unsigned int cpu)
{
	hw_state[cpu] = PSCI_HW_OFF;
	virt_gic_cpu_down(cpu, 0);
	for (;;)
		wfi();
}

static uint64_t virt_timestamp_us(void)
{
	uint64_t freq = read_sysreg(cntfrq_el0);
	uint64_t cnt = read_sysreg(cntpct_el0);

	if (!freq)
		return 0;
	return cnt / freq * 1000000 + cnt % freq * 1000000 / freq;
}

const struct secmon_psci_ops virt_psci_ops = {
    .topology = virt_topology,
    .max_retention_state = STATE_RET,
    .max_off_state = STATE_OFF,
    .extended_state_id = false,
    .os_initiated = true,
    .validate_power_state = virt_validate_power_state,
    .cpu_standby = virt_cpu_standby,
    .pwr_domain_on = virt_pwr_domain_on,
    .pwr_domain_off = virt_pwr_domain_off,
    .pwr_domain_suspend = virt_pwr_domain_suspend,
    .pwr_domain_on_finish = virt_on_finish,
    .pwr_domain_suspend_finish = virt_on_finish,
    .pwr_down_wfi = virt_pwr_down_wfi,
    .flush_caches = virt_flush_caches,
    .validate_ns_entrypoint = virt_validate_ns_entrypoint,
    .get_sys_suspend_power_state = virt_sys_suspend_state,
    .system_off = virt_system_off,
    .system_reset = virt_system_reset,
    .system_reset2 = virt_system_reset2,
    .mem_protect = virt_mem_protect,
    .mem_protect_check_range = virt_mem_protect_check_range,
    .node_hw_state = virt_node_hw_state,
    .cpu_freeze = virt_cpu_freeze,
    .timestamp_us = virt_timestamp_us,
};

SECMON_COLD_BOOT int virt_psci_setup(const struct virt_hw *virt_hw)
{
	unsigned int clusters = 0;

	hw = virt_hw;
	/* The tree lists CPUs cluster by cluster: QEMU numbers them that way; check it. */
	for (unsigned int i = 0; i < hw->cpu_count; i++) {
		uint32_t c = hw->cpu[i].cluster;
		if (c == clusters) {
			clusters++;
			tree[2 + c] = 0;
		} else if (c != clusters - 1) {
			ERROR("CPU%u: clusters are not contiguous in the DTB\n", i);
			return -1;
		}
		tree[2 + c]++;
		hw_state[i] = i == 0 ? PSCI_HW_ON : PSCI_HW_OFF;
	}
	tree[0] = 1;
	tree[1] = (uint16_t)clusters;
	topo.levels = LEVELS;
	topo.tree = tree;
	topo.tree_len = 2 + clusters;
	topo.mpidr_to_cpu = mpidr_to_cpu;
	topo.cpu_to_mpidr = cpu_to_mpidr;
	topo.this_cpu = this_cpu;
	return 0;
}

SECMON_COLD_BOOT void virt_mem_protect_boot(void)
{
	/* Memory a previous boot asked to protect is wiped before the normal world sees it. */
	if (virt_mem_protect_flag != MEM_PROTECT_ON)
		return;
	for (unsigned int i = 0; i < hw->mem_count; i++) {
		uint64_t base = hw->mem[i].base, size = hw->mem[i].size;
		/* The DTB QEMU placed at the start of DRAM must survive. */
		if (base == VIRT_DTB_ADDR) {
			base += VIRT_DTB_MAX_SIZE;
			size -= VIRT_DTB_MAX_SIZE;
		}
		if (base + size > VIRT_NS_DRAM_BASE + VIRT_NS_DRAM_MAPPED)
			size = VIRT_NS_DRAM_BASE + VIRT_NS_DRAM_MAPPED - base;
		INFO("MEM_PROTECT: clearing 0x%llx+0x%llx\n", (unsigned long long)base,
		     (unsigned long long)size);
		for (volatile uint64_t *p = (uint64_t *)(uintptr_t)base; size; size -= 8)
			*p++ = 0;
	}
}
