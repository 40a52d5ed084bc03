/*
 * The dispatcher (which parser the registers call for) and the error messages.
 */
#include <string.h>

#include <secmon/handoff.h>

#include "check.h"
#include "handoff_build.h"

static void test_dispatch(void)
{
	struct arena a;
	struct secmon_handoff h;

	arena_init(&a, 1024);
	const struct secmon_handoff_window win = arena_window(&a);

	/* U-Boot SPL: x0 = v1 bl31_params, x1 = the DTB. */
	put_ep(&a, 0x100, 1, T_EP_NON_SECURE, 0x60000000, T_SPSR_EL2H, 0);
	put_v1(&a, 0, 0, at(&a, 0x100));
	struct secmon_boot_regs r = {{at(&a, 0), 0x40000000, 0, 0}};

	CHECK_EQ(secmon_handoff_parse(&r, &win, 1, &h), SECMON_HANDOFF_OK);
	CHECK_EQ(h.bl33.pc, 0x60000000);
	CHECK_EQ(h.fdt, 0x40000000);

	/* A transfer list's registers go to the transfer list parser, which finds none. */
	r.x[1] = T_TL_X1;
	r.x[3] = at(&a, 0);
	CHECK_EQ(secmon_handoff_parse(&r, &win, 1, &h), SECMON_HANDOFF_NO_LIST);

	/* Registers of neither kind: x0 = 0 is no list. */
	r = (struct secmon_boot_regs){{0, 0, 0, 0}};
	CHECK_EQ(secmon_handoff_parse(&r, &win, 1, &h), SECMON_HANDOFF_NO_LIST);
	arena_free(&a);
}

static void test_strerror(void)
{
	const char *unknown = secmon_handoff_strerror(1);

	CHECK(unknown != NULL && unknown[0] != '\0');
	CHECK(secmon_handoff_strerror(-13) == unknown);
	/* Every error its own short message, none the unknown one. */
	for (int e = SECMON_HANDOFF_OK; e >= SECMON_HANDOFF_DUPLICATE; e--) {
		const char *m = secmon_handoff_strerror(e);

		CHECK(m != NULL && m != unknown && strlen(m) > 0 && strlen(m) <= 48);
		for (int f = e + 1; f <= SECMON_HANDOFF_OK; f++)
			CHECK(strcmp(m, secmon_handoff_strerror(f)) != 0);
	}
	CHECK(strstr(secmon_handoff_strerror(SECMON_HANDOFF_BAD_CHECKSUM), "checksum") != NULL);
}

int main(void)
{
	test_dispatch();
	test_strerror();
	return check_report();
}
