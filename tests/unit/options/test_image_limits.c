/*
 * What the core reads at run time (secmon_image, core/image_limits.c compiled with a
 * header secmon_image_header() wrote) is what the image stated, or the documented
 * default: CMake's side and C's side of the limits cannot drift apart.
 */
#include <secmon/image.h>

#include "check.h"

int main(void)
{
	CHECK_EQ(secmon_image.max_cpus, EXPECT_CPUS);
	CHECK_EQ(secmon_image.power_levels, EXPECT_LEVELS);
	CHECK_EQ(secmon_image.max_local_state, EXPECT_STATE);
	CHECK_EQ(secmon_image.va_bits, EXPECT_VA_BITS);
	CHECK_EQ(secmon_image.xlat_tables, EXPECT_XLAT);
	CHECK_EQ(secmon_image.stack_size, EXPECT_STACK);
	CHECK_EQ(secmon_image.stack_guard, EXPECT_GUARD);
	CHECK_EQ(secmon_image.pmu_counters, EXPECT_PMU);
	CHECK_EQ(secmon_image.log_level, EXPECT_LOG);
	return check_report();
}
