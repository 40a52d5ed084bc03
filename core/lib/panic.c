/* Panic: report the reason and the CPU, then stop this CPU for good. */
#include <stdarg.h>

#include <secmon/arch.h>
#include <secmon/assert.h>

void secmon_crash_printf(const char *fmt, ...);
void secmon_crash_vprintf(const char *fmt, va_list ap);
void secmon_halt(void) __attribute__((noreturn));

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	/* Straight to the console, without its lock: this CPU may hold it. */
	secmon_crash_printf("\n*** EL3 PANIC on MPIDR 0x%llx: ",
			    (unsigned long long)read_sysreg(mpidr_el1));
	va_start(ap, fmt);
	secmon_crash_vprintf(fmt, ap);
	va_end(ap);
	secmon_crash_printf("\n");
	secmon_halt();
}
