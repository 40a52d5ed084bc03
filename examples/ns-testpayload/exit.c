/* Semihosting exit with a PSCI SYSTEM_OFF fallback. */
#include <stdint.h>

#include <secmon/smccc.h>

#include "console.h"
#include "exit.h"
#include "fault_probe.h"
#include "smc.h"

#define SEMIHOST_SYS_EXIT	     0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define PSCI_SYSTEM_OFF		     0x84000008u

static volatile int exiting;

int payload_exiting(void)
{
	return exiting;
}

static void semihost_exit(int code)
{
	/* AArch64 SYS_EXIT takes a pointer to {reason, exit code}. */
	volatile uint64_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint64_t)(int64_t)code};

	semihost_call(SEMIHOST_SYS_EXIT, (uint64_t)(uintptr_t)block);
}

void payload_exit(int code)
{
	console_flush();
	if (!exiting) {
		exiting = 1;
		semihost_exit(code);
	}
	/*
	 * Still here: no semihosting (or HLT trapped into our vectors, which call us again).
	 * Power off through the monitor instead.
	 */
	exiting = 2;
	smc0(PSCI_SYSTEM_OFF);
	for (;;)
		__asm__ volatile("wfi");
}
