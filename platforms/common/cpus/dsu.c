/* DSU cluster power-down request: see secmon/drivers/dsu.h. */
#include <secmon/drivers/dsu.h>

#include "neoverse_n1.h"

void dsu_cluster_pwrdn_request(bool cluster_off)
{
	uint64_t v = CPUS_SYSREG_READ(SYSREG_CLUSTERPWRDN_EL1);

	CPUS_SYSREG_WRITE(SYSREG_CLUSTERPWRDN_EL1, cluster_off ? v | DSU_PWRDN : v & ~DSU_PWRDN);
	cpus_isb();
}

bool dsu_cluster_pwrdn_requested(void)
{
	return (CPUS_SYSREG_READ(SYSREG_CLUSTERPWRDN_EL1) & DSU_PWRDN) != 0;
}
