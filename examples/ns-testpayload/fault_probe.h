/*
 * Reads that are expected to fault (tests/isolation.c): secure memory read from the
 * normal world must end in a synchronous external abort, and the load must return nothing.
 */
#ifndef NS_FAULT_PROBE_H
#define NS_FAULT_PROBE_H

/* What the load's target register holds if the load never completed. */
#define PROBE_MARKER_LO 0x0bad0bad
#define PROBE_MARKER_HI 0x5afe5afe
#define PROBE_MARKER	0x5afe5afe0bad0badull

/* struct probe_result offsets used by fault_probe.S */
#define PR_VALUE 0
#define PR_ESR	 8
#define PR_FAR	 16
#define PR_FAULT 24

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* Outcome of one probe_read(). */
struct probe_result {
	uint64_t value; /* the load's target register afterwards (PROBE_MARKER if it faulted) */
	uint64_t esr;	/* ESR_ELx of the fault, 0 if none */
	uint64_t far;	/* FAR_ELx of the fault, 0 if none */
	uint64_t fault; /* 1 if the load faulted */
};

_Static_assert(offsetof(struct probe_result, value) == PR_VALUE, "PR_VALUE");
_Static_assert(offsetof(struct probe_result, esr) == PR_ESR, "PR_ESR");
_Static_assert(offsetof(struct probe_result, far) == PR_FAR, "PR_FAR");
_Static_assert(offsetof(struct probe_result, fault) == PR_FAULT, "PR_FAULT");

/* One 64-bit load from addr (8-byte aligned); returns 1 if it faulted, 0 if not. */
int probe_read(uint64_t addr, struct probe_result *r);
#endif

#endif
