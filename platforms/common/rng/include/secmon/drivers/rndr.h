/*
 * FEAT_RNG's RNDR as a board's true random number generator (the `present` and `read`
 * of a struct secmon_trng_ops, secmon/platform.h, for the TRNG service):
 *
 *   static const struct secmon_trng_ops my_trng = {
 *           .uuid = {{...}}, .present = rndr_present, .read = rndr_read,
 *   };
 *
 * RNDR is read by its generic name S3_3_C2_C4_0, so any assembler takes it with
 * -mgeneral-regs-only and no architecture extension flag. A port gives the UUID: RNDR
 * is the CPU's, but which generator is behind it is the SoC's.
 */
#ifndef SECMON_DRIVERS_RNDR_H
#define SECMON_DRIVERS_RNDR_H

#include <stdbool.h>
#include <stdint.h>

/* Reads of RNDR before rndr_read() gives up. */
#define RNDR_ATTEMPTS 4u

/*
 * True if this CPU implements RNDR (ID_AA64ISAR0_EL1.RNDR, bits [63:60], not 0). Cold
 * boot only (SECMON_COLD_BOOT): the boot CPU answers for all, so every CPU of the board
 * must have FEAT_RNG if the boot CPU has it.
 */
bool rndr_present(void);

/*
 * 64 random bits from RNDR into *v. RNDR reports a failure (no random number in a
 * reasonable time) by PSTATE.NZCV = 0b0100 and a zero value; the read is tried up to
 * RNDR_ATTEMPTS times. False if every attempt failed (*v = 0 then). Any CPU, any time.
 */
bool rndr_read(uint64_t *v);

#ifdef SECMON_HOST
/* Host tests: the test program's RNDR; false stands for NZCV = 0b0100, with *v = 0. */
bool secmon_host_rndr(uint64_t *v);
#endif

/*
 * One read of RNDR, inline (for cold-boot code, which may not call resident code it
 * alone needs, such as a stack canary's source): true and 64 random bits in *v, or false
 * and 0 if RNDR failed. Only on a CPU with FEAT_RNG (rndr_present()).
 */
static inline bool rndr_try(uint64_t *v)
{
#ifdef SECMON_HOST
	return secmon_host_rndr(v);
#else
	uint64_t x;
	uint32_t ok;

	/* NZCV is 0b0100 (Z set, ne false) and the value 0 when no random number came. */
	__asm__ volatile("mrs %0, S3_3_C2_C4_0\n\tcset %w1, ne" : "=r"(x), "=r"(ok) : : "cc");
	*v = x;
	return ok != 0;
#endif
}

#endif
