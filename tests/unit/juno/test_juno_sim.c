/*
 * The Juno port under real concurrency: one thread per CPU, each running random PSCI
 * calls (CPU_ON of others, CPU_OFF, CPU_SUSPEND at CPU and cluster level, NODE_HW_STATE)
 * through the engine, against the simulated SCP. A CPU that powers down leaves its
 * thread (longjmp at its final WFI); the SCP's power-up restarts it through the warm
 * boot; a sleeping CPU is woken by its own "interrupt" a moment later. juno_hw checks
 * the hardware rules at every cluster power-off, CCI exit and final WFI; at the end
 * every CPU but the boot CPU is turned off and the state must agree everywhere.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <secmon/psci.h>

#include "check.h"
#include "juno.h"
#include "juno_hw.h"
#include "sim_bus.h"

#define OPS   6000u
#define ENTRY 0x80080000ull

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static bool powered[HW_CPUS];
static bool finished;
static unsigned int ops_done, errors, ons, offs, suspends, cluster_suspends, boots;

static void on_power_on(unsigned int cpu)
{
	pthread_mutex_lock(&lock);
	powered[cpu] = true;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void error(unsigned int cpu, const char *what, long value)
{
	__atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED);
	fprintf(stderr, "CPU%u: %s (%ld)\n", cpu, what, value);
}

static int32_t do_off(unsigned int cpu, const void *arg)
{
	(void)arg;
	return secmon_psci_cpu_off(cpu);
}

static int32_t do_suspend(unsigned int cpu, const void *arg)
{
	return secmon_psci_cpu_suspend(cpu, *(const uint32_t *)arg, ENTRY, cpu);
}

/* One random step of a running CPU; true if it powered down. */
static bool step(unsigned int cpu, unsigned int *seed, bool stopping)
{
	static const uint32_t cpu_level = 0x00010000u, cluster_level = 0x01010000u;
	unsigned int r = (unsigned int)rand_r(seed) % 100u;
	int32_t rc = 0;

	if (stopping && cpu != 0) {
		if (!sim_call(cpu, do_off, NULL, &rc))
			error(cpu, "CPU_OFF returned", rc);
		__atomic_add_fetch(&offs, 1, __ATOMIC_RELAXED);
		return true;
	}
	if (stopping)
		return false;
	__atomic_add_fetch(&ops_done, 1, __ATOMIC_RELAXED);
	if (r < 40) {
		unsigned int target = (unsigned int)rand_r(seed) % HW_CPUS;

		rc = secmon_psci_cpu_on(cpu, HW_MPIDR(target), ENTRY, target);
		if (rc == PSCI_RET_SUCCESS)
			__atomic_add_fetch(&ons, 1, __ATOMIC_RELAXED);
		else if (rc != PSCI_RET_ALREADY_ON && rc != PSCI_RET_ON_PENDING)
			error(cpu, "CPU_ON failed", rc);
		return false;
	}
	if (r < 55 && cpu != 0) {
		if (!sim_call(cpu, do_off, NULL, &rc))
			error(cpu, "CPU_OFF returned", rc);
		__atomic_add_fetch(&offs, 1, __ATOMIC_RELAXED);
		return true;
	}
	if (r < 85) {
		const uint32_t *ps = r < 70 ? &cpu_level : &cluster_level;

		if (!sim_call(cpu, do_suspend, ps, &rc))
			error(cpu, "CPU_SUSPEND returned", rc);
		__atomic_add_fetch(r < 70 ? &suspends : &cluster_suspends, 1, __ATOMIC_RELAXED);
		return true;
	}
	rc = secmon_psci_node_hw_state(HW_MPIDR(cpu), 0);
	if (rc != PSCI_HW_ON)
		error(cpu, "NODE_HW_STATE of a running CPU", rc);
	return false;
}

static bool all_others_off(void)
{
	for (unsigned int c = 1; c < HW_CPUS; c++)
		if (secmon_psci_affinity_info(HW_MPIDR(c), 0) != PSCI_AFF_OFF)
			return false;
	return true;
}

static void *cpu_thread(void *arg)
{
	unsigned int cpu = (unsigned int)(uintptr_t)arg, seed = 0x9e3779b9u * (cpu + 1);
	bool running = cpu == 0;

	sim_cur = cpu;
	for (;;) {
		struct secmon_psci_entry e;
		bool stopping;

		if (!running) {
			pthread_mutex_lock(&lock);
			while (!powered[cpu] && !finished)
				pthread_cond_wait(&cond, &lock);
			if (!powered[cpu]) {
				pthread_mutex_unlock(&lock);
				return NULL;
			}
			powered[cpu] = false;
			pthread_mutex_unlock(&lock);
			if (sim_warm_boot(cpu, &e) != PSCI_RET_SUCCESS)
				error(cpu, "warm boot refused", 0);
			else if (e.pc != ENTRY)
				error(cpu, "warm boot entry", (long)e.pc);
			__atomic_add_fetch(&boots, 1, __ATOMIC_RELAXED);
			running = true;
		}
		stopping = __atomic_load_n(&ops_done, __ATOMIC_RELAXED) >= OPS;
		if (stopping && cpu == 0 && all_others_off()) {
			pthread_mutex_lock(&lock);
			finished = true;
			pthread_cond_broadcast(&cond);
			pthread_mutex_unlock(&lock);
			return NULL;
		}
		if (rand_r(&seed) % 4 == 0)
			usleep((unsigned int)rand_r(&seed) % 50u);
		if (!step(cpu, &seed, stopping))
			continue;
		/* Powered down. A sleeping CPU gets its interrupt a little later. */
		running = false;
		usleep((unsigned int)rand_r(&seed) % 100u);
		sim_cur = cpu;
		scp_sim_wake(&sim.scp, HW_DOMAIN(cpu));
	}
}

int main(void)
{
	struct scp_sim_config cfg = hw_default_scp();
	pthread_t t[HW_CPUS];

	hw_reset(&cfg, true);
	sim.on_power_on = on_power_on;
	sim.ring = true;
	/*
	 * CPUs spin on the coherency page; on a loaded host the CPU they wait for may not
	 * even be scheduled. A pause per poll lets it run and stretches the port's bounded
	 * waits (counted in reads) to minutes of wall time.
	 */
	sim_bus_polled(HW_COHERENT_PAGE, 0x1000, 20);
	CHECK_EQ(sim_cold_boot(), PSCI_RET_SUCCESS);
	for (unsigned int c = 0; c < HW_CPUS; c++)
		pthread_create(&t[c], NULL, cpu_thread, (void *)(uintptr_t)c);
	for (unsigned int c = 0; c < HW_CPUS; c++)
		pthread_join(t[c], NULL);

	printf("%u ops: %u CPU_ON, %u CPU_OFF, %u CPU suspends, %u cluster suspends, %u warm "
	       "boots, cluster power-offs big %u LITTLE %u\n",
	       ops_done, ons, offs, suspends, cluster_suspends, boots, sim.scp.cluster_offs[HW_BIG],
	       sim.scp.cluster_offs[HW_LITTLE]);
	CHECK_EQ(errors, 0);
	CHECK_EQ(sim.violations, 0);
	CHECK_EQ(sim.scp.violations, 0);
	CHECK(ops_done >= OPS);
	CHECK(sim.scp.cluster_offs[HW_BIG] > 0);
	CHECK(sim.scp.cluster_offs[HW_LITTLE] > 0);
	CHECK(cluster_suspends > 0 && suspends > 0 && offs > 0);
	/* Quiescent: only CPU 0 runs; the SCP, the engine and the CCI agree. */
	sim_cur = 0;
	CHECK_EQ(secmon_psci_affinity_info(0x100, 0), PSCI_AFF_ON);
	for (unsigned int c = 1; c < HW_CPUS; c++) {
		CHECK_EQ(secmon_psci_affinity_info(HW_MPIDR(c), 0), PSCI_AFF_OFF);
		CHECK_EQ(sim.scp.cpu[HW_DOMAIN(c)], SCP_OFF);
	}
	CHECK_EQ(sim.scp.cluster[HW_BIG], SCP_OFF);
	CHECK_EQ(hw.cci_snoop[HW_CCI_IFACE(HW_BIG)], 0);
	CHECK_EQ(hw.cci_snoop[HW_CCI_IFACE(HW_LITTLE)], 3);
	return check_report();
}
