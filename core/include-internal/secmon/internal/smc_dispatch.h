/*
 * The SMC dispatcher's table and registration (core/smc/dispatcher.c), for the core's
 * cold boot and SMC entries, and for the host tests and the fuzzer, which drive it in C.
 *
 * The table is filled at cold boot and read-only afterwards: it lives in the image's
 * read-only-after-boot pages (SECMON_RO_AFTER_BOOT, secmon/cold_boot.h), which the EL3 MMU
 * maps read-only before the other CPUs are released. Registering or resetting later faults.
 */
#ifndef SECMON_INTERNAL_SMC_DISPATCH_H
#define SECMON_INTERNAL_SMC_DISPATCH_H

#include <stdint.h>

#include <secmon/smc.h>

/* Registration errors. */
#define SECMON_SMC_EINVAL    (-1) /* malformed service descriptor */
#define SECMON_SMC_ECONFLICT (-2) /* a slot is already owned by another service */
#define SECMON_SMC_EINIT     (-3) /* the service's init() failed */
#define SECMON_SMC_EFULL     (-4) /* SECMON_SMC_SHARED_MAX shared services already */

/* Shared services an image can register (all entities together). */
#define SECMON_SMC_SHARED_MAX 4

/* Dispatch table: index = fid >> 24; the assembly fast path reads it (smc_paths.S). */
#define SECMON_SMC_TABLE_SIZE 256
extern secmon_smc_handler_fn secmon_smc_table[SECMON_SMC_TABLE_SIZE];

/* Cold boot: resets every slot to the unknown-call handler. */
void secmon_smc_table_reset(void);

/*
 * Cold boot: claims the service's slots after running its init(); returns 0,
 * SECMON_SMC_ABSENT (secmon/smc.h) or a SECMON_SMC_E* code (negative).
 */
int secmon_smc_register(const struct secmon_smc_service *svc);

/*
 * Handles one SMC: the C equivalent of the assembly fast path (SMCs from AArch32, host
 * tests, fuzzing).
 */
uint64_t secmon_smc_dispatch(uint32_t fid, struct secmon_smc_frame *frame);

/* Handler of unclaimed slots: SMC_UNK, no side effect. */
uint64_t secmon_smc_unknown(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame);

#endif
