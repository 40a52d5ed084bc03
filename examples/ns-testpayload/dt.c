/* Scan of the DTB for the PSCI node and the CPU nodes. */
#include "dt.h"
#include "board.h"
#include "fdt.h"
#include "util.h"

struct scan {
	struct dt_info *info;
	unsigned int cpu_addr_cells; /* #address-cells of /cpus */
	unsigned int addr_cells;     /* #address-cells of the root */
	unsigned int size_cells;     /* #size-cells of the root */
	bool in_cpus;		     /* inside /cpus */
	/* The depth-1 node being read: a memory node or the GIC? */
	bool is_memory;
	unsigned int gic_version;
	uint64_t node_reg[4]; /* its first two (address, size) pairs */
	unsigned int reg_pairs;
	/* The depth-1 node (PSCI candidate) or /cpus child being read. */
	bool compat_psci, compat_psci_1_0, method_smc;
	bool is_cpu, enable_psci;
	uint64_t reg;
};

static bool prop_is(const char *name, const char *want)
{
	return strcmp(name, want) == 0;
}

/* Reads a value of n (1 or 2) cells starting at cell *i. */
static uint64_t read_cells(const void *value, unsigned int *i, unsigned int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt_cell(value, (*i)++);
	return v;
}

static void read_reg(struct scan *s, const void *value, uint32_t len)
{
	unsigned int cells = s->addr_cells + s->size_cells, i = 0;

	s->reg_pairs = 0;
	if (s->addr_cells < 1 || s->addr_cells > 2 || s->size_cells < 1 || s->size_cells > 2)
		return;
	while (s->reg_pairs < 2 && (i + cells) * 4 <= len) {
		s->node_reg[2 * s->reg_pairs] = read_cells(value, &i, s->addr_cells);
		s->node_reg[2 * s->reg_pairs + 1] = read_cells(value, &i, s->size_cells);
		s->reg_pairs++;
	}
}

/* The end of a depth-1 node: keep what a memory node or the GIC told. */
static void node1_end(struct scan *s, struct dt_info *info)
{
	if (s->is_memory && s->reg_pairs > 0 && info->mem_size == 0) {
		info->mem_base = s->node_reg[0];
		info->mem_size = s->node_reg[1];
	}
	if (s->gic_version && s->reg_pairs == 2 && info->gic_version == 0) {
		info->gic_version = s->gic_version;
		info->gic_dist = s->node_reg[0];
		info->gic_cpu = s->node_reg[2];
	}
}

static int scan_event(void *ctx, enum fdt_event ev, unsigned int depth, const char *name,
		      const void *value, uint32_t len)
{
	struct scan *s = ctx;
	struct dt_info *info = s->info;

	if (ev == FDT_NODE_BEGIN) {
		if (depth == 1) {
			s->in_cpus = prop_is(name, "cpus");
			s->compat_psci = s->compat_psci_1_0 = s->method_smc = false;
			s->is_memory = false;
			s->gic_version = 0;
			s->reg_pairs = 0;
		} else if (depth == 2 && s->in_cpus) {
			s->is_cpu = s->enable_psci = false;
			s->reg = UINT64_MAX;
		}
	} else if (ev == FDT_PROP && depth == 0) {
		if (prop_is(name, "#address-cells") && len == 4)
			s->addr_cells = fdt_cell(value, 0);
		else if (prop_is(name, "#size-cells") && len == 4)
			s->size_cells = fdt_cell(value, 0);
	} else if (ev == FDT_PROP && depth == 1) {
		if (prop_is(name, "device_type")) {
			s->is_memory = fdt_stringlist_contains(value, len, "memory");
		} else if (prop_is(name, "reg")) {
			read_reg(s, value, len);
		}
		if (prop_is(name, "compatible")) {
			if (fdt_stringlist_contains(value, len, "arm,gic-v3"))
				s->gic_version = 3;
			else if (fdt_stringlist_contains(value, len, "arm,cortex-a15-gic") ||
				 fdt_stringlist_contains(value, len, "arm,gic-400"))
				s->gic_version = 2;
			s->compat_psci = fdt_stringlist_contains(value, len, "arm,psci") ||
					 fdt_stringlist_contains(value, len, "arm,psci-0.2") ||
					 fdt_stringlist_contains(value, len, "arm,psci-1.0");
			s->compat_psci_1_0 = fdt_stringlist_contains(value, len, "arm,psci-1.0");
		} else if (prop_is(name, "method")) {
			s->method_smc = fdt_stringlist_contains(value, len, "smc");
		} else if (s->in_cpus && prop_is(name, "#address-cells") && len == 4) {
			s->cpu_addr_cells = fdt_cell(value, 0);
		}
	} else if (ev == FDT_PROP && depth == 2 && s->in_cpus) {
		if (prop_is(name, "device_type"))
			s->is_cpu = fdt_stringlist_contains(value, len, "cpu");
		else if (prop_is(name, "enable-method"))
			s->enable_psci = fdt_stringlist_contains(value, len, "psci");
		else if (prop_is(name, "reg") && len == 4 * s->cpu_addr_cells)
			s->reg = s->cpu_addr_cells == 2
				     ? ((uint64_t)fdt_cell(value, 0) << 32) | fdt_cell(value, 1)
				     : fdt_cell(value, 0);
	} else if (ev == FDT_NODE_END && depth == 1) {
		node1_end(s, info);
		if (s->compat_psci) {
			info->psci_node = true;
			info->psci_1_0 = s->compat_psci_1_0;
			info->psci_method_smc = s->method_smc;
		}
		s->in_cpus = false;
	} else if (ev == FDT_NODE_END && depth == 2 && s->in_cpus && s->is_cpu) {
		if (info->cpus < SECMON_MAX_CPUS)
			info->mpidr[info->cpus] = s->reg;
		info->cpus++;
		if (s->enable_psci)
			info->cpus_psci++;
	}
	return 0;
}

void dt_scan(uintptr_t addr, struct dt_info *info)
{
	struct scan s = {.info = info, .cpu_addr_cells = 1, .addr_cells = 2, .size_cells = 1};

	memset(info, 0, sizeof(*info));
	/* Do not touch memory that may not exist: the DTB belongs below the payload. */
	if (addr < NS_DRAM_BASE || addr >= NS_PAYLOAD_BASE) {
		info->error = "address outside NS DRAM below the payload";
		return;
	}
	info->error = fdt_check_header(addr);
	if (info->error)
		return;
	if (fdt_walk(addr, scan_event, &s) != 0)
		info->error = "malformed structure block";
}
