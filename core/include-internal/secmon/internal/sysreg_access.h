/*
 * Access to a system register by its generic S<op0>_<op1>_C<n>_C<m>_<op2> name (a string
 * literal), so any assembler accepts it, including implementation-defined registers.
 * At EL3 each access is one mrs/msr. Host builds (SECMON_HOST) call two hooks with the
 * name instead, which the test program defines, so drivers can be checked register by
 * register:
 *
 *   uint64_t secmon_host_sysreg_read(const char *name);
 *   void secmon_host_sysreg_write(const char *name, uint64_t value);
 */
#ifndef SECMON_INTERNAL_SYSREG_ACCESS_H
#define SECMON_INTERNAL_SYSREG_ACCESS_H

#include <stdint.h>

#ifdef SECMON_HOST

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

#define SECMON_SYSREG_READ(name)	 secmon_host_sysreg_read(name)
#define SECMON_SYSREG_WRITE(name, value) secmon_host_sysreg_write(name, (uint64_t)(value))
#define SECMON_SYSREG_SYNC()		 ((void)0)

#else

#define SECMON_SYSREG_READ(name)                                                                   \
	({                                                                                         \
		uint64_t secmon_sysreg_v_;                                                         \
		__asm__ volatile("mrs %0, " name : "=r"(secmon_sysreg_v_) : : "memory");           \
		secmon_sysreg_v_;                                                                  \
	})
#define SECMON_SYSREG_WRITE(name, value)                                                           \
	__asm__ volatile("msr " name ", %0" : : "r"((uint64_t)(value)) : "memory")
/* Context synchronisation: a register write takes effect for what follows (ISB). */
#define SECMON_SYSREG_SYNC() __asm__ volatile("isb" : : : "memory")

#endif

#endif
