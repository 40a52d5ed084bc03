/* Host model of the N1SDP hardware: see n1sdp_hw.h. */
#include <string.h>

#include <secmon/cache.h>
#include <secmon/drivers/cpus.h>

#include "n1sdp.h"
#include "n1sdp_hw.h"
#include "n1sdp_private.h" /* n1sdp_scp, secmon_entry_warm */
#include "sim_bus.h"

/* Host hooks the CPU ops and the GIC driver call. */
uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);
void secmon_host_dcache_off_flush(unsigned int level);

struct n1sdp_hw hw;

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

/* Only its address matters: the port stores it in the trusted mailbox. */
void secmon_entry_warm(void)
{
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
	if (!sim.cpu[sim_cur].powered)
		sim_violation("CPU%u reads %s without power", sim_cur, name);
	if (strcmp(name, R_MIDR) == 0)
		return hw.midr;
	if (strcmp(name, R_MPIDR) == 0)
		return 0x81000000ull | HW_MPIDR(sim_cur); /* RES1 bit 31, MT */
	if (strcmp(name, R_PFR0) == 0)
		return hw.pfr0;
	if (strcmp(name, R_PFR1) == 0)
		return hw.pfr1;
	if (strcmp(name, R_ICC_IAR0) == 0)
		return 1023; /* nothing pending */
	return hw_reg(sim_cur, name);
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	struct hw_reg *r;

	if (strcmp(name, R_CLUSTERPWRDN) == 0) {
		hw.cpu[sim_cur].clusterpwrdn = value;
		sim_log_event(EV_SYSREG, sim_cur, HW_REG_CLUSTERPWRDN, value);
		return;
	}
	r = reg_slot(sim_cur, name, true);
	if (!r) {
		sim_violation("CPU%u: too many system registers (%s)", sim_cur, name);
		return;
	}
	r->value = value;
	if (strcmp(name, R_CPUPWRCTLR) == 0)
		sim_log_event(EV_SYSREG, sim_cur, HW_REG_CPUPWRCTLR, value);
}

void secmon_host_dcache_off_flush(unsigned int level)
{
	sim_violation("CPU%u: set/way power-down flush to level %u (N1 does it in hardware)",
		      sim_cur, level);
}

void secmon_dcache_flush_to_level(unsigned int level)
{
	sim_log_event(EV_FLUSH, sim_cur, level, 0);
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

/* ---- What css_sim asks the board ---- */

static void final_wfi(unsigned int me)
{
	unsigned int cluster = HW_CLUSTER(me);

	if (!(hw_reg(me, R_CPUPWRCTLR) & CORE_PWRDN_EN))
		sim_violation("CPU%u: final WFI without CPUPWRCTLR.CORE_PWRDN_EN", me);
	if (!(rd_read32(me, 0x14) & WAKER_SLEEP) || !(rd_read32(me, 0x24) & PWRR_RDPD))
		sim_violation("CPU%u: final WFI with its redistributor awake or powered", me);
	if (hw.cpu[me].clusterpwrdn & 1u) {
		for (unsigned int s = 0; s < HW_CPUS; s++)
			if (s != me && HW_CLUSTER(s) == cluster && sim.cpu[s].powered &&
			    !(hw_reg(s, R_CPUPWRCTLR) & CORE_PWRDN_EN))
				sim_violation("CPU%u asks for cluster %u to go while CPU%u runs",
					      me, cluster, s);
	}
}

static void power_on(unsigned int cpu)
{
	unsigned int cluster = HW_CLUSTER(cpu);

	/* A cluster power-up resets the DSU (every core's CLUSTERPWRDN bank). */
	if (!hw.cluster_powered[cluster]) {
		hw.cluster_powered[cluster] = true;
		for (unsigned int s = 0; s < HW_CPUS; s++)
			if (HW_CLUSTER(s) == cluster)
				hw.cpu[s].clusterpwrdn = 0;
	}
	/* A cold reset of the core: its registers are back to their reset values. */
	hw.cpu[cpu].n_reg = 0;
}

static void cluster_off(unsigned int cluster)
{
	if (!(hw.cpu[sim_cur].clusterpwrdn & 1u))
		sim_violation("cluster %u lost power but CPU%u, the last down, did not set "
			      "CLUSTERPWRDN",
			      cluster, sim_cur);
	for (unsigned int s = 0; s < HW_CPUS; s++)
		if (HW_CLUSTER(s) == cluster && sim.cpu[s].powered &&
		    !(hw_reg(s, R_CPUPWRCTLR) & CORE_PWRDN_EN))
			sim_violation("cluster %u lost power with CPU%u not powered down", cluster,
				      s);
	hw.cluster_powered[cluster] = false;
	hw.cluster_downs[cluster]++;
	hw.cluster_downer[cluster] = sim_cur;
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
		sim_violation("GICR_WAKER of CPU%u written while powered down", cpu);
	sim_log_event(EV_GICR_WAKER, sim_cur, cpu, value);
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
	sim_log_event(EV_GICR_PWRR, sim_cur, cpu, value);
	return value & PWRR_RDPD;
}

static uint32_t sgi_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	unsigned int cpu = (unsigned int)(uintptr_t)ctx;

	(void)old;
	if (sim_bus_peek(HW_GICR(cpu) + 0x24) & PWRR_RDPD)
		sim_violation("redistributor of CPU%u programmed (0x%llx) while powered down", cpu,
			      (unsigned long long)(addr - HW_GICR(cpu)));
	return value;
}

/* ---- Board ---- */

static unsigned int cpu_cluster(unsigned int cpu)
{
	return HW_CLUSTER(cpu);
}

static unsigned int cpu_domain(unsigned int cpu)
{
	return cpu; /* the SCP numbers CPUs as the tree does */
}

static const char *const event_names[] = {
    "sysreg",	   "barrier",  "flush",	     "scmi",	  "wfi",
    "cluster-off", "power-on", "gicr-waker", "gicr-pwrr",
};

const struct css_sim_board n1sdp_board = {
    .name = "n1sdp_hw",
    .event_names = event_names,
    .n_event_names = sizeof(event_names) / sizeof(event_names[0]),
    .sequence_skip = 1u << EV_GICR_WAKER | 1u << EV_GICR_PWRR,
    .port = &n1sdp_platform,
    .psci_ops = &n1sdp_psci_ops,
    .cpus = HW_CPUS,
    .clusters = HW_CLUSTERS,
    .cpu_cluster = cpu_cluster,
    .cpu_domain = cpu_domain,
    .scmi_shmem = HW_SCMI_SHMEM,
    .mhu_base = HW_MHU,
    .mailbox = HW_MAILBOX,
    .warm_entry = (uintptr_t)secmon_entry_warm,
    .uart = HW_UART,
    .ssc_version = HW_SSC_VERSION,
    .ssc_value = 0x0113b0a5u, /* made up: major 1, minor 1, part 0x0a5 */
    .reset = hw_reset,
    .power_on = power_on,
    .cluster_off = cluster_off,
    .final_wfi = final_wfi,
    .port_name = "N1SDP",
    .scmi = &n1sdp_scp.channel,
    .far_cpu = 3,	       /* cluster 1, core 1: MPIDR 0x10100 */
    .bad_mpidr = 0x200,	       /* two cores per cluster */
    .secure_addr = 0x04020000, /* BL31 */
    .dram2_entry = 0x8080000000ull,
};

struct scp_sim_config hw_default_scp(void)
{
	return sim_default_scp(&n1sdp_board);
}

void hw_reset(const struct scp_sim_config *scp_cfg)
{
	sim_reset(&n1sdp_board, scp_cfg);
	memset(&hw, 0, sizeof(hw));
	for (unsigned int i = 0; i < HW_CPUS; i++)
		sim.cpu[i].ops = &secmon_neoverse_n1_ops;
	hw.midr = HW_MIDR_R4P1;
	hw.pfr0 = 1ull << 56 | 1ull << 8; /* CSV2 = 1, EL2 implemented */
	hw.pfr1 = 2ull << 4;		  /* SSBS with MSR/MRS */
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
}
