/*
 * The CPU count, the pen word and the MPIDR lookup. The per-CPU tables themselves are
 * sized by the image (image_storage.c).
 */
#include <secmon/internal/percpu.h>

#include "internal.h"

uint32_t secmon_cpu_count;

/* Released by the primary CPU once secondaries may warm boot. */
uint64_t secmon_pen;

int secmon_cpu_index_of(uint64_t mpidr)
{
	mpidr &= 0xff00ffffffull;
	for (uint32_t i = 0; i < secmon_cpu_count; i++)
		if (secmon_cpus[i].id.mpidr == mpidr)
			return (int)i;
	return -1;
}
