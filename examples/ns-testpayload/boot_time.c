/*
 * Boot-time mode, semihosting command line "boot-time": how long the firmware took from
 * reset to the normal world, for tools/bench.
 *
 * The counter starts at 0 at reset on QEMU, and under -icount shift=0 virtual time
 * advances 1 ns per instruction executed (by any CPU), so CNTPCT_EL0 read at the payload's
 * entry is the virtual time since reset in counter ticks. start.S reads it with the first
 * instruction after the Image header's branch, before the payload does any work of its
 * own (relocation, .bss clearing).
 *
 * Output: "BOOT-TIME: cntpct=<ticks> cntfrq=<Hz>", then the run ends with exit code 0.
 */
#include <stdint.h>

#include "boot_time.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "exit.h"
#include "timer.h"

void boot_time_if_requested(void)
{
	if (!cmdline_is("boot-time"))
		return;
	print("BOOT-TIME: cntpct=%lu cntfrq=%lu\n", (unsigned long)boot_state.cntpct,
	      (unsigned long)timer_freq());
	console_flush();
	payload_exit(0);
}
