/*
 * secmon_vformat (core/lib/format.c) against the host C library's snprintf, for every
 * conversion, flag, width and length the monitor's messages use, plus its own answers
 * where it deliberately differs (unknown conversions, NULL strings).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "format.h"

struct sink {
	char buf[256];
	size_t len;
};

static void sink_put(char c, void *arg)
{
	struct sink *s = arg;
	if (s->len < sizeof(s->buf) - 1)
		s->buf[s->len++] = c;
	s->buf[s->len] = '\0';
}

static const char *fmt_ours(struct sink *s, const char *fmt, ...)
{
	va_list ap;

	memset(s, 0, sizeof(*s));
	va_start(ap, fmt);
	secmon_vformat(sink_put, s, fmt, ap);
	va_end(ap);
	return s->buf;
}

/* One expectation: prints the call and both strings on a mismatch. */
static void expect_same(const char *call, const char *want, const char *got)
{
	if (strcmp(want, got) != 0)
		fprintf(stderr, "format %s: want \"%s\", got \"%s\"\n", call, want, got);
	CHECK(strcmp(want, got) == 0);
}

/* What the host C library's snprintf makes of the same call. */
#define SAME(...)                                                                                  \
	do {                                                                                       \
		char ref_[256];                                                                    \
		struct sink ours_;                                                                 \
		snprintf(ref_, sizeof(ref_), __VA_ARGS__);                                         \
		expect_same(#__VA_ARGS__, ref_, fmt_ours(&ours_, __VA_ARGS__));                    \
	} while (0)

/* A result given here (where the formatter differs from C, or C has no answer). */
#define OURS(expect, ...)                                                                          \
	do {                                                                                       \
		struct sink ours_;                                                                 \
		expect_same(#__VA_ARGS__, expect, fmt_ours(&ours_, __VA_ARGS__));                  \
	} while (0)

static void test_integers(void)
{
	SAME("%d %d %d", 0, -1, 42);
	SAME("%d %d", INT32_MAX, INT32_MIN);
	SAME("%i", -123456);
	SAME("%u %u", 0u, UINT32_MAX);
	SAME("%x %X %x", 0xdeadbeefu, 0xdeadbeefu, 0u);
	SAME("%lld %lld", (long long)INT64_MIN, (long long)INT64_MAX);
	SAME("%llu %llx", (unsigned long long)UINT64_MAX, (unsigned long long)UINT64_MAX);
	SAME("%lu %lx %ld", 123456789ul, 0xabcdef0ul, -5l);
	SAME("%zu %zx", (size_t)4096, (size_t)0x1000);
	SAME("%hhu %hu", 200, 60000);
	SAME("%" PRIu64 " %" PRIx64, UINT64_C(1) << 40, UINT64_C(0x0123456789abcdef));
	/* A 32-bit argument must not read (or show) a neighbour's upper half. */
	SAME("%x %llx", 0xffffffffu, 0x100000000ull);
}

static void test_width_and_flags(void)
{
	SAME("%016llx", 0x0e000000ull);
	SAME("%016llx", 0ull);
	SAME("%016llx", 0xffffffffffffffffull);
	SAME("[%-2d] [%-2d] [%-2d]", 1, 12, 123);
	SAME("[%5d] [%05d] [%-5d]", -42, -42, -42);
	SAME("[%8x] [%08X]", 0xabcu, 0xabcu);
	SAME("[%-10s] [%10s] [%s]", "psci", "psci", "");
	SAME("[%-10s]", "longer than ten");
	OURS("[7    ]", "[%-05d]", 7); /* '-' wins over '0', as in C */
	SAME("%c%c%c", 'E', 'L', '3');
	SAME("100%% %s", "done");
	SAME("x%-2d 0x%016llx  x%-2d 0x%016llx", 28, 0x1234ull, 29, 0xffull);
}

static void test_pointers_and_edges(void)
{
	OURS("0x0", "%p", (void *)0);
	OURS("0xe000000", "%p", (void *)(uintptr_t)0xe000000);
	OURS("(null)", "%s", (const char *)NULL);
	OURS("[  (null)]", "[%8s]", (const char *)NULL);
	/* An unknown conversion is printed as written; the arguments after it still line up. */
	OURS("%q 5", "%q %d", 5);
	OURS("%-4q", "%-4q");
	/* A directive cut off by the end of the string prints what there was. */
	OURS("end %", "end %");
	OURS("end %08l", "end %08l");
	OURS("", "");
	OURS("no directives", "no directives");
}

int main(void)
{
	test_integers();
	test_width_and_flags();
	test_pointers_and_edges();
	return check_report();
}
