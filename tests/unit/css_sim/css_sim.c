/* The shared part of the CSS board models: see css_sim.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "css_sim.h"
#include "sim_bus.h"

/* Host hooks of the port, the CPU ops and the drivers that every board answers alike. */
void secmon_host_barrier(const char *which);
unsigned int secmon_host_this_cpu(void);
__attribute__((noreturn)) void secmon_host_power_down_wfi(void);

#define MHU_AP_TO_SCP_S 0x300u /* the secure AP-to-SCP triplet (MHU v1 TRM) */
#define UART_DR		0x00u
#define UART_FR		0x18u

struct css_sim sim;
__thread unsigned int sim_cur;

static struct secmon_psci_ops pristine_ops;
static bool have_pristine;

/* CSS_SIM_TRACE=1 in the environment: the events before the first broken rule. */
static void dump_events(void)
{
	const struct css_sim_board *b = sim.board;
	long end = sim.ring ? sim.seq : (long)sim.n_ev, from = end > 150 ? end - 150 : 0;

	for (long i = from; i < end; i++) {
		const struct sim_event *e = &sim.ev[i % SIM_MAX_EVENTS];
		const struct scp_sim_msg *m = e->kind == EV_SCMI ? &sim.scp.log[e->a] : NULL;

		fprintf(stderr, "  %5ld CPU%u %-11s a=%llx b=%llx", i, e->cpu,
			e->kind < b->n_event_names ? b->event_names[e->kind] : "?",
			(unsigned long long)e->a, (unsigned long long)e->b);
		if (m)
			fprintf(stderr, " [%02x/%x %x %x %x]", m->protocol, m->message,
				m->params[0], m->params[1], m->params[2]);
		fprintf(stderr, "\n");
	}
}

void sim_violation(const char *fmt, ...)
{
	va_list ap;

	if (sim.violations++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(sim.violation, sizeof(sim.violation), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: rule broken: %s\n", sim.board->name, sim.violation);
	if (getenv("CSS_SIM_TRACE"))
		dump_events();
}

long sim_log_event(unsigned int kind, unsigned int cpu, uint64_t a, uint64_t b)
{
	long seq;

	sim_bus_lock();
	seq = sim.seq++;
	if (sim.ring)
		sim.ev[seq % SIM_MAX_EVENTS] = (struct sim_event){kind, cpu, a, b};
	else if (sim.n_ev < SIM_MAX_EVENTS)
		sim.ev[sim.n_ev++] = (struct sim_event){kind, cpu, a, b};
	sim_bus_unlock();
	return seq;
}

long sim_find(unsigned int from, unsigned int kind, int cpu)
{
	for (unsigned int i = from; i < sim.n_ev; i++)
		if (sim.ev[i].kind == kind && (cpu < 0 || sim.ev[i].cpu == (unsigned int)cpu))
			return (long)i;
	return -1;
}

unsigned int sim_count(unsigned int kind, int cpu, long long a)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < sim.n_ev; i++)
		n += sim.ev[i].kind == kind && (cpu < 0 || sim.ev[i].cpu == (unsigned int)cpu) &&
		     (a < 0 || sim.ev[i].a == (uint64_t)a);
	return n;
}

unsigned int sim_match_sequence(unsigned int from, unsigned int cpu, const struct sim_event *want,
				unsigned int n)
{
	uint32_t skip = 1u << EV_SCMI | sim.board->sequence_skip;
	unsigned int k = 0;

	for (unsigned int i = from; i < sim.n_ev && k < n; i++) {
		const struct sim_event *e = &sim.ev[i];

		if (e->cpu != cpu || (skip & (1u << e->kind)))
			continue;
		if (e->kind != want[k].kind || e->a != want[k].a || e->b != want[k].b)
			return k;
		k++;
	}
	return k;
}

void sim_clear_logs(void)
{
	sim_bus_lock();
	sim.n_ev = 0;
	sim.scp.n_log = 0;
	if (sim.board->clear_logs)
		sim.board->clear_logs();
	sim_bus_unlock();
}

const struct scp_sim_msg *sim_msg(unsigned int i)
{
	return &sim.scp.log[i];
}

bool sim_is_pd_set(unsigned int i, unsigned int domain, uint32_t state)
{
	const struct scp_sim_msg *m = sim_msg(i);

	return i < sim.scp.n_log && m->protocol == 0x11 && m->message == 4 && m->n_params == 3 &&
	       m->params[0] == 0 && m->params[1] == domain && m->params[2] == state;
}

bool sim_is_sys_set(unsigned int i, uint32_t state)
{
	const struct scp_sim_msg *m = sim_msg(i);

	return i < sim.scp.n_log && m->protocol == 0x12 && m->message == 3 && m->n_params == 2 &&
	       m->params[0] == 0 && m->params[1] == state;
}

/* ---- Hooks of the port, the CPU ops and the core ---- */

unsigned int secmon_host_this_cpu(void)
{
	return sim_cur;
}

const struct secmon_cpu_ops *secmon_this_cpu_ops(void)
{
	return sim.cpu[sim_cur].ops;
}

void secmon_host_barrier(const char *which)
{
	sim_log_event(EV_BARRIER, sim_cur, strcmp(which, "isb") == 0 ? 0 : 1, 0);
}

void secmon_host_power_down_wfi(void)
{
	unsigned int me = sim_cur, domain = sim.board->cpu_domain(me);
	struct sim_cpu *c = &sim.cpu[me];

	sim_log_event(EV_WFI, me, 0, 0);
	if (sim.board->final_wfi)
		sim.board->final_wfi(me);
	scp_sim_wfi(&sim.scp, domain);
	sim_bus_lock();
	if (sim.scp.cpu[domain] != SCP_ON)
		c->powered = false;
	sim_bus_unlock();
	if (!c->down_armed) {
		fprintf(stderr, "CPU%u powered down outside sim_call()\n", me);
		abort();
	}
	c->down_armed = false;
	longjmp(c->down, 1);
}

/* ---- SCP hooks ---- */

static unsigned int cpu_of_domain(unsigned int domain)
{
	for (unsigned int cpu = 0; cpu < sim.board->cpus; cpu++)
		if (sim.board->cpu_domain(cpu) == domain)
			return cpu;
	fprintf(stderr, "no CPU has SCP domain %u\n", domain);
	abort();
}

static void scp_power_on(void *ctx, unsigned int domain)
{
	unsigned int cpu = cpu_of_domain(domain);

	(void)ctx;
	if (sim.board->power_on)
		sim.board->power_on(cpu);
	sim.cpu[cpu].powered = true;
	sim_log_event(EV_POWER_ON, cpu, 0, 0);
	if (sim.on_power_on)
		sim.on_power_on(cpu);
}

static void scp_cluster_off(void *ctx, unsigned int cluster)
{
	(void)ctx;
	if (sim.board->cluster_off)
		sim.board->cluster_off(cluster);
	sim_log_event(EV_CLUSTER_OFF, sim_cur, cluster, 0);
}

static void scp_message(void *ctx, unsigned int index)
{
	(void)ctx;
	sim_log_event(EV_SCMI, sim_cur, index, 0);
}

/* ---- Console UART and SSC ---- */

static uint32_t uart_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	size_t len = strlen(sim.console);

	(void)ctx;
	if (addr != sim.board->uart + UART_DR)
		return value;
	if (len < sizeof(sim.console) - 1)
		sim.console[len] = (char)value;
	return old;
}

static uint32_t uart_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	return addr == sim.board->uart + UART_FR ? 0 : stored; /* never full, never busy */
}

static uint32_t ssc_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	(void)addr;
	(void)stored;
	return sim.board->ssc_value;
}

/* ---- Board ---- */

struct scp_sim_config sim_default_scp(const struct css_sim_board *b)
{
	struct scp_sim_config cfg = {
	    .shmem = b->scmi_shmem,
	    .shmem_size = 0x80,
	    .doorbell = b->mhu_base + MHU_AP_TO_SCP_S,
	    .doorbell_bits = 1u,
	    .domains = b->cpus,
	    .clusters = b->clusters,
	    .initially_on = b->cpu_domain(0),
	    .state_get = true,
	    .system_power = true,
	    .sys_attributes = 3u << 30, /* warm reset and suspend */
	    .vendor = "arm",
	};

	for (unsigned int cpu = 0; cpu < b->cpus; cpu++)
		cfg.domain_cluster[b->cpu_domain(cpu)] = b->cpu_cluster(cpu);
	return cfg;
}

void sim_reset(const struct css_sim_board *b, const struct scp_sim_config *scp_cfg)
{
	const struct scp_sim_hooks hooks = {
	    .power_on = scp_power_on,
	    .cluster_off = scp_cluster_off,
	    .message = scp_message,
	};

	if (!have_pristine) {
		pristine_ops = *b->psci_ops;
		have_pristine = true;
	}
	*b->psci_ops = pristine_ops;
	sim_bus_reset();
	memset(&sim, 0, sizeof(sim));
	sim_log_clear();
	sim.board = b;
	sim.cpu[0].powered = true;
	sim_bus_map(b->uart, 0x1000, uart_read, uart_write, NULL);
	sim_bus_map(b->ssc_version, 4, ssc_read, NULL, NULL);
	scp_sim_init(&sim.scp, scp_cfg, &hooks);
	sim_cur = 0;
}

int32_t sim_cold_boot(void)
{
	const struct secmon_platform *port = sim.board->port;
	int32_t rc;

	sim_cur = 0;
	port->early_init();
	sim.cpu[0].ops->reset();
	if (sim.board->caches_on)
		sim.board->caches_on(0);
	if (port->init() != 0)
		return PSCI_RET_INTERNAL_FAILURE;
	rc = secmon_psci_init(port->psci, 0);
	port->cpu_init(0);
	return rc;
}

int32_t sim_warm_boot(unsigned int cpu, struct secmon_psci_entry *entry)
{
	const struct css_sim_board *b = sim.board;

	sim_cur = cpu;
	if (!sim.cpu[cpu].powered) {
		sim_violation("CPU%u boots without power", cpu);
		return PSCI_RET_INTERNAL_FAILURE;
	}
	if ((sim_bus_peek(b->mailbox) | (uint64_t)sim_bus_peek(b->mailbox + 4) << 32) !=
	    b->warm_entry)
		sim_violation("CPU%u: the trusted mailbox does not lead to the warm entry", cpu);
	if (b->warm_entry_hook)
		b->warm_entry_hook(cpu);
	sim.cpu[cpu].ops->reset();
	if (b->caches_on)
		b->caches_on(cpu);
	b->port->cpu_init(cpu);
	return secmon_psci_warmboot(cpu, entry);
}

bool sim_call(unsigned int cpu, sim_call_fn fn, const void *arg, int32_t *rc)
{
	struct sim_cpu *c = &sim.cpu[cpu];

	sim_cur = cpu;
	c->down_armed = true;
	if (setjmp(c->down))
		return true;
	*rc = fn(cpu, arg);
	c->down_armed = false;
	return false;
}

static int32_t call_off(unsigned int cpu, const void *arg)
{
	(void)arg;
	return secmon_psci_cpu_off(cpu);
}

struct suspend_args {
	uint32_t power_state;
	uint64_t entry;
};

static int32_t call_suspend(unsigned int cpu, const void *arg)
{
	const struct suspend_args *a = arg;

	return secmon_psci_cpu_suspend(cpu, a->power_state, a->entry, 0x1234);
}

static int32_t call_system_suspend(unsigned int cpu, const void *arg)
{
	const struct suspend_args *a = arg;

	return secmon_psci_system_suspend(cpu, a->entry, 0x5678);
}

bool sim_cpu_off(unsigned int cpu, int32_t *rc)
{
	return sim_call(cpu, call_off, NULL, rc);
}

bool sim_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, int32_t *rc)
{
	const struct suspend_args a = {power_state, entry};

	return sim_call(cpu, call_suspend, &a, rc);
}

bool sim_system_suspend(unsigned int cpu, uint64_t entry, int32_t *rc)
{
	const struct suspend_args a = {0, entry};

	return sim_call(cpu, call_system_suspend, &a, rc);
}

bool sim_expect_panic(unsigned int cpu, void (*fn)(const void *arg), const void *arg)
{
	sim_cur = cpu;
	return sim_catch_panic(fn, arg);
}
