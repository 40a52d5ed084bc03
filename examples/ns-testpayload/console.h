/* Console of the payload: the board's PL011, polled, plus a small printf. */
#ifndef NS_CONSOLE_H
#define NS_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Writes to the PL011 at base from now on, enabled if nobody did (QEMU needs no baud rate,
 * real PL011s keep theirs); base 0: through semihosting (SYS_WRITEC).
 */
void console_init(uint64_t base);
void console_putc(char c);
void console_puts(const char *s);
/* Waits until the UART has sent everything. */
void console_flush(void);

/*
 * Serialises output between CPUs (recursive, see lock.h): print() takes it for each line;
 * take it around several print() calls that must stay together.
 */
void console_lock(void);
void console_unlock(void);

/*
 * printf subset: %d %i %u %x %X %c %s %p %%, flags '-' and '0', width (digits or '*'),
 * lengths hh h l ll z j. Returns the length the full output would have.
 */
int fmt_vformat(char *buf, size_t size, const char *fmt, va_list ap);
int fmt_format(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Formats a line (up to 255 characters) and writes it in one go. */
void print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
