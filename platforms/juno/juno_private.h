/*
 * Internals of the Juno port, shared by its files. Host builds (SECMON_HOST) replace the
 * few things only EL3 has with hooks the test program defines:
 *
 *   unsigned int secmon_host_this_cpu(void);      linear index of the running CPU
 *   void secmon_host_power_down_wfi(void);         the final WFI (noreturn: longjmp), which
 *                                                  css_pm_wfi_forever() calls
 *   void secmon_host_barrier(const char *which);   "dsb sy"
 *   void juno_warm_entry(void);                    any function: its address is stored
 */
#ifndef JUNO_PRIVATE_H
#define JUNO_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/drivers/cci400.h>
#include <secmon/drivers/css_pm.h>
#include <secmon/drivers/css_scp.h>
#include <secmon/psci.h>

#include "juno_def.h"

/* Local power states of every level: power-down only, no retention. */
#define JUNO_STATE_RUN	   CSS_PM_STATE_RUN
#define JUNO_STATE_OFF	   CSS_PM_STATE_OFF
#define JUNO_LEVEL_CPU	   0u
#define JUNO_LEVEL_CLUSTER 1u
#define JUNO_LEVEL_SYSTEM  2u

/* SCMI transfers: status reads before giving up (the SCP answers in microseconds). */
#define JUNO_SCMI_POLL_LIMIT	  1000000u
/* Coherency flags: reads before a wait for another CPU is declared stuck. */
#define JUNO_COHERENCY_POLL_LIMIT 10000000u

/*
 * Where BL1 sends a powered-up CPU (the trusted mailbox holds its address): juno_entry.S
 * joins the cluster's coherency through juno_warm_entry_c(), MMU and caches still off,
 * then branches to the core's warm-boot entry.
 */
void juno_warm_entry(void);
void juno_warm_entry_c(uint64_t mpidr);
/* Its stacks (juno_platform.c), written with the caches off: kept out of every cache. */
#define JUNO_EARLY_STACKS     8u /* by MPIDR Aff1 * 4 + Aff0 */
#define JUNO_EARLY_STACK_SIZE 512u
extern uint8_t juno_early_stacks[JUNO_EARLY_STACKS * JUNO_EARLY_STACK_SIZE];

#ifdef SECMON_HOST
unsigned int secmon_host_this_cpu(void);
void secmon_host_barrier(const char *which);
#define juno_this_cpu() secmon_host_this_cpu()
#define juno_dsb()	secmon_host_barrier("dsb sy")
#else
#include <secmon/arch.h>
#include <secmon/percpu.h>
#define juno_this_cpu() secmon_this_cpu_index()
#define juno_dsb()	dsb(sy)
#endif

/* Topology (juno_topology.c). */
const struct secmon_psci_topology *juno_topology(void);
int juno_mpidr_to_cpu(uint64_t mpidr);
uint64_t juno_cpu_to_mpidr(unsigned int cpu);
unsigned int juno_cpu_cluster(unsigned int cpu); /* MPIDR Aff1: JUNO_BIG/LITTLE_CLUSTER */
unsigned int juno_cluster_first_cpu(unsigned int cluster);
unsigned int juno_cluster_cpus(unsigned int cluster);
uint32_t juno_scmi_domain(unsigned int cpu); /* the SCP's power domain of the CPU */

/* The SCP (juno_scp.c; the requests are platforms/common/css/css_scp.c). */
extern struct css_scp juno_scp;
extern const struct css_scp_config juno_scp_config;

/* Cluster coherency: CCI-400 and the non-cacheable handshake (juno_coherency.c). */
extern const struct cci400 juno_cci;
void juno_coherency_init(void);
void juno_coherency_enter(unsigned int cpu);
void juno_coherency_going_down(unsigned int cpu);
void juno_coherency_exit_begin(unsigned int cpu);
void juno_coherency_wait_siblings(unsigned int cpu);
void juno_coherency_exit_end(unsigned int cpu);
void juno_coherency_cpu_clean(unsigned int cpu);

/* GIC-400 (juno_gic.c). */
void juno_gic_init(void);
void juno_gic_cpu_up(unsigned int cpu);
void juno_gic_cpu_down(unsigned int cpu);
void juno_gic_system_resume(void);

/* Console (juno_platform.c). */
void juno_console_init(void);
void juno_console_flush(void);

#endif
