/*
 * QEMU sbsa-ref's DTB through libfdt: read once at cold boot, then completed for the
 * normal world, which finds in it what QEMU leaves out (the board's UEFI firmware would
 * give it ACPI tables instead).
 */
#include <libfdt.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/cold_boot.h>
#include <secmon/drivers/park_power.h>

#include "sbsa_ref.h"

/* Idle states in park_power's StateID encoding; latencies nominal, ordered as on hardware. */
static const struct {
	const char *name;
	uint32_t param, entry_us, exit_us, residency_us;
	bool cluster;
} idle_states[] = {
    {"cpu-retention", 0x00000001, 10, 10, 20, false},
    {"cpu-power-down", 0x00010002, 100, 200, 500, false},
    {"cluster-power-down", 0x01010022, 500, 1000, 2500, true},
};

SECMON_COLD_BOOT static uint64_t read_cells(const fdt32_t *p, int cells)
{
	uint64_t v = 0;

	for (int i = 0; i < cells; i++)
		v = v << 32 | fdt32_to_cpu(p[i]);
	return v;
}

SECMON_COLD_BOOT const char *sbsa_dtb_read(void *dtb, unsigned int max, struct sbsa_hw *hw)
{
	int cpus, node, len, ac;
	const fdt32_t *reg;

	if (fdt_check_header(dtb) || fdt_totalsize(dtb) > SBSA_DTB_MAX_SIZE)
		return "no valid DTB at the start of DRAM";
	cpus = fdt_path_offset(dtb, "/cpus");
	ac = fdt_address_cells(dtb, cpus);
	if (cpus < 0 || ac < 1 || ac > 2)
		return "no /cpus node";
	hw->cpu_count = 0;
	fdt_for_each_subnode(node, dtb, cpus)
	{
		reg = fdt_getprop(dtb, node, "reg", &len);
		if (!reg || len != ac * 4)
			continue; /* not a CPU (idle-states, cpu-map) */
		if (hw->cpu_count == max)
			return "more CPUs than the image's CPUS";
		uint64_t mpidr = read_cells(reg, ac);
		hw->cpus[hw->cpu_count].mpidr = mpidr;
		hw->cpus[hw->cpu_count].cluster = (uint32_t)SBSA_MPIDR_CLUSTER(mpidr);
		hw->cpu_count++;
	}
	if (hw->cpu_count == 0)
		return "no CPU";
	node = fdt_node_offset_by_prop_value(dtb, -1, "device_type", "memory", sizeof("memory"));
	reg = node < 0 ? NULL : fdt_getprop(dtb, node, "reg", &len);
	if (!reg || len < 16)
		return "no memory node";
	hw->mem_base = read_cells(reg, 2);
	hw->mem_size = read_cells(reg + 2, 2);
	return NULL;
}

/* fdt_setprop_*() and friends, stopping at the first error (which later calls keep). */
struct patch {
	void *dtb;
	int err;
};

SECMON_COLD_BOOT static int add_node(struct patch *p, int parent, const char *name)
{
	int node = p->err ? p->err : fdt_add_subnode(p->dtb, parent, name);

	if (node < 0)
		p->err = node;
	return node;
}

SECMON_COLD_BOOT static void set_prop(struct patch *p, int node, const char *name, const void *val,
				      int len)
{
	if (!p->err)
		p->err = fdt_setprop(p->dtb, node, name, val, len);
}

SECMON_COLD_BOOT static void set_u32(struct patch *p, int node, const char *name, uint32_t v)
{
	fdt32_t be = cpu_to_fdt32(v);

	set_prop(p, node, name, &be, sizeof(be));
}

SECMON_COLD_BOOT static void set_string(struct patch *p, int node, const char *name, const char *s)
{
	if (!p->err)
		p->err = fdt_setprop_string(p->dtb, node, name, s);
}

/* reg = <base size>... in 2 + 2 cells. */
SECMON_COLD_BOOT static void set_reg(struct patch *p, int node, const uint64_t *pairs, int n)
{
	fdt64_t v[4];

	for (int i = 0; i < 2 * n && i < 4; i++)
		v[i] = cpu_to_fdt64(pairs[i]);
	set_prop(p, node, "reg", v, (int)(n * 2 * sizeof(fdt64_t)));
}

SECMON_COLD_BOOT static void add_psci(struct patch *p)
{
	static const char compat[] = "arm,psci-1.0\0arm,psci-0.2\0arm,psci";
	int psci = add_node(p, 0, "psci");

	set_prop(p, psci, "compatible", compat, sizeof(compat));
	set_string(p, psci, "method", "smc");
}

/* /cpus/idle-states; the phandles of the CPU and cluster states go to phandle[]. */
SECMON_COLD_BOOT static void add_idle_states(struct patch *p, int cpus, uint32_t *phandle)
{
	int states = add_node(p, cpus, "idle-states");

	set_string(p, states, "entry-method", "psci");
	for (unsigned int i = 0; i < sizeof(idle_states) / sizeof(idle_states[0]); i++) {
		int s = add_node(p, states, idle_states[i].name);

		set_string(p, s, "compatible", "arm,idle-state");
		set_u32(p, s, "arm,psci-suspend-param", idle_states[i].param);
		set_u32(p, s, "entry-latency-us", idle_states[i].entry_us);
		set_u32(p, s, "exit-latency-us", idle_states[i].exit_us);
		set_u32(p, s, "min-residency-us", idle_states[i].residency_us);
		if (!idle_states[i].cluster)
			set_prop(p, s, "local-timer-stop", NULL, 0);
		if (!p->err)
			p->err = fdt_generate_phandle(p->dtb, &phandle[i]);
		set_u32(p, s, "phandle", phandle[i]);
	}
}

/* Every CPU: a "cpu" enabled through PSCI, with the idle states it may enter. */
SECMON_COLD_BOOT static void enable_cpus(struct patch *p, int cpus, const uint32_t *phandle)
{
	fdt32_t states[sizeof(idle_states) / sizeof(idle_states[0])];
	int node;

	for (unsigned int i = 0; i < sizeof(states) / sizeof(states[0]); i++)
		states[i] = cpu_to_fdt32(phandle[i]);
	fdt_for_each_subnode(node, p->dtb, cpus)
	{
		if (p->err || !fdt_getprop(p->dtb, node, "reg", NULL))
			continue;
		set_string(p, node, "device_type", "cpu");
		set_string(p, node, "enable-method", "psci");
		set_prop(p, node, "cpu-idle-states", states, sizeof(states));
	}
}

SECMON_COLD_BOOT uint32_t sbsa_dtb_patch(void *dtb, const struct sbsa_hw *hw, const char **error)
{
	struct patch p = {dtb, fdt_open_into(dtb, dtb, (int)SBSA_DTB_MAX_SIZE)};
	uint64_t gic[4] = {SBSA_GICD_BASE, 0x10000, SBSA_GICR_BASE,
			   hw->cpu_count * SBSA_GICR_FRAME};
	uint64_t uart[2] = {SBSA_UART_BASE, 0x1000};
	static const char uart_compat[] = "arm,pl011\0arm,primecell";
	uint32_t phandle[sizeof(idle_states) / sizeof(idle_states[0])];
	int node;

	/* Every insertion moves the nodes after it: offsets are looked up when used. */
	add_psci(&p);
	add_idle_states(&p, fdt_path_offset(dtb, "/cpus"), phandle);
	enable_cpus(&p, fdt_path_offset(dtb, "/cpus"), phandle);
	node = add_node(&p, 0, "interrupt-controller@40060000");
	set_string(&p, node, "compatible", "arm,gic-v3");
	set_prop(&p, node, "interrupt-controller", NULL, 0);
	set_u32(&p, node, "#interrupt-cells", 3);
	set_reg(&p, node, gic, 2);
	node = add_node(&p, 0, "serial@60000000");
	set_prop(&p, node, "compatible", uart_compat, sizeof(uart_compat));
	set_reg(&p, node, uart, 1);
	node = fdt_path_offset(dtb, "/chosen");
	if (node < 0)
		node = add_node(&p, 0, "chosen");
	set_string(&p, node, "stdout-path", "/serial@60000000");
	if (!p.err)
		p.err = fdt_pack(dtb);
	if (p.err) {
		*error = fdt_strerror(p.err);
		return 0;
	}
	return fdt_totalsize(dtb);
}
