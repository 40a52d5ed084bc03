/*
 * Host stand-ins for the core's log and panic, for tests: secmon_printf() appends to
 * sim_log_text, secmon_panic() records its message in sim_panic_msg and, inside
 * sim_catch_panic(), returns there (longjmp); anywhere else it prints the message and
 * aborts the test program.
 */
#ifndef SIM_LOG_H
#define SIM_LOG_H

#include <stdbool.h>

extern char sim_log_text[4096]; /* what the code under test printed */
extern char sim_panic_msg[256]; /* the last panic's message */

/* Empties sim_log_text. */
void sim_log_clear(void);
/* Runs fn(arg); true if it panicked (message in sim_panic_msg). One thread at a time. */
bool sim_catch_panic(void (*fn)(const void *arg), const void *arg);

#endif
