/* Ending the run. */
#ifndef NS_EXIT_H
#define NS_EXIT_H

/*
 * Ends QEMU with the given exit code through semihosting SYS_EXIT (QEMU needs
 * `-semihosting-config enable=on,target=native`). Without semihosting, falls back to PSCI
 * SYSTEM_OFF (exit code lost), and parks the CPU if that returns too.
 */
void payload_exit(int code) __attribute__((noreturn));

/* True once payload_exit() has started: the exception handler then stays quiet. */
int payload_exiting(void);

#endif
