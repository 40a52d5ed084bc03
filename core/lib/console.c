/*
 * Console output through the platform's putc, formatted by format.c (1.4 KB of text
 * against 2.2 KB for picolibc's integer vfprintf, and no FILE in .data). One lock keeps
 * lines from different CPUs apart; the crash path prints without it.
 */
#include <stdarg.h>

#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon/log.h>
#include <secmon/platform.h>
#include <secmon/spinlock.h>

#include "format.h"

static const struct secmon_platform *console_plat;
static struct secmon_spinlock console_lock = SECMON_SPINLOCK_INIT;

static void console_put(char c, void *arg)
{
	(void)arg;
	if (!console_plat)
		return;
	if (c == '\n')
		console_plat->console_putc('\r');
	console_plat->console_putc((unsigned char)c);
}

void secmon_console_init(const struct secmon_platform *plat);
SECMON_COLD_BOOT void secmon_console_init(const struct secmon_platform *plat)
{
	console_plat = plat;
}

static void console_vprintf(const char *fmt, va_list ap)
{
	secmon_spin_lock(&console_lock);
	secmon_vformat(console_put, NULL, fmt, ap);
	secmon_spin_unlock(&console_lock);
}

void secmon_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	console_vprintf(fmt, ap);
	va_end(ap);
}

bool secmon_log_enabled(unsigned int level)
{
	return level <= secmon_image.log_level;
}

void secmon_log(unsigned int level, const char *fmt, ...)
{
	va_list ap;

	if (!secmon_log_enabled(level))
		return;
	va_start(ap, fmt);
	console_vprintf(fmt, ap);
	va_end(ap);
}

void secmon_crash_vprintf(const char *fmt, va_list ap);
void secmon_crash_vprintf(const char *fmt, va_list ap)
{
	secmon_vformat(console_put, NULL, fmt, ap);
}

void secmon_crash_printf(const char *fmt, ...);
void secmon_crash_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	secmon_crash_vprintf(fmt, ap);
	va_end(ap);
}
