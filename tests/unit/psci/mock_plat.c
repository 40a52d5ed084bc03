/* The mock platform of mock_plat.h, plus the host stand-ins for panic and printf. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>
#include <secmon/log.h>

#include "mock_plat.h"

struct mock mock;

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void secmon_printf(const char *fmt, ...)
{
	(void)fmt; /* the engine's INFO/ERROR lines would only clutter the test output */
}

static void record(struct mock_call *c, unsigned int cpu, const struct secmon_psci_state *s)
{
	c->count++;
	c->cpu = cpu;
	c->state = s ? *s : (struct secmon_psci_state){0};
}

static int mpidr_to_cpu(uint64_t mpidr)
{
	unsigned int cpu;

	if (mpidr & ~0xff0full)
		return -1;
	cpu = (unsigned int)((mpidr >> 8) << 4 | (mpidr & 0xf));
	return cpu < mock.ncpus_mapped ? (int)cpu : -1;
}

static uint64_t cpu_to_mpidr(unsigned int cpu)
{
	return MOCK_MPIDR(cpu);
}

static unsigned int this_cpu(void)
{
	return mock.current_cpu;
}

static const struct secmon_psci_topology *topology(void)
{
	return &mock.topo;
}

static int32_t validate_power_state(uint32_t ps, struct secmon_psci_state *req)
{
	uint32_t id =
	    mock.ops.extended_state_id ? ps & PSCI_PSTATE_EXT_ID_MASK : ps & PSCI_PSTATE_ID_MASK;
	unsigned int last;

	if (id >> (mock.ops.extended_state_id ? 20 : 16))
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < 4; l++) {
		uint8_t s = (uint8_t)((id >> (4 * l)) & 0xf);

		/* A level the build has no room for: refused, as a real port would. */
		if (l >= SECMON_PSCI_MAX_LEVELS) {
			if (s != MOCK_RUN)
				return PSCI_RET_INVALID_PARAMETERS;
			continue;
		}
		req->local[l] = s;
	}
	last = (id >> 16) & 0xf;
	if (last)
		req->last_at_level = (uint8_t)(last - 1);
	return PSCI_RET_SUCCESS;
}

static void cpu_standby(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_STANDBY, cpu, s);
	record(&mock.standby, cpu, s);
	if (mock.during_standby)
		mock.during_standby(cpu);
}

static int32_t pwr_domain_on(uint64_t mpidr)
{
	mock.on_call.count++;
	mock.on_mpidr = mpidr;
	if (mock.during_on)
		mock.during_on(mpidr);
	return mock.on_rc;
}

static void pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_OFF, cpu, s);
	record(&mock.off, cpu, s);
}

static void pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_SUSPEND, cpu, s);
	record(&mock.suspend, cpu, s);
}

static void on_finish(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_ON_FINISH, cpu, s);
	record(&mock.on_finish, cpu, s);
}

static void suspend_finish(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_SUSPEND_FINISH, cpu, s);
	record(&mock.suspend_finish, cpu, s);
}

static void pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_WFI, cpu, s);
	record(&mock.wfi, cpu, s);
	if (mock.wfi_returns)
		return;
	if (!mock.down_armed) {
		fprintf(stderr, "mock: CPU %u powered down outside mock_down()\n", cpu);
		abort();
	}
	longjmp(mock.down, 1);
}

static void flush_caches(unsigned int cpu, unsigned int level)
{
	if (mock.probe)
		mock.probe(MOCK_HOOK_FLUSH, cpu, NULL);
	mock.flush_count++;
	mock.flush_last_level = level;
	if (level > mock.flush_max_level)
		mock.flush_max_level = level;
	if (mock.during_flush)
		mock.during_flush(cpu, level);
}

static int32_t validate_ns_entrypoint(uint64_t entry)
{
	return entry & 1 ? PSCI_RET_INVALID_ADDRESS : PSCI_RET_SUCCESS;
}

static int32_t sys_suspend_state(struct secmon_psci_state *s)
{
	for (unsigned int l = 0; l < mock.topo.levels; l++)
		s->local[l] = MOCK_OFF;
	return PSCI_RET_SUCCESS;
}

static void system_off(void)
{
	mock.system_off_calls++;
}

static void system_reset(void)
{
	mock.system_reset_calls++;
}

static int32_t system_reset2(uint32_t type, uint64_t cookie)
{
	mock.reset2_calls++;
	mock.reset2_type = type;
	mock.reset2_cookie = cookie;
	return mock.reset2_rc;
}

static int32_t mem_protect(bool enable)
{
	int32_t prev = mock.mem_protected;

	mock.mem_protected = enable;
	return prev;
}

static int32_t mem_protect_check_range(uint64_t base, uint64_t length)
{
	/* Protected: [0x40000000, 0x80000000). */
	return base >= 0x40000000ull && base + length <= 0x80000000ull ? PSCI_RET_SUCCESS
								       : PSCI_RET_DENIED;
}

static int32_t node_hw_state(uint64_t mpidr, unsigned int level)
{
	mock.hw_mpidr = mpidr;
	mock.hw_level = level;
	return mock.hw_state;
}

static void cpu_freeze(unsigned int cpu)
{
	record(&mock.freeze, cpu, NULL);
}

static uint64_t timestamp_us(void)
{
	return mock.now_us;
}

void mock_setup(unsigned int levels, const uint16_t *tree, unsigned int tree_len)
{
	memset(&mock, 0, sizeof(mock));
	memcpy(mock.tree, tree, tree_len * sizeof(tree[0]));
	mock.topo = (struct secmon_psci_topology){
	    .levels = levels,
	    .tree = mock.tree,
	    .tree_len = tree_len,
	    .mpidr_to_cpu = mpidr_to_cpu,
	    .cpu_to_mpidr = cpu_to_mpidr,
	    .this_cpu = this_cpu,
	};
	mock.ops = (struct secmon_psci_ops){
	    .topology = topology,
	    .max_retention_state = MOCK_RET,
	    .max_off_state = MOCK_OFF,
	    .extended_state_id = false,
	    .os_initiated = true,
	    .validate_power_state = validate_power_state,
	    .cpu_standby = cpu_standby,
	    .pwr_domain_on = pwr_domain_on,
	    .pwr_domain_off = pwr_domain_off,
	    .pwr_domain_suspend = pwr_domain_suspend,
	    .pwr_domain_on_finish = on_finish,
	    .pwr_domain_suspend_finish = suspend_finish,
	    .pwr_down_wfi = pwr_down_wfi,
	    .flush_caches = flush_caches,
	    .validate_ns_entrypoint = validate_ns_entrypoint,
	    .get_sys_suspend_power_state = sys_suspend_state,
	    .system_off = system_off,
	    .system_reset = system_reset,
	    .system_reset2 = system_reset2,
	    .mem_protect = mem_protect,
	    .mem_protect_check_range = mem_protect_check_range,
	    .node_hw_state = node_hw_state,
	    .cpu_freeze = cpu_freeze,
	    .timestamp_us = timestamp_us,
	};
	mock.ncpus_mapped = 4096;
	mock.on_rc = PSCI_RET_SUCCESS;
	mock.hw_state = PSCI_HW_ON;
	mock.reset2_rc = PSCI_RET_INVALID_PARAMETERS;
}

int32_t mock_init(unsigned int levels, const uint16_t *tree, unsigned int tree_len)
{
	mock_setup(levels, tree, tree_len);
	return secmon_psci_init(&mock.ops, 0);
}

uint32_t mock_ps(bool power_down, unsigned int l0, unsigned int l1, unsigned int l2,
		 unsigned int l3, unsigned int last)
{
	uint32_t id = l0 | l1 << 4 | l2 << 8 | l3 << 12;
	unsigned int level = l3 ? 3 : l2 ? 2 : l1 ? 1 : 0;

	if (mock.ops.extended_state_id)
		return id | (uint32_t)last << 16 |
		       (power_down ? PSCI_PSTATE_EXT_TYPE_POWERDOWN : 0);
	/* The original format has no room for a last-at level in this mock's encoding. */
	return id | (power_down ? PSCI_PSTATE_TYPE_POWERDOWN : 0) |
	       (uint32_t)level << PSCI_PSTATE_LEVEL_SHIFT;
}

int mock_down(const struct mock_args *a, int32_t *rc)
{
	jmp_buf outer;
	bool outer_armed = mock.down_armed;
	volatile int went_down = 0;

	memcpy(outer, mock.down, sizeof(jmp_buf));
	if (setjmp(mock.down) == 0) {
		mock.down_armed = true;
		*rc = a->fn(a);
	} else {
		went_down = 1;
	}
	memcpy(mock.down, outer, sizeof(jmp_buf));
	mock.down_armed = outer_armed;
	return went_down;
}

static int32_t do_suspend(const struct mock_args *a)
{
	return secmon_psci_cpu_suspend(a->cpu, a->power_state, a->entry, a->context_id);
}

static int32_t do_off(const struct mock_args *a)
{
	return secmon_psci_cpu_off(a->cpu);
}

static int32_t do_default_suspend(const struct mock_args *a)
{
	return secmon_psci_cpu_default_suspend(a->cpu, a->entry, a->context_id);
}

static int32_t do_system_suspend(const struct mock_args *a)
{
	return secmon_psci_system_suspend(a->cpu, a->entry, a->context_id);
}

int mock_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, uint64_t context_id,
		     int32_t *rc)
{
	struct mock_args a = {cpu, power_state, entry, context_id, do_suspend, NULL};

	return mock_down(&a, rc);
}

int mock_cpu_off(unsigned int cpu, int32_t *rc)
{
	struct mock_args a = {.cpu = cpu, .fn = do_off};

	return mock_down(&a, rc);
}

int mock_default_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id, int32_t *rc)
{
	struct mock_args a = {
	    .cpu = cpu, .entry = entry, .context_id = context_id, .fn = do_default_suspend};

	return mock_down(&a, rc);
}

int mock_system_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id, int32_t *rc)
{
	struct mock_args a = {
	    .cpu = cpu, .entry = entry, .context_id = context_id, .fn = do_system_suspend};

	return mock_down(&a, rc);
}

int32_t mock_wake(unsigned int cpu, struct secmon_psci_entry *entry)
{
	struct secmon_psci_entry unused;

	return secmon_psci_warmboot(cpu, entry ? entry : &unused);
}

bool mock_state_is(const struct secmon_psci_state *s, unsigned int l0, unsigned int l1,
		   unsigned int l2, unsigned int l3)
{
	const unsigned int want[4] = {l0, l1, l2, l3};

	/* Levels the build has no room for can only be RUN. */
	for (unsigned int l = 0; l < 4; l++) {
		if (l < SECMON_PSCI_MAX_LEVELS ? s->local[l] != want[l] : want[l] != MOCK_RUN)
			return false;
	}
	return true;
}
