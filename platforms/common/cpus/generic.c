/*
 * Any other core (e.g. QEMU's "max"): decide from the ID registers. CSV2 means branch
 * targets do not leak across contexts, SSBS gives the OS its own control over
 * speculative store bypass, CSV2 >= 3 or ECBHB means the branch history is safe too.
 * Without those there is no generic firmware mitigation to offer.
 *
 * Power-down: only what the architecture defines (data cache off, clean and invalidate
 * to the level of unification for a core, to the point of coherency for a cluster);
 * implementation-defined steps such as SMPEN need a core-specific entry.
 */
#include <secmon/arch.h>
#include <secmon/cache.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cpus_sysreg.h"
#include "generic.h"

/* Not inlined: one copy of the cache-off sequence serves both entry points. */
__attribute__((noinline)) static void generic_pwr_dwn(unsigned int level)
{
	cpus_dcache_off_flush(level);
	cpus_dsb();
}

void cpus_generic_core_pwr_dwn(void)
{
	generic_pwr_dwn(secmon_cache_louis());
}

void cpus_generic_cluster_pwr_dwn(void)
{
	generic_pwr_dwn(secmon_cache_loc());
}

const struct secmon_cpu_ops secmon_generic_cpu_ops = {
    .name = "generic Armv8-A",
    .midr = 0,
    .midr_mask = 0,
    .wa_status = cpus_wa_from_id_registers,
    .vectors = SECMON_CPU_VECTORS(none),
    .core_pwr_dwn = cpus_generic_core_pwr_dwn,
    .cluster_pwr_dwn = cpus_generic_cluster_pwr_dwn,
};
