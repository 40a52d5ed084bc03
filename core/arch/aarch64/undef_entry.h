/*
 * What the architecture does when an instruction is UNDEFINED at a lower EL, computed
 * from that EL's registers: the monitor injects this for every trap it did not mean to
 * take (lower_el.c), so to the normal world an EL3 trap looks like an absent register.
 * Pure: no system-register access, so the host tests can drive every case.
 */
#ifndef SECMON_ARCH_UNDEF_ENTRY_H
#define SECMON_ARCH_UNDEF_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

/* Features that decide PSTATE bits on exception entry (from the ID registers). */
#define UNDEF_FEAT_EL2	(1u << 0) /* EL2 implemented (and so enabled: the normal world) */
#define UNDEF_FEAT_PAN	(1u << 1) /* FEAT_PAN: PSTATE.PAN exists */
#define UNDEF_FEAT_SSBS (1u << 2) /* FEAT_SSBS: PSTATE.SSBS exists */
#define UNDEF_FEAT_MTE	(1u << 3) /* FEAT_MTE: PSTATE.TCO exists */
#define UNDEF_FEAT_NMI	(1u << 4) /* FEAT_NMI: PSTATE.ALLINT exists */

/* The trapped state: ELR_EL3/SPSR_EL3 of the trap and the lower ELs' controls. */
struct undef_source {
	uint64_t elr;	   /* ELR_EL3: the trapped instruction */
	uint64_t spsr;	   /* SPSR_EL3: PSTATE of the trapped code */
	uint64_t scr;	   /* SCR_EL3 */
	uint64_t hcr_el2;  /* HCR_EL2 (ignored without EL2) */
	uint64_t sctlr[3]; /* SCTLR_EL1, SCTLR_EL2 at [1], [2] */
	uint64_t vbar[3];  /* VBAR_EL1, VBAR_EL2 at [1], [2] */
	uint32_t features; /* UNDEF_FEAT_* */
};

/* Where the exception goes and what the target EL's registers receive. */
struct undef_entry {
	unsigned int el;      /* target EL: 1 or 2 */
	bool aarch32;	      /* an AArch32 EL1: Undefined mode, LR_und and SPSR_und */
	uint64_t elr_el3;     /* the vector: where the ERET from EL3 goes */
	uint64_t spsr_el3;    /* PSTATE at the vector */
	uint64_t target_elr;  /* AArch64: ELR_ELx; AArch32: LR_und */
	uint64_t target_spsr; /* AArch64: SPSR_ELx; AArch32: SPSR_und */
	uint64_t target_esr;  /* AArch64: ESR_ELx (EC 0, "unknown reason"); AArch32: unused */
};

void undef_entry_compute(const struct undef_source *src, struct undef_entry *out);

#endif
