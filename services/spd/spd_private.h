/* State shared by the dispatcher's files. */
#ifndef SPD_PRIVATE_H
#define SPD_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/internal/context.h>
#include <secmon/internal/world.h>
#include <secmon/psci.h>
#include <secmon/services/spd.h>
#include <secmon/spd_abi.h>
#include <secmon_config.h>

/* The calling CPU's index; host tests (SECMON_HOST) say which CPU runs. */
#ifdef SECMON_HOST
unsigned int secmon_host_this_cpu(void);
#define spd_this_cpu() secmon_host_this_cpu()
#else
#include <secmon/percpu.h>
#define spd_this_cpu() secmon_this_cpu_index()
#endif

/* The payload on one CPU. */
struct spd_cpu {
	struct secmon_cpu_context ctx;	 /* its x0-x30, SP_EL0, ELR/SPSR/SCR while it waits */
	struct secmon_el1_sysregs el1;	 /* its EL1 registers while it waits */
	struct secmon_cpu_context yield; /* the preempted yielding call (valid if preempted) */
	bool on;			 /* initialised on this CPU and not turned off */
	bool preempted;			 /* a yielding call waits for RESUME or ABORT */
};

/* One per CPU the image supports (spd_storage.c). */
extern struct spd_cpu spd_cpus[];
extern struct spd_payload_entries spd_entries;
extern const struct secmon_spd_payload *spd_payload;

/* Outcome of spd_run(). */
#define SPD_DONE    0 /* the payload answered with the expected *_DONE call */
#define SPD_PREEMPT 1 /* a normal-world interrupt preempted a yielding call */

/*
 * Enters the payload on this CPU at pc with x0-x7 = args (pc = 0: resumes the
 * preempted yielding call) and runs it until it answers done_fid. Yielding calls are
 * preemptible by normal-world interrupts. The answer's x1-x7 are in spd_cpus[cpu].ctx.
 */
int spd_run(unsigned int cpu, uint64_t pc, const uint64_t args[8], uint32_t done_fid,
	    bool yielding);

/* Drops this CPU's preempted yielding call, if any (the payload's abort entry). */
void spd_abort_preempted(unsigned int cpu);

/* Fresh S-EL1 state for the payload's first entry on a CPU. */
void spd_reset_cpu(unsigned int cpu);

/* True if [addr, addr + size) lies inside the payload's memory. */
bool spd_in_payload(uint64_t addr, uint64_t size);

/* PSCI notifications and the normal-world FIQ handler. */
extern const struct secmon_psci_spd_hooks spd_psci_hooks;
void spd_ns_fiq(struct secmon_cpu_context *ns_ctx);

#endif
