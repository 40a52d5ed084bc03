/*
 * Firmware Handoff transfer lists: valid ones (with and without BL32, checksum on and off,
 * a later header version) and every way they or the registers can be malformed.
 */
#include <string.h>

#include <secmon/handoff.h>

#include "check.h"
#include "handoff_build.h"

#define ARENA	 8192
#define BASE	 0x100 /* the list */
#define TOTAL	 0x1000
#define FDT_SIZE 0x40
#define BL33_PC	 0x60000000ull
#define BL32_PC	 0x0e100000ull

static struct arena a;
static struct secmon_handoff_window win;
static struct tl t;
static size_t fdt_data, ep33_data, ep32_data;

static int parse(const struct secmon_boot_regs *regs, struct secmon_handoff *out)
{
	return secmon_transfer_list_parse(regs, &win, 1, out);
}

static bool all_zero(const struct secmon_handoff *h)
{
	static const struct secmon_handoff zero;

	return memcmp(h, &zero, sizeof(zero)) == 0;
}

/* A list as TF-A's BL2 writes it: the FDT, then BL32's and BL33's entry points. */
static void build(bool bl32, uint32_t flags)
{
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, flags);
	fdt_data = tl_add(&t, T_TAG_FDT, FDT_SIZE);
	put32(&a, fdt_data, 0xedfe0dd0u);
	ep32_data = bl32 ? tl_add_ep(&t, T_EP_SECURE, BL32_PC, T_SPSR_EL1H, 0x3200) : 0;
	ep33_data = tl_add_ep(&t, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0x3300);
	tl_seal(&t);
}

static struct secmon_boot_regs regs(void)
{
	return tl_regs(&t, at(&a, fdt_data));
}

static void check_valid(const struct secmon_handoff *h, bool bl32)
{
	CHECK_EQ(h->bl33.pc, BL33_PC);
	CHECK_EQ(h->bl33.spsr, T_SPSR_EL2H);
	CHECK(!h->bl33.secure);
	CHECK_EQ(h->bl33.args[0], 0x3300);
	CHECK_EQ(h->bl33.args[7], 0x3307);
	CHECK_EQ(h->fdt, at(&a, fdt_data));
	CHECK_EQ(h->fdt_size, FDT_SIZE);
	CHECK_EQ(h->has_bl32, bl32);
	if (bl32) {
		CHECK_EQ(h->bl32.pc, BL32_PC);
		CHECK(h->bl32.secure);
		CHECK_EQ(h->bl32.args[1], 0x3201);
	}
}

static void test_valid(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, true);
	/* The dispatcher chooses the transfer list for these registers. */
	CHECK_EQ(secmon_handoff_parse(&r, &win, 1, &h), SECMON_HANDOFF_OK);
	check_valid(&h, true);

	build(false, 1);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, false);

	/* x0 = 0 is allowed: the FDT comes from its entry. */
	r.x[0] = 0;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, false);

	/* Without the checksum flag the checksum is not looked at. */
	build(true, 0);
	put8(&a, BASE + 4, 0x5a);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, true);

	/* Unknown tags, void entries, and entries after BL33 are skipped. */
	build(true, 1);
	tl_add(&t, 0, 16);
	put32(&a, tl_add(&t, 0x103, 5), 0xffffffffu);
	tl_add(&t, 0xfff000, 0);
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, true);

	/* An empty secure entry point (pc 0) is no BL32. */
	build(true, 1);
	put64(&a, ep32_data + 8, 0);
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, false);
}

static void test_fdt_from_x0(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	/* No FDT entry: x0 is the DTB, size unknown. */
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, 1);
	tl_add_ep(&t, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0x3300);
	tl_seal(&t);
	r = tl_regs(&t, 0x40000000);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	CHECK_EQ(h.fdt, 0x40000000);
	CHECK_EQ(h.fdt_size, 0);
	CHECK_EQ(h.bl33.pc, BL33_PC);

	r.x[0] = 0;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	CHECK_EQ(h.fdt, 0);

	/* An FDT entry and an x0 elsewhere: the convention says x0 is the entry's. */
	build(false, 1);
	r = regs();
	r.x[0] += 8;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_REGS);
	CHECK(all_zero(&h));
}

static void test_registers(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	r = regs();
	r.x[2] = 1;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_REGS);
	CHECK(all_zero(&h));

	r = regs();
	r.x[1] = T_TL_SIGNATURE | 2ull << 32; /* register convention version 2 */
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);
	r.x[1] = T_TL_X1 | 1ull << 40; /* x1[63:40] reserved */
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);
	r.x[1] = T_TL_SIGNATURE; /* no version */
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);
	/* The convention's first draft (signature in x1[23:0], version in [31:24]). */
	r.x[1] = (T_TL_SIGNATURE & 0xffffffu) | 1u << 24;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);
	CHECK_EQ(secmon_handoff_parse(&r, &win, 1, &h), SECMON_HANDOFF_BAD_VERSION);

	r = regs();
	r.x[1] = 0x40000000; /* no signature */
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_NO_LIST);
	r = regs();
	r.x[3] = 0;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_NO_LIST);
	CHECK(all_zero(&h));
}

static void test_header(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	put32(&a, BASE, 0x4a0fb10c); /* no list at x3 */
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_NO_LIST);

	build(true, 1);
	put8(&a, BASE + 5, 0); /* version 0 is invalid */
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);
	CHECK(all_zero(&h));

	/* A later version stays readable: its larger header is skipped. */
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, 1);
	put8(&a, BASE + 5, 2);
	put8(&a, BASE + 6, 0x20);
	put32(&a, BASE + 0x18, 0xffffffffu); /* a new header field, not an entry */
	put32(&a, BASE + 8, 0x20);
	fdt_data = tl_add(&t, T_TAG_FDT, FDT_SIZE);
	tl_add_ep(&t, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0x3300);
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	check_valid(&h, false);
}

static void test_checksum(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	put8(&a, ep33_data + 0x20, a.mem[ep33_data + 0x20] ^ 1); /* one bit of BL33's x1 */
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_CHECKSUM);
	CHECK(all_zero(&h));

	build(true, 1);
	put8(&a, BASE + 4, (uint8_t)(a.mem[BASE + 4] + 1));
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_CHECKSUM);

	/* Bytes past used_size are not the list's. */
	build(true, 1);
	put8(&a, BASE + tl_used(&t), 0x77);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
}

static void test_truncated(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r = regs();

	build(true, 1);
	put32(&a, BASE + 0xc, tl_used(&t) - 8); /* used beyond total */
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);
	CHECK(all_zero(&h));

	build(true, 1);
	put8(&a, BASE + 6, 0x10); /* header smaller than version 1's */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put32(&a, BASE + 8, tl_used(&t) - 4); /* used not a multiple of 8 */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put32(&a, BASE + 8, tl_used(&t) - 8); /* BL33's entry cut off */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put32(&a, ep33_data - 4, 0x1000); /* data_size past the end */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put32(&a, ep33_data - 4, 0xffffffffu); /* data_size that wraps a 32-bit sum */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put8(&a, ep33_data - 5, 4); /* entry header smaller than 8 */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put32(&a, ep33_data - 4, T_EP_SIZE - 8); /* entry smaller than an entry_point_info */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);

	build(true, 1);
	put16(&a, ep33_data + 2, T_EP_SIZE + 8); /* its header larger than the entry */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TRUNCATED);
	CHECK(all_zero(&h));
}

static void test_outside(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	r = regs();
	win.size = BASE + tl_used(&t) - 8; /* the list's last 8 bytes outside */
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OUTSIDE);
	CHECK(all_zero(&h));
	win.size = BASE + tl_used(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	win.size = ARENA;

	r.x[3] = at(&a, ARENA);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OUTSIDE);
	r.x[3] = UINT64_MAX & ~7ull;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OUTSIDE);

	/* used_size up to 4 GiB: checked against the window before anything is read. */
	build(true, 1);
	put32(&a, BASE + 8, 0xfffffff8u);
	put32(&a, BASE + 0xc, 0xfffffff8u);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OUTSIDE);
}

static void test_misaligned(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	r = regs();
	r.x[3] += 4;
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_MISALIGNED);
	CHECK(all_zero(&h));

	/* An entry header of 12 bytes puts BL33's entry_point_info off its alignment. */
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, 1);
	size_t te = BASE + tl_used(&t);

	put32(&a, te, T_TAG_EP64 | 12u << 24);
	put32(&a, te + 4, T_EP_SIZE);
	put_ep(&a, te + 12, 2, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0);
	put32(&a, BASE + 8, tl_used(&t) + ((12 + T_EP_SIZE + 7) & ~7u));
	tl_seal(&t);
	r = tl_regs(&t, 0);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_MISALIGNED);
}

static void test_entries(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	/* Only a secure entry point: no BL33. */
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, 1);
	tl_add_ep(&t, T_EP_SECURE, BL32_PC, T_SPSR_EL1H, 0);
	tl_seal(&t);
	r = tl_regs(&t, 0);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_NO_BL33);
	CHECK(all_zero(&h));

	build(true, 1);
	put8(&a, ep33_data, T_PARAM_IMAGE);
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_TYPE);

	build(true, 1);
	put8(&a, ep33_data + 1, 0);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_VERSION);

	build(true, 1);
	put32(&a, ep33_data + 4, T_EP_REALM);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_ENTRY);

	build(true, 1);
	put64(&a, ep33_data + 8, BL33_PC + 2); /* misaligned pc */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_ENTRY);

	build(true, 1);
	put64(&a, ep33_data + 8, 0);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_ENTRY);

	build(true, 1);
	put32(&a, ep32_data + 0x10, T_SPSR_EL3H); /* the secure payload at EL3 */
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_BAD_ENTRY);
	CHECK(all_zero(&h));
}

static void test_duplicate(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	build(true, 1);
	tl_add_ep(&t, T_EP_NON_SECURE, BL33_PC + 0x1000, T_SPSR_EL2H, 0);
	tl_seal(&t);
	r = regs();
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_DUPLICATE);
	CHECK(all_zero(&h));

	build(true, 1);
	tl_add_ep(&t, T_EP_SECURE, BL32_PC, T_SPSR_EL1H, 0);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_DUPLICATE);

	build(true, 1);
	tl_add(&t, T_TAG_FDT, 8);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_DUPLICATE);
}

static void test_too_long(void)
{
	struct secmon_handoff h;
	struct secmon_boot_regs r;

	/* BL33 and as many void entries as make the longest list walked, then one more. */
	memset(a.mem, 0, a.size);
	tl_init(&t, &a, BASE, TOTAL, 1);
	tl_add_ep(&t, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0);
	for (unsigned int i = 1; i < SECMON_HANDOFF_MAX_ENTRIES; i++)
		tl_add(&t, 0, 0);
	tl_seal(&t);
	r = tl_regs(&t, 0);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_OK);
	tl_add(&t, 0, 0);
	tl_seal(&t);
	CHECK_EQ(parse(&r, &h), SECMON_HANDOFF_TOO_LONG);
	CHECK(all_zero(&h));
}

int main(void)
{
	arena_init(&a, ARENA);
	win = arena_window(&a);
	test_valid();
	test_fdt_from_x0();
	test_registers();
	test_header();
	test_checksum();
	test_truncated();
	test_outside();
	test_misaligned();
	test_entries();
	test_duplicate();
	test_too_long();
	arena_free(&a);
	return check_report();
}
