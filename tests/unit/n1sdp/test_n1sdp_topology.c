/*
 * The dual-chip N1SDP tree: the port's topology built with N1SDP_CHIPS=2 gives four power
 * levels (CPU, cluster, chip, system), eight CPUs whose linear numbers and MPIDRs
 * (Aff3 = chip, Aff2 = cluster, Aff1 = core) map both ways, and an engine that
 * coordinates the chip level: the last CPU of a chip takes the chip down with it.
 */
#include <secmon/psci.h>

#include "check.h"
#include "n1sdp_private.h"

#define ENTRY 0x80080000ull

unsigned int secmon_host_this_cpu(void);
__attribute__((noreturn)) void secmon_host_power_down_wfi(void);

static unsigned int cur;
static struct secmon_psci_state last_target;
static unsigned int suspends;

unsigned int secmon_host_this_cpu(void)
{
	return cur;
}

void secmon_host_power_down_wfi(void)
{
	__builtin_trap(); /* the mini platform below never powers down for real */
}

/* The port's own power_state parsing (css_pm.c), with the chip level. */
static int32_t parse(uint32_t power_state, struct secmon_psci_state *req)
{
	return css_pm_parse_power_state(power_state, N1SDP_PWR_LEVELS, req);
}

static int32_t on(uint64_t mpidr)
{
	return n1sdp_mpidr_to_cpu(mpidr) < 0 ? PSCI_RET_INVALID_PARAMETERS : PSCI_RET_SUCCESS;
}

static void off(unsigned int cpu, const struct secmon_psci_state *target)
{
	(void)cpu;
	(void)target;
}

static void suspend(unsigned int cpu, const struct secmon_psci_state *target)
{
	(void)cpu;
	last_target = *target;
	suspends++;
}

/* Returning abandons the power-down: CPU_SUSPEND then returns SUCCESS in place. */
static void down_wfi(unsigned int cpu, const struct secmon_psci_state *target)
{
	(void)cpu;
	(void)target;
}

static const struct secmon_psci_ops ops = {
    .topology = n1sdp_topology,
    .max_off_state = N1SDP_STATE_OFF,
    .validate_power_state = parse,
    .pwr_domain_on = on,
    .pwr_domain_off = off,
    .pwr_domain_suspend = suspend,
    .pwr_down_wfi = down_wfi,
};

static void test_mapping(void)
{
	static const struct {
		unsigned int cpu;
		uint64_t mpidr;
	} map[] = {
	    {0, 0x0},	      {1, 0x100},	{2, 0x10000},	  {3, 0x10100},
	    {4, 0x100000000}, {5, 0x100000100}, {6, 0x100010000}, {7, 0x100010100},
	};

	CHECK_EQ(N1SDP_CPUS, 8);
	CHECK_EQ(N1SDP_PWR_LEVELS, 4);
	CHECK_EQ(N1SDP_LEVEL_SYSTEM, 3);
	CHECK_EQ(n1sdp_topology()->levels, 4);
	for (unsigned int i = 0; i < 8; i++) {
		CHECK_EQ(n1sdp_cpu_to_mpidr(map[i].cpu), map[i].mpidr);
		CHECK_EQ(n1sdp_mpidr_to_cpu(map[i].mpidr), map[i].cpu);
		CHECK_EQ(n1sdp_cpu_cluster(map[i].cpu), map[i].cpu / 2);
	}
	CHECK_EQ(n1sdp_mpidr_to_cpu(0x200000000ull), -1); /* no third chip */
	CHECK_EQ(n1sdp_mpidr_to_cpu(0x100020000ull), -1); /* two clusters per chip */
	CHECK_EQ(n1sdp_mpidr_to_cpu(0x100000200ull), -1); /* two cores per cluster */
	CHECK_EQ(n1sdp_mpidr_to_cpu(0x1ull), -1);	  /* Aff0 is the thread: always 0 */
}

static void test_power_states(void)
{
	struct secmon_psci_state s;

	/* PowerLevel 3 is the system now. */
	CHECK_EQ(parse(0x03010000u, &s), PSCI_RET_SUCCESS);
	CHECK_EQ(s.local[3], N1SDP_STATE_OFF);
	CHECK_EQ(parse(0x02010000u, &s), PSCI_RET_SUCCESS);
	CHECK_EQ(s.local[2], N1SDP_STATE_OFF);
	CHECK_EQ(s.local[3], N1SDP_STATE_RUN);
	CHECK_EQ(parse(0x03010001u, &s), PSCI_RET_INVALID_PARAMETERS); /* StateID must be 0 */
	/* SYSTEM_SUSPEND takes all four levels down. */
	CHECK_EQ(css_pm_sys_suspend_state(N1SDP_PWR_LEVELS, &s), PSCI_RET_SUCCESS);
	for (unsigned int l = 0; l < 4; l++)
		CHECK_EQ(s.local[l], N1SDP_STATE_OFF);
}

static void warm(unsigned int cpu)
{
	struct secmon_psci_entry e;

	cur = 0;
	CHECK_EQ(secmon_psci_cpu_on(0, n1sdp_cpu_to_mpidr(cpu), ENTRY, cpu), PSCI_RET_SUCCESS);
	cur = cpu;
	CHECK_EQ(secmon_psci_warmboot(cpu, &e), PSCI_RET_SUCCESS);
	CHECK_EQ(e.context_id, cpu);
}

static void test_engine(void)
{
	cur = 0;
	CHECK_EQ(secmon_psci_init(&ops, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_levels(), 4);
	CHECK_EQ(secmon_psci_cpu_count(), 8);
	CHECK_EQ(secmon_psci_affinity_info(0x100010100ull, 0), PSCI_AFF_OFF);

	/* CPU 0 alone: a system-level suspend takes every level down. */
	CHECK_EQ(secmon_psci_cpu_suspend(0, 0x03010000u, ENTRY, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(suspends, 1);
	for (unsigned int l = 0; l < 4; l++)
		CHECK_EQ(last_target.local[l], N1SDP_STATE_OFF);

	/* CPU 7 (chip 1) runs: CPU 0 may take its chip down, not the system. */
	warm(7);
	CHECK_EQ(secmon_psci_affinity_info(0x100010100ull, 0), PSCI_AFF_ON);
	cur = 0;
	CHECK_EQ(secmon_psci_cpu_suspend(0, 0x03010000u, ENTRY, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(last_target.local[0], N1SDP_STATE_OFF);
	CHECK_EQ(last_target.local[1], N1SDP_STATE_OFF);
	CHECK_EQ(last_target.local[2], N1SDP_STATE_OFF); /* chip 0 */
	CHECK_EQ(last_target.local[3], N1SDP_STATE_RUN); /* system */

	/* CPU 4 joins chip 1: CPU 7 keeps chip 1 up, down to its own cluster. */
	warm(4);
	cur = 7;
	CHECK_EQ(secmon_psci_cpu_suspend(7, 0x03010000u, ENTRY, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(last_target.local[1], N1SDP_STATE_OFF); /* cluster 3: CPU 6 is off */
	CHECK_EQ(last_target.local[2], N1SDP_STATE_RUN); /* chip 1: CPU 4 runs */
	CHECK_EQ(last_target.local[3], N1SDP_STATE_RUN);
}

int main(void)
{
	test_mapping();
	test_power_states();
	test_engine();
	return check_report();
}
