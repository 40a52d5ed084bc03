/*
 * virt_dt_parse() against the DTBs QEMU 7.2 dumps for each machine variant (see
 * CMakeLists.txt): every value is checked against what QEMU's virt board puts there.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dtb_util.h"
#include "virt_dt.h"

#define MiB (1024ull * 1024)

/* What one dumped variant must parse to. */
struct variant {
	const char *name;	/* DTB name in CMakeLists.txt */
	unsigned int gic;	/* gic-version */
	unsigned int cpus;	/* -smp */
	uint64_t mem_size;	/* -m */
	unsigned int cpu_map_n; /* cores per cpu-map cluster (from the -smp topology) */
	bool secure;		/* secure=on */
};

static const struct variant variants[] = {
    {"gicv2-a57-smp1", 2, 1, 128 * MiB, 1, true},
    {"gicv2-a57-smp4", 2, 4, 128 * MiB, 4, true},
    {"gicv2-max-smp8", 2, 8, 1024 * MiB, 8, true},
    {"gicv2-a57-smp8-sockets2", 2, 8, 128 * MiB, 4, true},
    {"gicv3-a57-smp4", 3, 4, 128 * MiB, 4, true},
    {"gicv3-max-smp8", 3, 8, 2048 * MiB, 8, true},
    {"gicv3-max-smp16-clusters2", 3, 16, 128 * MiB, 8, true},
    {"gicv3-max-smp20", 3, 20, 128 * MiB, 20, true},
    {"gicv3-max-smp130", 3, 130, 512 * MiB, 130, true},
    {"nosecure-gicv2-a57-smp2", 2, 2, 1024 * MiB, 2, false},
};

/* QEMU 7.2 virt_cpu_mp_affinity(): Aff0 counts up to 8 (GICv2) or 16 (GICv3) per Aff1. */
static uint64_t qemu_mpidr(unsigned int gic, unsigned int i)
{
	unsigned int n = gic == 2 ? 8 : 16;

	return (uint64_t)(i / n) << 8 | (i % n);
}

static bool overlaps(const struct virt_region *a, uint64_t base, uint64_t size)
{
	return a->base < base + size && base < a->base + a->size;
}

static void check_region(const struct virt_region *r, uint64_t base, uint64_t size)
{
	CHECK_EQ(r->base, base);
	CHECK_EQ(r->size, size);
}

/* Normal-world DRAM, as the platform describes memory. */
static void check_mem(const struct secmon_mem_region *m, uint64_t base, uint64_t size)
{
	CHECK_EQ(m->base, base);
	CHECK_EQ(m->size, size);
	CHECK_EQ(m->attrs, SECMON_MEM_NORMAL | SECMON_MEM_NS);
}

static uint64_t secure_chosen_seed(const void *fdt, const char *path)
{
	int len, node = fdt_path_offset(fdt, path);
	const fdt32_t *s = node < 0 ? NULL : fdt_getprop(fdt, node, "kaslr-seed", &len);

	return s == NULL || len != 8 ? 0 : (uint64_t)fdt32_to_cpu(s[0]) << 32 | fdt32_to_cpu(s[1]);
}

static void check_cpus(const struct variant *v, const struct virt_hw *hw, const void *fdt)
{
	CHECK_EQ(hw->cpu_count, v->cpus);
	CHECK_EQ(hw->topo_source, VIRT_TOPO_CPU_MAP);
	CHECK_EQ(hw->cluster_count, (v->cpus + v->cpu_map_n - 1) / v->cpu_map_n);
	for (unsigned int i = 0; i < hw->cpu_count && i < v->cpus; i++) {
		char path[32];
		const fdt32_t *reg;
		int node, len;

		CHECK_EQ(hw->cpu[i].mpidr, qemu_mpidr(v->gic, i));
		CHECK_EQ(hw->cpu[i].cluster, i / v->cpu_map_n);
		/* QEMU names cpu nodes by index in decimal, not by MPIDR: CPU i is node i. */
		snprintf(path, sizeof(path), "/cpus/cpu@%u", i);
		node = fdt_path_offset(fdt, path);
		reg = node < 0 ? NULL : fdt_getprop(fdt, node, "reg", &len);
		CHECK(reg != NULL && (len == 4 || len == 8));
		if (reg != NULL && (len == 4 || len == 8))
			CHECK_EQ(len == 4
				     ? fdt32_to_cpu(reg[0])
				     : (uint64_t)fdt32_to_cpu(reg[0]) << 32 | fdt32_to_cpu(reg[1]),
				 hw->cpu[i].mpidr);
	}
}

static void check_variant(const struct variant *v)
{
	static struct virt_hw hw;
	size_t size;
	void *fdt = dtb_load(v->name, 0, &size);
	int rc;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	rc = virt_dt_parse(fdt, size, &hw, NULL, NULL);
	if (v->cpus > SECMON_IMAGE_MAX_CPUS) {
		/* This build holds fewer CPUs than QEMU made: refused, not truncated. */
		CHECK_EQ(rc, VIRT_DT_ETOOMANY);
		free(fdt);
		return;
	}
	CHECK_EQ(rc, 0);
	if (rc != 0) {
		fprintf(stderr, "%s: %s\n", v->name, virt_dt_strerror(rc));
		free(fdt);
		return;
	}

	CHECK_EQ(hw.mem_count, 1);
	check_mem(&hw.mem[0], 0x40000000, v->mem_size);
	check_cpus(v, &hw, fdt);

	CHECK_EQ(hw.gic_version, v->gic);
	check_region(&hw.gicd, 0x08000000, 0x10000);
	if (v->gic == 2) {
		check_region(&hw.gicc, 0x08010000, 0x10000);
		CHECK_EQ(hw.gicr_count, 0);
	} else {
		CHECK_EQ(hw.gicc.size, 0);
		/* 0xf60000 = 123 redistributors of 128 KiB; more CPUs need the high region. */
		CHECK_EQ(hw.gicr_count, v->cpus > 123 ? 2 : 1);
		check_region(&hw.gicr[0], 0x080a0000, 0xf60000);
		if (v->cpus > 123)
			check_region(&hw.gicr[1], 0x4000000000ull, 0x4000000);
	}

	CHECK(hw.uart.present);
	check_region(&hw.uart.reg, 0x09000000, 0x1000);
	CHECK_EQ(hw.uart.clock_hz, 24000000);
	CHECK(hw.fw_cfg.present);
	check_region(&hw.fw_cfg.reg, 0x09020000, 0x18);

	if (v->secure) {
		CHECK(hw.secure_uart.present);
		check_region(&hw.secure_uart.reg, 0x09040000, 0x1000);
		CHECK_EQ(hw.secure_uart.clock_hz, 24000000);
		CHECK(hw.secure_gpio.present);
		check_region(&hw.secure_gpio.reg, 0x090b0000, 0x1000);
		CHECK_EQ(hw.secure_gpio.poweroff_pin, 0);
		CHECK_EQ(hw.secure_gpio.reset_pin, 1);
		check_region(&hw.secure_mem, 0x0e000000, 16 * MiB);
		CHECK(hw.secure_seed_present);
		CHECK_EQ(hw.secure_seed, secure_chosen_seed(fdt, "/secure-chosen"));
		CHECK(hw.secure_seed != secure_chosen_seed(fdt, "/chosen"));
	} else {
		CHECK(!hw.secure_uart.present);
		CHECK(!hw.secure_gpio.present);
		CHECK_EQ(hw.secure_gpio.poweroff_pin, VIRT_DT_NO_PIN);
		CHECK_EQ(hw.secure_mem.size, 0);
		CHECK(!hw.secure_seed_present);
	}

	/*
	 * No /reserved-memory needed: the normal world's memory does not reach secure SRAM
	 * (0x0e000000, 16 MiB) or secure flash (0x0, 64 MiB), where our image lives.
	 */
	for (unsigned int i = 0; i < hw.mem_count; i++) {
		const struct virt_region m = {hw.mem[i].base, hw.mem[i].size};

		CHECK(!overlaps(&m, 0x0e000000, 16 * MiB));
		CHECK(!overlaps(&m, 0x0, 64 * MiB));
	}
	free(fdt);
}

/* Without a cpu-map (or with one that does not cover every CPU) Aff3..Aff1 decide. */
static void check_mpidr_topology(void)
{
	static struct virt_hw hw;
	size_t size;
	void *fdt = dtb_load("gicv3-max-smp20", 0, &size);
	uint32_t bogus = 0x1234;

	CHECK(fdt != NULL);
	if (fdt == NULL || SECMON_IMAGE_MAX_CPUS < 20) {
		free(fdt);
		return;
	}
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), 0);
	CHECK_EQ(hw.cluster_count, 1); /* QEMU's cpu-map: one cluster of 20 cores */

	/* A cpu-map entry that names no CPU: unusable, fall back to the MPIDRs. */
	CHECK_EQ(dtb_set_cells(fdt, "/cpus/cpu-map/socket0/cluster0/core3", "cpu", &bogus, 1), 0);
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), 0);
	CHECK_EQ(hw.topo_source, VIRT_TOPO_MPIDR);
	CHECK_EQ(hw.cluster_count, 2);

	CHECK_EQ(dtb_del(fdt, "/cpus/cpu-map"), 0);
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), 0);
	CHECK_EQ(hw.topo_source, VIRT_TOPO_MPIDR);
	CHECK_EQ(hw.cluster_count, 2); /* Aff1 0: CPUs 0-15, Aff1 1: CPUs 16-19 */
	for (unsigned int i = 0; i < 20; i++)
		CHECK_EQ(hw.cpu[i].cluster, i < 16 ? 0 : 1);
	free(fdt);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
		check_variant(&variants[i]);
	check_mpidr_topology();
	return check_report();
}
