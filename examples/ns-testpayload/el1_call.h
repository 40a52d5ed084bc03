/*
 * Running a function at EL1 from the payload at EL2 (el1_call.S), to touch EL1's view of
 * the registers the monitor enables (tests/features.c). The caller sets up HCR_EL2,
 * CPTR_EL2 and MDCR_EL2 so that what it probes is not trapped to EL2; EL1 runs with its
 * MMU off, interrupts masked, VBAR_EL1 at the payload's vectors (so fault probes work
 * there too) and SP_EL1 below the caller's stack. fn may make SMCs (HCR_EL2.TSC clear).
 * fn returns with HVC #EL1_CALL_HVC_IMM; any other exception from EL1 to EL2 ends the run.
 */
#ifndef NS_EL1_CALL_H
#define NS_EL1_CALL_H

#define EL1_CALL_HVC_IMM 0xe11

#ifndef __ASSEMBLER__
#include <stdint.h>

/* fn(arg) at EL1; its result. Call at EL2 only. */
uint64_t el1_call(uint64_t (*fn)(uint64_t), uint64_t arg);
#endif

#endif
