/* Test-only SiP calls of the QEMU image (SECMON_TEST_TRIGGERS builds only). */
#ifndef QEMU_TEST_TRIGGERS_H
#define QEMU_TEST_TRIGGERS_H

#include <secmon/smc.h>

#define QEMU_TEST_DATA_ABORT	 0x8200ff10u /* load from an unmapped address at EL3 */
#define QEMU_TEST_STACK_OVERFLOW 0x8200ff11u /* recurse into the stack guard page */
#define QEMU_TEST_STACK_SMASH	 0x8200ff12u /* overwrite a stack canary */

extern const struct secmon_smc_service qemu_test_triggers_service;

#endif
