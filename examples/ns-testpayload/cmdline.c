/* Semihosting SYS_GET_CMDLINE, read once. */
#include <stdint.h>

#include "cmdline.h"
#include "util.h"

#define SEMIHOST_SYS_GET_CMDLINE 0x15

static char cmdline[64];
static bool cmdline_read;

static int semihost_cmdline(char *buf, uint64_t size)
{
	volatile uint64_t block[2] = {(uint64_t)(uintptr_t)buf, size};
	register uint64_t x0 __asm__("x0") = SEMIHOST_SYS_GET_CMDLINE;
	register uint64_t x1 __asm__("x1") = (uint64_t)(uintptr_t)block;

	__asm__ volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	return x0 == 0 ? 0 : -1;
}

const char *payload_cmdline(void)
{
	if (!cmdline_read) {
		cmdline_read = true;
		if (semihost_cmdline(cmdline, sizeof(cmdline) - 1) != 0)
			cmdline[0] = '\0';
		cmdline[sizeof(cmdline) - 1] = '\0';
	}
	return cmdline;
}

bool cmdline_is(const char *word)
{
	return strcmp(payload_cmdline(), word) == 0;
}
