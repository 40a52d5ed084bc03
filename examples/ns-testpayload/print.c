/*
 * A small printf into a buffer (the monitor's own formatter, core/lib/format.c, with a
 * bounded buffer as its sink); print() writes whole lines to the console.
 */
#include <stdbool.h>
#include <stdint.h>

#include "console.h"
#include "format.h"
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

static void out_put(char c, void *arg)
{
	out_c(arg, c);
}

int fmt_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = {buf, size, 0};

	secmon_vformat(out_put, &o, fmt, ap);
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
