/* Boot-time mode (semihosting command line "boot-time"): see boot_time.c. */
#ifndef NS_BOOT_TIME_H
#define NS_BOOT_TIME_H

/*
 * Must be the first call of payload_main(): reads the counter before anything else, then,
 * only in boot-time mode, prints it and ends the run.
 */
void boot_time_if_requested(void);

#endif
