/*
 * Crash-trigger mode, for images built with SECMON_TEST_TRIGGERS: when the semihosting
 * command line (QEMU: -semihosting-config ...,arg=NAME) names a trigger, the payload asks
 * the monitor to fault on purpose instead of running the suites. The monitor is expected
 * to print a crash report and stop; if the call returns, that is a failure.
 */
#include <stdint.h>

#include "cmdline.h"
#include "console.h"
#include "exit.h"
#include "smc.h"
#include "trigger.h"

static const struct {
	const char *name;
	uint32_t fid;
} triggers[] = {
    {"data-abort", 0x8200ff10u},
    {"stack-overflow", 0x8200ff11u},
    {"stack-smash", 0x8200ff12u},
};

void trigger_if_requested(void)
{
	for (unsigned int i = 0; i < sizeof(triggers) / sizeof(triggers[0]); i++) {
		if (!cmdline_is(triggers[i].name))
			continue;
		print("PAYLOAD: trigger %s (SMC 0x%x)\n", triggers[i].name,
		      (unsigned int)triggers[i].fid);
		struct smc_result r = smc_call(triggers[i].fid, 0, 0, 0, 0, 0, 0, 0);
		print("FAIL trigger.%s: the monitor returned 0x%lx\n0 passed, 1 failed\n",
		      triggers[i].name, (unsigned long)r.x0);
		payload_exit(1);
	}
}
