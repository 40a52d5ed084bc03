/*
 * Cluster coherency on Juno: the CCI-400 snoop/DVM switch of each cluster, and the
 * handshake that makes switching it safe while other CPUs come and go.
 *
 * The PSCI engine releases its locks before a CPU's final power-down step, and it counts
 * a CPU as running only once that CPU has booted, so two races are left to the platform.
 * Both are settled through words in a page every CPU maps as Device memory
 * (JUNO_COHERENT_PAGE): no cache, no exclusives, plain stores and DSBs.
 *
 * Each CPU publishes its STATE: RUN from the first instruction of its warm boot,
 * PENDING from the start of a power-down (flush_caches(level 0), before it announces
 * itself to the engine), CLEAN once its caches are off and empty.
 *
 * 1. The last CPU of a cluster flushes the cluster's L2, but a sibling that went down
 *    just before it may still be cleaning its own L1 into that L2: the last CPU first
 *    waits for the siblings that were PENDING when it was elected. Only those: a sibling
 *    that came back and is going down again is a new round, which it finishes itself
 *    (as the new last CPU it waits for this one), and waiting for it would deadlock.
 *
 * 2. The last CPU leaves the CCI after the engine's locks are gone, while a sibling may
 *    already be powering up again (a CPU_ON or a wake-up that raced with the
 *    power-down). Dekker's handshake: the leaver sets its EXITING word, then reads the
 *    siblings' STATE; an arriving CPU sets its STATE to RUN, then reads the siblings'
 *    EXITING words. At least one sees the other: either the leaver finds a sibling that
 *    is not CLEAN and keeps the cluster coherent (the SCP keeps it powered for that
 *    sibling, whose own later request states the cluster's fate), or the newcomer
 *    waits until the exit is done and switches coherency back on itself.
 *
 * The exit path runs with the data cache off: it reads constants and Device memory only.
 */
#include <secmon/assert.h>
#include <secmon/drivers/cci400.h>
#include <secmon/mmio.h>

#include "juno_private.h"

/* Layout of the coherency page: two words per CPU. */
#define COH_STATE(cpu)	 (JUNO_COHERENT_PAGE + 4ull * (cpu))
#define COH_EXITING(cpu) (JUNO_COHERENT_PAGE + 0x40ull + 4ull * (cpu))
#define COH_RUN		 0u
#define COH_PENDING	 1u /* going down: its L1 may still be cleaned into the L2 */
#define COH_CLEAN	 2u /* caches off and empty, or never powered */

/* By MPIDR Aff1: the big cluster on slave interface 4, the LITTLE one on 3. */
static const uint8_t juno_cci_iface[JUNO_CLUSTERS] = {
    [JUNO_BIG_CLUSTER] = JUNO_CCI_BIG_IFACE,
    [JUNO_LITTLE_CLUSTER] = JUNO_CCI_LITTLE_IFACE,
};

const struct cci400 juno_cci = {
    .base = JUNO_CCI_BASE,
    .iface = juno_cci_iface,
    .clusters = JUNO_CLUSTERS,
};

/* Per last CPU: the siblings that were PENDING when it was elected (bit = CPU). */
static uint8_t wait_for[JUNO_CPUS];

static void put(uint64_t addr, uint32_t value)
{
	mmio_write32(addr, value);
	juno_dsb();
}

/* Waits while the word at addr holds value; panics after JUNO_COHERENCY_POLL_LIMIT reads. */
static void wait_while(uint64_t addr, uint32_t value, const char *what, unsigned int cpu,
		       unsigned int other)
{
	for (uint32_t i = 0; i < JUNO_COHERENCY_POLL_LIMIT; i++) {
		if (mmio_read32(addr) != value)
			return;
	}
	secmon_panic("Juno: CPU%u waited too long for %s %u", cpu, what, other);
}

static void cci(int ret, const char *what, unsigned int cluster)
{
	if (ret != CCI400_OK)
		secmon_panic("Juno: CCI-400 %s of cluster %u failed (%d)", what, cluster, ret);
}

/* Cold boot: only the boot CPU runs; BL1 made its cluster coherent (make sure of it). */
void juno_coherency_init(void)
{
	int boot = juno_mpidr_to_cpu(JUNO_PRIMARY_MPIDR);
	unsigned int cluster = juno_cpu_cluster((unsigned int)boot);

	for (unsigned int cpu = 0; cpu < JUNO_CPUS; cpu++) {
		mmio_write32(COH_STATE(cpu), (int)cpu == boot ? COH_RUN : COH_CLEAN);
		mmio_write32(COH_EXITING(cpu), 0);
	}
	juno_dsb();
	if (!cci400_is_coherent(&juno_cci, cluster))
		cci(cci400_enter_coherency(&juno_cci, cluster), "entry", cluster);
}

/* Every warm boot, MMU and caches off (juno_entry.S): join the cluster's coherency. */
void juno_coherency_enter(unsigned int cpu)
{
	unsigned int cluster = juno_cpu_cluster(cpu), first = juno_cluster_first_cpu(cluster);

	put(COH_STATE(cpu), COH_RUN);
	for (unsigned int s = first; s < first + juno_cluster_cpus(cluster); s++) {
		if (s != cpu)
			wait_while(COH_EXITING(s), 1, "the CCI exit by CPU", cpu, s);
	}
	if (!cci400_is_coherent(&juno_cci, cluster))
		cci(cci400_enter_coherency(&juno_cci, cluster), "entry", cluster);
}

void juno_warm_entry_c(uint64_t mpidr)
{
	int cpu = juno_mpidr_to_cpu(mpidr & PSCI_MPIDR_AFFINITY_MASK);

	if (cpu >= 0)
		juno_coherency_enter((unsigned int)cpu);
}

/* flush_caches(level 0): the first step of every power-down. */
void juno_coherency_going_down(unsigned int cpu)
{
	put(COH_STATE(cpu), COH_PENDING);
}

/*
 * pwr_domain_off/suspend of the cluster's last CPU, under the engine's cluster lock: a
 * sibling that announced its power-down is PENDING by now, and none can start a new
 * one before the lock is released.
 */
void juno_coherency_exit_begin(unsigned int cpu)
{
	unsigned int cluster = juno_cpu_cluster(cpu), first = juno_cluster_first_cpu(cluster);
	uint8_t pending = 0;

	put(COH_EXITING(cpu), 1);
	for (unsigned int s = first; s < first + juno_cluster_cpus(cluster); s++) {
		if (s != cpu && mmio_read32(COH_STATE(s)) == COH_PENDING)
			pending |= (uint8_t)(1u << s);
	}
	wait_for[cpu] = pending;
}

/* The last CPU, before it flushes the L2: every sibling's L1 is in it by now. */
void juno_coherency_wait_siblings(unsigned int cpu)
{
	for (unsigned int s = 0; s < JUNO_CPUS; s++) {
		if (wait_for[cpu] & (1u << s))
			wait_while(COH_STATE(s), COH_PENDING, "the final L1 clean of CPU", cpu, s);
	}
}

/* The last CPU, caches off and flushed, SMP off: leave the CCI unless someone is up. */
void juno_coherency_exit_end(unsigned int cpu)
{
	unsigned int cluster = juno_cpu_cluster(cpu), first = juno_cluster_first_cpu(cluster);
	bool alone = true;

	for (unsigned int s = first; s < first + juno_cluster_cpus(cluster); s++)
		alone = alone && (s == cpu || mmio_read32(COH_STATE(s)) == COH_CLEAN);
	if (alone)
		cci(cci400_exit_coherency(&juno_cci, cluster), "exit", cluster);
	put(COH_EXITING(cpu), 0);
}

/* Any CPU, caches off and empty: its part of the cluster's data is in memory or L2. */
void juno_coherency_cpu_clean(unsigned int cpu)
{
	put(COH_STATE(cpu), COH_CLEAN);
}
