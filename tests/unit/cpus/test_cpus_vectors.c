/*
 * Every cpu ops entry of platforms/common/cpus names the vector table of its core's
 * entry mitigation (secmon/cpu_ops.h): on the host, SECMON_CPU_VECTORS() gives the
 * mitigation's name. One table per mitigation, whatever the core's PMU: the A53, whose
 * PMU has no SCCD, takes the same table as the generic ops.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "check.h"

/* Hooks the ops' code needs to link; reading their fields never calls them. */
uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);
void secmon_host_barrier(const char *which);
void secmon_host_dcache_off_flush(unsigned int level);
unsigned int secmon_cache_louis(void);
unsigned int secmon_cache_loc(void);

uint64_t secmon_host_sysreg_read(const char *name)
{
	(void)name;
	abort();
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	(void)name;
	(void)value;
	abort();
}

void secmon_host_barrier(const char *which)
{
	(void)which;
	abort();
}

void secmon_host_dcache_off_flush(unsigned int level)
{
	(void)level;
	abort();
}

unsigned int secmon_cache_louis(void)
{
	abort();
}

unsigned int secmon_cache_loc(void)
{
	abort();
}

static const struct {
	const struct secmon_cpu_ops *ops;
	const char *vectors;
} expected[] = {
    {&secmon_cortex_a53_ops, "none"},	      /* not affected; PMUv3 without SCCD */
    {&secmon_cortex_a57_ops, "bp_mmu"},	      /* EL3 MMU off/on */
    {&secmon_cortex_a72_ops, "bp_mmu"},	      /* the same */
    {&secmon_neoverse_n1_ops, "bhb24"},	      /* Spectre-BHB loop, 24 */
    {&secmon_neoverse_n1_model_ops, "bhb24"}, /* as on silicon */
    {&secmon_generic_cpu_ops, "none"},	      /* no firmware mitigation to offer */
};

int main(void)
{
	for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
		const struct secmon_cpu_ops *ops = expected[i].ops;

		CHECK(ops->vectors != NULL);
		if (ops->vectors && strcmp(ops->vectors, expected[i].vectors) != 0) {
			fprintf(stderr, "%s: vectors \"%s\", want \"%s\"\n", ops->name,
				(const char *)ops->vectors, expected[i].vectors);
			CHECK(0);
		} else {
			CHECK(1);
		}
		/* The other required members (secmon/cpu_ops.h). */
		CHECK(ops->name && ops->wa_status && ops->core_pwr_dwn && ops->cluster_pwr_dwn);
	}
	return check_report();
}
