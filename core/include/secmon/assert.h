/* Internal invariants. A failed assertion panics (EL3: crash report and stop). */
#ifndef SECMON_ASSERT_H
#define SECMON_ASSERT_H

#include <secmon_config.h>

/* Prints the message and stops this CPU for good (EL3) or aborts (host). */
__attribute__((noreturn, format(printf, 1, 2))) void secmon_panic(const char *fmt, ...);

#if SECMON_ENABLE_ASSERTS
#define SECMON_ASSERT(cond)                                                                        \
	do {                                                                                       \
		if (!(cond))                                                                       \
			secmon_panic("assertion failed: %s (%s:%d)", #cond, __FILE__, __LINE__);   \
	} while (0)
#else
#define SECMON_ASSERT(cond) ((void)sizeof(cond))
#endif

/* Compile-time check, for structure layouts shared with assembly. */
#define SECMON_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)

#endif
