/* Crash-trigger mode (see trigger.c). */
#ifndef NS_TRIGGER_H
#define NS_TRIGGER_H

/* Runs the trigger the semihosting command line names, if any; returns otherwise. */
void trigger_if_requested(void);

#endif
