/* QEMU virt DTB: memory, GIC, UARTs, secure GPIO, fw_cfg (CPUs: virt_fdt_cpus.c). */
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

/*
 * Cold-boot code only: the DTB is read and patched before the normal world runs. Before
 * the port's headers, so that their inline functions are cold-boot code here too.
 */

#include "virt_fdt_internal.h"

/* A missing entry of a node we have already chosen is a malformed node. */
static int read_reg_required(const struct dtb *t, int node, int index, struct virt_region *r)
{
	int err = virt_fdt_read_reg(t, node, index, r);

	return err == VIRT_FDT_ENOTFOUND ? VIRT_FDT_EBADPROP : err;
}

/* Memory nodes at the root: usable by the normal world -> mem[], secure-only -> secure_mem. */
static int parse_memory(const struct dtb *t, struct virt_hw *hw)
{
	int node;

	hw->mem_count = 0;
	dtb_for_each_child(t, node, 0)
	{
		struct virt_region r;
		int err;

		if (!virt_fdt_prop_is(t, node, "device_type", "memory"))
			continue;
		if (virt_fdt_node_usable(t, node, VIRT_FDT_SECURE_ONLY)) {
			err = read_reg_required(t, node, 0, &r);
			if (err)
				return err;
			if (hw->secure_mem.size == 0)
				hw->secure_mem = r;
			continue;
		}
		if (!virt_fdt_node_usable(t, node, VIRT_FDT_NS))
			continue;
		for (int i = 0;; i++) {
			err = virt_fdt_read_reg(t, node, i, &r);
			if (err == VIRT_FDT_ENOTFOUND)
				break;
			if (err)
				return err;
			if (hw->mem_count == VIRT_FDT_MAX_MEM)
				return VIRT_FDT_ETOOMANY;
			hw->mem[hw->mem_count++] = r;
		}
	}
	return hw->mem_count ? 0 : VIRT_FDT_ENOTFOUND;
}

static int parse_gic(const struct dtb *t, struct virt_hw *hw)
{
	struct dtb_val nr;
	int node, err;
	uint32_t regions = 1;

	node = virt_fdt_find_root_device(t, "arm,gic-v3", VIRT_FDT_NS);
	if (node == VIRT_FDT_ENOTFOUND) {
		node = virt_fdt_find_root_device(t, "arm,cortex-a15-gic", VIRT_FDT_NS);
		if (node < 0)
			return node;
		hw->gic_version = 2;
		err = read_reg_required(t, node, 0, &hw->gicd);
		return err ? err : read_reg_required(t, node, 1, &hw->gicc);
	}
	if (node < 0)
		return node;

	/* GICv3 reg: GICD, then #redistributor-regions GICR ranges, then optional others. */
	hw->gic_version = 3;
	err = read_reg_required(t, node, 0, &hw->gicd);
	if (err)
		return err;
	nr = dtb_prop(t, node, "#redistributor-regions");
	if (nr.p != NULL) {
		regions = dtb_u32(nr, 0);
		if (regions == 0)
			return VIRT_FDT_EBADPROP;
	}
	if (regions > VIRT_FDT_MAX_GICR)
		return VIRT_FDT_ETOOMANY;
	for (uint32_t i = 0; i < regions; i++) {
		err = read_reg_required(t, node, (int)(1 + i), &hw->gicr[i]);
		if (err)
			return err;
	}
	hw->gicr_count = regions;
	return 0;
}

/* Length of the path in a stdout-path value: up to the ':' that starts the options. */
static size_t stdout_path_len(const char *s, uint32_t len)
{
	size_t n = 0;

	while (n < len && s[n] != '\0' && s[n] != ':')
		n++;
	return n;
}

/* True when node is a child of the root. */
static bool is_root_child(const struct dtb *t, int node)
{
	int child;

	dtb_for_each_child(t, child, 0)
	{
		if (child == node)
			return true;
	}
	return false;
}

/* The PL011 that a chosen node's stdout-path names, if it is one usable by world. */
static int chosen_uart(const struct dtb *t, const char *chosen, enum virt_fdt_world world)
{
	int node = dtb_path_n(t, chosen, strlen(chosen));
	struct dtb_val path;

	if (node < 0)
		return node;
	path = dtb_prop(t, node, "stdout-path");
	if (path.p == NULL)
		return VIRT_FDT_ENOTFOUND;
	/* An alias (no leading '/') is resolved through /aliases; only root children count. */
	node = dtb_path_n(t, path.p, stdout_path_len(path.p, path.len));
	if (node < 0 || !dtb_compatible(t, node, "arm,pl011") || !is_root_child(t, node) ||
	    !virt_fdt_node_usable(t, node, world))
		return VIRT_FDT_ENOTFOUND;
	return node;
}

static uint32_t clock_rate(const struct dtb *t, int node)
{
	struct dtb_val ref = dtb_prop(t, node, "clocks");
	int clk;

	if (ref.p == NULL || ref.len < 4)
		return 0;
	clk = dtb_by_phandle(t, dtb_be32(ref.p));
	return clk < 0 ? 0 : dtb_u32(dtb_prop(t, clk, "clock-frequency"), 0);
}

static int parse_uart(const struct dtb *t, const char *chosen, enum virt_fdt_world world,
		      struct virt_uart *uart)
{
	int node = chosen_uart(t, chosen, world);
	int err;

	if (node < 0)
		node = virt_fdt_find_root_device(t, "arm,pl011", world);
	if (node < 0)
		return node;
	err = read_reg_required(t, node, 0, &uart->reg);
	if (err)
		return err;
	uart->clock_hz = clock_rate(t, node);
	uart->present = true;
	return 0;
}

/* Pin of a secure-world gpio-poweroff / gpio-restart node that uses our GPIO controller. */
static uint32_t gpio_pin(const struct dtb *t, const char *compat, uint32_t controller)
{
	int node = dtb_by_compatible(t, -1, compat);

	for (; node >= 0; node = dtb_by_compatible(t, node, compat)) {
		struct dtb_val v;
		const uint32_t *gpios;

		if (!virt_fdt_node_usable(t, node, VIRT_FDT_SECURE_ONLY))
			continue;
		v = dtb_prop(t, node, "gpios");
		gpios = v.p;
		if (gpios != NULL && v.len >= 2 * sizeof(*gpios) &&
		    dtb_be32(&gpios[0]) == controller)
			return dtb_be32(&gpios[1]);
	}
	return VIRT_FDT_NO_PIN;
}

static int parse_secure_gpio(const struct dtb *t, struct virt_hw *hw)
{
	int node = virt_fdt_find_root_device(t, "arm,pl061", VIRT_FDT_SECURE_ONLY);
	uint32_t phandle;
	int err;

	hw->secure_gpio.poweroff_pin = VIRT_FDT_NO_PIN;
	hw->secure_gpio.reset_pin = VIRT_FDT_NO_PIN;
	if (node == VIRT_FDT_ENOTFOUND)
		return 0;
	err = read_reg_required(t, node, 0, &hw->secure_gpio.reg);
	if (err)
		return err;
	hw->secure_gpio.present = true;
	phandle = dtb_phandle(t, node);
	if (phandle != 0) {
		hw->secure_gpio.poweroff_pin = gpio_pin(t, "gpio-poweroff", phandle);
		hw->secure_gpio.reset_pin = gpio_pin(t, "gpio-restart", phandle);
	}
	return 0;
}

static int parse_fw_cfg(const struct dtb *t, struct virt_hw *hw)
{
	int node = virt_fdt_find_root_device(t, "qemu,fw-cfg-mmio", VIRT_FDT_NS);
	int err;

	if (node == VIRT_FDT_ENOTFOUND)
		return 0;
	err = read_reg_required(t, node, 0, &hw->fw_cfg.reg);
	if (err)
		return err;
	hw->fw_cfg.present = true;
	return 0;
}

/* 64 bits of /secure-chosen's kaslr-seed, else of its rng-seed. */
static void parse_secure_seed(const struct dtb *t, struct virt_hw *hw)
{
	static const char *const names[] = {"kaslr-seed", "rng-seed"};
	int node = dtb_path(t, "/secure-chosen");

	if (node < 0)
		return;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct dtb_val v = dtb_prop_n(t, node, names[i], strlen(names[i]));
		const uint32_t *seed = v.p;

		if (seed != NULL && v.len >= 2 * sizeof(*seed)) {
			hw->secure_seed = (uint64_t)dtb_be32(&seed[0]) << 32 | dtb_be32(&seed[1]);
			hw->secure_seed_present = true;
			return;
		}
	}
}

int virt_fdt_parse(const void *fdt, size_t buf_size, struct virt_hw *hw)
{
	struct dtb t;
	int err;

	if (hw == NULL)
		return VIRT_FDT_EINVAL;
	err = dtb_open(&t, fdt, buf_size);
	if (err)
		return err;
	memset(hw, 0, sizeof(*hw));

	err = parse_memory(&t, hw);
	if (!err)
		err = virt_fdt_parse_cpus(&t, hw);
	if (!err)
		err = parse_gic(&t, hw);
	if (!err)
		err = parse_uart(&t, "/chosen", VIRT_FDT_NS, &hw->uart);
	if (!err) {
		err = parse_uart(&t, "/secure-chosen", VIRT_FDT_SECURE_ONLY, &hw->secure_uart);
		if (err == VIRT_FDT_ENOTFOUND)
			err = 0; /* optional */
	}
	if (!err)
		err = parse_secure_gpio(&t, hw);
	if (!err)
		err = parse_fw_cfg(&t, hw);
	if (!err)
		parse_secure_seed(&t, hw);
	return err;
}
