/*
 * More crash triggers (semihosting command line = a name below), for images built with
 * SECMON_TEST_TRIGGERS: each asks the monitor (examples/qemu-bl31/test_triggers.c) for
 * one more kind of EL3 failure. The monitor must print its crash dump or panic line and
 * stop; if the call returns, that is a failure. The first three triggers (data abort,
 * stack overflow, stack smash) are in trigger.c.
 */
#include <stdint.h>

#include "cmdline.h"
#include "console.h"
#include "exit.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

static const struct {
	const char *name; /* the command-line word */
	uint32_t fid;	  /* the monitor's test-only SiP call */
} crash_triggers[] = {
    {"fortify", 0x8200ff13u},		  /* memcpy overflow caught by _FORTIFY_SOURCE */
    {"undef", 0x8200ff14u},		  /* UDF at EL3 */
    {"exec-nx", 0x8200ff15u},		  /* instruction fetch from writable data (W^X) */
    {"unaligned-exclusive", 0x8200ff16u}, /* alignment fault of a data access */
    {"brk", 0x8200ff17u},		  /* software breakpoint at EL3 */
};

void crash_trigger_if_requested(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(crash_triggers); i++) {
		if (!cmdline_is(crash_triggers[i].name))
			continue;
		print("PAYLOAD: trigger %s (SMC 0x%x)\n", crash_triggers[i].name,
		      (unsigned int)crash_triggers[i].fid);
		struct smc_result r = smc_call(crash_triggers[i].fid, 0, 0, 0, 0, 0, 0, 0);
		print("FAIL trigger.%s: the monitor returned 0x%lx\n0 passed, 1 failed\n",
		      crash_triggers[i].name, (unsigned long)r.x0);
		payload_exit(1);
	}
}
