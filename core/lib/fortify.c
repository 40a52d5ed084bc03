/*
 * _FORTIFY_SOURCE for EL3 code (cmake/toolchain-aarch64-common.cmake sets level 2). With
 * it, picolibc's <string.h> (its ssp/ headers) turns memcpy, memmove, memset, strcpy,
 * strcat, strncpy, strncat and stpcpy into an object whose size the compiler knows into
 * a checked call: a constant overflow is a compile-time warning (an error here), a
 * run-time one reaches picolibc's __memcpy_chk() and friends, which call __chk_fail().
 * picolibc's own __chk_fail() writes to a file descriptor and raises a signal; this one,
 * which the linker finds first, panics like the stack protector. Kept apart from the
 * stack protector's file so that either can be left out.
 */
#include <secmon/assert.h>

void __chk_fail(void) __attribute__((noreturn));
void __chk_fail(void)
{
	secmon_panic("buffer overflow detected (_FORTIFY_SOURCE)");
}
