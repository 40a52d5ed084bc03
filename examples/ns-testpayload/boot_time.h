/* Boot-time mode (semihosting command line "boot-time"): see boot_time.c. */
#ifndef NS_BOOT_TIME_H
#define NS_BOOT_TIME_H

/*
 * In boot-time mode only: prints the counter start.S read at entry and ends the run.
 * Called once the console is up, before any other output.
 */
void boot_time_if_requested(void);

#endif
