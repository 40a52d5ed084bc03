/*
 * TF-A's BL2-to-BL31 parameters: v1 bl31_params (U-Boot SPL's default) and v2 bl_params
 * lists, valid ones and every way they can be malformed.
 */
#include <string.h>

#include <secmon/handoff.h>

#include "check.h"
#include "handoff_build.h"

#define ARENA	 4096
#define HDR	 0x000 /* the list's header */
#define NODE(i)	 (0x100 + 0x40 * (size_t)(i))
#define EP32	 0x800
#define EP33	 0x880
#define EP_OTHER 0x900
#define DTB	 0x40000000ull
#define BL33_PC	 0x60000000ull
#define BL32_PC	 0x0e100000ull

static struct arena a;
static struct secmon_handoff_window win;

static int parse(uint64_t x0, struct secmon_handoff *out)
{
	return secmon_bl_params_parse(x0, DTB, &win, 1, out);
}

static bool all_zero(const struct secmon_handoff *h)
{
	static const struct secmon_handoff zero;

	return memcmp(h, &zero, sizeof(zero)) == 0;
}

/* Both entry points of a list of this version, as U-Boot SPL fills them. */
static void put_eps(uint8_t version)
{
	put_ep(&a, EP32, version, T_EP_SECURE, BL32_PC, T_SPSR_EL1H, 0x3200);
	put_ep(&a, EP33, version, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0x3300);
}

/* A zeroed arena with the entry points of a v1 list. */
static void reset(void)
{
	memset(a.mem, 0, a.size);
	put_eps(1);
}

/* A zeroed arena with a v2 list: BL31's node (its ep_info zeroed, as U-Boot leaves it),
 * BL32's, BL33's. */
static void v2_list(void)
{
	memset(a.mem, 0, a.size);
	put_eps(2);
	put_v2(&a, HDR, at(&a, NODE(0)));
	put_node(&a, NODE(0), T_BL31_ID, at(&a, EP_OTHER), at(&a, NODE(1)));
	put_node(&a, NODE(1), T_BL32_ID, at(&a, EP32), at(&a, NODE(2)));
	put_node(&a, NODE(2), T_BL33_ID, at(&a, EP33), 0);
}

static void check_bl33(const struct secmon_handoff *h)
{
	CHECK_EQ(h->bl33.pc, BL33_PC);
	CHECK_EQ(h->bl33.spsr, T_SPSR_EL2H);
	CHECK(!h->bl33.secure);
	CHECK_EQ(h->bl33.args[0], 0x3300);
	CHECK_EQ(h->bl33.args[7], 0x3307);
	CHECK_EQ(h->fdt, DTB);
	CHECK_EQ(h->fdt_size, 0);
}

static void check_bl32(const struct secmon_handoff *h)
{
	CHECK(h->has_bl32);
	CHECK_EQ(h->bl32.pc, BL32_PC);
	CHECK_EQ(h->bl32.spsr, T_SPSR_EL1H);
	CHECK(h->bl32.secure);
	CHECK_EQ(h->bl32.args[3], 0x3203);
}

static void test_v1_valid(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, HDR, at(&a, EP32), at(&a, EP33));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
	check_bl32(&h);

	/* U-Boot without a secure payload: BL32's entry is there with pc 0. */
	put64(&a, EP32 + 8, 0);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
	CHECK(!h.has_bl32);
	CHECK_EQ(h.bl32.pc, 0);

	/* ... or no BL32 entry at all. */
	put_v1(&a, HDR, 0, at(&a, EP33));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
	CHECK(!h.has_bl32);
}

static void test_v2_valid(void)
{
	struct secmon_handoff h;

	reset();
	v2_list();
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
	check_bl32(&h);

	/* BL33 alone, first in the list. */
	put_v2(&a, HDR, at(&a, NODE(2)));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
	CHECK(!h.has_bl32);

	/* Entry points of version 1 in a v2 list (the layout is the same). */
	v2_list();
	put8(&a, EP33 + 1, 1);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	check_bl33(&h);
}

static void test_no_list(void)
{
	struct secmon_handoff h;

	CHECK_EQ(parse(0, &h), SECMON_HANDOFF_NO_LIST);
	CHECK(all_zero(&h));
}

static void test_wrong_type(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, HDR, at(&a, EP32), at(&a, EP33));
	put8(&a, HDR, T_PARAM_BL_PARAMS); /* v1 layout must say BL31 */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_TYPE);
	CHECK(all_zero(&h));

	v2_list();
	put8(&a, HDR, T_PARAM_BL31); /* v2 list must say BL_PARAMS */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_TYPE);

	v2_list();
	put8(&a, EP33, T_PARAM_IMAGE); /* BL33's entry point is an image_info */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_TYPE);
	CHECK(all_zero(&h));
}

static void test_wrong_version(void)
{
	struct secmon_handoff h;

	reset();
	v2_list();
	put8(&a, HDR + 1, 3);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_VERSION);
	put8(&a, HDR + 1, 0);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_VERSION);

	/* A DTB where the list should be (x0 and x1 swapped): magic d00dfeed. */
	put32(&a, HDR, 0xedfe0dd0u);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_VERSION);

	v2_list();
	put8(&a, EP32 + 1, 3);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_VERSION);
	CHECK(all_zero(&h));
}

static void test_truncated(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, HDR, at(&a, EP32), at(&a, EP33));
	put16(&a, HDR + 2, 0x28); /* one pointer short */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_TRUNCATED);

	v2_list();
	put16(&a, HDR + 2, 8);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_TRUNCATED);

	v2_list();
	put16(&a, EP33 + 2, T_EP_SIZE - 8); /* AArch32's entry_point_info is smaller */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_TRUNCATED);
	CHECK(all_zero(&h));
}

static void test_missing_bl33(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, HDR, at(&a, EP32), 0);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_NO_BL33);
	CHECK(all_zero(&h));

	v2_list();
	put64(&a, NODE(1) + 0x18, 0); /* the list ends after BL32 */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_NO_BL33);

	v2_list();
	put_v2(&a, HDR, 0); /* empty list */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_NO_BL33);

	v2_list();
	put64(&a, NODE(2) + 0x10, 0); /* BL33's node without an entry point */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_NO_BL33);
}

static void test_outside(void)
{
	struct secmon_handoff h;
	const uint64_t end = at(&a, ARENA);

	reset();
	CHECK_EQ(parse(end, &h), SECMON_HANDOFF_OUTSIDE);
	CHECK_EQ(parse(at(&a, 0) - 0x1000, &h), SECMON_HANDOFF_OUTSIDE);
	/* Near the top of the address space: a range check that wraps would accept it. */
	CHECK_EQ(parse(UINT64_MAX - 7, &h), SECMON_HANDOFF_OUTSIDE);

	/* The v1 structure's last bytes past the window. */
	put_v1(&a, ARENA - 0x30, at(&a, EP32), at(&a, EP33));
	win.size = ARENA - 8;
	CHECK_EQ(parse(at(&a, ARENA - 0x30), &h), SECMON_HANDOFF_OUTSIDE);
	win.size = ARENA;
	CHECK_EQ(parse(at(&a, ARENA - 0x30), &h), SECMON_HANDOFF_OK);

	v2_list();
	put64(&a, HDR + 8, end); /* head */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OUTSIDE);

	v2_list();
	put64(&a, NODE(2) + 0x10, end - 0x50); /* BL33's ep_info straddles the end */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OUTSIDE);

	v2_list();
	put64(&a, NODE(1) + 0x18, 0x1000); /* next: a small address, no window there */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OUTSIDE);
	CHECK(all_zero(&h));

	/* No window at all. */
	v2_list();
	CHECK_EQ(secmon_bl_params_parse(at(&a, HDR), DTB, NULL, 0, &h), SECMON_HANDOFF_OUTSIDE);
}

static void test_windows(void)
{
	struct secmon_handoff h;
	/* The list in one window, the entry points in another: both readable. */
	struct secmon_handoff_window two[2] = {{at(&a, EP32), ARENA - EP32}, {at(&a, 0), 0x800}};

	reset();
	v2_list();
	CHECK_EQ(secmon_bl_params_parse(at(&a, HDR), DTB, two, 2, &h), SECMON_HANDOFF_OK);
	check_bl33(&h);

	/* A structure across two adjacent windows is outside: each lies within one. */
	two[0] = (struct secmon_handoff_window){at(&a, 0), EP33 + 0x20};
	two[1] = (struct secmon_handoff_window){at(&a, EP33 + 0x20), ARENA - EP33 - 0x20};
	CHECK_EQ(secmon_bl_params_parse(at(&a, HDR), DTB, two, 2, &h), SECMON_HANDOFF_OUTSIDE);
}

static void test_misaligned(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, 0x204, at(&a, EP32), at(&a, EP33));
	CHECK_EQ(parse(at(&a, 0x204), &h), SECMON_HANDOFF_MISALIGNED);

	v2_list();
	put_node(&a, NODE(3) + 4, T_BL33_ID, at(&a, EP33), 0);
	put64(&a, NODE(1) + 0x18, at(&a, NODE(3) + 4));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_MISALIGNED);

	v2_list();
	put_ep(&a, EP_OTHER + 4, 2, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0);
	put64(&a, NODE(2) + 0x10, at(&a, EP_OTHER + 4));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_MISALIGNED);
	CHECK(all_zero(&h));
}

static void test_loops(void)
{
	struct secmon_handoff h;

	reset();
	v2_list();
	put64(&a, NODE(0) + 0x18, at(&a, NODE(0))); /* BL31's node points to itself */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_TOO_LONG);
	CHECK(all_zero(&h));

	v2_list();
	put64(&a, NODE(2) + 0x18, at(&a, NODE(0))); /* BL33 back to the head: BL33 twice */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_DUPLICATE);

	/* The longest list walked, and one node more. */
	static struct arena big;
	const size_t n = SECMON_HANDOFF_MAX_ENTRIES;

	arena_init(&big, 0x20 * (n + 2) + T_EP_SIZE + 0x10);
	const size_t ep = 0x20 * (n + 2);
	const struct secmon_handoff_window bw = arena_window(&big);

	put_ep(&big, ep, 2, T_EP_NON_SECURE, BL33_PC, T_SPSR_EL2H, 0);
	put_v2(&big, 0, at(&big, 0x20));
	for (size_t i = 0; i < n; i++)
		put_node(&big, 0x20 * (i + 1), i + 1 == n ? T_BL33_ID : 0x100,
			 i + 1 == n ? at(&big, ep) : 0, i + 1 == n ? 0 : at(&big, 0x20 * (i + 2)));
	CHECK_EQ(secmon_bl_params_parse(at(&big, 0), DTB, &bw, 1, &h), SECMON_HANDOFF_OK);
	put_v2(&big, 0, at(&big, 0x20 * (n + 1)));
	put_node(&big, 0x20 * (n + 1), 0x100, 0, at(&big, 0x20));
	CHECK_EQ(secmon_bl_params_parse(at(&big, 0), DTB, &bw, 1, &h), SECMON_HANDOFF_TOO_LONG);
	arena_free(&big);
}

static void test_bad_entry(void)
{
	struct secmon_handoff h;

	reset();
	put_v1(&a, HDR, at(&a, EP32), at(&a, EP33));
	put32(&a, EP33 + 4, T_EP_SECURE); /* BL33 marked secure */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);
	CHECK(all_zero(&h));

	v2_list();
	put32(&a, EP33 + 4, T_EP_SECURE);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP32 + 4, T_EP_NON_SECURE); /* BL32 marked non-secure */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP33 + 4, T_EP_REALM); /* a realm image: nothing this monitor enters */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP33 + 4, T_EP_NON_SECURE | 0x8); /* other attribute bits are fine */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);

	v2_list();
	put64(&a, EP33 + 8, BL33_PC + 2); /* misaligned pc */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put64(&a, EP33 + 8, 0); /* BL33 at 0 */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put64(&a, EP32 + 8, BL32_PC + 1);
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP33 + 0x10, T_SPSR_EL3H); /* the normal world at EL3 */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP33 + 0x10, 0x1d6); /* AArch32 Monitor mode */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_BAD_ENTRY);

	v2_list();
	put32(&a, EP33 + 0x10, 0x1da); /* AArch32 Hyp mode: enterable */
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_OK);
	CHECK_EQ(h.bl33.spsr, 0x1da);
}

static void test_duplicate(void)
{
	struct secmon_handoff h;

	reset();
	v2_list();
	put_node(&a, NODE(3), T_BL33_ID, at(&a, EP33), 0);
	put64(&a, NODE(2) + 0x18, at(&a, NODE(3)));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_DUPLICATE);
	CHECK(all_zero(&h));

	v2_list();
	put_node(&a, NODE(3), T_BL32_ID, at(&a, EP32), 0);
	put64(&a, NODE(2) + 0x18, at(&a, NODE(3)));
	CHECK_EQ(parse(at(&a, HDR), &h), SECMON_HANDOFF_DUPLICATE);
}

int main(void)
{
	arena_init(&a, ARENA);
	win = arena_window(&a);
	test_v1_valid();
	test_v2_valid();
	test_no_list();
	test_wrong_type();
	test_wrong_version();
	test_truncated();
	test_missing_bl33();
	test_outside();
	test_windows();
	test_misaligned();
	test_loops();
	test_bad_entry();
	test_duplicate();
	arena_free(&a);
	return check_report();
}
