/*
 * Instructions that are expected to fault: secure memory read from the normal world must
 * end in a synchronous external abort and return nothing (tests/isolation.c); a register
 * access the monitor traps must look UNDEFINED (tests/lower_el_traps.c); a semihosting
 * call where there is no semihosting is UNDEFINED too.
 */
#ifndef NS_FAULT_PROBE_H
#define NS_FAULT_PROBE_H

/* What the load's target register holds if the load never completed. */
#define PROBE_MARKER_LO 0x0bad0bad
#define PROBE_MARKER_HI 0x5afe5afe
#define PROBE_MARKER	0x5afe5afe0bad0badull

/* What semihost_call() returns when semihosting is not there (no operation returns it). */
#define SEMIHOST_ABSENT (-2)

/* struct probe_result offsets used by fault_probe.S */
#define PR_VALUE 0
#define PR_ESR	 8
#define PR_FAR	 16
#define PR_FAULT 24

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* Outcome of one probe. */
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

/*
 * Each runs one instruction that may fault and returns 1 if it did, 0 if not; r->value
 * is what it read (PROBE_MARKER if it faulted or reads nothing).
 */
int probe_load(uint64_t addr, struct probe_result *r); /* 64-bit load, addr 8-byte aligned */
int probe_write_tpidr2(uint64_t value, struct probe_result *r); /* MSR TPIDR2_EL0 */
int probe_read_tpidr2(uint64_t unused, struct probe_result *r); /* MRS TPIDR2_EL0 */
int probe_read_pmcr(uint64_t unused, struct probe_result *r);	/* MRS PMCR_EL0 */

/* MRS / MSR of the registers tests/features.c touches (probe_rd_<name>, probe_wr_<name>). */
#define PROBE_SYSREG(name)                                                                         \
	int probe_rd_##name(uint64_t unused, struct probe_result *r);                              \
	int probe_wr_##name(uint64_t value, struct probe_result *r);
PROBE_SYSREG(fpcr)
PROBE_SYSREG(zcr_el1)
PROBE_SYSREG(zcr_el2)
PROBE_SYSREG(smcr_el1)
PROBE_SYSREG(smcr_el2)
PROBE_SYSREG(smidr_el1)
PROBE_SYSREG(svcr)
PROBE_SYSREG(apiakeylo_el1)
PROBE_SYSREG(apgakeyhi_el1)
PROBE_SYSREG(scxtnum_el0)
PROBE_SYSREG(scxtnum_el1)
PROBE_SYSREG(scxtnum_el2)
PROBE_SYSREG(hcrx_el2)
PROBE_SYSREG(gcr_el1)
PROBE_SYSREG(rgsr_el1)
PROBE_SYSREG(tfsr_el1)
PROBE_SYSREG(tfsre0_el1)
PROBE_SYSREG(tfsr_el2)
PROBE_SYSREG(erridr_el1)
PROBE_SYSREG(errselr_el1)
PROBE_SYSREG(disr_el1)
PROBE_SYSREG(rndr)
PROBE_SYSREG(dbgbvr0_el1)
PROBE_SYSREG(dbgbcr0_el1)
PROBE_SYSREG(mdscr_el1)
PROBE_SYSREG(oslsr_el1)
PROBE_SYSREG(amcr_el0)
PROBE_SYSREG(amevcntr00_el0)
PROBE_SYSREG(hfgrtr_el2)
PROBE_SYSREG(cntpoff_el2)
PROBE_SYSREG(trfcr_el1)
PROBE_SYSREG(pmblimitr_el1)
PROBE_SYSREG(trblimitr_el1)
PROBE_SYSREG(brbcr_el1)
PROBE_SYSREG(accdata_el1)
#undef PROBE_SYSREG
int probe_rdvl(uint64_t unused, struct probe_result *r);  /* RDVL: SVE vector bytes */
int probe_rdsvl(uint64_t unused, struct probe_result *r); /* RDSVL: streaming vector bytes */

/* Semihosting operation op with parameter arg (HLT #0xF000): x0, or SEMIHOST_ABSENT. */
int64_t semihost_call(uint64_t op, uint64_t arg);
#endif

#endif
