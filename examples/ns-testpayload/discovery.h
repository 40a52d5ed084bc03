/*
 * Which optional services the monitor serves, asked at run time through their own ABIs
 * rather than taken from the monitor's build configuration. Each probe is one SMC, made
 * the first time it is asked and cached; nothing probes before the suites run (the bench
 * mode must make no SMC of its own before its list).
 */
#ifndef NS_DISCOVERY_H
#define NS_DISCOVERY_H

#include <stdbool.h>

/* PSCI (owning entity 4): PSCI_VERSION answers anything but NOT_SUPPORTED. */
bool psci_served(void);

/* PMF timestamp query: GET_VERSION (SMC32) answers anything but SMC_UNK. */
bool pmf_served(void);

/* A secure-payload dispatcher: the trusted-OS Call UID answers anything but SMC_UNK. */
bool spd_served(void);

/* The TRNG interface (owning entity 4): TRNG_VERSION answers no error code (w0 >= 0). */
bool trng_served(void);

/*
 * The QEMU example image's test-only SiP calls (debug images): probed only where the
 * board's profile says such an image may run (a SiP call means something else elsewhere);
 * the PMU-trap call with x1 = 0 (off) answers 0 when present, SMC_UNK when not.
 */
bool test_triggers_present(void);

/* One INFO line with what was found. */
void discovery_report(void);

#endif
