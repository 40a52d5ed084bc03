/* The generated secmon_config.h is the only place options reach the code: check it. */
#include <string.h>

#include <secmon_config.h>

#include "check.h"

int main(void)
{
	CHECK_EQ(SECMON_MAX_CPUS, EXPECT_MAX_CPUS);
	CHECK_EQ(SECMON_STACK_SIZE, EXPECT_STACK_SIZE);
	CHECK_EQ(SECMON_LOG_LEVEL, EXPECT_LOG_LEVEL);
	CHECK_EQ(SECMON_ENABLE_PSCI, EXPECT_PSCI);
	CHECK_EQ(SECMON_ENABLE_PMF, EXPECT_PMF);
	CHECK_EQ(SECMON_ENABLE_ASSERTS, EXPECT_ASSERTS);
	CHECK_EQ(SECMON_ENABLE_SPD, EXPECT_SPD);
	CHECK_EQ(SECMON_PSCI_LEVELS, EXPECT_PSCI_LEVELS);
	CHECK_EQ(SECMON_PSCI_MAX_LOCAL_STATE, EXPECT_PSCI_MAX_LOCAL_STATE);
	CHECK(strlen(SECMON_VERSION_STRING) > 0);
	CHECK(strcmp(SECMON_PLATFORM_NAME, "qemu-virt") == 0 ||
	      strcmp(SECMON_PLATFORM_NAME, "juno") == 0 ||
	      strcmp(SECMON_PLATFORM_NAME, "n1sdp") == 0);
	return check_report();
}
