/*
 * What an EL3 image states about its board: the limits that size the monitor's tables.
 *
 * The libraries are built once, for every board. Each image compiles its own copy of
 * the tables these limits size (the *_storage.c sources that the libraries bring along
 * as interface sources: per-CPU data and stacks, translation tables, the PSCI engine's
 * tree, PMF stores, the dispatcher's per-CPU worlds) together with this description,
 * which the libraries read at run time. secmon_add_image() (cmake/secmon_image.cmake)
 * writes the image's secmon_image.h from its arguments; an integrator who does not use
 * CMake writes that header by hand (docs/porting.md, "Image limits").
 */
#ifndef SECMON_IMAGE_H
#define SECMON_IMAGE_H

#include <stdint.h>

/* How EL3 stack overflows are caught. */
#define SECMON_STACK_GUARD_PAGE	  0 /* an unmapped page below each stack (4 KiB multiples) */
#define SECMON_STACK_GUARD_CANARY 1 /* guard words at the bottom, checked on deep paths */

/* Bytes at the bottom of each stack that the canary guard keeps unwritten. */
#define SECMON_STACK_GUARD_BYTES 64u

struct secmon_image_limits {
	uint32_t max_cpus;	 /* most CPUs the board reports, 1..1024 */
	uint32_t stack_size;	 /* EL3 stack per CPU, bytes */
	uint8_t stack_guard;	 /* SECMON_STACK_GUARD_* */
	uint8_t power_levels;	 /* most PSCI power levels, 1..4 */
	uint8_t max_local_state; /* deepest PSCI local state index, 1..15 */
	uint8_t va_bits;	 /* EL3 virtual address bits, 32..48 */
	uint8_t xlat_tables;	 /* translation tables below the root, 4 KiB each */
	uint8_t pmu_counters;	 /* PMU event counters kept for the normal world, 1..31 */
	uint8_t log_level;	 /* console messages up to this level are printed (log.h) */
};

/* Defined by the image (core/arch/aarch64/image_storage.c, compiled into it). */
extern const struct secmon_image_limits secmon_image;

#endif
