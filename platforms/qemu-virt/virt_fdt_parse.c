/* QEMU virt DTB: memory, GIC, UARTs, secure GPIO, fw_cfg (CPUs: virt_fdt_cpus.c). */
#include <stdint.h>
#include <string.h>

#include "virt_fdt_internal.h"

/* A missing entry of a node we have already chosen is a malformed node. */
static int read_reg_required(const void *fdt, int node, int index, struct virt_region *r)
{
	int err = virt_fdt_read_reg(fdt, node, index, r);

	return err == VIRT_FDT_ENOTFOUND ? VIRT_FDT_EBADPROP : err;
}

/* Memory nodes at the root: usable by the normal world -> mem[], secure-only -> secure_mem. */
static int parse_memory(const void *fdt, struct virt_hw *hw)
{
	int node;

	hw->mem_count = 0;
	fdt_for_each_subnode(node, fdt, 0)
	{
		struct virt_region r;
		int err;

		if (!virt_fdt_prop_is(fdt, node, "device_type", "memory"))
			continue;
		if (virt_fdt_node_usable(fdt, node, VIRT_FDT_SECURE_ONLY)) {
			err = read_reg_required(fdt, node, 0, &r);
			if (err)
				return err;
			if (hw->secure_mem.size == 0)
				hw->secure_mem = r;
			continue;
		}
		if (!virt_fdt_node_usable(fdt, node, VIRT_FDT_NS))
			continue;
		for (int i = 0;; i++) {
			err = virt_fdt_read_reg(fdt, node, i, &r);
			if (err == VIRT_FDT_ENOTFOUND)
				break;
			if (err)
				return err;
			if (hw->mem_count == VIRT_FDT_MAX_MEM)
				return VIRT_FDT_ETOOMANY;
			hw->mem[hw->mem_count++] = r;
		}
	}
	if (node != -FDT_ERR_NOTFOUND)
		return virt_fdt_err(node);
	return hw->mem_count ? 0 : VIRT_FDT_ENOTFOUND;
}

static int parse_gic(const void *fdt, struct virt_hw *hw)
{
	const fdt32_t *nr;
	int node, len, err;
	uint32_t regions = 1;

	node = virt_fdt_find_root_device(fdt, "arm,gic-v3", VIRT_FDT_NS);
	if (node == VIRT_FDT_ENOTFOUND) {
		node = virt_fdt_find_root_device(fdt, "arm,cortex-a15-gic", VIRT_FDT_NS);
		if (node < 0)
			return node;
		hw->gic_version = 2;
		err = read_reg_required(fdt, node, 0, &hw->gicd);
		return err ? err : read_reg_required(fdt, node, 1, &hw->gicc);
	}
	if (node < 0)
		return node;

	/* GICv3 reg: GICD, then #redistributor-regions GICR ranges, then optional others. */
	hw->gic_version = 3;
	err = read_reg_required(fdt, node, 0, &hw->gicd);
	if (err)
		return err;
	nr = fdt_getprop(fdt, node, "#redistributor-regions", &len);
	if (nr != NULL) {
		if (len != (int)sizeof(*nr) || fdt32_ld(nr) == 0)
			return VIRT_FDT_EBADPROP;
		regions = fdt32_ld(nr);
	}
	if (regions > VIRT_FDT_MAX_GICR)
		return VIRT_FDT_ETOOMANY;
	for (uint32_t i = 0; i < regions; i++) {
		err = read_reg_required(fdt, node, (int)(1 + i), &hw->gicr[i]);
		if (err)
			return err;
	}
	hw->gicr_count = regions;
	return 0;
}

/* Length of the path in a stdout-path value: up to the ':' that starts the options. */
static int stdout_path_len(const char *s, int len)
{
	int n = 0;

	while (n < len && s[n] != '\0' && s[n] != ':')
		n++;
	return n;
}

/* The PL011 that a chosen node's stdout-path names, if it is one usable by world. */
static int chosen_uart(const void *fdt, const char *chosen, enum virt_fdt_world world)
{
	int node = fdt_path_offset(fdt, chosen);
	const char *path;
	int len;

	if (node < 0)
		return node;
	path = fdt_getprop(fdt, node, "stdout-path", &len);
	if (path == NULL || len <= 0)
		return -FDT_ERR_NOTFOUND;
	/* An alias (no leading '/') is resolved by libfdt; only root children are accepted. */
	node = fdt_path_offset_namelen(fdt, path, stdout_path_len(path, len));
	if (node < 0 || fdt_node_check_compatible(fdt, node, "arm,pl011") != 0 ||
	    fdt_parent_offset(fdt, node) != 0 || !virt_fdt_node_usable(fdt, node, world))
		return -FDT_ERR_NOTFOUND;
	return node;
}

static uint32_t clock_rate(const void *fdt, int node)
{
	const fdt32_t *ref, *rate;
	int len, clk;

	ref = fdt_getprop(fdt, node, "clocks", &len);
	if (ref == NULL || len < (int)sizeof(*ref))
		return 0;
	clk = fdt_node_offset_by_phandle(fdt, fdt32_ld(ref));
	if (clk < 0)
		return 0;
	rate = fdt_getprop(fdt, clk, "clock-frequency", &len);
	return rate != NULL && len == (int)sizeof(*rate) ? fdt32_ld(rate) : 0;
}

static int parse_uart(const void *fdt, const char *chosen, enum virt_fdt_world world,
		      struct virt_uart *uart)
{
	int node = chosen_uart(fdt, chosen, world);
	int err;

	if (node < 0)
		node = virt_fdt_find_root_device(fdt, "arm,pl011", world);
	if (node < 0)
		return node;
	err = read_reg_required(fdt, node, 0, &uart->reg);
	if (err)
		return err;
	uart->clock_hz = clock_rate(fdt, node);
	uart->present = true;
	return 0;
}

/* Pin of a secure-world gpio-poweroff / gpio-restart node that uses our GPIO controller. */
static uint32_t gpio_pin(const void *fdt, const char *compat, uint32_t controller)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat);

	for (; node >= 0; node = fdt_node_offset_by_compatible(fdt, node, compat)) {
		const fdt32_t *gpios;
		int len;

		if (!virt_fdt_node_usable(fdt, node, VIRT_FDT_SECURE_ONLY))
			continue;
		gpios = fdt_getprop(fdt, node, "gpios", &len);
		if (gpios != NULL && len >= 2 * (int)sizeof(*gpios) &&
		    fdt32_ld(&gpios[0]) == controller)
			return fdt32_ld(&gpios[1]);
	}
	return VIRT_FDT_NO_PIN;
}

static int parse_secure_gpio(const void *fdt, struct virt_hw *hw)
{
	int node = virt_fdt_find_root_device(fdt, "arm,pl061", VIRT_FDT_SECURE_ONLY);
	uint32_t phandle;
	int err;

	hw->secure_gpio.poweroff_pin = VIRT_FDT_NO_PIN;
	hw->secure_gpio.reset_pin = VIRT_FDT_NO_PIN;
	if (node == VIRT_FDT_ENOTFOUND)
		return 0;
	if (node < 0)
		return node;
	err = read_reg_required(fdt, node, 0, &hw->secure_gpio.reg);
	if (err)
		return err;
	hw->secure_gpio.present = true;
	phandle = fdt_get_phandle(fdt, node);
	if (phandle != 0) {
		hw->secure_gpio.poweroff_pin = gpio_pin(fdt, "gpio-poweroff", phandle);
		hw->secure_gpio.reset_pin = gpio_pin(fdt, "gpio-restart", phandle);
	}
	return 0;
}

static int parse_fw_cfg(const void *fdt, struct virt_hw *hw)
{
	int node = virt_fdt_find_root_device(fdt, "qemu,fw-cfg-mmio", VIRT_FDT_NS);
	int err;

	if (node == VIRT_FDT_ENOTFOUND)
		return 0;
	if (node < 0)
		return node;
	err = read_reg_required(fdt, node, 0, &hw->fw_cfg.reg);
	if (err)
		return err;
	hw->fw_cfg.present = true;
	return 0;
}

/* 64 bits of /secure-chosen's kaslr-seed, else of its rng-seed. */
static void parse_secure_seed(const void *fdt, struct virt_hw *hw)
{
	static const char *const names[] = {"kaslr-seed", "rng-seed"};
	int node = fdt_path_offset(fdt, "/secure-chosen");

	if (node < 0)
		return;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int len;
		const fdt32_t *seed = fdt_getprop(fdt, node, names[i], &len);

		if (seed != NULL && len >= 2 * (int)sizeof(*seed)) {
			hw->secure_seed = (uint64_t)fdt32_ld(&seed[0]) << 32 | fdt32_ld(&seed[1]);
			hw->secure_seed_present = true;
			return;
		}
	}
}

int virt_fdt_parse(const void *fdt, size_t buf_size, struct virt_hw *hw)
{
	int err;

	if (hw == NULL)
		return VIRT_FDT_EINVAL;
	err = virt_fdt_check(fdt, buf_size);
	if (err)
		return err;
	memset(hw, 0, sizeof(*hw));

	err = parse_memory(fdt, hw);
	if (!err)
		err = virt_fdt_parse_cpus(fdt, hw);
	if (!err)
		err = parse_gic(fdt, hw);
	if (!err)
		err = parse_uart(fdt, "/chosen", VIRT_FDT_NS, &hw->uart);
	if (!err) {
		err = parse_uart(fdt, "/secure-chosen", VIRT_FDT_SECURE_ONLY, &hw->secure_uart);
		if (err == VIRT_FDT_ENOTFOUND)
			err = 0; /* optional */
	}
	if (!err)
		err = parse_secure_gpio(fdt, hw);
	if (!err)
		err = parse_fw_cfg(fdt, hw);
	if (!err)
		parse_secure_seed(fdt, hw);
	return err;
}
