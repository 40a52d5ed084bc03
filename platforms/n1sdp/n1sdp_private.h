/*
 * Internals of the N1SDP port, shared by its files. Host builds (SECMON_HOST) replace
 * what only EL3 has with hooks the test program defines:
 *
 *   unsigned int secmon_host_this_cpu(void);      linear index of the running CPU
 *   void secmon_host_power_down_wfi(void);         the final WFI (noreturn: longjmp), which
 *                                                  css_pm_wfi_forever() calls
 *   void secmon_entry_warm(void);                  any function: its address is stored
 */
#ifndef N1SDP_PRIVATE_H
#define N1SDP_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/drivers/css_pm.h>
#include <secmon/drivers/css_scp.h>
#include <secmon/psci.h>

#include "n1sdp_def.h"

/* Local power states of every level: power-down only, no retention. */
#define N1SDP_STATE_RUN	    CSS_PM_STATE_RUN
#define N1SDP_STATE_OFF	    CSS_PM_STATE_OFF
#define N1SDP_LEVEL_CPU	    0u
#define N1SDP_LEVEL_CLUSTER 1u
#define N1SDP_LEVEL_SYSTEM  (N1SDP_PWR_LEVELS - 1u)

/* SCMI transfers: status reads before giving up (the SCP answers in microseconds). */
#define N1SDP_SCMI_POLL_LIMIT 1000000u

/*
 * Where BL1 sends a CPU the SCP powered up: straight to the core's warm entry. Unlike
 * Juno there is nothing to do first with the caches off: the N1 cores, the DSU and the
 * CMN-600 keep coherency in hardware.
 */
void secmon_entry_warm(void);

#ifdef SECMON_HOST
unsigned int secmon_host_this_cpu(void);
#define n1sdp_this_cpu() secmon_host_this_cpu()
#else
#include <secmon/percpu.h>
#define n1sdp_this_cpu() secmon_this_cpu_index()
#endif

/* Topology (n1sdp_topology.c). */
const struct secmon_psci_topology *n1sdp_topology(void);
int n1sdp_mpidr_to_cpu(uint64_t mpidr);
uint64_t n1sdp_cpu_to_mpidr(unsigned int cpu);
unsigned int n1sdp_cpu_cluster(unsigned int cpu); /* global cluster number */
uint32_t n1sdp_scmi_domain(unsigned int cpu);	  /* the SCP's power domain of the CPU */

/* The SCP (n1sdp_scp.c; the requests are platforms/common/css/css_scp.c). */
extern struct css_scp n1sdp_scp;
extern const struct css_scp_config n1sdp_scp_config;

/* GIC-600 (n1sdp_gic.c). */
void n1sdp_gic_init(void);
void n1sdp_gic_cpu_up(unsigned int cpu);
void n1sdp_gic_cpu_down(unsigned int cpu);
void n1sdp_gic_system_resume(void);

/* Console (n1sdp_platform.c). */
void n1sdp_console_init(void);
void n1sdp_console_flush(void);

#endif
