/*
 * Fake PMU system registers for the host tests of pmu/: defines the
 * secmon_host_sysreg_read/write hooks with the architecture's behaviour where the
 * driver depends on it: the SET/CLR pairs (PMCNTEN, PMINTEN, PMOVS) share one state
 * whose bits for absent counters read as zero, PMCR_EL0.P/C read as zero and
 * PMCR_EL0.N is read-only, PMXEVCNTR/PMXEVTYPER reach the counter PMSELR_EL0 selects.
 * Registers are named by their
 * generic encoding, spelled out by the tests, so a wrong encoding fails a test.
 */
#ifndef FAKE_PMU_H
#define FAKE_PMU_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FAKE_DFR0     "S3_0_C0_C5_0"
#define FAKE_MDCR_EL3 "S3_6_C1_C3_1"
#define FAKE_PMCR     "S3_3_C9_C12_0"
#define FAKE_CNTENSET "S3_3_C9_C12_1"
#define FAKE_CNTENCLR "S3_3_C9_C12_2"
#define FAKE_OVSCLR   "S3_3_C9_C12_3"
#define FAKE_SELR     "S3_3_C9_C12_5"
#define FAKE_CCNTR    "S3_3_C9_C13_0"
#define FAKE_XEVTYPER "S3_3_C9_C13_1"
#define FAKE_XEVCNTR  "S3_3_C9_C13_2"
#define FAKE_USERENR  "S3_3_C9_C14_0"
#define FAKE_INTENSET "S3_0_C9_C14_1"
#define FAKE_INTENCLR "S3_0_C9_C14_2"
#define FAKE_OVSSET   "S3_3_C9_C14_3"
#define FAKE_CCFILTR  "S3_3_C14_C15_7"

/* Forgets every register and the log; the PMU has n event counters and PMUVer ver. */
void fake_pmu_reset(unsigned int ver, unsigned int n);
/* Stored value of a register (for a SET/CLR pair, the shared state). */
uint64_t fake_pmu_get(const char *name);
void fake_pmu_set(const char *name, uint64_t value);
/* Name of PMEVCNTR<n>_EL0 / PMEVTYPER<n>_EL0, computed independently of the driver. */
const char *fake_pmu_evcntr(unsigned int n);
const char *fake_pmu_evtyper(unsigned int n);

/* Access log, in program order. */
struct fake_pmu_access {
	char name[24];
	uint64_t value;
	bool write;
	bool counting_after; /* PMCR.E set and an implemented counter enabled after it */
};
size_t fake_pmu_log_count(void);
const struct fake_pmu_access *fake_pmu_log(size_t i);
/* Accesses to any register other than ID_AA64DFR0_EL1. */
size_t fake_pmu_pmu_accesses(void);

/*
 * The host's secmon_panic(): keeps the message; jumps to *fake_pmu_panic_jmp if a test
 * set it (and clears it), else prints the message and aborts.
 */
extern jmp_buf *fake_pmu_panic_jmp;
const char *fake_pmu_panic_message(void);

#endif
