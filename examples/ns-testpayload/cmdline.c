/* Semihosting SYS_GET_CMDLINE, read once. */
#include <stdint.h>

#include "cmdline.h"
#include "fault_probe.h"
#include "util.h"

#define SEMIHOST_SYS_GET_CMDLINE 0x15

static char cmdline[64];
static bool cmdline_read;

static int semihost_cmdline(char *buf, uint64_t size)
{
	volatile uint64_t block[2] = {(uint64_t)(uintptr_t)buf, size};

	return semihost_call(SEMIHOST_SYS_GET_CMDLINE, (uint64_t)(uintptr_t)block) == 0 ? 0 : -1;
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
