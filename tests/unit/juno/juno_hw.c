/* Host model of the Juno hardware: see juno_hw.h. */
#include <string.h>

#include <secmon/cache.h>
#include <secmon/drivers/cpus.h>

#include "juno.h"
#include "juno_hw.h"
#include "juno_private.h" /* juno_scp, juno_warm_entry(_c) */
#include "sim_bus.h"

/* Host hooks the CPU ops call (declared by their private header). */
uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);
void secmon_host_dcache_off_flush(unsigned int level);

struct juno_hw hw;

#define SMPEN		(1ull << 6)
#define GICD_BANK_WORDS (0x820u / 4u)
#define GICC_BANK_WORDS (0x2000u / 4u)

static uint32_t gicd_bank[HW_CPUS][GICD_BANK_WORDS];
static uint32_t gicc_bank[HW_CPUS][GICC_BANK_WORDS];

/* ---- Hooks of the port and the CPU ops ---- */

/* Only its address matters: the port stores it in the trusted mailbox. */
void juno_warm_entry(void)
{
}

static int reg_index(const char *name)
{
	if (strcmp(name, "S3_1_C15_C2_1") == 0)
		return HW_REG_CPUECTLR;
	if (strcmp(name, "S3_1_C15_C2_0") == 0)
		return HW_REG_CPUACTLR;
	if (strcmp(name, "S2_0_C1_C3_4") == 0)
		return HW_REG_OSDLR;
	sim_violation("CPU%u: access to unexpected system register %s", sim_cur, name);
	return -1;
}

uint64_t secmon_host_sysreg_read(const char *name)
{
	int r = reg_index(name);

	return r < 0 ? 0 : hw.cpu[sim_cur].reg[r];
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	int r = reg_index(name);

	if (r < 0)
		return;
	hw.cpu[sim_cur].reg[r] = value;
	sim_log_event(EV_SYSREG, sim_cur, (uint64_t)r, value);
}

void secmon_host_dcache_off_flush(unsigned int level)
{
	struct hw_cpu *c = &hw.cpu[sim_cur];
	unsigned int cluster = HW_CLUSTER(sim_cur);
	long i;

	if (!c->cache_on)
		sim_violation("CPU%u: data cache turned off twice", sim_cur);
	if (level < 1 || level > 2)
		sim_violation("CPU%u: flush to level %u (A53/A57 have 2)", sim_cur, level);
	sim_bus_lock();
	i = sim_log_event(EV_OFF_FLUSH, sim_cur, level, 0);
	c->cache_on = false;
	c->last_l1_clean = i;
	if (level >= 2) {
		hw.l2_flush[cluster] = i;
		hw.l2_flusher[cluster] = sim_cur;
	}
	sim_bus_unlock();
}

void secmon_dcache_flush_range(const void *addr, size_t size)
{
	if (!hw.cpu[sim_cur].cache_on)
		sim_violation("CPU%u: flush by address with the data cache off", sim_cur);
	sim_log_event(EV_FLUSH_RANGE, sim_cur, (uint64_t)(uintptr_t)addr, size);
}

void secmon_dcache_flush_to_level(unsigned int level)
{
	if (!hw.cpu[sim_cur].cache_on)
		sim_violation("CPU%u: flush_caches with the data cache off", sim_cur);
	sim_log_event(EV_FLUSH, sim_cur, level, 0);
}

/* ---- What css_sim asks the board ---- */

static void final_wfi(unsigned int cpu)
{
	const struct hw_cpu *c = &hw.cpu[cpu];

	if (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN))
		sim_violation("CPU%u: final WFI with the data cache on or SMPEN set", cpu);
}

/* A cold reset of the core: caches off, out of SMP, no OS double lock. */
static void power_on(unsigned int cpu)
{
	struct hw_cpu *c = &hw.cpu[cpu];

	c->cache_on = false;
	c->reg[HW_REG_CPUECTLR] = 0;
	c->reg[HW_REG_OSDLR] = 0;
}

static void cluster_off(unsigned int cluster)
{
	if (hw.cci_snoop[HW_CCI_IFACE(cluster)] != 0)
		sim_violation("cluster %u lost power with CCI snoops/DVM on", cluster);
	for (unsigned int cpu = 0; cpu < HW_CPUS; cpu++) {
		const struct hw_cpu *c = &hw.cpu[cpu];

		if (HW_CLUSTER(cpu) != cluster)
			continue;
		if (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN))
			sim_violation("cluster %u lost power with CPU%u still coherent", cluster,
				      cpu);
		if (hw.l2_flush[cluster] < c->last_l1_clean || hw.l2_flush[cluster] < 0)
			sim_violation("cluster %u lost power with CPU%u's last L1 clean not "
				      "flushed from the L2",
				      cluster, cpu);
	}
}

static void clear_logs(void)
{
	for (unsigned int i = 0; i < HW_CPUS; i++)
		hw.cpu[i].last_l1_clean = -1;
	hw.l2_flush[0] = hw.l2_flush[1] = -1;
}

/* BL1 -> the mailbox's address, juno_entry.S: the CCI entry, caches still off. */
static void warm_entry(unsigned int cpu)
{
	juno_warm_entry_c(HW_MPIDR(cpu) | 0x80000000ull); /* MPIDR bit 31 reads as one */
}

static void caches_on(unsigned int cpu)
{
	hw.cpu[cpu].cache_on = true; /* the core's MMU and caches */
}

/* ---- Devices ---- */

static uint32_t *gicd_banked(uint64_t off)
{
	if (off == 0x080 || off == 0x100 || off == 0x180 || (off >= 0x400 && off < 0x420) ||
	    (off >= 0x800 && off < 0x820))
		return &gicd_bank[sim_cur][off / 4];
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
		return 0x01010101u << sim_cur; /* ITARGETSR0-7 read as this CPU's interface */
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
	return gicc_bank[sim_cur][off / 4];
}

static uint32_t gicc_write(void *ctx, uint64_t addr, uint32_t old, uint32_t value)
{
	uint64_t off = addr - HW_GICC;

	(void)ctx;
	gicc_bank[sim_cur][off / 4] = value;
	if (off == 0 && !(value & 3u))
		sim_log_event(EV_GIC_DOWN, sim_cur, 0, value);
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
		sim_violation("CCI write to 0x%llx", (unsigned long long)off);
		return value;
	}
	hw.cci_snoop[iface] = value & 3u;
	hw.cci_pending = 2;
	sim_log_event(EV_CCI, sim_cur, iface, value & 3u);
	if ((value & 3u) == 0) {
		/* Leaving coherency: nobody in the cluster may still use its caches. */
		for (unsigned int cpu = 0; cpu < HW_CPUS; cpu++) {
			const struct hw_cpu *c = &hw.cpu[cpu];

			if (HW_CCI_IFACE(HW_CLUSTER(cpu)) == iface && sim.cpu[cpu].powered &&
			    (c->cache_on || (c->reg[HW_REG_CPUECTLR] & SMPEN)))
				sim_violation("CCI exit of interface %u while CPU%u is coherent",
					      iface, cpu);
		}
		hw.cci_exiter[iface == 4 ? HW_BIG : HW_LITTLE] = sim_cur;
	}
	return old;
}

/* ---- Board ---- */

static unsigned int cpu_cluster(unsigned int cpu)
{
	return HW_CLUSTER(cpu);
}

static unsigned int cpu_domain(unsigned int cpu)
{
	return HW_DOMAIN(cpu);
}

static void reset_default(const struct scp_sim_config *scp_cfg)
{
	hw_reset(scp_cfg, false);
}

static const char *const event_names[] = {
    "sysreg",	"barrier",   "flush", "scmi",	  "wfi",	 "cluster-off",
    "power-on", "off+flush", "cci",   "gic-down", "flush-range",
};

const struct css_sim_board juno_board = {
    .name = "juno_hw",
    .event_names = event_names,
    .n_event_names = sizeof(event_names) / sizeof(event_names[0]),
    .sequence_skip = 1u << EV_GIC_DOWN,
    .port = &juno_platform,
    .psci_ops = &juno_psci_ops,
    .cpus = HW_CPUS,
    .clusters = 2,
    .cpu_cluster = cpu_cluster,
    .cpu_domain = cpu_domain,
    .scmi_shmem = HW_SCMI_SHMEM,
    .mhu_base = HW_MHU,
    .mailbox = HW_MAILBOX,
    .warm_entry = (uintptr_t)juno_warm_entry,
    .uart = HW_UART0,
    .ssc_version = HW_SSC_VERSION,
    .ssc_value = 0x0203b030u, /* major 2, minor 0, designer 0x3b, part 0x030 (Juno) */
    .reset = reset_default,
    .power_on = power_on,
    .cluster_off = cluster_off,
    .final_wfi = final_wfi,
    .clear_logs = clear_logs,
    .warm_entry_hook = warm_entry,
    .caches_on = caches_on,
    .port_name = "Juno",
    .scmi = &juno_scp.channel,
    .far_cpu = 4,	       /* big CPU 0, MPIDR 0x0 */
    .bad_mpidr = 0x105,	       /* the LITTLE cluster has 4 CPUs */
    .secure_addr = 0x04003000, /* BL31 */
    .dram2_entry = 0x880000000ull,
};

struct scp_sim_config hw_default_scp(void)
{
	return sim_default_scp(&juno_board);
}

void hw_reset(const struct scp_sim_config *scp_cfg, bool big_a72)
{
	sim_reset(&juno_board, scp_cfg);
	memset(&hw, 0, sizeof(hw));
	memset(gicd_bank, 0, sizeof(gicd_bank));
	memset(gicc_bank, 0, sizeof(gicc_bank));
	for (unsigned int i = 0; i < HW_CPUS; i++)
		sim.cpu[i].ops = i < 4	   ? &secmon_cortex_a53_ops
				 : big_a72 ? &secmon_cortex_a72_ops
					   : &secmon_cortex_a57_ops;
	clear_logs();
	/* BL1 brought the boot cluster into the CCI. */
	hw.cci_snoop[HW_CCI_IFACE(HW_LITTLE)] = 3;
	sim_bus_map(HW_GICD, 0x1000, gicd_read, gicd_write, NULL);
	sim_bus_map(HW_GICC, 0x2000, gicc_read, gicc_write, NULL);
	sim_bus_map(HW_CCI, 0x10000, cci_read, cci_write, NULL);
}
