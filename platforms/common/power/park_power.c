/*
 * PSCI power control for boards without a power controller: see park_power.h.
 *
 * Per CPU the helper keeps two bits: what NODE_HW_STATE reports (on/off) and whether the
 * CPU parked for CPU_OFF (it then waits for a release) or for a power-down suspend (any
 * wake-up event ends it). Only the CPU itself writes its byte, and each hook knows the
 * whole value (a running CPU is on; a parked one is off), so it stores it.
 */
#include <secmon/arch.h>
#include <secmon/cache.h>
#include <secmon/cold_boot.h>
#include <secmon/drivers/gic.h>
#include <secmon/drivers/park_power.h>
#include <secmon/log.h>
#include <secmon/percpu.h>
#include <secmon/power.h>

#define CPU_HW_ON  (1u << 0) /* NODE_HW_STATE: on */
#define CPU_PARKED (1u << 1) /* parked for CPU_OFF: waits for secmon_cpu_release() */

/* MEM_PROTECT's flag, in memory a warm reset keeps (park_power_noinit.S). */
extern uint64_t park_power_mem_protect_flag;
#define MEM_PROTECT_ON 0x4d454d50524f5421ull /* "MEMPROT!" */

/* The board, copied at cold boot: one load less for every field a hook reads. */
static struct park_power_board board;
static struct secmon_psci_topology topo;

/*
 * MPIDR to index: the core's table of the platform's CPUs, which are the board's
 * (secmon_cpu_index_of() is the topology's mpidr_to_cpu).
 */
static uint64_t cpu_to_mpidr(unsigned int cpu)
{
	return board.cpus[cpu].mpidr;
}

static unsigned int this_cpu(void)
{
	return secmon_this_cpu_index();
}

static const struct secmon_psci_topology *park_topology(void)
{
	return &topo;
}

/*
 * Recommended StateID: nibble n = local state of level n, PowerLevel = the highest level
 * that changes. With one retention state (CPU level only) and one power-down state, each
 * (type, PowerLevel) has one StateID: the type's local state in every nibble up to
 * PowerLevel. Bits [15:12], the last-in-level field, name the highest level at which the
 * caller is the last running CPU: OS-initiated callers fill it in, also above the levels
 * they take down (DEN0022 6.5), and the engine then checks that level too. Below
 * PowerLevel (0: the field left out) it reads as PowerLevel, which the request needs
 * anyway. Platform-coordinated mode ignores it.
 */
static int32_t park_validate_power_state(uint32_t power_state, struct secmon_psci_state *req)
{
	unsigned int level = (power_state >> PSCI_PSTATE_LEVEL_SHIFT) & PSCI_PSTATE_LEVEL_MASK;
	unsigned int last = (power_state >> 12) & 0xf;
	uint8_t s =
	    power_state & PSCI_PSTATE_TYPE_POWERDOWN ? PARK_POWER_STATE_OFF : PARK_POWER_STATE_RET;

	_Static_assert(PARK_POWER_LEVELS == 3, "one nibble of 0x111 per level");
	if (level >= PARK_POWER_LEVELS || last >= PARK_POWER_LEVELS ||
	    (s == PARK_POWER_STATE_RET && level != 0) ||
	    (power_state & 0xfffu) != s * (0x111u >> (4 * (PARK_POWER_LEVELS - 1 - level))))
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		req->local[l] = l <= level ? s : SECMON_PSCI_STATE_RUN;
	req->last_at_level = (uint8_t)(last > level ? last : level);
	return PSCI_RET_SUCCESS;
}

static void park_cpu_standby(unsigned int cpu, const struct secmon_psci_state *state)
{
	/* Retention: the CPU keeps its state; any interrupt for it ends the wait. */
	dsb(sy);
	wfi();
}

static int32_t park_pwr_domain_on(uint64_t mpidr)
{
	int cpu = secmon_cpu_index_of(mpidr);

	if (cpu < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	secmon_cpu_release((unsigned int)cpu);
	dsb(sy);
	board.wake_cpu((unsigned int)cpu, mpidr);
	return PSCI_RET_SUCCESS;
}

static void park_pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *target)
{
	board.cpu_state[cpu] = CPU_HW_ON | CPU_PARKED;
	board.cpu_down(cpu, GIC_PD_KEEP_WAKE_SGI);
}

static void park_pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *target)
{
	/* Retention above the CPU is not offered; power-down keeps NS interrupts as wake-ups. */
	if (target->local[0] == PARK_POWER_STATE_OFF) {
		board.cpu_state[cpu] = CPU_HW_ON;
		board.cpu_down(cpu, GIC_PD_KEEP_WAKE_SGI | GIC_PD_KEEP_NS);
	}
}

static void park_pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *target)
{
	bool parked = board.cpu_state[cpu] & CPU_PARKED;

	board.cpu_state[cpu] = 0;
	secmon_cpu_emulate_power_loss();
	secmon_cpu_power_down_park(parked);
}

/*
 * CPU_ON: the engine calls this once the call's wake_cpu() has been sent, which a CPU that
 * came up without waiting for it (out of the reset pen, or before it parked after
 * CPU_OFF) leaves pending: the normal world must not get it. After a suspend there is
 * none to clear (nothing sends one to a CPU that is on), and clearing costs less code
 * than a hook of its own.
 */
static void park_on_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	board.clear_wake(cpu);
	board.cpu_state[cpu] = CPU_HW_ON;
}

static void park_flush_caches(unsigned int cpu, unsigned int level)
{
	/* Level 0: this CPU's own cache; a cluster or the system: everything to the LoC. */
	secmon_dcache_flush_to_level(level == 0 ? 1 : secmon_cache_loc());
}

/* The normal-world memory region that holds [base, base + length), or NULL. */
static const struct secmon_mem_region *ns_region_of(uint64_t base, uint64_t length)
{
	for (size_t i = 0; i < board.ns_memory_count; i++) {
		const struct secmon_mem_region *m = &board.ns_memory[i];
		if (base >= m->base && length <= m->size && base - m->base <= m->size - length)
			return m;
	}
	return NULL;
}

static int32_t park_validate_ns_entrypoint(uint64_t entry)
{
	return ns_region_of(entry, 4) ? PSCI_RET_SUCCESS : PSCI_RET_INVALID_ADDRESS;
}

static int32_t park_sys_suspend_state(struct secmon_psci_state *state)
{
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		state->local[l] =
		    l < PARK_POWER_LEVELS ? PARK_POWER_STATE_OFF : SECMON_PSCI_STATE_RUN;
	state->last_at_level = PARK_POWER_LEVELS - 1;
	return PSCI_RET_SUCCESS;
}

static void park_system_off(void)
{
	INFO("system off\n");
	board.system_off();
}

static void park_system_reset(void)
{
	INFO("system reset\n");
	board.system_reset();
}

static int32_t park_system_reset2(uint32_t type, uint64_t cookie)
{
	/* One kind of reset: the architectural warm reset and the vendor cold one share it. */
	if (type != PSCI_RESET2_SYSTEM_WARM_RESET && type != PARK_POWER_RESET2_COLD)
		return PSCI_RET_INVALID_PARAMETERS;
	park_system_reset();
	return PSCI_RET_INTERNAL_FAILURE;
}

static int32_t park_mem_protect(bool enable)
{
	int32_t prev = park_power_mem_protect_flag == MEM_PROTECT_ON;

	park_power_mem_protect_flag = enable ? MEM_PROTECT_ON : 0;
	secmon_dcache_flush_range(&park_power_mem_protect_flag,
				  sizeof(park_power_mem_protect_flag));
	return prev;
}

/* The range MEM_PROTECT covers: all normal-world memory of the board. */
static int32_t park_mem_protect_check_range(uint64_t base, uint64_t length)
{
	return length && ns_region_of(base, length) ? PSCI_RET_SUCCESS : PSCI_RET_DENIED;
}

static int32_t park_node_hw_state(uint64_t mpidr, unsigned int level)
{
	int cpu = secmon_cpu_index_of(mpidr);

	if (cpu < 0 || level >= PARK_POWER_LEVELS)
		return PSCI_RET_INVALID_PARAMETERS;
	if (level == 0)
		return board.cpu_state[cpu] & CPU_HW_ON ? PSCI_HW_ON : PSCI_HW_OFF;
	/* A cluster or the system is on while any CPU in it is. */
	for (unsigned int i = 0; i < board.cpu_count; i++)
		if ((level == 2 || board.cpus[i].cluster == board.cpus[cpu].cluster) &&
		    (board.cpu_state[i] & CPU_HW_ON))
			return PSCI_HW_ON;
	return PSCI_HW_OFF;
}

static void park_cpu_freeze(unsigned int cpu)
{
	board.cpu_state[cpu] = 0;
	board.cpu_down(cpu, 0);
	for (;;)
		wfi();
}

static uint64_t park_timestamp_us(void)
{
	uint64_t freq = read_sysreg(cntfrq_el0) & 0xffffffffu;
	uint64_t cnt = read_sysreg(cntpct_el0);

	if (!freq)
		return 0;
	return cnt / freq * 1000000 + cnt % freq * 1000000 / freq;
}

const struct secmon_psci_ops park_power_psci_ops = {
    .topology = park_topology,
    .max_retention_state = PARK_POWER_STATE_RET,
    .max_off_state = PARK_POWER_STATE_OFF,
    .extended_state_id = false,
    .os_initiated = true,
    .validate_power_state = park_validate_power_state,
    .cpu_standby = park_cpu_standby,
    .pwr_domain_on = park_pwr_domain_on,
    .pwr_domain_off = park_pwr_domain_off,
    .pwr_domain_suspend = park_pwr_domain_suspend,
    .pwr_domain_on_finish = park_on_finish,
    .pwr_domain_suspend_finish = park_on_finish,
    .pwr_down_wfi = park_pwr_down_wfi,
    .flush_caches = park_flush_caches,
    .validate_ns_entrypoint = park_validate_ns_entrypoint,
    .get_sys_suspend_power_state = park_sys_suspend_state,
    .system_off = park_system_off,
    .system_reset = park_system_reset,
    .system_reset2 = park_system_reset2,
    .mem_protect = park_mem_protect,
    .mem_protect_check_range = park_mem_protect_check_range,
    .node_hw_state = park_node_hw_state,
    .cpu_freeze = park_cpu_freeze,
    .timestamp_us = park_timestamp_us,
};

SECMON_COLD_BOOT int park_power_setup(const struct park_power_board *b)
{
	unsigned int clusters = 0;

	board = *b;
	/* The tree lists CPUs cluster by cluster: check the board lists them that way. */
	for (unsigned int i = 0; i < b->cpu_count; i++) {
		uint32_t c = b->cpus[i].cluster;
		if (c == clusters) {
			clusters++;
			b->tree[2 + c] = 0;
		} else if (c != clusters - 1) {
			ERROR("CPU%u: its cluster's CPUs are not listed together\n", i);
			return -1;
		}
		b->tree[2 + c]++;
		b->cpu_state[i] = b->cpus[i].mpidr == arch_my_mpidr() ? CPU_HW_ON : 0;
	}
	b->tree[0] = 1;
	b->tree[1] = (uint16_t)clusters;
	topo.levels = PARK_POWER_LEVELS;
	topo.tree = b->tree;
	topo.tree_len = 2 + clusters;
	topo.mpidr_to_cpu = secmon_cpu_index_of;
	topo.cpu_to_mpidr = cpu_to_mpidr;
	topo.this_cpu = this_cpu;
	return 0;
}

SECMON_COLD_BOOT bool park_power_mem_protect_pending(void)
{
	return park_power_mem_protect_flag == MEM_PROTECT_ON;
}
