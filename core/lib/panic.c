/* Panic: report the reason and the CPU, then stop this CPU for good. */
#include <stdarg.h>
#include <stdio.h>

#include <secmon/arch.h>
#include <secmon/assert.h>

void secmon_crash_printf(const char *fmt, ...);
void secmon_halt(void) __attribute__((noreturn));

void secmon_panic(const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	secmon_crash_printf("\n*** EL3 PANIC on MPIDR 0x%llx: %s\n",
			    (unsigned long long)read_sysreg(mpidr_el1), msg);
	secmon_halt();
}
