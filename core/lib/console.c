/*
 * Console output through the platform's putc, formatted by picolibc's integer-only
 * vfprintf (the image links vfprintf to __i_vfprintf). One lock keeps lines from
 * different CPUs apart; the crash path prints without it.
 */
#include <stdarg.h>
#include <stdio.h>

#include <secmon/cold_boot.h>
#include <secmon/log.h>
#include <secmon/platform.h>
#include <secmon/spinlock.h>

static const struct secmon_platform *console_plat;
static struct secmon_spinlock console_lock = SECMON_SPINLOCK_INIT;

static int console_put(char c, FILE *f)
{
	(void)f;
	if (!console_plat)
		return 0;
	if (c == '\n')
		console_plat->console_putc('\r');
	console_plat->console_putc((unsigned char)c);
	return (unsigned char)c;
}

/* picolibc's stdio: a stream is a FILE object set up in place, never copied. */
static FILE console_file = /* NOLINT(cert-fio38-c,misc-non-copyable-objects) */
    FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);

void secmon_console_init(const struct secmon_platform *plat);
SECMON_COLD_BOOT void secmon_console_init(const struct secmon_platform *plat)
{
	console_plat = plat;
}

void secmon_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	secmon_spin_lock(&console_lock);
	(void)vfprintf(&console_file, fmt, ap); /* nowhere to report a console error */
	secmon_spin_unlock(&console_lock);
	va_end(ap);
}

void secmon_crash_vprintf(const char *fmt, va_list ap);
void secmon_crash_vprintf(const char *fmt, va_list ap)
{
	(void)vfprintf(&console_file, fmt, ap); /* nowhere to report a console error */
}

void secmon_crash_printf(const char *fmt, ...);
void secmon_crash_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	secmon_crash_vprintf(fmt, ap);
	va_end(ap);
}
