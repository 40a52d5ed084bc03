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
	const char *name; /* the command-line word */
	uint32_t fid; /* the monitor's test-only SiP call (examples/qemu-bl31/test_triggers.c) */
} triggers[] = {
    {"data-abort", 0x8200ff10u},	  /* load from an unmapped address */
    {"stack-overflow", 0x8200ff11u},	  /* recursion into the guard page */
    {"stack-smash", 0x8200ff12u},	  /* canary overwritten */
    {"fortify", 0x8200ff13u},		  /* memcpy overflow caught by _FORTIFY_SOURCE */
    {"undef", 0x8200ff14u},		  /* UDF at EL3 */
    {"exec-nx", 0x8200ff15u},		  /* instruction fetch from writable data (W^X) */
    {"unaligned-exclusive", 0x8200ff16u}, /* alignment fault of a data access */
    {"brk", 0x8200ff17u},		  /* software breakpoint at EL3 */
    {"write-ro", 0x8200ff19u},		  /* store to data read-only after the cold boot */
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
