/*
 * The test suites, one file per interface (like Rusted Firmware-A's secure_test_framework).
 * To add one: write tests/<interface>.c defining a struct tf_suite, declare it here, list it
 * in main.c and add the file to CMakeLists.txt.
 */
#ifndef NS_TESTS_H
#define NS_TESTS_H

#include "framework.h"

extern const struct tf_suite boot_suite;	     /* tests/boot.c */
extern const struct tf_suite smccc_arch_suite;	     /* tests/smccc_arch.c */
extern const struct tf_suite general_queries_suite;  /* tests/general_queries.c */
extern const struct tf_suite unknown_calls_suite;    /* tests/unknown_calls.c */
extern const struct tf_suite reg_preservation_suite; /* tests/reg_preservation.c */

#endif
