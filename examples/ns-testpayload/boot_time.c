/*
 * Boot-time mode, semihosting command line "boot-time": how long the firmware took from
 * reset to the normal world, for tools/bench.
 *
 * The counter starts at 0 at reset on QEMU, and under -icount shift=0 virtual time
 * advances 1 ns per instruction executed (by any CPU), so CNTPCT_EL0 read here is the
 * virtual time since reset in counter ticks. It is read before the command line, the
 * console or anything else; only start.S's few hundred instructions (register capture,
 * .bss clearing, CPU setup) run between the payload's entry and this read.
 *
 * Output: "BOOT-TIME: cntpct=<ticks> cntfrq=<Hz>", then the run ends with exit code 0.
 */
#include <stdint.h>

#include "boot_time.h"
#include "cmdline.h"
#include "console.h"
#include "exit.h"
#include "timer.h"

void boot_time_if_requested(void)
{
	uint64_t now = timer_now();

	if (!cmdline_is("boot-time"))
		return;
	console_init();
	print("BOOT-TIME: cntpct=%lu cntfrq=%lu\n", (unsigned long)now,
	      (unsigned long)timer_freq());
	console_flush();
	payload_exit(0);
}
