/*
 * The image's limits (secmon/image.h), compiled into each image with its secmon_image.h:
 * what the libraries read at run time. The checks hold a hand-written header to the
 * ranges secmon_add_image() enforces.
 */
#include <secmon_config.h>
#include <secmon_image.h>

#include <secmon/image.h>

_Static_assert(SECMON_IMAGE_MAX_CPUS >= 1 && SECMON_IMAGE_MAX_CPUS <= 1024, "CPUS: 1..1024");
_Static_assert(SECMON_IMAGE_POWER_LEVELS >= 1 && SECMON_IMAGE_POWER_LEVELS <= 4,
	       "POWER_LEVELS: 1..4, the MPIDR affinity levels");
_Static_assert(SECMON_IMAGE_MAX_LOCAL_STATE >= 1 && SECMON_IMAGE_MAX_LOCAL_STATE <= 15,
	       "MAX_LOCAL_STATE: 1..15");
_Static_assert(SECMON_IMAGE_VA_BITS >= 32 && SECMON_IMAGE_VA_BITS <= 48, "VA_BITS: 32..48");
_Static_assert(SECMON_IMAGE_XLAT_TABLES >= 1 && SECMON_IMAGE_XLAT_TABLES <= 255,
	       "XLAT_TABLES: 1..255");
_Static_assert(SECMON_IMAGE_PMU_COUNTERS >= 1 && SECMON_IMAGE_PMU_COUNTERS <= 31,
	       "PMU_COUNTERS: 1..31");
_Static_assert(SECMON_IMAGE_LOG_LEVEL >= 0 && SECMON_IMAGE_LOG_LEVEL <= SECMON_LOG_LEVEL,
	       "LOG_LEVEL: at most the package's SECMON_LOG_LEVEL (secmon_config.h)");
_Static_assert(SECMON_IMAGE_STACK_GUARD == SECMON_STACK_GUARD_PAGE
		   ? SECMON_IMAGE_STACK_SIZE % 4096 == 0 && SECMON_IMAGE_STACK_SIZE >= 4096
		   : SECMON_IMAGE_STACK_SIZE % 64 == 0 && SECMON_IMAGE_STACK_SIZE >= 1024,
	       "STACK_SIZE: page guard, multiples of 4096; canary guard, of 64, from 1024");

const struct secmon_image_limits secmon_image = {
    .max_cpus = SECMON_IMAGE_MAX_CPUS,
    .stack_size = SECMON_IMAGE_STACK_SIZE,
    .stack_guard = SECMON_IMAGE_STACK_GUARD,
    .power_levels = SECMON_IMAGE_POWER_LEVELS,
    .max_local_state = SECMON_IMAGE_MAX_LOCAL_STATE,
    .va_bits = SECMON_IMAGE_VA_BITS,
    .xlat_tables = SECMON_IMAGE_XLAT_TABLES,
    .pmu_counters = SECMON_IMAGE_PMU_COUNTERS,
    .log_level = SECMON_IMAGE_LOG_LEVEL,
};
