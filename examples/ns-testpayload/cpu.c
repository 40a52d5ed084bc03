/* Per-CPU data and the C side of secondary CPUs. */
#include "cpu.h"

struct cpu_data cpu_data[NS_MAX_CPUS];
struct boot_state boot_state;
uint64_t cpu_mpidr[NS_MAX_CPUS];
uint32_t cpu_count;

int cpu_index_of(uint64_t mpidr)
{
	for (unsigned int i = 0; i < cpu_count; i++)
		if (cpu_mpidr[i] == (mpidr & MPIDR_AFFINITY_MASK))
			return (int)i;
	return -1;
}

unsigned int this_cpu(void)
{
	uintptr_t p;

	__asm__ volatile("mrs %0, tpidr_el1" : "=r"(p));
	return (unsigned int)((p - (uintptr_t)cpu_data) >> CPU_DATA_SHIFT);
}

void secondary_main(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];

	me->index = cpu;
	if (me->entry) {
		me->state = CPU_STATE_ON;
		me->entry(cpu);
	}
	me->state = CPU_STATE_PARKED;
	for (;;)
		__asm__ volatile("wfi");
}
