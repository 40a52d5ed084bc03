/*
 * Forced into every libfdt file (cmake/libfdt.cmake): the string functions libfdt calls,
 * and its header accessor, made fast. Same semantics as what they replace.
 *
 * picolibc's string functions, which EL3 images link, are its size-optimised byte
 * loops, one call each: libfdt's copies (a tree, its strings block, every name the
 * sequential-write API stores) went a byte at a time. Here they are inline, and copies
 * move 16 bytes a step (EL3 builds of libfdt allow unaligned accesses, see
 * cmake/libfdt.cmake).
 *
 * libfdt reads its header fields with fdt32_ld(), a byte at a time for any alignment,
 * and every bounds check of every access reads two or three of them: that was most of
 * the cost of walking a tree. libfdt insists on 8-byte aligned trees (fdt_check_header(),
 * fdt_ro_probe_()), so in libfdt's own files a header field is read as one aligned word.
 */
#ifndef SECMON_LIBFDT_STRING_H
#define SECMON_LIBFDT_STRING_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Inline in optimised builds; at -O0 (debug images) each inlined copy would add its locals
   to the caller's frame, on the 4 KiB boot stack. */
#ifdef __OPTIMIZE__
#define SECMON_FDT_INLINE static inline __attribute__((always_inline, unused))
#else
#define SECMON_FDT_INLINE static inline __attribute__((unused))
#endif

/* 8 bytes from or to any address. */
SECMON_FDT_INLINE uint64_t secmon_fdt_ld64(const unsigned char *p)
{
	uint64_t v;

	__builtin_memcpy(&v, p, sizeof(v));
	return v;
}

SECMON_FDT_INLINE void secmon_fdt_st64(unsigned char *p, uint64_t v)
{
	__builtin_memcpy(p, &v, sizeof(v));
}

/*
 * Copies n bytes, 16 at a time: front to back when dst is below src or apart from it,
 * else back to front; each 16-byte step is read whole before it is written.
 */
SECMON_FDT_INLINE void *secmon_fdt_memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t i;

	if (d == s || n == 0)
		return dst;
	if (d < s || d >= s + n) {
		for (i = 0; i + 16 <= n; i += 16) {
			uint64_t a = secmon_fdt_ld64(s + i), b = secmon_fdt_ld64(s + i + 8);

			secmon_fdt_st64(d + i, a);
			secmon_fdt_st64(d + i + 8, b);
		}
		if (i + 8 <= n) {
			secmon_fdt_st64(d + i, secmon_fdt_ld64(s + i));
			i += 8;
		}
		for (; i < n; i++)
			d[i] = s[i];
		return dst;
	}
	for (i = n; i >= 16; i -= 16) {
		uint64_t a = secmon_fdt_ld64(s + i - 16), b = secmon_fdt_ld64(s + i - 8);

		secmon_fdt_st64(d + i - 16, a);
		secmon_fdt_st64(d + i - 8, b);
	}
	for (; i > 0; i--)
		d[i - 1] = s[i - 1];
	return dst;
}

SECMON_FDT_INLINE void *secmon_fdt_memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint64_t v = (unsigned char)c * 0x0101010101010101ull;
	size_t i = 0;

	for (; i + 16 <= n; i += 16) {
		secmon_fdt_st64(d + i, v);
		secmon_fdt_st64(d + i + 8, v);
	}
	for (; i < n; i++)
		d[i] = (unsigned char)c;
	return dst;
}

/* The first byte apart on its own: in a search loop, that is all most positions cost. */
SECMON_FDT_INLINE int secmon_fdt_memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	if (n == 0)
		return 0;
	if (p[0] != q[0])
		return p[0] < q[0] ? -1 : 1;
	for (size_t i = 1; i < n; i++) {
		if (p[i] != q[i])
			return p[i] - q[i];
	}
	return 0;
}

SECMON_FDT_INLINE void *secmon_fdt_memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (size_t i = 0; i < n; i++) {
		if (p[i] == (unsigned char)c)
			return (void *)(p + i);
	}
	return NULL;
}

SECMON_FDT_INLINE size_t secmon_fdt_strlen(const char *s)
{
	size_t n = 0;

	while (s[n] != '\0')
		n++;
	return n;
}

/* After string.h, whose prototypes (and _FORTIFY_SOURCE macros) these replace in libfdt. */
#undef memmove
#undef memcpy
#undef memset
#undef memcmp
#undef memchr
#undef strlen
#define memmove secmon_fdt_memmove
#define memcpy	secmon_fdt_memmove
#define memset	secmon_fdt_memset
#define memcmp	secmon_fdt_memcmp
#define memchr	secmon_fdt_memchr
#define strlen	secmon_fdt_strlen

/* libfdt.h is include-guarded: libfdt's files get this accessor when they include it. */
#include <libfdt.h>
#undef fdt_get_header
#define fdt_get_header(fdt, field) fdt32_to_cpu(((const struct fdt_header *)(fdt))->field)

#endif
