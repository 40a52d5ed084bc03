/* Host model of the Juno hardware: see juno_hw.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>
#include <secmon/log.h>

#include "juno.h"
#include "juno_hw.h"
#include "sim_bus.h"

/* Host hooks the port and the CPU ops call (declared by their private headers). */
uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);
void secmon_host_barrier(const char *which);
void secmon_host_dcache_off_flush(unsigned int level);
unsigned int secmon_host_this_cpu(void);
__attribute__((noreturn)) void secmon_host_power_down_wfi(void);
void juno_warm_entry(void);
void juno_warm_entry_c(uint64_t mpidr);

struct juno_hw hw;
__thread unsigned int hw_cur;

static struct secmon_psci_ops pristine_ops;
static bool have_pristine;

#define SMPEN		(1ull << 6)
#define GICD_BANK_WORDS (0x820u / 4u)
#define GICC_BANK_WORDS (0x2000u / 4u)

static uint32_t gicd_bank[HW_CPUS][GICD_BANK_WORDS];
static uint32_t gicc_bank[HW_CPUS][GICC_BANK_WORDS];

/* JUNO_HW_TRACE=1 in the environment: the events before the first broken rule. */
static void dump_events(void)
{
	static const char *const names[] = {"sysreg",	"barrier",  "flush",	  "off+flush",
					    "cci",	"scmi",	    "wfi",	  "cluster-off",
					    "power-on", "gic-down", "flush-range"};
	long end = hw.ring ? hw.seq : (long)hw.n_ev, from = end > 150 ? end - 150 : 0;

	for (long i = from; i < end; i++) {
		const struct hw_event *e = &hw.ev[i % HW_MAX_EVENTS];
		const struct scp_sim_msg *m = e->kind == EV_SCMI ? &hw.scp.log[e->a] : NULL;

		fprintf(stderr, "  %5ld CPU%u %-11s a=%llx b=%llx", i, e->cpu, names[e->kind],
			(unsigned long long)e->a, (unsigned long long)e->b);
		if (m)
			fprintf(stderr, " [%02x/%x %x %x %x]", m->protocol, m->message,
				m->params[0], m->params[1], m->params[2]);
		fprintf(stderr, "\n");
	}
}

static void violation(const char *fmt, ...)
{
	va_list ap;

	if (hw.violations++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(hw.violation, sizeof(hw.violation), fmt, ap);
	va_end(ap);
	fprintf(stderr, "juno_hw: rule broken: %s\n", hw.violation);
	if (getenv("JUNO_HW_TRACE"))
		dump_events();
}

/* Logs an event while there is room; returns its sequence number either way. */
static long event(enum hw_event_kind kind, unsigned int cpu, uint64_t a, uint64_t b)
{
	long seq;

	sim_bus_lock();
	seq = hw.seq++;
	if (hw.ring)
		hw.ev[seq % HW_MAX_EVENTS] = (struct hw_event){kind, cpu, a, b};
	else if (hw.n_ev < HW_MAX_EVENTS)
		hw.ev[hw.n_ev++] = (struct hw_event){kind, cpu, a, b};
	sim_bus_unlock();
	return seq;
}

long hw_find(unsigned int from, enum hw_event_kind kind, int cpu)
{
	for (unsigned int i = from; i < hw.n_ev; i++)
		if (hw.ev[i].kind == kind && (cpu < 0 || hw.ev[i].cpu == (unsigned int)cpu))
			return (long)i;
	return -1;
}

void hw_clear_logs(void)
{
	sim_bus_lock();
	hw.n_ev = 0;
	hw.scp.n_log = 0;
	for (unsigned int i = 0; i < HW_CPUS; i++)
		hw.cpu[i].last_l1_clean = -1;
	hw.l2_flush[0] = hw.l2_flush[1] = -1;
	sim_bus_unlock();
}

/* ---- Hooks of the port, the CPU ops and the core ---- */

void secmon_printf(const char *fmt, ...)
{
	size_t len = strlen(hw.log);
	va_list ap;

	va_start(ap, fmt);
	if (len < sizeof(hw.log) - 1)
		vsnprintf(hw.log + len, sizeof(hw.log) - len, fmt, ap);
	va_end(ap);
}

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(hw.panic_msg, sizeof(hw.panic_msg), fmt, ap);
	va_end(ap);
	if (hw.panic_armed)
		longjmp(hw.panic_jmp, 1);
	fprintf(stderr, "unexpected panic on CPU%u: %s\n", hw_cur, hw.panic_msg);
	abort();
}

/* Only its address matters: the port stores it in the trusted mailbox. */
void juno_warm_entry(void)
{
}

unsigned int secmon_host_this_cpu(void)
{
	return hw_cur;
}

const struct secmon_cpu_ops *secmon_this_cpu_ops(void)
{
	return hw.cpu[hw_cur].ops;
}

static int reg_index(const char *name)
{
	if (strcmp(name, "S3_1_C15_C2_1") == 0)
		return HW_REG_CPUECTLR;
	if (strcmp(name, "S3_1_C15_C2_0") == 0)
		return HW_REG_CPUACTLR;
	if (strcmp(name, "S2_0_C1_C3_4") == 0)
		return HW_REG_OSDLR;
	violation("CPU%u: access to unexpected system register %s", hw_cur, name);
	return -1;
}

uint64_t secmon_host_sysreg_read(const char *name)
{
	int r = reg_index(name);

	return r < 0 ? 0 : hw.cpu[hw_cur].reg[r];
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	int r = reg_index(name);

	if (r < 0)
		return;
	hw.cpu[hw_cur].reg[r] = value;
	event(EV_SYSREG, hw_cur, (uint64_t)r, value);
}

void secmon_host_barrier(const char *which)
{
	event(EV_BARRIER, hw_cur, strcmp(which, "isb") == 0 ? 0 : 1, 0);
}

void secmon_host_dcache_off_flush(unsigned int level)
{
	struct hw_cpu *c = &hw.cpu[hw_cur];
	unsigned int cluster = HW_CLUSTER(hw_cur);
	long i;

	if (!c->cache_on)
		violation("CPU%u: data cache turned off twice", hw_cur);
	if (level < 1 || level > 2)
		violation("CPU%u: flush to level %u (A53/A57 have 2)", hw_cur, level);
	sim_bus_lock();
	i = event(EV_OFF_FLUSH, hw_cur, level, 0);
	c->cache_on = false;
	c->last_l1_clean = i;
	if (level >= 2) {
		hw.l2_flush[cluster] = i;
		hw.l2_flusher[cluster] = hw_cur;
	}
	sim_bus_unlock();
}

void secmon_dcache_flush_range(const void *addr, size_t size)
{
	(void)addr;
	(void)size;
	if (!hw.cpu[hw_cur].cache_on)
		violation("CPU%u: flush by address with the data cache off", hw_cur);
	event(EV_FLUSH_RANGE, hw_cur, (uint64_t)(uintptr_t)addr, size);
}

void secmon_dcache_flush_to_level(unsigned int level)
{
	if (!hw.cpu[hw_cur].cache_on)
		violation("CPU%u: flush_caches with the data cache off", hw_cur);
	event(EV_FLUSH, hw_cur, level, 0);
}

void secmon_host_power_down_wfi(void)
{
	unsigned int me = hw_cur;
	struct hw_cpu *c = &hw.cpu[me];

	event(EV_WFI, me, 0, 0);
	if (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN))
		violation("CPU%u: final WFI with the data cache on or SMPEN set", me);
	scp_sim_wfi(&hw.scp, HW_DOMAIN(me));
	sim_bus_lock();
	if (hw.scp.cpu[HW_DOMAIN(me)] != SCP_ON)
		c->powered = false;
	sim_bus_unlock();
	if (!c->down_armed) {
		fprintf(stderr, "CPU%u powered down outside hw_call()\n", me);
		abort();
	}
	c->down_armed = false;
	longjmp(c->down, 1);
}

/* ---- SCP hooks ---- */

static unsigned int cpu_of_domain(unsigned int d)
{
	return d < 2 ? 4 + d : d - 2;
}

static void scp_power_on(void *ctx, unsigned int domain)
{
	struct hw_cpu *c = &hw.cpu[cpu_of_domain(domain)];

	(void)ctx;
	/* A cold reset of the core: caches off, out of SMP, no OS double lock. */
	c->powered = true;
	c->cache_on = false;
	c->reg[HW_REG_CPUECTLR] = 0;
	c->reg[HW_REG_OSDLR] = 0;
	event(EV_POWER_ON, cpu_of_domain(domain), 0, 0);
	if (hw.on_power_on)
		hw.on_power_on(cpu_of_domain(domain));
}

static void scp_cluster_off(void *ctx, unsigned int cluster)
{
	(void)ctx;
	if (hw.cci_snoop[HW_CCI_IFACE(cluster)] != 0)
		violation("cluster %u lost power with CCI snoops/DVM on", cluster);
	for (unsigned int cpu = 0; cpu < HW_CPUS; cpu++) {
		const struct hw_cpu *c = &hw.cpu[cpu];

		if (HW_CLUSTER(cpu) != cluster)
			continue;
		if (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN))
			violation("cluster %u lost power with CPU%u still coherent", cluster, cpu);
		if (hw.l2_flush[cluster] < c->last_l1_clean || hw.l2_flush[cluster] < 0)
			violation("cluster %u lost power with CPU%u's last L1 clean not flushed "
				  "from the L2",
				  cluster, cpu);
	}
	event(EV_CLUSTER_OFF, hw_cur, cluster, 0);
}

static void scp_message(void *ctx, unsigned int index)
{
	(void)ctx;
	event(EV_SCMI, hw_cur, index, 0);
}

/* ---- Devices ---- */

static uint32_t *gicd_banked(uint64_t off)
{
	if (off == 0x080 || off == 0x100 || off == 0x180 || (off >= 0x400 && off < 0x420) ||
	    (off >= 0x800 && off < 0x820))
		return &gicd_bank[hw_cur][off / 4];
	return NULL;
}

static uint32_t gicd_read(void *ctx, uint64_t addr, uint32_t stored)
{
	uint64_t off = addr - HW_GICD;
	uint32_t *b = gicd_banked(off);

	(void)ctx;
	if (off == 0x004)
		return 1u << 10 | 7u; /* security extensions, 256 interrupt IDs */
	if (off >= 0x800 && off < 0x820)
		return 0x01010101u << hw_cur; /* ITARGETSR0-7 read as this CPU's interface */
	return b ? *b : stored;
}

static uint32_t gicd_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	uint64_t off = addr - HW_GICD;
	uint32_t *b = gicd_banked(off);

	(void)ctx;
	if (off == 0)
		hw.gicd_ctlr_writes++;
	if (b) {
		*b = value;
		return old;
	}
	return value;
}

static uint32_t gicc_read(void *ctx, uint64_t addr, uint32_t stored)
{
	uint64_t off = addr - HW_GICC;

	(void)ctx;
	(void)stored;
	if (off == 0x00c)
		return 1023; /* IAR: nothing pending */
	return gicc_bank[hw_cur][off / 4];
}

static uint32_t gicc_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	uint64_t off = addr - HW_GICC;

	(void)ctx;
	gicc_bank[hw_cur][off / 4] = value;
	if (off == 0 && !(value & 3u))
		event(EV_GIC_DOWN, hw_cur, 0, value);
	return old;
}

static uint32_t cci_read(void *ctx, uint64_t addr, uint32_t stored)
{
	uint64_t off = addr - HW_CCI;

	(void)ctx;
	if (off == 0xc) {
		if (hw.cci_stuck)
			return 1;
		if (hw.cci_pending > 0) {
			hw.cci_pending--;
			return 1;
		}
		return 0;
	}
	if (off >= 0x1000 && off < 0x6000 && (off & 0xfff) == 0)
		return hw.cci_snoop[off / 0x1000 - 1] | 3u << 30; /* snoop and DVM supported */
	return stored;
}

static uint32_t cci_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	uint64_t off = addr - HW_CCI;
	unsigned int iface = (unsigned int)(off / 0x1000 - 1);

	(void)ctx;
	if (off < 0x1000 || off >= 0x6000 || (off & 0xfff) != 0) {
		violation("CCI write to 0x%llx", (unsigned long long)off);
		return value;
	}
	hw.cci_snoop[iface] = value & 3u;
	hw.cci_pending = 2;
	event(EV_CCI, hw_cur, iface, value & 3u);
	if ((value & 3u) == 0) {
		/* Leaving coherency: nobody in the cluster may still use its caches. */
		for (unsigned int cpu = 0; cpu < HW_CPUS; cpu++) {
			const struct hw_cpu *c = &hw.cpu[cpu];

			if (HW_CCI_IFACE(HW_CLUSTER(cpu)) == iface && c->powered &&
			    (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN)))
				violation("CCI exit of interface %u while CPU%u is coherent", iface,
					  cpu);
		}
		hw.cci_exiter[iface == 4 ? HW_BIG : HW_LITTLE] = hw_cur;
	}
	return old;
}

static uint32_t uart_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	size_t len = strlen(hw.console);

	(void)ctx;
	if (addr == HW_UART0 && len < sizeof(hw.console) - 1)
		hw.console[len] = (char)value;
	return addr == HW_UART0 ? old : value;
}

static uint32_t uart_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	return addr == HW_UART0 + 0x18 ? 0 : stored; /* FR: never full, never busy */
}

static uint32_t ssc_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	(void)addr;
	(void)stored;
	return 0x0203b030u; /* major 2, minor 0, designer 0x3b, part 0x030 (Juno) */
}

/* ---- Board ---- */

struct scp_sim_config hw_default_scp(void)
{
	return (struct scp_sim_config){
	    .shmem = HW_SCMI_SHMEM,
	    .shmem_size = 0x80,
	    .doorbell = HW_MHU_DOORBELL,
	    .doorbell_bits = 1u,
	    .domains = 6,
	    .domain_cluster = {HW_BIG, HW_BIG, HW_LITTLE, HW_LITTLE, HW_LITTLE, HW_LITTLE},
	    .clusters = 2,
	    .initially_on = HW_DOMAIN(0),
	    .state_get = true,
	    .system_power = true,
	    .sys_attributes = 3u << 30,
	    .vendor = "arm",
	};
}

void hw_reset(const struct scp_sim_config *scp_cfg, bool big_a72)
{
	const struct scp_sim_hooks hooks = {
	    .power_on = scp_power_on,
	    .cluster_off = scp_cluster_off,
	    .message = scp_message,
	};

	if (!have_pristine) {
		pristine_ops = juno_psci_ops;
		have_pristine = true;
	}
	juno_psci_ops = pristine_ops;
	sim_bus_reset();
	memset(&hw, 0, sizeof(hw));
	memset(gicd_bank, 0, sizeof(gicd_bank));
	memset(gicc_bank, 0, sizeof(gicc_bank));
	for (unsigned int i = 0; i < HW_CPUS; i++) {
		hw.cpu[i].ops = i < 4	  ? &secmon_cortex_a53_ops
				: big_a72 ? &secmon_cortex_a72_ops
					  : &secmon_cortex_a57_ops;
		hw.cpu[i].last_l1_clean = -1;
	}
	hw.l2_flush[0] = hw.l2_flush[1] = -1;
	hw.cpu[0].powered = true;
	/* BL1 brought the boot cluster into the CCI. */
	hw.cci_snoop[HW_CCI_IFACE(HW_LITTLE)] = 3;
	sim_bus_map(HW_GICD, 0x1000, gicd_read, gicd_write, NULL);
	sim_bus_map(HW_GICC, 0x2000, gicc_read, gicc_write, NULL);
	sim_bus_map(HW_CCI, 0x10000, cci_read, cci_write, NULL);
	sim_bus_map(HW_UART0, 0x1000, uart_read, uart_write, NULL);
	sim_bus_map(HW_SSC_VERSION, 4, ssc_read, NULL, NULL);
	scp_sim_init(&hw.scp, scp_cfg, &hooks);
	hw_cur = 0;
}

int32_t hw_cold_boot(void)
{
	struct hw_cpu *c = &hw.cpu[0];
	int32_t rc;

	hw_cur = 0;
	juno_platform.early_init();
	c->ops->reset();
	c->cache_on = true; /* the core's MMU and caches */
	if (juno_platform.init() != 0)
		return PSCI_RET_INTERNAL_FAILURE;
	rc = secmon_psci_init(juno_platform.psci, 0);
	juno_platform.cpu_init(0);
	return rc;
}

int32_t hw_warm_boot(unsigned int cpu, struct secmon_psci_entry *entry)
{
	struct hw_cpu *c = &hw.cpu[cpu];

	hw_cur = cpu;
	if (!c->powered) {
		violation("CPU%u boots without power", cpu);
		return PSCI_RET_INTERNAL_FAILURE;
	}
	/*
	 * BL1 -> the mailbox's address (juno_entry.S: juno_warm_entry_c() with the caches
	 * off) -> the core's warm path: reset hook, MMU and caches on, cpu_init, PSCI.
	 */
	if ((sim_bus_peek(HW_MAILBOX) | (uint64_t)sim_bus_peek(HW_MAILBOX + 4) << 32) !=
	    (uint64_t)(uintptr_t)juno_warm_entry)
		violation("CPU%u: the trusted mailbox does not lead to the warm entry", cpu);
	juno_warm_entry_c(HW_MPIDR(cpu) | 0x80000000ull); /* MPIDR bit 31 reads as one */
	c->ops->reset();
	c->cache_on = true;
	juno_platform.cpu_init(cpu);
	return secmon_psci_warmboot(cpu, entry);
}

bool hw_call(unsigned int cpu, hw_call_fn fn, const void *arg, int32_t *rc)
{
	struct hw_cpu *c = &hw.cpu[cpu];

	hw_cur = cpu;
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

bool hw_cpu_off(unsigned int cpu, int32_t *rc)
{
	return hw_call(cpu, call_off, NULL, rc);
}

bool hw_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, int32_t *rc)
{
	const struct suspend_args a = {power_state, entry};

	return hw_call(cpu, call_suspend, &a, rc);
}

bool hw_system_suspend(unsigned int cpu, uint64_t entry, int32_t *rc)
{
	const struct suspend_args a = {0, entry};

	return hw_call(cpu, call_system_suspend, &a, rc);
}

bool hw_expect_panic(unsigned int cpu, void (*fn)(const void *arg), const void *arg)
{
	hw_cur = cpu;
	hw.panic_msg[0] = '\0';
	hw.panic_armed = true;
	if (setjmp(hw.panic_jmp)) {
		hw.panic_armed = false;
		return true;
	}
	fn(arg);
	hw.panic_armed = false;
	return false;
}
