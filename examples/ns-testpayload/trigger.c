/*
 * Crash-trigger mode, for images built with SECMON_TEST_TRIGGERS: when the semihosting
 * command line (QEMU: -semihosting-config ...,arg=NAME) names a trigger, the payload asks
 * the monitor to fault on purpose instead of running the suites. The monitor is expected
 * to print a crash report and stop; if the call returns, that is a failure.
 */
#include <stdint.h>

#include "console.h"
#include "exit.h"
#include "smc.h"
#include "trigger.h"

#define SEMIHOST_SYS_GET_CMDLINE 0x15

static const struct {
	const char *name;
	uint32_t fid;
} triggers[] = {
	{"data-abort", 0x8200ff10u},
	{"stack-overflow", 0x8200ff11u},
	{"stack-smash", 0x8200ff12u},
};

static int semihost_cmdline(char *buf, uint64_t size)
{
	volatile uint64_t block[2] = {(uint64_t)(uintptr_t)buf, size};
	register uint64_t x0 __asm__("x0") = SEMIHOST_SYS_GET_CMDLINE;
	register uint64_t x1 __asm__("x1") = (uint64_t)(uintptr_t)block;

	__asm__ volatile("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	return x0 == 0 ? 0 : -1;
}

static int same(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

void trigger_if_requested(void)
{
	char cmdline[64] = {0};

	if (semihost_cmdline(cmdline, sizeof(cmdline) - 1) != 0 || cmdline[0] == 0)
		return;
	for (unsigned int i = 0; i < sizeof(triggers) / sizeof(triggers[0]); i++) {
		if (!same(cmdline, triggers[i].name))
			continue;
		print("PAYLOAD: trigger %s (SMC 0x%x)\n", triggers[i].name,
		      (unsigned int)triggers[i].fid);
		struct smc_result r = smc_call(triggers[i].fid, 0, 0, 0, 0, 0, 0, 0);
		print("FAIL trigger.%s: the monitor returned 0x%lx\n0 passed, 1 failed\n",
		      triggers[i].name, (unsigned long)r.x0);
		payload_exit(1);
	}
}
