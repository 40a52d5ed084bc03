/*
 * The normal world's DTB (virt_dt_parse() with a copy, then virt_dt_patch()) from QEMU's
 * real DTBs: the patched tree is read back with libfdt and every node and property Linux
 * will look at is checked.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dtb_util.h"
#include "virt_dt.h"

/* PSCI recommended StateID encoding: one 4-bit field per level, 1 retention, 2 power down. */
static const struct virt_idle_state idle[] = {
    {"cpu-retention", 0x00000001, 20, 30, 100, false},
    {"cpu-power-down", 0x40000002, 150, 250, 1000, true},
    {"cluster-power-down", 0x40000022, 400, 600, 5000, true},
};

static const struct virt_dt_patch_params full = {
    .idle_states = idle,
    .idle_state_count = 3,
    .bootargs = "console=ttyAMA0 earlycon rdinit=/init",
    .initrd_start = 0x48000000,
    .initrd_end = 0x48123456,
};

static int prop_count(const void *fdt, int node)
{
	int n = 0, off;

	fdt_for_each_property_offset(off, fdt, node) n++;
	return n;
}

static bool prop_is(const void *fdt, int node, const char *name, const void *val, int len)
{
	int l;
	const void *p = fdt_getprop(fdt, node, name, &l);

	return p != NULL && l == len && memcmp(p, val, (size_t)len) == 0;
}

static uint32_t prop_u32(const void *fdt, int node, const char *name)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p != NULL && len == 4 ? fdt32_to_cpu(*p) : 0xdeadbeef;
}

static uint64_t prop_u64(const void *fdt, int node, const char *name)
{
	int len;
	const fdt64_t *p = fdt_getprop(fdt, node, name, &len);

	return p != NULL && len == 8 ? fdt64_ld(p) : 0xdeadbeef; /* only 4-byte aligned */
}

static void check_psci(const void *fdt)
{
	static const char compat[] = "arm,psci-1.0\0arm,psci-0.2";
	int node = fdt_path_offset(fdt, "/psci");

	CHECK(node >= 0);
	CHECK(prop_is(fdt, node, "compatible", compat, sizeof(compat)));
	CHECK(prop_is(fdt, node, "method", "smc", 4));
	CHECK_EQ(prop_count(fdt, node), 2); /* nothing left of QEMU's PSCI 0.1 IDs */
	CHECK_EQ(fdt_node_offset_by_compatible(fdt, node, "arm,psci-0.2"), -FDT_ERR_NOTFOUND);
}

/* Every cpu: enable-method "psci" and, if count, cpu-idle-states naming idle[0..count). */
static void check_cpus(const void *fdt, unsigned int cpus, size_t count)
{
	int parent = fdt_path_offset(fdt, "/cpus");
	int states = fdt_path_offset(fdt, "/cpus/idle-states");
	unsigned int seen = 0;
	int node;

	CHECK(parent >= 0);
	if (count == 0)
		CHECK_EQ(states, -FDT_ERR_NOTFOUND);
	else
		CHECK(prop_is(fdt, states, "entry-method", "psci", 5));
	fdt_for_each_subnode(node, fdt, parent)
	{
		const fdt32_t *ph;
		int len;

		if (fdt_getprop(fdt, node, "device_type", NULL) == NULL)
			continue;
		seen++;
		CHECK(prop_is(fdt, node, "enable-method", "psci", 5));
		ph = fdt_getprop(fdt, node, "cpu-idle-states", &len);
		if (count == 0) {
			CHECK(ph == NULL);
			continue;
		}
		CHECK(ph != NULL && len == (int)(count * 4));
		for (size_t i = 0; ph != NULL && i < count && (int)i * 4 < len; i++) {
			int s = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(ph[i]));
			const char *name = fdt_get_name(fdt, s, NULL);

			CHECK(s >= 0 && fdt_parent_offset(fdt, s) == states);
			CHECK(name != NULL && strcmp(name, idle[i].name) == 0);
			CHECK(prop_is(fdt, s, "compatible", "arm,idle-state", 15));
			CHECK_EQ(prop_u32(fdt, s, "arm,psci-suspend-param"),
				 idle[i].psci_suspend_param);
			CHECK_EQ(prop_u32(fdt, s, "entry-latency-us"), idle[i].entry_latency_us);
			CHECK_EQ(prop_u32(fdt, s, "exit-latency-us"), idle[i].exit_latency_us);
			CHECK_EQ(prop_u32(fdt, s, "min-residency-us"), idle[i].min_residency_us);
			CHECK_EQ(fdt_getprop(fdt, s, "local-timer-stop", NULL) != NULL,
				 idle[i].local_timer_stop);
		}
	}
	CHECK_EQ(seen, cpus);
}

/* /chosen has the parameters' command line and initrd. */
static void check_chosen_props(const void *fdt)
{
	int node = fdt_path_offset(fdt, "/chosen");

	CHECK(node >= 0);
	CHECK(prop_is(fdt, node, "bootargs", full.bootargs, (int)strlen(full.bootargs) + 1));
	CHECK_EQ(prop_u64(fdt, node, "linux,initrd-start"), full.initrd_start);
	CHECK_EQ(prop_u64(fdt, node, "linux,initrd-end"), full.initrd_end);
}

static void check_chosen(const void *fdt)
{
	check_chosen_props(fdt);
	/* QEMU's, kept. */
	CHECK(prop_is(fdt, fdt_path_offset(fdt, "/chosen"), "stdout-path", "/pl011@9000000", 15));
}

/* The bytes of a tree: its header and blocks, up to the end of its strings. */
static size_t tree_bytes(const void *fdt)
{
	return fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt);
}

/* Every phandle of the tree, once each; the idle states' above all the others. */
static void check_phandles(const void *fdt)
{
	static uint32_t seen[1024];
	uint32_t max_other = 0, min_state = 0xffffffff;
	int states = fdt_path_offset(fdt, "/cpus/idle-states");
	unsigned int n = 0;

	for (int node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL)) {
		uint32_t ph = fdt_get_phandle(fdt, node);

		if (ph == 0)
			continue;
		for (unsigned int i = 0; i < n; i++)
			CHECK(seen[i] != ph);
		if (n < sizeof(seen) / sizeof(seen[0]))
			seen[n++] = ph;
		if (states >= 0 && fdt_parent_offset(fdt, node) == states)
			min_state = ph < min_state ? ph : min_state;
		else
			max_other = ph > max_other ? ph : max_other;
	}
	CHECK(states < 0 || min_state > max_other);
}

/* Patch a variant fully; the tree must still parse to the same hardware. */
static void check_full_patch(const char *name, unsigned int cpus)
{
	static struct virt_hw before, after;
	bool parsable =
	    cpus <= SECMON_IMAGE_MAX_CPUS; /* else test_virt_fdt_parse checks the error */
	size_t size, written = 0;
	void *fdt = dtb_load(name, 0, &size);
	void *again;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	if (!parsable) {
		/* The patch copies what the reader reads: no more CPUs than the build holds. */
		CHECK_EQ(dtb_patch(fdt, size, &full, NULL, NULL), VIRT_DT_ETOOMANY);
		free(fdt);
		return;
	}
	CHECK_EQ(dtb_patch(fdt, size, &full, &written, &before), 0);
	CHECK(written >= tree_bytes(fdt) && written <= size);
	CHECK_EQ(fdt_check_header(fdt), 0);
	CHECK_EQ(fdt_totalsize(fdt), size);
	check_psci(fdt);
	check_cpus(fdt, cpus, full.idle_state_count);
	check_chosen(fdt);
	check_phandles(fdt);
	CHECK_EQ(fdt_path_offset(fdt, "/secure-chosen"), -FDT_ERR_NOTFOUND);

	CHECK_EQ(virt_dt_parse(fdt, size, &after, NULL, NULL), 0);
	CHECK(!after.secure_seed_present); /* its source is gone from the tree */
	after.secure_seed = before.secure_seed;
	after.secure_seed_present = before.secure_seed_present;
	CHECK(memcmp(&before, &after, sizeof(before)) == 0);

	/* Patching twice gives the same tree: nothing is duplicated. */
	again = malloc(size);
	CHECK(again != NULL);
	if (again != NULL) {
		memcpy(again, fdt, size);
		CHECK_EQ(dtb_patch(again, size, &full, NULL, NULL), 0);
		CHECK_EQ(tree_bytes(again), tree_bytes(fdt));
		CHECK(memcmp(again, fdt, tree_bytes(fdt)) == 0);
		free(again);
	}
	if (strcmp(name, "gicv3-max-smp8") == 0)
		CHECK_EQ(dtb_save(fdt, "patched-gicv3-max-smp8"), 0); /* read by dtc in ctest */
	free(fdt);
}

/* No idle states, no /chosen changes: only /psci and enable-method. */
static void check_minimal_patch(void)
{
	static const struct virt_dt_patch_params none = {.keep_secure_chosen = true};
	size_t size;
	void *fdt = dtb_load("gicv2-a57-smp1", 0, &size);
	int chosen;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	/* QEMU gives a lone CPU no enable-method. */
	CHECK(fdt_getprop(fdt, fdt_path_offset(fdt, "/cpus/cpu@0"), "enable-method", NULL) == NULL);
	CHECK_EQ(dtb_patch(fdt, size, &none, NULL, NULL), 0);
	check_psci(fdt);
	check_cpus(fdt, 1, 0);
	chosen = fdt_path_offset(fdt, "/chosen");
	CHECK(fdt_getprop(fdt, chosen, "bootargs", NULL) == NULL);
	CHECK(fdt_getprop(fdt, chosen, "linux,initrd-start", NULL) == NULL);
	CHECK(fdt_path_offset(fdt, "/secure-chosen") >= 0);
	free(fdt);
}

/* Without secure=on QEMU emulates PSCI and describes it: our node replaces QEMU's. */
static void check_replaces_qemu_psci(void)
{
	size_t size;
	void *fdt = dtb_load("nosecure-gicv2-a57-smp2", 0, &size);

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	CHECK(fdt_getprop(fdt, fdt_path_offset(fdt, "/psci"), "cpu_on", NULL) != NULL);
	CHECK_EQ(dtb_patch(fdt, size, &full, NULL, NULL), 0);
	check_psci(fdt);
	check_cpus(fdt, 2, 3);
	free(fdt);
}

/*
 * An image without PSCI: nothing in the tree names PSCI, QEMU's own /psci, enable-method
 * "psci" and idle states included; another enable-method stays, and so does /chosen.
 */
static void check_no_psci(const char *name, unsigned int cpus)
{
	static const struct virt_dt_patch_params p = {.bootargs = "console=ttyAMA0",
						      .no_psci = true};
	static const uint32_t one[] = {1};
	size_t size;
	void *fdt = dtb_load(name, 0, &size);
	int parent, node, len;
	unsigned int seen = 0;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	/* Idle states of QEMU's (it declares none): they go too. */
	CHECK_EQ(dtb_set_cells(fdt, "/cpus/cpu@0", "cpu-idle-states", one, 1), 0);
	CHECK(fdt_add_subnode(fdt, fdt_path_offset(fdt, "/cpus"), "idle-states") >= 0);
	if (cpus > 1)
		CHECK_EQ(dtb_set(fdt, "/cpus/cpu@1", "enable-method", "spin-table", 11), 0);
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), 0);
	CHECK_EQ(fdt_check_header(fdt), 0);
	CHECK_EQ(fdt_path_offset(fdt, "/psci"), -FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_offset_by_compatible(fdt, -1, "arm,psci-1.0"), -FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_offset_by_compatible(fdt, -1, "arm,psci-0.2"), -FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_node_offset_by_compatible(fdt, -1, "arm,psci"), -FDT_ERR_NOTFOUND);
	CHECK_EQ(fdt_path_offset(fdt, "/cpus/idle-states"), -FDT_ERR_NOTFOUND);
	parent = fdt_path_offset(fdt, "/cpus");
	fdt_for_each_subnode(node, fdt, parent)
	{
		const char *method;

		if (fdt_getprop(fdt, node, "device_type", NULL) == NULL)
			continue;
		method = fdt_getprop(fdt, node, "enable-method", &len);
		if (seen == 1)
			CHECK(prop_is(fdt, node, "enable-method", "spin-table", 11));
		else
			CHECK(method == NULL);
		CHECK(fdt_getprop(fdt, node, "cpu-idle-states", NULL) == NULL);
		seen++;
	}
	CHECK_EQ(seen, cpus);
	node = fdt_path_offset(fdt, "/chosen");
	CHECK(prop_is(fdt, node, "bootargs", p.bootargs, (int)strlen(p.bootargs) + 1));
	free(fdt);
}

/*
 * A tree without /chosen gets one for the kernel's command line and initrd; a child of
 * /cpus that is no cpu keeps the properties the cpus get anew, and a cpu node its own
 * children.
 */
static void check_new_chosen(void)
{
	static const uint32_t cells[] = {1};
	size_t size;
	void *fdt = dtb_load("gicv3-a57-smp4", 0, &size);
	int node;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	CHECK_EQ(dtb_del(fdt, "/chosen"), 0);
	/* A cache below a cpu, and a property named like one the cpus get, elsewhere. */
	node = fdt_add_subnode(fdt, fdt_path_offset(fdt, "/cpus/cpu@1"), "l2-cache");
	CHECK(node >= 0);
	CHECK_EQ(fdt_setprop_string(fdt, node, "compatible", "cache"), 0);
	CHECK_EQ(dtb_set_cells(fdt, "/cpus/cpu-map", "enable-method", cells, 1), 0);
	CHECK_EQ(dtb_set_cells(fdt, "/cpus/cpu-map", "cpu-idle-states", cells, 1), 0);
	CHECK_EQ(dtb_patch(fdt, size, &full, NULL, NULL), 0);
	check_chosen_props(fdt);
	check_cpus(fdt, 4, full.idle_state_count);
	node = fdt_path_offset(fdt, "/cpus/cpu@1/l2-cache");
	CHECK(node >= 0 && prop_is(fdt, node, "compatible", "cache", 6));
	node = fdt_path_offset(fdt, "/cpus/cpu-map");
	CHECK_EQ(prop_u32(fdt, node, "enable-method"), 1);
	CHECK_EQ(prop_u32(fdt, node, "cpu-idle-states"), 1);
	free(fdt);
}

/*
 * A command line longer than the room the copy starts with: the copy grows (and its
 * padding is still zero: the same tree twice).
 */
static void check_growth(void)
{
	static char bootargs[40000];
	struct virt_dt_patch_params p = full;
	size_t size;
	void *fdt = dtb_load("gicv3-a57-smp4", 0, &size);
	void *again = malloc(size);
	int chosen;

	CHECK(fdt != NULL && again != NULL);
	if (fdt == NULL || again == NULL) {
		free(fdt);
		free(again);
		return;
	}
	for (size_t i = 0; i + 1 < sizeof(bootargs); i++)
		bootargs[i] = (char)('a' + i % 26);
	p.bootargs = bootargs;
	memcpy(again, fdt, size);
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), 0);
	chosen = fdt_path_offset(fdt, "/chosen");
	CHECK(prop_is(fdt, chosen, "bootargs", bootargs, (int)sizeof(bootargs)));
	check_cpus(fdt, 4, full.idle_state_count);
	CHECK_EQ(dtb_patch(again, size, &p, NULL, NULL), 0);
	CHECK(memcmp(again, fdt, tree_bytes(fdt)) == 0);
	free(again);
	free(fdt);
}

static void check_errors(void)
{
	struct virt_idle_state many[VIRT_DT_MAX_IDLE_STATES + 1];
	struct virt_idle_state dup[2] = {idle[0], idle[0]};
	struct virt_dt_patch_params p = full;
	struct virt_dt_copy copy;
	size_t size, packed_size;
	void *fdt = dtb_load("gicv3-a57-smp4", 0, &size);
	void *packed;
	static struct virt_hw hw;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;

	/* A packed tree has no room for its copy: ENOSPACE, and the tree untouched. */
	packed = dtb_packed_copy(fdt, &packed_size);
	CHECK(packed != NULL);
	if (packed != NULL) {
		void *orig = malloc(packed_size);

		CHECK(orig != NULL);
		if (orig != NULL)
			memcpy(orig, packed, packed_size);
		CHECK_EQ(dtb_patch(packed, packed_size, &full, NULL, NULL), VIRT_DT_ENOSPACE);
		CHECK(orig != NULL && memcmp(orig, packed, packed_size) == 0);
		if (SECMON_IMAGE_MAX_CPUS >= 4) {
			CHECK_EQ(virt_dt_parse(packed, packed_size, &hw, NULL, NULL), 0);
			CHECK_EQ(hw.cpu_count, 4);
		}
		/* buf_size smaller than the tree itself. */
		CHECK_EQ(dtb_patch(packed, packed_size - 8, &full, NULL, NULL), VIRT_DT_EBADFDT);
		free(orig);
		free(packed);
	}

	for (size_t i = 0; i < sizeof(many) / sizeof(many[0]); i++)
		many[i] = idle[0];
	p.idle_states = many;
	p.idle_state_count = VIRT_DT_MAX_IDLE_STATES + 1;
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	p.idle_states = NULL;
	p.idle_state_count = 1;
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	p.idle_states = dup; /* two nodes with one name */
	p.idle_state_count = 2;
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	dup[1].name = "a/b";
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	dup[1].name = "";
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	p = full;
	p.no_psci = true; /* idle states are PSCI states */
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	p = full;
	p.initrd_end = p.initrd_start - 1;
	CHECK_EQ(dtb_patch(fdt, size, &p, NULL, NULL), VIRT_DT_EINVAL);
	CHECK_EQ(dtb_patch(fdt, size, NULL, NULL, NULL), VIRT_DT_EINVAL);
	CHECK_EQ(dtb_patch(NULL, size, &full, NULL, NULL), VIRT_DT_EBADFDT);
	CHECK_EQ(dtb_patch(fdt, (size_t)1 << 31, &full, NULL, NULL), VIRT_DT_EINVAL);
	/* virt_dt_patch() without a copy, or twice on one. */
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), 0);
	copy.open = false;
	copy.err = 0;
	CHECK_EQ(virt_dt_patch(fdt, size, &full, &copy, NULL), VIRT_DT_EINVAL);
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, &full, &copy), 0);
	CHECK_EQ(virt_dt_patch(fdt, size, &full, &copy, NULL), 0);
	CHECK_EQ(virt_dt_patch(fdt, size, &full, &copy, NULL), VIRT_DT_EINVAL);
	CHECK_EQ(virt_dt_patch(fdt, size, NULL, &copy, NULL), VIRT_DT_EINVAL);
	/* The failed calls above must have left a tree that still patches cleanly. */
	CHECK_EQ(dtb_patch(fdt, size, &full, NULL, NULL), 0);
	check_cpus(fdt, 4, 3);
	free(fdt);
}

/*
 * The copy is written after the tree in the same buffer, and grows as it needs: a packed
 * tree in a buffer of every size around what the copy needs gives ENOSPACE with every
 * byte untouched, then success; and nothing past *written ever changes. Buffers are
 * allocated at their exact size, so ASan catches a write or read past the end.
 */
static void check_room(void)
{
	size_t size, packed_size, need;
	void *fdt = dtb_load("gicv3-max-smp8", 0, &size);
	void *packed = fdt ? dtb_packed_copy(fdt, &packed_size) : NULL;
	unsigned int failed = 0, passed = 0;

	CHECK(packed != NULL);
	if (packed == NULL) {
		free(fdt);
		return;
	}
	/* virt_dt_parse() starts the copy after the tree, 1.5 times its size + 4 KiB. */
	need = ((packed_size + 7) & ~(size_t)7) + 3 * packed_size / 2 + 4096;
	for (size_t buf_size = need - 64; buf_size <= need + 64; buf_size += 4) {
		size_t written = 0;
		uint8_t *buf = malloc(buf_size);
		uint8_t *before = malloc(buf_size);
		int rc;

		if (buf == NULL || before == NULL) {
			free(buf);
			free(before);
			continue;
		}
		memcpy(buf, packed, packed_size);
		memset(buf + packed_size, 0xa5, buf_size - packed_size);
		memcpy(before, buf, buf_size);
		rc = dtb_patch(buf, buf_size, &full, &written, NULL);
		if (buf_size < need) {
			CHECK_EQ(rc, VIRT_DT_ENOSPACE);
			CHECK(memcmp(buf, before, buf_size) == 0);
			failed++;
		} else {
			CHECK_EQ(rc, 0);
			CHECK(written >= tree_bytes(buf) && written <= buf_size);
			CHECK(memcmp(buf + written, before + written, buf_size - written) == 0);
			CHECK_EQ(fdt_check_header(buf), 0);
			check_psci(buf);
			check_cpus(buf, 8, full.idle_state_count);
			check_chosen(buf);
			passed++;
		}
		free(buf);
		free(before);
	}
	CHECK(failed > 0 && passed > 0);
	free(packed);
	free(fdt);
}

int main(void)
{
	check_full_patch("gicv2-a57-smp4", 4);
	check_full_patch("gicv2-max-smp8", 8);
	check_full_patch("gicv3-a57-smp4", 4);
	check_full_patch("gicv3-max-smp8", 8);
	check_full_patch("gicv2-a57-smp8-sockets2", 8);
	check_full_patch("gicv3-max-smp130", 130);
	check_minimal_patch();
	check_replaces_qemu_psci();
	check_no_psci("gicv3-a57-smp4", 4);
	check_no_psci("gicv2-a57-smp1", 1);
	check_no_psci("nosecure-gicv2-a57-smp2", 2); /* QEMU's /psci and enable-methods */
	check_new_chosen();
	check_growth();
	check_errors();
	check_room();
	return check_report();
}
