/* A small printf into a buffer; print() writes whole lines to the console. */
#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "util.h"

struct out {
	char *buf;   /* destination */
	size_t size; /* its size, including the terminating NUL */
	size_t len;  /* characters produced so far (may exceed size) */
};

static void out_c(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void out_pad(struct out *o, char c, size_t n)
{
	while (n--)
		out_c(o, c);
}

/* Writes v in the given base backwards into the end of tmp; returns the first digit. */
static char *utoa(char *end, uint64_t v, unsigned int base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char *p = end;

	do {
		*--p = digits[v % base];
		v /= base;
	} while (v);
	return p;
}

int fmt_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = {buf, size, 0};

	while (*fmt) {
		char c = *fmt++;

		if (c != '%') {
			out_c(&o, c);
			continue;
		}
		bool left = false, zero = false, is_long = false;
		size_t width = 0;

		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				zero = true;
			else
				break;
		}
		if (*fmt == '*') {
			int w = va_arg(ap, int);

			if (w < 0) {
				left = true;
				w = -w;
			}
			width = (size_t)w;
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				width = width * 10 + (size_t)(*fmt++ - '0');
		}
		if (*fmt == 'h') {
			fmt++;
			if (*fmt == 'h')
				fmt++;
		} else if (*fmt == 'l') {
			is_long = true;
			fmt++;
			if (*fmt == 'l')
				fmt++;
		} else if (*fmt == 'z' || *fmt == 'j') {
			is_long = true;
			fmt++;
		}

		char tmp[24];
		char *end = tmp + sizeof(tmp);
		const char *s = NULL;
		const char *prefix = "";
		size_t n;
		uint64_t v;
		char conv = *fmt;

		if (conv)
			fmt++;
		switch (conv) {
		case 'd':
		case 'i': {
			int64_t sv = is_long ? va_arg(ap, long) : va_arg(ap, int);

			if (sv < 0)
				prefix = "-";
			v = sv < 0 ? -(uint64_t)sv : (uint64_t)sv;
			s = utoa(end, v, 10, false);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
			v = is_long ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
			s = utoa(end, v, conv == 'u' ? 10 : 16, conv == 'X');
			break;
		case 'p':
			prefix = "0x";
			s = utoa(end, (uintptr_t)va_arg(ap, void *), 16, false);
			break;
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			end = (char *)s + strlen(s);
			zero = false;
			break;
		case 'c':
			tmp[0] = (char)va_arg(ap, int);
			s = tmp;
			end = tmp + 1;
			zero = false;
			break;
		case '%':
			s = "%";
			end = (char *)s + 1;
			break;
		default: /* unknown conversion: show it as written */
			out_c(&o, '%');
			if (conv)
				out_c(&o, conv);
			continue;
		}
		n = (size_t)(end - s) + strlen(prefix);
		size_t pad = width > n ? width - n : 0;

		if (!left && !zero)
			out_pad(&o, ' ', pad);
		for (const char *p = prefix; *p; p++)
			out_c(&o, *p);
		if (!left && zero)
			out_pad(&o, '0', pad);
		while (s < end)
			out_c(&o, *s++);
		if (left)
			out_pad(&o, ' ', pad);
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int fmt_format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vformat(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

void print(const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	fmt_vformat(line, sizeof(line), fmt, ap);
	va_end(ap);
	console_lock();
	console_puts(line);
	console_unlock();
}
