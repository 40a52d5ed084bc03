/*
 * The monitor's printf formatting, small enough to stay resident next to the crash path.
 * It knows what EL3 messages use: conversions d i u x X p s c and %%, flags '-' and '0',
 * a decimal field width, and the length modifiers hh h l ll z j t. No precision, no
 * floating point, no %n. An unknown conversion is printed as written.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

static void repeat(secmon_format_out out, void *arg, char c, unsigned int n)
{
	while (n--)
		out(c, arg);
}

static void emit(secmon_format_out out, void *arg, const char *s, unsigned int n)
{
	while (n--)
		out(*s++, arg);
}

/* Length modifier: 64-bit argument (l, ll, z, j, t) or int-sized (none, h, hh). */
static const char *length(const char *f, bool *wide)
{
	*wide = false;
	while (*f == 'h')
		f++; /* promoted to int anyway */
	if (*f == 'z' || *f == 'j' || *f == 't') {
		*wide = true; /* 64-bit on every target the monitor builds for */
		return f + 1;
	}
	if (*f == 'l') {
		*wide = true; /* long is 64-bit there too */
		f += f[1] == 'l' ? 2 : 1;
	}
	return f;
}

/*
 * Every conversion becomes a prefix ("-" or "0x"), a body and a field width, and one
 * path pads and prints them: spaces before (or after, with '-'), zeros between prefix
 * and body with '0'.
 */
void secmon_vformat(secmon_format_out out, void *arg, const char *fmt, va_list ap)
{
	for (const char *f = fmt; *f; f++) {
		char digits[20]; /* UINT64_MAX has 20 decimal digits */
		const char *prefix = "", *body;
		unsigned int width = 0, plen = 0, len = 0;
		bool left = false, zero = false, wide;
		char c;

		if (*f != '%') {
			out(*f, arg);
			continue;
		}
		const char *start = f++;
		for (;; f++) {
			if (*f == '-')
				left = true;
			else if (*f == '0')
				zero = true;
			else
				break;
		}
		while (*f >= '0' && *f <= '9')
			width = width * 10 + (unsigned int)(*f++ - '0');
		f = length(f, &wide);
		c = *f;

		/*
		 * One va_arg per argument class (each expands to a dozen instructions): pointers
		 * (%s, %p), 64-bit integers, and int-sized ones (%c too); a signed argument is
		 * read as its unsigned counterpart and its sign taken from the value.
		 */
		uint64_t v = 0;
		if (c == 's' || c == 'p')
			v = (uint64_t)(uintptr_t)va_arg(ap, const void *);
		else if (c == 'c' || c == 'd' || c == 'i' || c == 'u' || c == 'x' || c == 'X')
			v = wide && c != 'c' ? va_arg(ap, unsigned long long)
					     : va_arg(ap, unsigned int);

		if (c == 's') {
			body = (const char *)(uintptr_t)v;
			if (!body)
				body = "(null)";
			while (body[len])
				len++;
			zero = false;
		} else if (c == 'c' || c == '%') {
			digits[0] = c;
			if (c == 'c')
				digits[0] = (char)v;
			body = digits;
			len = 1;
			zero = false;
		} else if (c == 'd' || c == 'i' || c == 'u' || c == 'x' || c == 'X' || c == 'p') {
			unsigned int base = c == 'd' || c == 'i' || c == 'u' ? 10 : 16;

			if (c == 'd' || c == 'i') {
				int64_t sv = wide ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
				if (sv < 0) {
					prefix = "-";
					v = 0 - (uint64_t)sv;
				}
			}
			if (c == 'p')
				prefix = "0x";
			char *p = digits + sizeof(digits);
			do {
				unsigned int d = (unsigned int)(v % base);
				*--p = (char)(d < 10 ? '0' + d : (c == 'X' ? 'A' : 'a') + (d - 10));
				len++;
				v /= base;
			} while (v);
			body = p;
			while (prefix[plen])
				plen++;
		} else {
			/* Unknown, or the string ended inside the directive: print it as written.
			 */
			emit(out, arg, start, (unsigned int)(f - start));
			if (!c)
				return;
			out(c, arg);
			continue;
		}

		unsigned int fill = width > plen + len ? width - plen - len : 0;
		if (!left && !zero)
			repeat(out, arg, ' ', fill);
		emit(out, arg, prefix, plen);
		if (!left && zero)
			repeat(out, arg, '0', fill);
		emit(out, arg, body, len);
		if (left)
			repeat(out, arg, ' ', fill);
	}
}
