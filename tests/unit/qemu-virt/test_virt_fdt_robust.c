/*
 * virt_dt_parse() / virt_dt_patch() on broken trees: truncated and corrupted blobs,
 * too many CPUs, missing nodes and malformed properties must give the right error and
 * never a read or write outside the buffer (this test runs under ASan and UBSan, with
 * every buffer allocated at its exact size).
 */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dtb_util.h"
#include "virt_dt.h"

#define BASE_DTB     "gicv3-a57-smp4"
#define CORRUPT_RUNS 3000

static struct virt_hw hw;

/* The result of parsing a copy of BASE_DTB after edit() changed it. */
static int parse_edited(int (*edit)(void *fdt))
{
	size_t size;
	void *fdt = dtb_load(BASE_DTB, 0, &size);
	int rc;

	if (fdt == NULL)
		return 1; /* not an error code: the CHECK fails */
	rc = edit(fdt);
	if (rc == 0)
		rc = virt_dt_parse(fdt, size, &hw, NULL, NULL);
	else
		fprintf(stderr, "edit failed: %s\n", fdt_strerror(rc));
	free(fdt);
	return rc;
}

static int del_memory(void *f)
{
	return dtb_del(f, "/memory@40000000");
}
static int del_cpus(void *f)
{
	return dtb_del(f, "/cpus");
}
static int del_gic(void *f)
{
	return dtb_del(f, "/intc@8000000");
}
static int del_uart(void *f)
{
	return dtb_del(f, "/pl011@9000000");
}
static int del_fw_cfg(void *f)
{
	return dtb_del(f, "/fw-cfg@9020000");
}
static int del_secure_parts(void *f)
{
	int rc = dtb_del(f, "/pl011@9040000");

	return rc ? rc : dtb_del(f, "/pl061@90b0000");
}
static int del_every_cpu(void *f)
{
	static const char *const cpus[] = {"/cpus/cpu@0", "/cpus/cpu@1", "/cpus/cpu@2",
					   "/cpus/cpu@3"};
	int rc = 0;

	for (size_t i = 0; rc == 0 && i < 4; i++)
		rc = dtb_del(f, cpus[i]);
	return rc;
}
static int short_memory_reg(void *f)
{
	static const uint32_t reg[] = {0, 0x40000000, 0};

	return dtb_set_cells(f, "/memory@40000000", "reg", reg, 3);
}
static int zero_memory_size(void *f)
{
	static const uint32_t reg[] = {0, 0x40000000, 0, 0};

	return dtb_set_cells(f, "/memory@40000000", "reg", reg, 4);
}
static int wrapping_memory(void *f)
{
	static const uint32_t reg[] = {0xffffffff, 0xfffff000, 0, 0x2000};

	return dtb_set_cells(f, "/memory@40000000", "reg", reg, 4);
}
static int too_many_memory_ranges(void *f)
{
	uint32_t reg[4 * (VIRT_DT_MAX_MEM + 1)];

	for (int i = 0; i < VIRT_DT_MAX_MEM + 1; i++) {
		reg[4 * i] = 0;
		reg[4 * i + 1] = 0x40000000u + (uint32_t)i * 0x1000000u;
		reg[4 * i + 2] = 0;
		reg[4 * i + 3] = 0x1000000;
	}
	return dtb_set_cells(f, "/memory@40000000", "reg", reg, 4 * (VIRT_DT_MAX_MEM + 1));
}
static int three_address_cells(void *f)
{
	static const uint32_t three = 3;

	return dtb_set_cells(f, "/", "#address-cells", &three, 1);
}
static int long_cpu_reg(void *f)
{
	static const uint32_t reg[] = {0, 1};

	return dtb_set_cells(f, "/cpus/cpu@1", "reg", reg, 2);
}
static int duplicate_mpidr(void *f)
{
	static const uint32_t reg = 2;

	return dtb_set_cells(f, "/cpus/cpu@1", "reg", &reg, 1);
}
static int non_affinity_mpidr(void *f)
{
	static const uint32_t reg = 0x80000001; /* bit 31 (RES1 in MPIDR) is no affinity */

	return dtb_set_cells(f, "/cpus/cpu@1", "reg", &reg, 1);
}
static int cpus_with_size_cells(void *f)
{
	static const uint32_t one = 1;

	return dtb_set_cells(f, "/cpus", "#size-cells", &one, 1);
}
static int too_many_gicr_regions(void *f)
{
	static const uint32_t n = VIRT_DT_MAX_GICR + 1;

	return dtb_set_cells(f, "/intc@8000000", "#redistributor-regions", &n, 1);
}
static int missing_gicr_region(void *f)
{
	static const uint32_t n = 2;

	return dtb_set_cells(f, "/intc@8000000", "#redistributor-regions", &n, 1);
}
static int stdout_path_alias(void *f)
{
	int aliases = fdt_add_subnode(f, 0, "aliases");

	int rc;

	if (aliases < 0)
		return aliases;
	rc = fdt_setprop_string(f, aliases, "serial0", "/pl011@9000000");
	return rc ? rc : dtb_set(f, "/chosen", "stdout-path", "serial0:115200n8", 17);
}
static int unterminated_status(void *f)
{
	return dtb_set(f, "/pl011@9000000", "status", "okay", 4); /* no NUL */
}

static void check_missing_and_malformed(void)
{
	CHECK_EQ(parse_edited(del_memory), VIRT_DT_ENOTFOUND);
	CHECK_EQ(parse_edited(del_cpus), VIRT_DT_ENOTFOUND);
	CHECK_EQ(parse_edited(del_every_cpu), VIRT_DT_ENOTFOUND);
	CHECK_EQ(parse_edited(del_gic), VIRT_DT_ENOTFOUND);
	CHECK_EQ(parse_edited(del_uart), VIRT_DT_ENOTFOUND); /* the secure one is not NS */
	CHECK_EQ(parse_edited(unterminated_status), VIRT_DT_ENOTFOUND);

	CHECK_EQ(parse_edited(del_fw_cfg), 0);
	CHECK(!hw.fw_cfg.present);
	CHECK_EQ(parse_edited(del_secure_parts), 0);
	CHECK(!hw.secure_uart.present && !hw.secure_gpio.present);
	CHECK_EQ(hw.secure_gpio.poweroff_pin, VIRT_DT_NO_PIN);
	CHECK_EQ(parse_edited(stdout_path_alias), 0);
	CHECK_EQ(hw.uart.reg.base, 0x09000000);

	CHECK_EQ(parse_edited(short_memory_reg), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(zero_memory_size), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(wrapping_memory), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(too_many_memory_ranges), VIRT_DT_ETOOMANY);
	CHECK_EQ(parse_edited(three_address_cells), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(long_cpu_reg), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(duplicate_mpidr), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(non_affinity_mpidr), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(cpus_with_size_cells), VIRT_DT_EBADPROP);
	CHECK_EQ(parse_edited(too_many_gicr_regions), VIRT_DT_ETOOMANY);
	CHECK_EQ(parse_edited(missing_gicr_region), VIRT_DT_EBADPROP);
}

/* Adds cpu nodes to /cpus until there are total, with distinct MPIDRs. */
static int add_cpus(void *fdt, unsigned int have, unsigned int total)
{
	for (unsigned int i = have; i < total; i++) {
		char name[24];
		int cpus = fdt_path_offset(fdt, "/cpus");
		int node, rc;

		snprintf(name, sizeof(name), "cpu@%x", i);
		node = fdt_add_subnode(fdt, cpus, name);
		if (node < 0)
			return node;
		rc = fdt_setprop_string(fdt, node, "device_type", "cpu");
		if (rc == 0)
			rc = fdt_setprop_u32(fdt, node, "reg", (i / 16) << 8 | (i % 16));
		if (rc)
			return rc;
	}
	return 0;
}

static void check_cpu_limit(void)
{
	const unsigned int max = SECMON_IMAGE_MAX_CPUS;
	size_t size;
	/* Room for SECMON_IMAGE_MAX_CPUS + 1 cpu nodes of about 60 bytes each. */
	void *fdt =
	    dtb_load(BASE_DTB, (size_t)(SECMON_IMAGE_MAX_CPUS + 1) * 128 + (1u << 20), &size);

	CHECK(fdt != NULL);
	if (fdt == NULL)
		return;
	CHECK_EQ(fdt_open_into(fdt, fdt, (int)size), 0);
	CHECK_EQ(add_cpus(fdt, 4, max), 0);
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), 0);
	CHECK_EQ(hw.cpu_count, max);
	/* CPUs added here are not in QEMU's cpu-map: clusters come from Aff1 then. */
	CHECK_EQ(hw.topo_source, max > 4 ? VIRT_TOPO_MPIDR : VIRT_TOPO_CPU_MAP);
	CHECK_EQ(hw.cluster_count, (max + 15) / 16);
	/* libfdt adds a node as its parent's first child: the last one added comes first. */
	for (unsigned int i = 0; i + 4 < max; i++) {
		unsigned int n = max - 1 - i;

		CHECK_EQ(hw.cpu[i].mpidr, (n / 16) << 8 | (n % 16));
	}
	CHECK_EQ(add_cpus(fdt, max, max + 1), 0);
	CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), VIRT_DT_ETOOMANY);
	free(fdt);
}

/* Every length shorter than the tree: as a short buffer, and as a header that lies. */
static void check_truncated(void *packed, size_t size)
{
	unsigned int short_buf = 0, short_total = 0;

	for (size_t len = 0; len < size; len++) {
		void *buf = malloc(len ? len : 1);

		if (buf == NULL)
			continue;
		memcpy(buf, packed, len);
		short_buf += virt_dt_parse(buf, len, &hw, NULL, NULL) == VIRT_DT_EBADFDT;
		if (len >= sizeof(struct fdt_header)) {
			fdt_set_totalsize(buf, (uint32_t)len);
			short_total += virt_dt_parse(buf, len, &hw, NULL, NULL) == VIRT_DT_EBADFDT;
		} else {
			short_total++;
		}
		free(buf);
	}
	CHECK_EQ(short_buf, size);
	CHECK_EQ(short_total, size);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Whatever parse accepted must be self-consistent. */
static bool hw_sane(const struct virt_hw *h)
{
	if (h->cpu_count < 1 || h->cpu_count > SECMON_IMAGE_MAX_CPUS || h->cluster_count < 1 ||
	    h->cluster_count > h->cpu_count || h->mem_count < 1 || h->mem_count > VIRT_DT_MAX_MEM ||
	    (h->gic_version != 2 && h->gic_version != 3))
		return false;
	for (unsigned int i = 0; i < h->cpu_count; i++) {
		if (h->cpu[i].cluster >= h->cluster_count ||
		    (h->cpu[i].mpidr & ~VIRT_MPIDR_AFF_MASK) != 0)
			return false;
	}
	return h->uart.present && h->uart.reg.size != 0;
}

/* Where the last block of a tree ends by its header (no further than size). */
static size_t blocks_end(const void *fdt, size_t size)
{
	size_t end = fdt_off_dt_struct(fdt) + (size_t)fdt_size_dt_struct(fdt);
	size_t strings = fdt_off_dt_strings(fdt) + (size_t)fdt_size_dt_strings(fdt);
	size_t rsvmap = fdt_off_mem_rsvmap(fdt) + sizeof(struct fdt_reserve_entry);

	end = strings > end ? strings : end;
	end = rsvmap > end ? rsvmap : end;
	return end < size ? end : size;
}

/*
 * Random byte corruption anywhere in a packed tree (seeded, reproducible): parse and
 * patch must each return 0 or an error; a tree that parsed must make sense; a patch
 * that failed must leave the tree as it was.
 */
static void check_corrupted(void *packed, size_t size)
{
	static const struct virt_idle_state idle = {"cpu-power-down", 0x40000002, 1, 2, 3, true};
	static const struct virt_dt_patch_params p = {
	    .idle_states = &idle, .idle_state_count = 1, .bootargs = "console=ttyAMA0"};
	const size_t room = 3 * size; /* the copy, after the tree */
	unsigned int parsed = 0, rejected = 0, insane = 0, patched = 0;

	for (int iter = 0; iter < CORRUPT_RUNS; iter++) {
		uint8_t *buf = malloc(size);
		uint8_t *big = malloc(size + room);
		int flips = 1 + (int)(rng() % 4);
		int rc;

		if (buf == NULL || big == NULL) {
			free(buf);
			free(big);
			continue;
		}
		memcpy(buf, packed, size);
		for (int i = 0; i < flips; i++) {
			size_t at = (size_t)(rng() % size);

			/* Half the time a random byte, else a likely-harmful small change. */
			buf[at] =
			    (rng() & 1) ? (uint8_t)rng() : (uint8_t)(buf[at] ^ (1u << (rng() % 8)));
		}
		rc = virt_dt_parse(buf, size, &hw, NULL, NULL);
		if (rc == 0) {
			parsed++;
			insane += !hw_sane(&hw);
		} else {
			rejected += rc < 0;
		}
		/* The same bytes, patched with room for the copy, then read back. */
		memcpy(big, buf, size);
		rc = dtb_patch(big, size + room, &p, NULL, NULL);
		if (rc == 0) {
			patched++;
			CHECK_EQ(fdt_check_header(big), 0);
			rc = virt_dt_parse(big, size + room, &hw, NULL, NULL);
			insane += rc == 0 && !hw_sane(&hw);
		} else {
			/* The tree's blocks are as they were (the copy goes after them). */
			CHECK(memcmp(big, buf, blocks_end(buf, size)) == 0);
		}
		free(buf);
		free(big);
	}
	printf("corruption: %u parsed, %u rejected, %u patched\n", parsed, rejected, patched);
	CHECK_EQ(parsed + rejected, CORRUPT_RUNS);
	CHECK_EQ(insane, 0);
	CHECK(parsed > 0 && rejected > 0); /* both paths were exercised */
}

static void check_arguments(void *fdt, size_t size)
{
	uint8_t *shifted = malloc(size + 8);

	CHECK_EQ(virt_dt_parse(fdt, size, NULL, NULL, NULL), VIRT_DT_EINVAL);
	CHECK_EQ(virt_dt_parse(NULL, size, &hw, NULL, NULL), VIRT_DT_EBADFDT);
	CHECK_EQ(virt_dt_parse(fdt, 0, &hw, NULL, NULL), VIRT_DT_EBADFDT);
	if (shifted != NULL) {
		memcpy(shifted + 4, fdt, size); /* libfdt wants 8-byte alignment */
		CHECK_EQ(virt_dt_parse(shifted + 4, size, &hw, NULL, NULL), VIRT_DT_EBADFDT);
		free(shifted);
	}
	CHECK(strcmp(virt_dt_strerror(VIRT_DT_ETOOMANY), "unknown error") != 0);
	CHECK(strcmp(virt_dt_strerror(-99), "unknown error") == 0);
}

int main(void)
{
	size_t size, packed_size;
	void *fdt = dtb_load(BASE_DTB, 0, &size);
	void *packed = fdt ? dtb_packed_copy(fdt, &packed_size) : NULL;

	CHECK(packed != NULL);
	if (SECMON_IMAGE_MAX_CPUS < 4) {
		/* BASE_DTB has 4 CPUs: too many for this build, so nothing else applies. */
		CHECK_EQ(virt_dt_parse(fdt, size, &hw, NULL, NULL), VIRT_DT_ETOOMANY);
		free(packed);
		free(fdt);
		return check_report();
	}
	if (packed != NULL) {
		CHECK_EQ(virt_dt_parse(packed, packed_size, &hw, NULL, NULL), 0);
		check_arguments(packed, packed_size);
		check_truncated(packed, packed_size);
		check_corrupted(packed, packed_size);
	}
	check_missing_and_malformed();
	check_cpu_limit();
	free(packed);
	free(fdt);
	return check_report();
}
