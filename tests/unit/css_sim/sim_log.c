/* Host log and panic: see sim_log.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>
#include <secmon/log.h>

#include "sim_log.h"

char sim_log_text[4096];
char sim_panic_msg[256];

static jmp_buf panic_jmp;
static bool panic_armed;

void sim_log_clear(void)
{
	sim_log_text[0] = '\0';
}

void secmon_printf(const char *fmt, ...)
{
	size_t len = strlen(sim_log_text);
	va_list ap;

	va_start(ap, fmt);
	if (len < sizeof(sim_log_text) - 1)
		vsnprintf(sim_log_text + len, sizeof(sim_log_text) - len, fmt, ap);
	va_end(ap);
}

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sim_panic_msg, sizeof(sim_panic_msg), fmt, ap);
	va_end(ap);
	if (panic_armed)
		longjmp(panic_jmp, 1);
	fprintf(stderr, "unexpected panic: %s\n", sim_panic_msg);
	abort();
}

bool sim_catch_panic(void (*fn)(const void *arg), const void *arg)
{
	sim_panic_msg[0] = '\0';
	panic_armed = true;
	if (setjmp(panic_jmp)) {
		panic_armed = false;
		return true;
	}
	fn(arg);
	panic_armed = false;
	return false;
}
