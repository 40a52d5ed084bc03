/* The run's command line: QEMU -semihosting-config ...,arg=WORD (read once, cached). */
#ifndef NS_CMDLINE_H
#define NS_CMDLINE_H

#include <stdbool.h>

/* The command line, "" if there is none. Needs semihosting (HLT #0xF000). */
const char *payload_cmdline(void);

/* True if the command line is exactly word. */
bool cmdline_is(const char *word);

#endif
