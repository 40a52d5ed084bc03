/* Host model of the N1SDP hardware: see n1sdp_hw.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>
#include <secmon/cache.h>
#include <secmon/drivers/cpus.h>
#include <secmon/log.h>

#include "n1sdp.h"
#include "n1sdp_hw.h"
#include "sim_bus.h"

/* Host hooks the port, the CPU ops and the GIC driver call. */
uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);
void secmon_host_barrier(const char *which);
void secmon_host_dcache_off_flush(unsigned int level);
unsigned int secmon_host_this_cpu(void);
__attribute__((noreturn)) void secmon_host_power_down_wfi(void);
void secmon_entry_warm(void);

struct n1sdp_hw hw;
unsigned int hw_cur;

static struct secmon_psci_ops pristine_ops;
static bool have_pristine;

/* Encodings, spelt out from the N1 TRM, the DSU TRM and the GICv3 architecture. */
#define R_CPUPWRCTLR   "S3_0_C15_C2_7"
#define R_CLUSTERPWRDN "S3_0_C15_C3_6"
#define R_MIDR	       "S3_0_C0_C0_0"
#define R_MPIDR	       "S3_0_C0_C0_5"
#define R_PFR0	       "S3_0_C0_C4_0"
#define R_PFR1	       "S3_0_C0_C4_1"
#define R_ICC_IAR0     "S3_0_C12_C8_0"
#define CORE_PWRDN_EN  1ull
#define WAKER_SLEEP    (1u << 1)
#define WAKER_ASLEEP   (1u << 2)
#define PWRR_RDPD      (1u << 0)
#define PWRR_DOWN      0xdu /* RDPD, RDGPD, RDGPO: down and stable */

static void violation(const char *fmt, ...)
{
	va_list ap;

	if (hw.violations++ > 0)
		return;
	va_start(ap, fmt);
	vsnprintf(hw.violation, sizeof(hw.violation), fmt, ap);
	va_end(ap);
	fprintf(stderr, "n1sdp_hw: rule broken: %s\n", hw.violation);
}

static void event(enum hw_event_kind kind, unsigned int cpu, uint64_t a, uint64_t b)
{
	if (hw.n_ev < HW_MAX_EVENTS)
		hw.ev[hw.n_ev++] = (struct hw_event){kind, cpu, a, b};
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
	hw.n_ev = 0;
	hw.scp.n_log = 0;
}

/* ---- Hooks of the port, the CPU ops, the GIC driver and the core ---- */

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
void secmon_entry_warm(void)
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

static struct hw_reg *reg_slot(unsigned int cpu, const char *name, bool create)
{
	struct hw_cpu *c = &hw.cpu[cpu];

	for (unsigned int i = 0; i < c->n_reg; i++)
		if (strcmp(c->reg[i].name, name) == 0)
			return &c->reg[i];
	if (!create || c->n_reg == HW_MAX_REGS)
		return NULL;
	c->reg[c->n_reg] = (struct hw_reg){name, 0};
	return &c->reg[c->n_reg++];
}

uint64_t hw_reg(unsigned int cpu, const char *name)
{
	const struct hw_reg *r;

	if (strcmp(name, R_CLUSTERPWRDN) == 0)
		return hw.cpu[cpu].clusterpwrdn;
	r = reg_slot(cpu, name, false);
	return r ? r->value : 0;
}

uint64_t secmon_host_sysreg_read(const char *name)
{
	if (!hw.cpu[hw_cur].powered)
		violation("CPU%u reads %s without power", hw_cur, name);
	if (strcmp(name, R_MIDR) == 0)
		return hw.midr;
	if (strcmp(name, R_MPIDR) == 0)
		return 0x81000000ull | HW_MPIDR(hw_cur); /* RES1 bit 31, MT */
	if (strcmp(name, R_PFR0) == 0)
		return hw.pfr0;
	if (strcmp(name, R_PFR1) == 0)
		return hw.pfr1;
	if (strcmp(name, R_ICC_IAR0) == 0)
		return 1023; /* nothing pending */
	return hw_reg(hw_cur, name);
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	struct hw_reg *r;

	if (strcmp(name, R_CLUSTERPWRDN) == 0) {
		hw.cpu[hw_cur].clusterpwrdn = value;
		event(EV_SYSREG, hw_cur, HW_REG_CLUSTERPWRDN, value);
		return;
	}
	r = reg_slot(hw_cur, name, true);
	if (!r) {
		violation("CPU%u: too many system registers (%s)", hw_cur, name);
		return;
	}
	r->value = value;
	if (strcmp(name, R_CPUPWRCTLR) == 0)
		event(EV_SYSREG, hw_cur, HW_REG_CPUPWRCTLR, value);
}

void secmon_host_barrier(const char *which)
{
	event(EV_BARRIER, hw_cur, strcmp(which, "isb") == 0 ? 0 : 1, 0);
}

void secmon_host_dcache_off_flush(unsigned int level)
{
	violation("CPU%u: set/way power-down flush to level %u (N1 does it in hardware)", hw_cur,
		  level);
}

void secmon_dcache_flush_to_level(unsigned int level)
{
	event(EV_FLUSH, hw_cur, level, 0);
}

unsigned int secmon_cache_loc(void)
{
	return 3; /* L1, L2 (per core) and the DSU's L3 */
}

void secmon_dcache_flush_range(const void *addr, size_t size)
{
	(void)addr;
	(void)size;
}

static uint32_t rd_read32(unsigned int cpu, uint64_t off)
{
	return sim_bus_peek(HW_GICR(cpu) + off);
}

void secmon_host_power_down_wfi(void)
{
	unsigned int me = hw_cur, cluster = HW_CLUSTER(me);
	struct hw_cpu *c = &hw.cpu[me];

	event(EV_WFI, me, 0, 0);
	if (!(hw_reg(me, R_CPUPWRCTLR) & CORE_PWRDN_EN))
		violation("CPU%u: final WFI without CPUPWRCTLR.CORE_PWRDN_EN", me);
	if (!(rd_read32(me, 0x14) & WAKER_SLEEP) || !(rd_read32(me, 0x24) & PWRR_RDPD))
		violation("CPU%u: final WFI with its redistributor awake or powered", me);
	if (c->clusterpwrdn & 1u) {
		for (unsigned int s = 0; s < HW_CPUS; s++)
			if (s != me && HW_CLUSTER(s) == cluster && hw.cpu[s].powered &&
			    !(hw_reg(s, R_CPUPWRCTLR) & CORE_PWRDN_EN))
				violation("CPU%u asks for cluster %u to go while CPU%u runs", me,
					  cluster, s);
	}
	scp_sim_wfi(&hw.scp, me);
	if (hw.scp.cpu[me] != SCP_ON)
		c->powered = false;
	if (!c->down_armed) {
		fprintf(stderr, "CPU%u powered down outside hw_call()\n", me);
		abort();
	}
	c->down_armed = false;
	longjmp(c->down, 1);
}

/* ---- SCP hooks ---- */

static void scp_power_on(void *ctx, unsigned int domain)
{
	struct hw_cpu *c = &hw.cpu[domain];
	unsigned int cluster = HW_CLUSTER(domain);

	(void)ctx;
	/* A cluster power-up resets the DSU (every core's CLUSTERPWRDN bank). */
	if (!hw.cluster_powered[cluster]) {
		hw.cluster_powered[cluster] = true;
		for (unsigned int s = 0; s < HW_CPUS; s++)
			if (HW_CLUSTER(s) == cluster)
				hw.cpu[s].clusterpwrdn = 0;
	}
	/* A cold reset of the core: its registers are back to their reset values. */
	c->powered = true;
	c->n_reg = 0;
	event(EV_POWER_ON, domain, 0, 0);
}

static void scp_cluster_off(void *ctx, unsigned int cluster)
{
	(void)ctx;
	if (!(hw.cpu[hw_cur].clusterpwrdn & 1u))
		violation("cluster %u lost power but CPU%u, the last down, did not set "
			  "CLUSTERPWRDN",
			  cluster, hw_cur);
	for (unsigned int s = 0; s < HW_CPUS; s++)
		if (HW_CLUSTER(s) == cluster && hw.cpu[s].powered &&
		    !(hw_reg(s, R_CPUPWRCTLR) & CORE_PWRDN_EN))
			violation("cluster %u lost power with CPU%u not powered down", cluster, s);
	hw.cluster_powered[cluster] = false;
	hw.cluster_downs[cluster]++;
	hw.cluster_downer[cluster] = hw_cur;
	event(EV_CLUSTER_OFF, hw_cur, cluster, 0);
}

static void scp_message(void *ctx, unsigned int index)
{
	(void)ctx;
	event(EV_SCMI, hw_cur, index, 0);
}

/* ---- Devices ---- */

static uint32_t gicd_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	(void)ctx;
	(void)old;
	if (addr == HW_GICD)
		hw.gicd_ctlr_writes++;
	return value & ~(1u << 31); /* RWP never sticks */
}

/* GICR_WAKER: ChildrenAsleep follows ProcessorSleep at once. */
static uint32_t waker_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	(void)addr;
	return (stored & ~WAKER_ASLEEP) | ((stored & WAKER_SLEEP) ? WAKER_ASLEEP : 0);
}

static uint32_t waker_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	unsigned int cpu = (unsigned int)(uintptr_t)ctx;

	(void)addr;
	(void)old;
	if (sim_bus_peek(HW_GICR(cpu) + 0x24) & PWRR_RDPD)
		violation("GICR_WAKER of CPU%u written while powered down", cpu);
	event(EV_GICR_WAKER, hw_cur, cpu, value);
	return value;
}

/* GICR_PWRR: the power group follows RDPD at once (no transition is modelled). */
static uint32_t pwrr_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	(void)addr;
	return (stored & PWRR_RDPD) ? PWRR_DOWN : 0;
}

static uint32_t pwrr_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	unsigned int cpu = (unsigned int)(uintptr_t)ctx;

	(void)addr;
	(void)old;
	event(EV_GICR_PWRR, hw_cur, cpu, value);
	return value & PWRR_RDPD;
}

static uint32_t sgi_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	unsigned int cpu = (unsigned int)(uintptr_t)ctx;

	(void)old;
	if (sim_bus_peek(HW_GICR(cpu) + 0x24) & PWRR_RDPD)
		violation("redistributor of CPU%u programmed (0x%llx) while powered down", cpu,
			  (unsigned long long)(addr - HW_GICR(cpu)));
	return value;
}

static uint32_t uart_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	size_t len = strlen(hw.console);

	(void)ctx;
	if (addr == HW_UART && len < sizeof(hw.console) - 1)
		hw.console[len] = (char)value;
	return addr == HW_UART ? old : value;
}

static uint32_t uart_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	return addr == HW_UART + 0x18 ? 0 : stored; /* FR: never full, never busy */
}

static uint32_t ssc_read(void *ctx, uint64_t addr, uint32_t stored)
{
	(void)ctx;
	(void)addr;
	(void)stored;
	return 0x0113b0a5u; /* made up: major 1, minor 1, part 0x0a5 */
}

/* ---- Board ---- */

struct scp_sim_config hw_default_scp(void)
{
	return (struct scp_sim_config){
	    .shmem = HW_SCMI_SHMEM,
	    .shmem_size = 0x80,
	    .doorbell = HW_MHU_DOORBELL,
	    .doorbell_bits = 1u,
	    .domains = HW_CPUS,
	    .domain_cluster = {0, 0, 1, 1},
	    .clusters = HW_CLUSTERS,
	    .initially_on = 0,
	    .state_get = true,
	    .system_power = true,
	    .sys_attributes = 3u << 30,
	    .vendor = "arm",
	};
}

void hw_reset(const struct scp_sim_config *scp_cfg)
{
	const struct scp_sim_hooks hooks = {
	    .power_on = scp_power_on,
	    .cluster_off = scp_cluster_off,
	    .message = scp_message,
	};

	if (!have_pristine) {
		pristine_ops = n1sdp_psci_ops;
		have_pristine = true;
	}
	n1sdp_psci_ops = pristine_ops;
	sim_bus_reset();
	memset(&hw, 0, sizeof(hw));
	for (unsigned int i = 0; i < HW_CPUS; i++)
		hw.cpu[i].ops = &secmon_neoverse_n1_ops;
	hw.midr = HW_MIDR_R4P1;
	hw.pfr0 = 1ull << 56 | 1ull << 8; /* CSV2 = 1, EL2 implemented */
	hw.pfr1 = 2ull << 4;		  /* SSBS with MSR/MRS */
	hw.cpu[0].powered = true;
	hw.cluster_powered[0] = true;
	sim_bus_map(HW_GICD, 0x10000, NULL, gicd_write, NULL);
	sim_bus_poke(HW_GICD + 0x4, 1); /* GICD_TYPER: 64 interrupt IDs */
	for (unsigned int i = 0; i < HW_CPUS; i++) {
		void *ctx = (void *)(uintptr_t)i;
		uint64_t aff = HW_MPIDR(i);

		/* GICR_TYPER: affinity [63:32] (Aff3.Aff2.Aff1.Aff0), Last on the final frame. */
		sim_bus_poke(HW_GICR(i) + 0x8, i == HW_CPUS - 1 ? 1u << 4 : 0);
		sim_bus_poke(HW_GICR(i) + 0xc, (uint32_t)aff);
		sim_bus_poke(HW_GICR(i) + 0x14, WAKER_SLEEP); /* asleep out of reset */
		sim_bus_poke(HW_GICR(i) + 0x24, PWRR_RDPD);   /* GIC-600: powered down */
		sim_bus_map(HW_GICR(i) + 0x14, 4, waker_read, waker_write, ctx);
		sim_bus_map(HW_GICR(i) + 0x24, 4, pwrr_read, pwrr_write, ctx);
		sim_bus_map(HW_GICR(i) + 0x10000, 0x10000, NULL, sgi_write, ctx);
	}
	sim_bus_map(HW_UART, 0x1000, uart_read, uart_write, NULL);
	sim_bus_map(HW_SSC_VERSION, 4, ssc_read, NULL, NULL);
	scp_sim_init(&hw.scp, scp_cfg, &hooks);
	hw_cur = 0;
}

int32_t hw_cold_boot(void)
{
	int32_t rc;

	hw_cur = 0;
	n1sdp_platform.early_init();
	hw.cpu[0].ops->reset();
	if (n1sdp_platform.init() != 0)
		return PSCI_RET_INTERNAL_FAILURE;
	rc = secmon_psci_init(n1sdp_platform.psci, 0);
	n1sdp_platform.cpu_init(0);
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
	/* BL1 -> the mailbox's address (the core's warm entry): reset hook, cpu_init, PSCI. */
	if ((sim_bus_peek(HW_MAILBOX) | (uint64_t)sim_bus_peek(HW_MAILBOX + 4) << 32) !=
	    (uint64_t)(uintptr_t)secmon_entry_warm)
		violation("CPU%u: the trusted mailbox does not lead to the warm entry", cpu);
	c->ops->reset();
	n1sdp_platform.cpu_init(cpu);
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
