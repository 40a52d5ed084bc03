/*
 * The platform model the fuzzer runs the engine on: topology and power hooks chosen by
 * the input header, a power controller that remembers what it was told per node, and
 * the host stand-ins the EL3 image would provide (secmon_board, per-CPU cpu ops, panic,
 * printf). Every hook checks what the engine promises at that point (docs/psci.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/cpu_ops.h>
#include <secmon/features.h>
#include <secmon/log.h>
#include <secmon/secmon.h>

#include "fuzz.h"
#include "pmf_host.h"
#include "psci_private.h"

struct fz_model fz;
struct secmon_psci_ops fz_ops;

void fz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz invariant violated: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "secmon_panic: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

void secmon_printf(const char *fmt, ...)
{
	(void)fmt; /* the engine's boot log would only slow the fuzzer down */
}

/* Topologies: levels, then the descriptor of secmon_psci_topology. */
static const struct {
	unsigned int levels;
	uint16_t tree[8];
	size_t len;
} shapes[] = {
    {1, {4}, 1},		/* 4 CPUs, no cluster level */
    {2, {2, 2, 2}, 3},		/* 2 clusters of 2 */
    {2, {1, 4}, 2},		/* 1 cluster of 4 */
    {3, {1, 2, 2, 2}, 4},	/* system, 2 clusters of 2 */
    {3, {1, 2, 3, 1}, 4},	/* system, clusters of 3 and 1 */
    {4, {1, 2, 1, 1, 2, 2}, 6}, /* 4 levels, 4 CPUs */
    {2, {2, 4, 4}, 3},		/* 2 clusters of 4 */
    {1, {1}, 1},		/* uniprocessor */
};

/* Local-state sets: deepest retention and deepest power-down state. */
static const uint8_t state_sets[][2] = {{1, 2}, {2, 4}, {0, 1}, {3, 15}};

bool fz_has(enum fz_hook_bit h)
{
	return !(fz.absent & (1u << h));
}

uint64_t fz_mpidr(unsigned int cpu)
{
	uint64_t aff3 = fz.flags & FZ_F_AFF3 ? 1ull << 32 : 0;

	return aff3 | (uint64_t)(cpu >> 2) << 8 | (cpu & 3u);
}

int fz_cpu_of_mpidr(uint64_t mpidr)
{
	uint64_t aff3 = fz.flags & FZ_F_AFF3 ? 1ull << 32 : 0;
	unsigned int cpu;

	if ((mpidr & ~0xff0000ffffull) != 0 || (mpidr & 0xff00000000ull) != aff3 ||
	    (mpidr & 0xfcull) != 0 || (mpidr & 0xff0000ull) != 0)
		return -1;
	cpu = (unsigned int)((mpidr >> 8) & 0xff) * 4 + (unsigned int)(mpidr & 3);
	return cpu < fz.ncpus ? (int)cpu : -1;
}

bool fz_entry_valid(uint64_t entry)
{
	return (entry & 3) == 0 && entry < (1ull << 40);
}

bool fz_range_protected(uint64_t base, uint64_t length)
{
	return base >= 0x80000000ull && base < 0x90000000ull && length <= 0x90000000ull - base;
}

/* Topology hooks. */
static int mpidr_to_cpu(uint64_t mpidr)
{
	return fz_cpu_of_mpidr(mpidr);
}

static uint64_t cpu_to_mpidr(unsigned int cpu)
{
	return fz_mpidr(cpu);
}

static unsigned int this_cpu(void)
{
	return fz.current;
}

static struct secmon_psci_topology topo;

static const struct secmon_psci_topology *topology(void)
{
	return &topo;
}

/*
 * StateID of the model: one 4-bit local state per level ([3:0] CPU ... [15:12] level 3);
 * in the extended format [19:16] is the OS's last-at level + 1 (0: not given) and
 * [27:20] must be zero.
 */
static int32_t validate_power_state(uint32_t ps, struct secmon_psci_state *req)
{
	uint32_t id =
	    fz_ops.extended_state_id ? ps & PSCI_PSTATE_EXT_ID_MASK : ps & PSCI_PSTATE_ID_MASK;
	unsigned int last = (id >> 16) & 0xf;

	if (id >> 20)
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < FZ_MAX_LEVELS; l++)
		req->local[l] = (uint8_t)((id >> (4 * l)) & 0xf);
	if (last)
		req->last_at_level = (uint8_t)(last - 1);
	return PSCI_RET_SUCCESS;
}

/* Highest level >= 1 whose local state is not RUN, 0 if none. */
static unsigned int top_non_run(const struct secmon_psci_state *s)
{
	unsigned int k = 0;

	for (unsigned int l = 1; l < FZ_MAX_LEVELS; l++)
		if (s->local[l] != SECMON_PSCI_STATE_RUN)
			k = l;
	return k;
}

/* A composite state given to the platform must be ordered and within the tree. */
static void check_composite(unsigned int cpu, const struct secmon_psci_state *s, const char *hook)
{
	for (unsigned int l = 0; l < FZ_MAX_LEVELS; l++) {
		unsigned int t = s->local[l] == 0 ? 0 : s->local[l] <= fz.max_ret ? 1 : 2;
		unsigned int below = l == 0			     ? 2
				     : s->local[l - 1] == 0	     ? 0
				     : s->local[l - 1] <= fz.max_ret ? 1
								     : 2;

		if (s->local[l] > fz.max_off || (l >= fz.levels && s->local[l] != 0) || t > below)
			fz_fail("%s(cpu %u): malformed state %u/%u/%u/%u", hook, cpu, s->local[0],
				s->local[1], s->local[2], s->local[3]);
	}
}

/*
 * Power-down/retention programming of the last CPU: no CPU below a node that leaves
 * RUN may still run, and the locks of exactly the changing levels are held.
 */
static void program(unsigned int cpu, const struct secmon_psci_state *s, const char *hook)
{
	unsigned int k = top_non_run(s);

	check_composite(cpu, s, hook);
	if (s->local[0] == SECMON_PSCI_STATE_RUN)
		fz_fail("%s(cpu %u): the CPU itself stays RUN", hook, cpu);
	fz_check_locks_held(cpu, k, hook);
	for (unsigned int l = 1; l <= k; l++) {
		unsigned int node = fz.cpu_node[cpu][l];
		bool off = s->local[l] > fz.max_ret;

		for (unsigned int i = 0; i < fz.ncpus; i++) {
			const struct fz_cpu *o = &fz.cpus[i];
			bool ok;

			if (i == cpu || fz.cpu_node[i][l] != node)
				continue;
			switch (o->state) {
			case FZ_RUNNING:
				ok = false;
				break;
			case FZ_CALL:
				/* Between its phases or about to WFI; standby only for retention.
				 */
				ok = o->pause == FZ_P_FLUSHN || o->pause == FZ_P_WFI ||
				     (!off && o->pause == FZ_P_STANDBY);
				break;
			default:
				ok = true; /* down, or powering on (the controller wins) */
				break;
			}
			if (!ok)
				fz_fail("%s(cpu %u): level %u node -> %u while CPU %u runs "
					"(state %d pause %d)",
					hook, cpu, l, s->local[l], i, o->state, o->pause);
		}
		fz.phys[node] = s->local[l];
	}
}

static void pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (!psci_is_off(s->local[0]))
		fz_fail("pwr_domain_off(cpu %u): CPU level %u is not a power-down", cpu,
			s->local[0]);
	program(cpu, s, "pwr_domain_off");
}

static void pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *s)
{
	program(cpu, s, "pwr_domain_suspend");
}

void fz_power_up(unsigned int cpu)
{
	struct fz_cpu *c = &fz.cpus[cpu];

	c->finish_due = false;
	for (unsigned int l = 1; l < fz.levels; l++) {
		unsigned int node = fz.cpu_node[cpu][l];

		c->prev_phys[l] = fz.phys[node];
		if (fz.phys[node] != SECMON_PSCI_STATE_RUN)
			c->finish_due = true;
		fz.phys[node] = SECMON_PSCI_STATE_RUN;
	}
}

/* First CPU up: prev must say exactly which nodes lost their state, locks held. */
static void finish(unsigned int cpu, const struct secmon_psci_state *prev, const char *hook)
{
	struct fz_cpu *c = &fz.cpus[cpu];
	unsigned int k = top_non_run(prev);

	fz_check_locks_held(cpu, k, hook);
	for (unsigned int l = 1; l < FZ_MAX_LEVELS; l++) {
		uint8_t was = l < fz.levels ? c->prev_phys[l] : SECMON_PSCI_STATE_RUN;

		if (prev->local[l] != was)
			fz_fail("%s(cpu %u): level %u prev %u but the controller had %u", hook, cpu,
				l, prev->local[l], was);
	}
	c->finish_due = false;
}

static void on_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	finish(cpu, prev, "pwr_domain_on_finish");
}

static void suspend_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	finish(cpu, prev, "pwr_domain_suspend_finish");
}

static int32_t pwr_domain_on(uint64_t mpidr)
{
	int t = fz_cpu_of_mpidr(mpidr);
	struct fz_cpu *c;

	fz_check_locks_held(fz.current, 0, "pwr_domain_on");
	if (t < 0)
		fz_fail("pwr_domain_on: unknown MPIDR %#llx", (unsigned long long)mpidr);
	c = &fz.cpus[t];
	if ((fz.flags & FZ_F_ON_FAILS) && (unsigned int)t == fz.ncpus - 1)
		return 1; /* not a PSCI code: the engine must turn it into INTERNAL_FAILURE */
	if (c->state == FZ_DOWN_OFF) {
		c->state = FZ_ON_REQUESTED;
	} else if (c->state == FZ_CALL && c->fn == PSCI_FN_CPU_OFF && c->pause == FZ_P_WFI) {
		c->on_req = true; /* turned on again before its WFI: it boots right away */
	} else {
		fz_fail("pwr_domain_on: CPU %d is not off (state %d)", t, c->state);
	}
	return PSCI_RET_SUCCESS;
}

static void flush_caches(unsigned int cpu, unsigned int level)
{
	fz_check_locks_held(cpu, 0, "flush_caches");
	if (level >= fz.levels)
		fz_fail("flush_caches(cpu %u): level %u outside the tree", cpu, level);
	if (level == 0) {
		fz_run_nested(cpu, FZ_P_FLUSH0);
		return;
	}
	if (psci_owner(psci_node_of(cpu, level)) != cpu)
		fz_fail("flush_caches(cpu %u, %u): not the pending owner of the node", cpu, level);
	fz_run_nested(cpu, FZ_P_FLUSHN);
}

static void cpu_standby(unsigned int cpu, const struct secmon_psci_state *s)
{
	fz_check_locks_held(cpu, 0, "cpu_standby");
	check_composite(cpu, s, "cpu_standby");
	if (s->local[0] == 0 || s->local[0] > fz.max_ret)
		fz_fail("cpu_standby(cpu %u): %u is not a retention state", cpu, s->local[0]);
	fz_run_nested(cpu, FZ_P_STANDBY);
	fz.cpus[cpu].irq = false;
	fz_power_up(cpu);
}

static void pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *s)
{
	struct fz_cpu *c = &fz.cpus[cpu];

	fz_check_locks_held(cpu, 0, "pwr_down_wfi");
	if (!psci_is_off(s->local[0]))
		fz_fail("pwr_down_wfi(cpu %u): %u is not a power-down state", cpu, s->local[0]);
	fz_run_nested(cpu, FZ_P_WFI);
	fz.current = cpu;
	if (c->irq && c->fn != PSCI_FN_CPU_OFF) {
		/* A wake-up arrived before the WFI: the power-down is abandoned. */
		c->irq = false;
		fz_power_up(cpu);
		return;
	}
	longjmp(c->down, 1);
}

static int32_t validate_ns_entrypoint(uint64_t entry)
{
	return fz_entry_valid(entry) ? PSCI_RET_SUCCESS : PSCI_RET_INVALID_ADDRESS;
}

static int32_t sys_suspend_state(struct secmon_psci_state *s)
{
	for (unsigned int l = 0; l < fz.levels; l++)
		s->local[l] = fz.max_off;
	if (fz.flags & FZ_F_SYS_BAD)
		s->local[fz.levels - 1] = fz.max_ret; /* not a power-down at the top */
	return PSCI_RET_SUCCESS;
}

static void system_off(void)
{
	fz_check_locks_held(fz.current, 0, "system_off");
	fz.system_calls++;
}

static void system_reset(void)
{
	fz_check_locks_held(fz.current, 0, "system_reset");
	fz.system_calls++;
}

static int32_t system_reset2(uint32_t type, uint64_t cookie)
{
	(void)cookie;
	if (!(type & PSCI_RESET2_TYPE_VENDOR) && type != PSCI_RESET2_SYSTEM_WARM_RESET)
		fz_fail("system_reset2: architectural type %#x reached the platform", type);
	fz.system_calls++;
	/* A broken platform that "succeeds" without resetting must not read as SUCCESS. */
	return fz.flags & FZ_F_RESET2_OK ? PSCI_RET_SUCCESS : PSCI_RET_INVALID_PARAMETERS;
}

static int32_t system_off2(uint32_t type, uint64_t cookie)
{
	if (!(type & PSCI_OFF2_TYPE_VENDOR) && (type != PSCI_OFF2_TYPE_HIBERNATE_OFF || cookie))
		fz_fail("system_off2: type %#x cookie %#llx reached the platform", type,
			(unsigned long long)cookie);
	fz.system_calls++;
	return PSCI_RET_NOT_SUPPORTED;
}

static int32_t mem_protect(bool enable)
{
	int32_t prev = fz.mem_protected;

	fz.mem_protected = enable;
	return prev;
}

static int32_t mem_protect_check_range(uint64_t base, uint64_t length)
{
	/* The engine answers empty and wrapping ranges itself (DENIED). */
	if (length == 0 || base + (length - 1) < base)
		fz_fail("mem_protect_check_range: range %#llx+%#llx reached the platform",
			(unsigned long long)base, (unsigned long long)length);
	return fz_range_protected(base, length) ? PSCI_RET_SUCCESS : PSCI_RET_DENIED;
}

int32_t fz_node_hw(unsigned int cpu, unsigned int level)
{
	uint8_t s;

	if (level == 0)
		return fz.cpus[cpu].state == FZ_RUNNING || fz.cpus[cpu].state == FZ_CALL
			   ? PSCI_HW_ON
			   : PSCI_HW_OFF;
	s = fz.phys[fz.cpu_node[cpu][level]];
	return s == 0 ? PSCI_HW_ON : s <= fz.max_ret ? PSCI_HW_STANDBY : PSCI_HW_OFF;
}

static int32_t node_hw_state(uint64_t mpidr, unsigned int level)
{
	int cpu = fz_cpu_of_mpidr(mpidr);

	if (cpu < 0 || level >= fz.levels)
		fz_fail("node_hw_state: bad arguments %#llx/%u reached the platform",
			(unsigned long long)mpidr, level);
	return fz_node_hw((unsigned int)cpu, level);
}

static void cpu_freeze(unsigned int cpu)
{
	fz_check_locks_held(cpu, 0, "cpu_freeze");
	fz.system_calls++;
}

static uint64_t timestamp_us(void)
{
	return fz.now_us;
}

/*
 * The model's tree. Nodes are numbered top level first, each level left to right, so
 * node n's entry in the descriptor is tree[1 + n] and its children are contiguous in
 * the level below (child_first[n] = index of the first one within that level).
 */
static void build_model_tree(void)
{
	unsigned int level_first[FZ_MAX_LEVELS], child_first[FZ_MAX_NODES];
	unsigned int next = 0, count = fz.tree[0];

	fz.nnodes = 0;
	if (fz.levels == 1)
		return;
	for (unsigned int lvl = fz.levels - 1; lvl >= 1; lvl--) {
		unsigned int children = 0;

		level_first[lvl] = next;
		for (unsigned int i = 0; i < count; i++) {
			fz.node_level[next + i] = lvl;
			child_first[next + i] = children;
			children += fz.tree[1 + next + i];
		}
		next += count;
		count = children;
	}
	fz.nnodes = next;
	for (unsigned int cpu = 0; cpu < fz.ncpus; cpu++) {
		unsigned int idx = cpu; /* index of the CPU / node within its own level */

		for (unsigned int lvl = 1; lvl < fz.levels; lvl++) {
			unsigned int end = lvl == 1 ? fz.nnodes : level_first[lvl - 1];

			for (unsigned int n = level_first[lvl]; n < end; n++) {
				if (idx >= child_first[n] &&
				    idx < child_first[n] + fz.tree[1 + n]) {
					fz.cpu_node[cpu][lvl] = n;
					idx = n - level_first[lvl];
					break;
				}
			}
		}
	}
}

static enum secmon_wa_status wa_little(unsigned int n)
{
	return n == 2 ? SECMON_WA_ALWAYS_ON : SECMON_WA_NOT_REQUIRED;
}

static enum secmon_wa_status wa_big(unsigned int n)
{
	return n == 3 ? SECMON_WA_NOT_SUPPORTED : SECMON_WA_REQUIRED;
}

/* A big.LITTLE model: even CPUs little, odd CPUs big; or no workaround knowledge. */
static const struct secmon_cpu_ops cpu_little = {.name = "little", .wa_status = wa_little};
static const struct secmon_cpu_ops cpu_big = {.name = "big", .wa_status = wa_big};
static const struct secmon_cpu_ops cpu_plain = {.name = "plain"};

const struct secmon_cpu_ops *secmon_this_cpu_ops(void)
{
	if (fz.flags & FZ_F_WA_NONE)
		return &cpu_plain;
	return fz.current & 1 ? &cpu_big : &cpu_little;
}

int32_t fz_wa_status(unsigned int cpu, unsigned int n)
{
	if (fz.flags & FZ_F_WA_NONE)
		return SECMON_WA_NOT_SUPPORTED;
	return cpu & 1 ? wa_big(n) : wa_little(n);
}

/*
 * The core's SMCCC_ARCH_FEATURE_AVAILABILITY, modelled: the three selectors answer a
 * mask that differs between little and big CPUs, anything else INVALID_PARAMETER.
 */
int32_t fz_feature_availability(unsigned int cpu, uint64_t selector, uint64_t *mask)
{
	static const uint64_t selectors[3] = {0x1e1100, 0x1e1140, 0x1e1320};

	for (unsigned int r = 0; r < 3; r++) {
		if (selector == selectors[r]) {
			*mask = (0x0123456789abcdefull >> (8 * r)) ^ (cpu & 1 ? 0xff00 : 0);
			return SMCCC_RET_SUCCESS;
		}
	}
	*mask = 0;
	return SMCCC_RET_INVALID_PARAMETER;
}

int32_t secmon_feature_availability(uint64_t selector, uint64_t *mask)
{
	return fz_feature_availability(fz.current, selector, mask);
}

static int32_t soc_id(uint32_t type)
{
	return type == 0 ? 0x043b0123 : 0x2;
}

int32_t fz_soc_id(uint32_t type)
{
	return fz_has(FZ_H_SOC_ID) ? soc_id(type) : -1;
}

/* Only what the arch service reads (soc_id) matters on the host. */
static struct secmon_platform platform = {.name = "fuzz"};

const struct secmon_board secmon_board = {.platform = &platform};

/* Fills fz_ops / the topology / the model from the 8-byte header. */
void fz_plat_setup(const uint8_t *hdr)
{
	unsigned int shape = hdr[0] % (sizeof(shapes) / sizeof(shapes[0]));
	const uint8_t *st = state_sets[hdr[3] % (sizeof(state_sets) / sizeof(state_sets[0]))];
	uint32_t absent = (uint32_t)hdr[4] | (uint32_t)hdr[5] << 8 | (uint32_t)hdr[6] << 16 |
			  (uint32_t)hdr[7] << 24;

	memset(&fz, 0, sizeof(fz));
	fz.shape = shape;
	fz.levels = shapes[shape].levels;
	fz.tree_len = shapes[shape].len;
	memcpy(fz.tree, shapes[shape].tree, sizeof(shapes[shape].tree));
	fz.flags = hdr[1];
	fz.absent = absent & ((1u << FZ_H_COUNT) - 1);
	fz.max_ret = st[0];
	fz.max_off = st[1];
	/* CPUs: the last group of the descriptor (children of the level-1 nodes). */
	if (fz.levels == 1) {
		fz.ncpus = fz.tree[0];
	} else {
		unsigned int count = fz.tree[0], pos = 1;

		for (unsigned int lvl = fz.levels - 1; lvl >= 1; lvl--) {
			unsigned int children = 0;

			for (unsigned int i = 0; i < count; i++)
				children += fz.tree[pos++];
			count = children;
		}
		fz.ncpus = count;
	}
	fz.boot = hdr[2] % fz.ncpus;
	build_model_tree();

	topo = (struct secmon_psci_topology){
	    .levels = fz.levels,
	    .tree = fz.tree,
	    .tree_len = fz.tree_len,
	    .mpidr_to_cpu = mpidr_to_cpu,
	    .cpu_to_mpidr = cpu_to_mpidr,
	    .this_cpu = this_cpu,
	};
#define HOOK(bit, fn) (fz_has(bit) ? (fn) : NULL)
	fz_ops = (struct secmon_psci_ops){
	    .topology = topology,
	    .max_retention_state = fz.max_ret,
	    .max_off_state = fz.max_off,
	    .extended_state_id = (fz.flags & FZ_F_EXTENDED) != 0,
	    .os_initiated = (fz.flags & FZ_F_OSI) != 0,
	    .validate_power_state = HOOK(FZ_H_VALIDATE_PS, validate_power_state),
	    .cpu_standby = HOOK(FZ_H_STANDBY, cpu_standby),
	    .pwr_domain_on = pwr_domain_on,
	    .pwr_domain_off = HOOK(FZ_H_OFF, pwr_domain_off),
	    .pwr_domain_suspend = HOOK(FZ_H_SUSPEND, pwr_domain_suspend),
	    .pwr_domain_on_finish = HOOK(FZ_H_ON_FINISH, on_finish),
	    .pwr_domain_suspend_finish = HOOK(FZ_H_SUSPEND_FINISH, suspend_finish),
	    .pwr_down_wfi = HOOK(FZ_H_WFI, pwr_down_wfi),
	    .flush_caches = HOOK(FZ_H_FLUSH, flush_caches),
	    .validate_ns_entrypoint = HOOK(FZ_H_VALIDATE_EP, validate_ns_entrypoint),
	    .get_sys_suspend_power_state = HOOK(FZ_H_SYS_SUSPEND, sys_suspend_state),
	    .system_off = HOOK(FZ_H_SYSTEM_OFF, system_off),
	    .system_reset = HOOK(FZ_H_SYSTEM_RESET, system_reset),
	    .system_reset2 = HOOK(FZ_H_RESET2, system_reset2),
	    .system_off2 = HOOK(FZ_H_OFF2, system_off2),
	    .mem_protect = HOOK(FZ_H_MEM_PROTECT, mem_protect),
	    .mem_protect_check_range = HOOK(FZ_H_MEM_CHECK, mem_protect_check_range),
	    .node_hw_state = HOOK(FZ_H_NODE_HW, node_hw_state),
	    .cpu_freeze = HOOK(FZ_H_FREEZE, cpu_freeze),
	    .timestamp_us = HOOK(FZ_H_TIMESTAMP, timestamp_us),
	};
#undef HOOK
	platform.soc_id = fz_has(FZ_H_SOC_ID) ? soc_id : NULL;

	/* Every node but the boot CPU's path starts powered down, like the engine says. */
	for (unsigned int n = 0; n < fz.nnodes; n++)
		fz.phys[n] = fz.max_off;
	for (unsigned int l = 1; l < fz.levels; l++)
		fz.phys[fz.cpu_node[fz.boot][l]] = SECMON_PSCI_STATE_RUN;
	for (unsigned int i = 0; i < fz.ncpus; i++) {
		fz.cpus[i].state = i == fz.boot ? FZ_RUNNING : FZ_DOWN_OFF;
		fz.cpus[i].fn = FZ_FN_NONE;
	}
	fz.mode = PSCI_MODE_PLATFORM_COORDINATED;
	fz.now_us = 1000;

	/* The PMF query's view of the machine: the same CPUs, a counter that moves. */
	uint64_t mpidrs[FZ_MAX_CPUS];

	for (unsigned int i = 0; i < fz.ncpus; i++)
		mpidrs[i] = fz_mpidr(i);
	secmon_pmf_host_reset();
	secmon_pmf_host_set_cpus(mpidrs, fz.ncpus);
	secmon_pmf_host_set_counter(1u << 20, 977);
}
