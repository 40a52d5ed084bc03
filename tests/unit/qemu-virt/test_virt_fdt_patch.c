/*
 * virt_fdt_patch() on QEMU's real DTBs: the patched tree is read back with libfdt and
 * every node and property Linux will look at is checked.
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dtb_util.h"
#include "virt_fdt.h"

/* PSCI recommended StateID encoding: one 4-bit field per level, 1 retention, 2 power down. */
static const struct virt_idle_state idle[] = {
    {"cpu-retention", 0x00000001, 20, 30, 100, false},
    {"cpu-power-down", 0x40000002, 150, 250, 1000, true},
    {"cluster-power-down", 0x40000022, 400, 600, 5000, true},
};

static const struct virt_fdt_patch_params full = {
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

static void check_chosen(const void *fdt)
{
	int node = fdt_path_offset(fdt, "/chosen");

	CHECK(prop_is(fdt, node, "bootargs", full.bootargs, (int)strlen(full.bootargs) + 1));
	CHECK_EQ(prop_u64(fdt, node, "linux,initrd-start"), full.initrd_start);
	CHECK_EQ(prop_u64(fdt, node, "linux,initrd-end"), full.initrd_end);
	CHECK(prop_is(fdt, node, "stdout-path", "/pl011@9000000", 15)); /* QEMU's, kept */
}

/* Patch a variant fully; the tree must still parse to the same hardware. */
static void check_full_patch(const char *name, unsigned int cpus)
{
	static struct virt_hw before, after;
	bool parsable =
	    cpus <= SECMON_IMAGE_MAX_CPUS; /* else test_virt_fdt_parse checks the error */
	size_t size;
	void *fdt = dtb_load(name, 0, &size);
	void *again;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	if (parsable)
		CHECK_EQ(virt_fdt_parse(fdt, size, &before), 0);
	CHECK_EQ(virt_fdt_patch(fdt, size, &full, NULL), 0);
	CHECK_EQ(fdt_check_header(fdt), 0);
	CHECK_EQ(fdt_totalsize(fdt), size);
	check_psci(fdt);
	check_cpus(fdt, cpus, full.idle_state_count);
	check_chosen(fdt);
	CHECK_EQ(fdt_path_offset(fdt, "/secure-chosen"), -FDT_ERR_NOTFOUND);

	if (parsable) {
		CHECK_EQ(virt_fdt_parse(fdt, size, &after), 0);
		CHECK(!after.secure_seed_present); /* its source is gone from the tree */
		after.secure_seed = before.secure_seed;
		after.secure_seed_present = before.secure_seed_present;
		CHECK(memcmp(&before, &after, sizeof(before)) == 0);
	}

	/* Patching twice gives the same bytes: nothing is duplicated. */
	again = malloc(size);
	CHECK(again != NULL);
	if (again != NULL) {
		memcpy(again, fdt, size);
		CHECK_EQ(virt_fdt_patch(again, size, &full, NULL), 0);
		CHECK(memcmp(again, fdt, size) == 0);
		free(again);
	}
	if (strcmp(name, "gicv3-max-smp8") == 0)
		CHECK_EQ(dtb_save(fdt, "patched-gicv3-max-smp8"), 0); /* read by dtc in ctest */
	free(fdt);
}

/* No idle states, no /chosen changes: only /psci and enable-method. */
static void check_minimal_patch(void)
{
	static const struct virt_fdt_patch_params none = {.keep_secure_chosen = true};
	size_t size;
	void *fdt = dtb_load("gicv2-a57-smp1", 0, &size);
	int chosen;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	/* QEMU gives a lone CPU no enable-method. */
	CHECK(fdt_getprop(fdt, fdt_path_offset(fdt, "/cpus/cpu@0"), "enable-method", NULL) == NULL);
	CHECK_EQ(virt_fdt_patch(fdt, size, &none, NULL), 0);
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
	CHECK_EQ(virt_fdt_patch(fdt, size, &full, NULL), 0);
	check_psci(fdt);
	check_cpus(fdt, 2, 3);
	free(fdt);
}

static void check_errors(void)
{
	struct virt_idle_state many[VIRT_FDT_MAX_IDLE_STATES + 1];
	struct virt_idle_state dup[2] = {idle[0], idle[0]};
	struct virt_fdt_patch_params p = full;
	size_t size, packed_size;
	void *fdt = dtb_load("gicv3-a57-smp4", 0, &size);
	void *packed;
	static struct virt_hw hw;

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;

	/* A packed tree has no room to grow into: ENOSPACE, and still a valid tree. */
	packed = dtb_packed_copy(fdt, &packed_size);
	CHECK(packed != NULL);
	if (packed != NULL) {
		CHECK_EQ(virt_fdt_patch(packed, packed_size, &full, NULL), VIRT_FDT_ENOSPACE);
		CHECK_EQ(fdt_check_header(packed), 0);
		if (SECMON_IMAGE_MAX_CPUS >= 4) {
			CHECK_EQ(virt_fdt_parse(packed, packed_size, &hw), 0);
			CHECK_EQ(hw.cpu_count, 4);
		}
		/* buf_size smaller than the tree itself. */
		CHECK_EQ(virt_fdt_patch(packed, packed_size - 8, &full, NULL), VIRT_FDT_EBADFDT);
		free(packed);
	}

	for (size_t i = 0; i < sizeof(many) / sizeof(many[0]); i++)
		many[i] = idle[0];
	p.idle_states = many;
	p.idle_state_count = VIRT_FDT_MAX_IDLE_STATES + 1;
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	p.idle_states = NULL;
	p.idle_state_count = 1;
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	p.idle_states = dup; /* two nodes with one name */
	p.idle_state_count = 2;
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	dup[1].name = "a/b";
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	dup[1].name = "";
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	p = full;
	p.initrd_end = p.initrd_start - 1;
	CHECK_EQ(virt_fdt_patch(fdt, size, &p, NULL), VIRT_FDT_EINVAL);
	CHECK_EQ(virt_fdt_patch(fdt, size, NULL, NULL), VIRT_FDT_EINVAL);
	CHECK_EQ(virt_fdt_patch(NULL, size, &full, NULL), VIRT_FDT_EBADFDT);
	CHECK_EQ(virt_fdt_patch(fdt, (size_t)1 << 31, &full, NULL), VIRT_FDT_EINVAL);
	/* The failed calls above must have left a tree that still patches cleanly. */
	CHECK_EQ(virt_fdt_patch(fdt, size, &full, NULL), 0);
	check_cpus(fdt, 4, 3);
	free(fdt);
}

/*
 * The rewrite in place needs no more room than the result takes: a packed tree in a
 * buffer of every size from "too small" up gives ENOSPACE with the bytes untouched, then
 * from the result's own size on, success. Buffers are allocated at their exact size, so
 * ASan catches a write or read past the end. *written must cover every changed byte.
 */
static void check_tight_room(void)
{
	size_t size, packed_size, need = 0;
	void *fdt = dtb_load("gicv3-max-smp8", 0, &size);
	void *packed = fdt ? dtb_packed_copy(fdt, &packed_size) : NULL;

	CHECK(packed != NULL);
	if (packed == NULL) {
		free(fdt);
		return;
	}
	/* The size the patched tree needs: its blocks end where the strings end. */
	memcpy(fdt, packed, packed_size);
	CHECK_EQ(virt_fdt_patch(fdt, size, &full, NULL), 0);
	need = fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt);
	CHECK(need > packed_size);
	for (size_t room = need - packed_size - 64; room <= need - packed_size + 64; room++) {
		size_t buf_size = packed_size + room, written = 0;
		uint8_t *buf = malloc(buf_size);
		uint8_t *before = malloc(buf_size);
		int rc;

		if (buf == NULL || before == NULL) {
			free(buf);
			free(before);
			continue;
		}
		memcpy(buf, packed, packed_size);
		memset(buf + packed_size, 0xa5, room);
		memcpy(before, buf, buf_size);
		rc = virt_fdt_patch(buf, buf_size, &full, &written);
		if (packed_size + room < need) {
			CHECK_EQ(rc, VIRT_FDT_ENOSPACE);
			CHECK(memcmp(buf, before, buf_size) == 0);
		} else {
			CHECK_EQ(rc, 0);
			CHECK(written >= need && written <= buf_size);
			CHECK(memcmp(buf + written, before + written, buf_size - written) == 0);
			CHECK_EQ(fdt_check_header(buf), 0);
			check_psci(buf);
			check_cpus(buf, 8, full.idle_state_count);
			check_chosen(buf);
		}
		free(buf);
		free(before);
	}
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
	check_minimal_patch();
	check_replaces_qemu_psci();
	check_errors();
	check_tight_room();
	return check_report();
}
