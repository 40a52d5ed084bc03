/*
 * The simulated SoC: power controller and the platform's PSCI hooks.
 *
 * The controller behaves like real power-control hardware: a node is powered down when
 * the platform asked for it (off_req) and every CPU below it is down; a wake-up (CPU_ON,
 * an interrupt, the timer) powers the path from the top down before the CPU runs. A
 * node that lost power stays "lost" until a finish hook is told it was off and
 * restores it. The hooks check the engine's side of the contract (see sim_fail calls).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim.h"

struct sim_config sim_cfg;
struct sim_ctrl sim_ctrl = {.mu = PTHREAD_MUTEX_INITIALIZER, .idle_cv = PTHREAD_COND_INITIALIZER};
struct sim_cpu sim_cpus[SIM_MAX_CPUS];
struct sim_node sim_nodes[SIM_MAX_NODES];
_Atomic uint64_t sim_violations;
_Atomic uint64_t sim_progress;
_Thread_local struct sim_cpu *sim_self;

static uint16_t tree[1 + SIM_MAX_NODES];
static struct secmon_psci_topology topo;
static unsigned int span[SIM_MAX_LEVELS]; /* CPUs below a node of each level */

void sim_fail(const char *fmt, ...)
{
	va_list ap;

	if (atomic_fetch_add(&sim_violations, 1) < 20) {
		va_start(ap, fmt);
		fprintf(stderr, "VIOLATION: ");
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		va_end(ap);
	}
}

void sim_set_phase(struct sim_cpu *c, int phase)
{
	atomic_store(&c->phase, phase);
	atomic_fetch_add(&c->seq, 1);
}

uint64_t sim_rand(struct sim_cpu *c)
{
	c->rng ^= c->rng >> 12;
	c->rng ^= c->rng << 25;
	c->rng ^= c->rng >> 27;
	return c->rng * 0x2545f4914f6cdd1dull;
}

unsigned int sim_node_of(unsigned int cpu, unsigned int level)
{
	return sim_ctrl.node_first[level] + cpu / span[level];
}

/* Aff0 = position in the cluster, Aff1 = cluster, like QEMU's virt machine. */
uint64_t sim_mpidr(unsigned int cpu)
{
	unsigned int per = sim_cfg.levels > 1 ? sim_cfg.fanout[1] : sim_cfg.ncpus;

	return (uint64_t)(cpu / per) << 8 | (cpu % per);
}

static int mpidr_to_cpu(uint64_t mpidr)
{
	unsigned int per = sim_cfg.levels > 1 ? sim_cfg.fanout[1] : sim_cfg.ncpus;
	uint64_t aff0 = mpidr & 0xff, aff1 = (mpidr >> 8) & 0xff;

	if ((mpidr & ~0xffffull) || aff0 >= per || aff1 * per + aff0 >= sim_cfg.ncpus)
		return -1;
	return (int)(aff1 * per + aff0);
}

static uint64_t cpu_to_mpidr(unsigned int cpu)
{
	return sim_mpidr(cpu);
}

unsigned int sim_this_cpu(void)
{
	return sim_self->idx;
}

static const struct secmon_psci_topology *topology(void)
{
	return &topo;
}

/* Extended StateID: [3:0] level 0 ... [15:12] level 3, [19:16] last-at level + 1. */
static int32_t validate_power_state(uint32_t ps, struct secmon_psci_state *req)
{
	uint32_t id = ps & PSCI_PSTATE_EXT_ID_MASK;

	if (id >> 20)
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < 4; l++)
		req->local[l] = (uint8_t)((id >> (4 * l)) & 0xf);
	if ((id >> 16) & 0xf)
		req->last_at_level = (uint8_t)(((id >> 16) & 0xf) - 1);
	return PSCI_RET_SUCCESS;
}

/* A composite state handed to the platform: each level no deeper than the one below. */
static void check_monotone(unsigned int cpu, const struct secmon_psci_state *s, const char *what)
{
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		unsigned int below = s->local[l - 1], here = s->local[l];

		if (here != SIM_RUN && (below == SIM_RUN || (here == SIM_OFF && below != SIM_OFF)))
			sim_fail("CPU %u: %s state %u/%u/%u/%u deeper above than below", cpu, what,
				 s->local[0], s->local[1], s->local[2], s->local[3]);
	}
}

static void node_busy_enter(struct sim_node *n, const char *what, unsigned int cpu)
{
	if (atomic_fetch_add(&n->busy, 1) != 0)
		sim_fail("CPU %u: %s on node L%u/%u while another CPU works on it", cpu, what,
			 n->level, n->cpu_first);
}

static void node_busy_exit(struct sim_node *n)
{
	atomic_fetch_sub(&n->busy, 1);
}

/* pwr_domain_off / pwr_domain_suspend: this CPU is the last of each non-RUN level. */
static void program_down(unsigned int cpu, const struct secmon_psci_state *s, const char *what)
{
	check_monotone(cpu, s, what);
	pthread_mutex_lock(&sim_ctrl.mu);
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		struct sim_node *n = &sim_nodes[sim_node_of(cpu, l)];

		if (s->local[l] == SIM_RUN)
			continue;
		node_busy_enter(n, what, cpu);
		/* I2: nobody below may be running when its node leaves RUN. */
		for (unsigned int c = n->cpu_first; c < n->cpu_first + n->ncpus; c++)
			if (c != cpu && atomic_load(&sim_cpus[c].phase) == PH_NS)
				sim_fail("CPU %u puts L%u node of CPU %u in state %u while it runs",
					 cpu, l, c, s->local[l]);
		if (n->off_req || n->ret_req)
			sim_fail("CPU %u: L%u node of CPU %u committed twice", cpu, l, cpu);
		if (s->local[l] == SIM_OFF)
			n->off_req = true;
		else
			n->ret_req = true;
		node_busy_exit(n);
	}
	pthread_mutex_unlock(&sim_ctrl.mu);
}

static void pwr_domain_off(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (!sim_cpus[cpu].calling_off)
		sim_fail("CPU %u: pwr_domain_off outside CPU_OFF", cpu);
	program_down(cpu, s, "pwr_domain_off");
}

static void pwr_domain_suspend(unsigned int cpu, const struct secmon_psci_state *s)
{
	if (sim_cpus[cpu].calling_off)
		sim_fail("CPU %u: pwr_domain_suspend inside CPU_OFF", cpu);
	program_down(cpu, s, "pwr_domain_suspend");
}

/* Finish hooks: restore every node the engine says this CPU is the first one up in. */
static void restore(unsigned int cpu, const struct secmon_psci_state *prev, const char *what)
{
	check_monotone(cpu, prev, what);
	pthread_mutex_lock(&sim_ctrl.mu);
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		struct sim_node *n = &sim_nodes[sim_node_of(cpu, l)];

		if (prev->local[l] == SIM_RUN) {
			if (atomic_load(&n->lost))
				sim_fail("CPU %u: %s says L%u node ran, but it lost power", cpu,
					 what, l);
			continue;
		}
		node_busy_enter(n, what, cpu);
		if (prev->local[l] == SIM_OFF && !n->off_req)
			sim_fail("CPU %u: %s restores L%u node from off, never requested", cpu,
				 what, l);
		if (prev->local[l] == SIM_RET && !n->ret_req)
			sim_fail("CPU %u: %s restores L%u node from retention, never requested",
				 cpu, what, l);
		n->off_req = false;
		n->ret_req = false;
		atomic_store(&n->lost, false);
		node_busy_exit(n);
	}
	pthread_mutex_unlock(&sim_ctrl.mu);
}

static void on_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	restore(cpu, prev, "pwr_domain_on_finish");
}

static void suspend_finish(unsigned int cpu, const struct secmon_psci_state *prev)
{
	restore(cpu, prev, "pwr_domain_suspend_finish");
}

/* Powers a node and everything below it off (the caller holds the mutex). */
static void power_off_subtree(unsigned int level, unsigned int cpu_first, unsigned int ncpus)
{
	for (unsigned int l = 1; l <= level; l++) {
		for (unsigned int c = cpu_first; c < cpu_first + ncpus; c += span[l]) {
			struct sim_node *n = &sim_nodes[sim_node_of(c, l)];

			if (n->up != 0)
				sim_fail("node L%u/%u powered off with %u CPUs up", l, c, n->up);
			atomic_store(&n->powered, false);
			atomic_store(&n->lost, true);
		}
	}
	for (unsigned int c = cpu_first; c < cpu_first + ncpus; c++)
		if (sim_cpus[c].powered)
			sim_fail("CPU %u still powered in a node that powers off", c);
}

/* The CPU's WFI took it down: nodes that asked for it and are now empty follow. */
static void cpu_power_down(struct sim_cpu *c)
{
	int highest = 0;

	c->powered = false;
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		struct sim_node *n = &sim_nodes[sim_node_of(c->idx, l)];

		n->up--;
		if (n->up == 0 && n->off_req && atomic_load(&n->powered))
			highest = (int)l;
	}
	if (highest > 0) {
		struct sim_node *n = &sim_nodes[sim_node_of(c->idx, (unsigned int)highest)];

		power_off_subtree((unsigned int)highest, n->cpu_first, n->ncpus);
	}
}

/* A wake-up event powers the path down to the CPU, top first. */
static void cpu_power_up(struct sim_cpu *c)
{
	for (unsigned int l = sim_cfg.levels - 1; l >= 1; l--) {
		struct sim_node *n = &sim_nodes[sim_node_of(c->idx, l)];

		atomic_store(&n->powered, true);
		n->up++;
	}
	c->powered = true;
}

static void deadline_in(struct timespec *ts, unsigned int us)
{
	clock_gettime(CLOCK_REALTIME, ts);
	ts->tv_nsec += (long)us * 1000;
	while (ts->tv_nsec >= 1000000000L) {
		ts->tv_nsec -= 1000000000L;
		ts->tv_sec++;
	}
}

static unsigned int timer_us(struct sim_cpu *c)
{
	return 1 + (unsigned int)(sim_rand(c) % (2 * sim_cfg.timer_us));
}

/*
 * Final step of a power-down. Never returns when the CPU really powers down: it comes
 * back through its "reset vector" (the setjmp in the thread) like hardware would. It
 * returns (an abandoned power-down) only for a suspend with a wake-up already pending.
 */
static void pwr_down_wfi(unsigned int cpu, const struct secmon_psci_state *s)
{
	struct sim_cpu *c = &sim_cpus[cpu];
	bool off = c->calling_off;
	struct timespec ts;

	sim_set_phase(c, off ? PH_DOWN_OFF : PH_DOWN_SUSP);
	pthread_mutex_lock(&sim_ctrl.mu);
	if (!off && c->irq_pending && (sim_rand(c) & 1)) {
		c->irq_pending = false;
		pthread_mutex_unlock(&sim_ctrl.mu);
		sim_set_phase(c, PH_PWR);
		return;
	}
	c->down_is_off = off;
	cpu_power_down(c);
	if (off && !c->wake_pending) {
		sim_ctrl.active--;
		if (sim_ctrl.active == 0)
			pthread_cond_signal(&sim_ctrl.idle_cv);
	}
	c->in_wfi = true;
	if (!off && c->irq_pending) {
		c->irq_pending = false;
		c->wake_pending = true;
	}
	deadline_in(&ts, timer_us(c));
	while (!c->wake_pending && !sim_ctrl.shutdown) {
		if (off) {
			pthread_cond_wait(&c->cv, &sim_ctrl.mu);
		} else if (pthread_cond_timedwait(&c->cv, &sim_ctrl.mu, &ts) != 0) {
			c->wake_pending = true; /* the timer interrupt */
		}
	}
	c->in_wfi = false;
	if (!c->wake_pending) { /* shutdown */
		pthread_mutex_unlock(&sim_ctrl.mu);
		longjmp(c->warm, JMP_EXIT);
	}
	c->wake_pending = false;
	cpu_power_up(c);
	pthread_mutex_unlock(&sim_ctrl.mu);
	sim_set_phase(c, PH_BOOT);
	longjmp(c->warm, JMP_WARM);
}

/* pwr_domain_on: the target powers up now, or as soon as it got down. */
static int32_t pwr_domain_on(uint64_t mpidr)
{
	int cpu = mpidr_to_cpu(mpidr);
	struct sim_cpu *c;

	if (cpu < 0)
		return PSCI_RET_INTERNAL_FAILURE;
	c = &sim_cpus[cpu];
	pthread_mutex_lock(&sim_ctrl.mu);
	if (c->wake_pending)
		sim_fail("CPU_ON of CPU %d while a power-on is already pending", cpu);
	c->wake_pending = true;
	if (c->in_wfi) {
		if (c->down_is_off)
			sim_ctrl.active++;
		pthread_cond_signal(&c->cv);
	} else if (!c->powered && atomic_load(&c->phase) == PH_DOWN_OFF) {
		/* Never started: sim_wait_first_power_on() picks it up. */
		sim_ctrl.active++;
		pthread_cond_signal(&c->cv);
	}
	pthread_mutex_unlock(&sim_ctrl.mu);
	return PSCI_RET_SUCCESS;
}

bool sim_wait_first_power_on(struct sim_cpu *c)
{
	pthread_mutex_lock(&sim_ctrl.mu);
	while (!c->wake_pending && !sim_ctrl.shutdown)
		pthread_cond_wait(&c->cv, &sim_ctrl.mu);
	if (!c->wake_pending) {
		pthread_mutex_unlock(&sim_ctrl.mu);
		return false;
	}
	c->wake_pending = false;
	cpu_power_up(c);
	pthread_mutex_unlock(&sim_ctrl.mu);
	sim_set_phase(c, PH_BOOT);
	return true;
}

static void cpu_standby(unsigned int cpu, const struct secmon_psci_state *s)
{
	struct sim_cpu *c = &sim_cpus[cpu];
	struct timespec ts;

	sim_set_phase(c, PH_DOWN_SUSP);
	pthread_mutex_lock(&sim_ctrl.mu);
	deadline_in(&ts, timer_us(c));
	c->in_standby = true;
	while (!c->irq_pending && !sim_ctrl.shutdown)
		if (pthread_cond_timedwait(&c->cv, &sim_ctrl.mu, &ts) != 0)
			break;
	c->irq_pending = false;
	c->in_standby = false;
	pthread_mutex_unlock(&sim_ctrl.mu);
	sim_set_phase(c, PH_PWR);
}

void sim_send_irq(unsigned int target)
{
	struct sim_cpu *c = &sim_cpus[target];

	pthread_mutex_lock(&sim_ctrl.mu);
	if (c->in_wfi && !c->down_is_off) {
		c->wake_pending = true;
		pthread_cond_signal(&c->cv);
	} else if (c->in_standby) {
		c->irq_pending = true;
		pthread_cond_signal(&c->cv);
	} else if (c->powered) {
		c->irq_pending = true;
	}
	pthread_mutex_unlock(&sim_ctrl.mu);
}

static void flush_caches(unsigned int cpu, unsigned int level)
{
	/* Widen the window between the two phases now and then. */
	if ((sim_rand(&sim_cpus[cpu]) & 7) == 0)
		sched_yield();
}

static uint64_t timestamp_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int32_t validate_ns_entrypoint(uint64_t entry)
{
	return entry & 3 ? PSCI_RET_INVALID_ADDRESS : PSCI_RET_SUCCESS;
}

const struct secmon_psci_ops sim_psci_ops = {
    .topology = topology,
    .max_retention_state = SIM_RET,
    .max_off_state = SIM_OFF,
    .extended_state_id = true,
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
    .timestamp_us = timestamp_us,
};

void sim_check_running(const struct sim_cpu *c)
{
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		const struct sim_node *n = &sim_nodes[sim_node_of(c->idx, l)];

		if (!atomic_load(&n->powered))
			sim_fail("CPU %u runs in an L%u node that is powered off", c->idx, l);
		else if (atomic_load(&n->lost))
			sim_fail("CPU %u runs in an L%u node nobody restored", c->idx, l);
	}
}

void sim_platform_init(void)
{
	unsigned int count = 1, pos = 0, nodes = 0;

	span[0] = 1;
	for (unsigned int l = 1; l < sim_cfg.levels; l++)
		span[l] = span[l - 1] * sim_cfg.fanout[l];
	/* The engine's descriptor: one root, then each level's fan-out, top down. */
	tree[pos++] = 1;
	for (unsigned int l = sim_cfg.levels - 1; l >= 1; l--) {
		for (unsigned int i = 0; i < count; i++)
			tree[pos++] = (uint16_t)sim_cfg.fanout[l];
		count *= sim_cfg.fanout[l];
	}
	if (sim_cfg.levels == 1)
		tree[0] = (uint16_t)sim_cfg.ncpus;
	topo = (struct secmon_psci_topology){
	    .levels = sim_cfg.levels,
	    .tree = tree,
	    .tree_len = pos,
	    .mpidr_to_cpu = mpidr_to_cpu,
	    .cpu_to_mpidr = cpu_to_mpidr,
	    .this_cpu = sim_this_cpu,
	};
	for (unsigned int l = 1; l < sim_cfg.levels; l++) {
		sim_ctrl.node_first[l] = nodes;
		for (unsigned int i = 0; i < sim_cfg.ncpus / span[l]; i++) {
			struct sim_node *n = &sim_nodes[nodes++];
			bool boot_path = i == 0; /* CPU 0 boots */

			*n = (struct sim_node){
			    .level = l, .cpu_first = i * span[l], .ncpus = span[l]};
			/* Like the engine: every node but the boot CPU's starts off. */
			atomic_store(&n->powered, boot_path);
			atomic_store(&n->lost, !boot_path);
			n->off_req = !boot_path;
			n->up = boot_path;
		}
	}
	sim_ctrl.nnodes = nodes;
	for (unsigned int c = 0; c < sim_cfg.ncpus; c++) {
		struct sim_cpu *cpu = &sim_cpus[c];

		cpu->idx = c;
		cpu->rng = sim_cfg.seed * 0x9e3779b97f4a7c15ull + c * 0xbf58476d1ce4e5b9ull + 1;
		pthread_cond_init(&cpu->cv, NULL);
		cpu->powered = c == 0;
		atomic_store(&cpu->phase, c == 0 ? PH_NS : PH_DOWN_OFF);
	}
	sim_ctrl.active = 1;
}
