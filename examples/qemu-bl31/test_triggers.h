/* Test-only SiP calls of the QEMU image (SECMON_TEST_TRIGGERS builds only). */
#ifndef QEMU_TEST_TRIGGERS_H
#define QEMU_TEST_TRIGGERS_H

#include <secmon/smc.h>

#define QEMU_TEST_DATA_ABORT	 0x8200ff10u /* load from an unmapped address at EL3 */
#define QEMU_TEST_STACK_OVERFLOW 0x8200ff11u /* recurse into the stack guard page */
#define QEMU_TEST_STACK_SMASH	 0x8200ff12u /* overwrite a stack canary */
#define QEMU_TEST_FORTIFY	 0x8200ff13u /* memcpy past a fortified buffer (_FORTIFY_SOURCE) */
#define QEMU_TEST_UNDEF		 0x8200ff14u /* UDF at EL3: EC 0x00 */
#define QEMU_TEST_EXEC_NX	 0x8200ff15u /* branch into .data (W^X): instruction abort, EC 0x21 */
#define QEMU_TEST_UNALIGNED_EXCL 0x8200ff16u /* misaligned LDXR: alignment fault, EC 0x25 */
#define QEMU_TEST_BRK		 0x8200ff17u /* BRK #0x3e1 at EL3: EC 0x3c */
#define QEMU_TEST_TRAP_PMU	 0x8200ff18u /* x1 = 1: trap NS PMU accesses to EL3 (MDCR_EL3.TPM) */
#define QEMU_TEST_WRITE_RO	 0x8200ff19u /* store to read-only-after-boot data: permission fault */

extern const struct secmon_smc_service qemu_test_triggers_service;

#endif
