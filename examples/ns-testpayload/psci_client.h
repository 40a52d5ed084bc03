/*
 * PSCI as the normal world sees it (Arm DEN0022), for the tests/psci_*.c suites.
 *
 * Function IDs and codes are written out from the specification rather than taken from
 * the monitor's headers, so that the tests hold the monitor to the spec, not to itself.
 * Also here: the CPUs the DTB lists, secondary-CPU jobs, and suspend calls that come back
 * through the entry point (psci_entry.S).
 */
#ifndef NS_PSCI_CLIENT_H
#define NS_PSCI_CLIENT_H

#include <stdbool.h>
#include <stdint.h>

#include "dt.h"
#include "profiles.h"

/* Function numbers (bits [4:0] of the function ID). */
enum psci_fn {
	FN_PSCI_VERSION = 0x00,
	FN_CPU_SUSPEND = 0x01,
	FN_CPU_OFF = 0x02,
	FN_CPU_ON = 0x03,
	FN_AFFINITY_INFO = 0x04,
	FN_MIGRATE = 0x05,
	FN_MIGRATE_INFO_TYPE = 0x06,
	FN_MIGRATE_INFO_UP_CPU = 0x07,
	FN_SYSTEM_OFF = 0x08,
	FN_SYSTEM_RESET = 0x09,
	FN_PSCI_FEATURES = 0x0a,
	FN_CPU_FREEZE = 0x0b,
	FN_CPU_DEFAULT_SUSPEND = 0x0c,
	FN_NODE_HW_STATE = 0x0d,
	FN_SYSTEM_SUSPEND = 0x0e,
	FN_PSCI_SET_SUSPEND_MODE = 0x0f,
	FN_PSCI_STAT_RESIDENCY = 0x10,
	FN_PSCI_STAT_COUNT = 0x11,
	FN_SYSTEM_RESET2 = 0x12,
	FN_MEM_PROTECT = 0x13,
	FN_MEM_PROTECT_CHECK_RANGE = 0x14,
	FN_SYSTEM_OFF2 = 0x15,
	FN_COUNT = 0x16,
};

#define PSCI32(fn) (0x84000000u | (uint32_t)(fn))
#define PSCI64(fn) (0xc4000000u | (uint32_t)(fn))

/* Return codes. */
#define PSCI_E_SUCCESS		0
#define PSCI_E_NOT_SUPPORTED	(-1)
#define PSCI_E_INVALID_PARAMS	(-2)
#define PSCI_E_DENIED		(-3)
#define PSCI_E_ALREADY_ON	(-4)
#define PSCI_E_ON_PENDING	(-5)
#define PSCI_E_INTERNAL_FAILURE (-6)
#define PSCI_E_NOT_PRESENT	(-7)
#define PSCI_E_DISABLED		(-8)
#define PSCI_E_INVALID_ADDRESS	(-9)

/* AFFINITY_INFO and NODE_HW_STATE answers. */
#define AFF_ON	       0
#define AFF_OFF	       1
#define AFF_ON_PENDING 2
#define HW_ON	       0
#define HW_OFF	       1
#define HW_STANDBY     2

/* Original power_state format: StateID [15:0], StateType bit 16, PowerLevel [25:24]. */
#define PSTATE_TYPE_POWERDOWN (1u << 16)
#define PSTATE_LEVEL(ps)      (((ps) >> 24) & 3u)
/*
 * The recommended StateID encoding's last-in-level field, bits [15:12]: the highest power
 * level at which the caller is the last running CPU (OS-initiated callers fill it in, even
 * for a state that leaves that level running; DEN0022 6.5).
 */
#define PSTATE_LAST_AT(level) ((uint32_t)(level) << 12)

/* psci_smc_resumable() came back through psci_resume_entry ("RESUMED!"). */
#define PSCI_RESUMED 0x524553554d454421ull

/* A garbage pattern for the upper halves of SMC32 arguments. */
#define UPPER_GARBAGE 0xdeadbeef00000000ull

/*
 * How long CPU 0 waits for another CPU to do something before calling it a failure.
 * Wall time (no icount): QEMU's vCPUs share the host's cores with other tests, so this
 * is generous; only a real hang costs the full wait.
 */
#define PSCI_TIMEOUT_US 10000000u

/* psci_entry.S */
void psci_cpu_entry(void);
void psci_resume_entry(void);

/*
 * Whether an SMC32 call can name this address (SMCCC: its arguments are 32 bits). On a
 * board whose normal-world memory is above 4 GiB (QEMU sbsa-ref), no entry point fits:
 * the SMC32 forms of CPU_ON and the suspends must then answer INVALID_ADDRESS.
 */
static inline bool smc32_addressable(uint64_t addr)
{
	return addr <= 0xffffffffu;
}
uint64_t psci_smc_resumable(uint64_t fid, uint64_t x1, uint64_t x2, uint64_t x3);

/* x0 of an SMC. */
uint64_t psci_raw(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3);
/* A PSCI status: w0 of the SMC, sign-extended. */
int32_t psci(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3);

/* Name of a status code, for messages ("DENIED", or "0x...") in a static buffer. */
const char *psci_err_name(int64_t rc);

/* The board's CPUs and PSCI conventions, set up by psci_client_init(). */
struct psci_env {
	bool ready;		  /* CPUs found and this CPU among them */
	const char *why;	  /* why not ready */
	uint64_t mem_base;	  /* NS DRAM (first memory node): base */
	uint64_t mem_size;	  /* and size; 0 if the DTB has none */
	unsigned int el;	  /* the EL the payload runs at */
	unsigned int dt_cpus;	  /* CPUs the DTB lists (cpu_count: those taking part) */
	struct psci_profile conv; /* the profile's PSCI conventions, or derived (not exact) */
};

extern struct psci_env psci_env;

/* The power states of psci_env.conv (PSTATE_UNKNOWN where the board has none). */
#define PSTATE_STANDBY	   (psci_env.conv.standby)
#define PSTATE_CPU_OFF	   (psci_env.conv.cpu_off)
#define PSTATE_CLUSTER_OFF (psci_env.conv.cluster_off)
#define PSTATE_SYSTEM_OFF  (psci_env.conv.system_off)

/*
 * Once, on CPU 0, before any PSCI suite: takes the CPUs from the DTB (board.h) into
 * cpu_mpidr[] with this CPU first, sets up the GIC, and sets psci_env.conv: the board
 * profile's PSCI conventions, or for a board without one what PSCI_FEATURES and the
 * DTB's idle states tell. Idempotent. Returns psci_env.ready.
 */
bool psci_client_init(void);

/* True if the board offers PSCI function number fn (psci_env.conv.offered). */
bool psci_offers(unsigned int fn);

/* psci_offers(fn) for a check that needs fn: if not offered, one INFO line and false. */
bool psci_offered_or_skip(unsigned int fn, const char *what);

/* The power states a check may need, for psci_states_known(). */
#define NEED_STANDBY	 (1u << 0)
#define NEED_CPU_OFF	 (1u << 1)
#define NEED_CLUSTER_OFF (1u << 2)
#define NEED_SYSTEM_OFF	 (1u << 3)
#define NEED_ALL_STATES	 (NEED_STANDBY | NEED_CPU_OFF | NEED_CLUSTER_OFF | NEED_SYSTEM_OFF)

/*
 * For a check that needs power states (a mask of NEED_*): true if the board has them all;
 * otherwise one INFO line saying `what` is skipped, and false. Call after
 * psci_client_init().
 */
bool psci_states_known(const char *what, unsigned int needs);

/* INFO lines: the board's PSCI conventions and where they come from. */
void psci_report_conventions(void);

/*
 * psci_client_init() for a suite: if the environment is unusable, records one failed
 * check `setup` saying why and returns false (the suite then makes no other check).
 */
bool psci_require(void);

/* CPU i's MPIDR affinity fields; cluster = MPIDR without Aff0. */
uint64_t psci_mpidr(unsigned int i);
uint64_t psci_cluster_of(unsigned int i);
/* Number of CPUs in the same cluster as CPU i (itself included). */
unsigned int psci_cluster_size(unsigned int i);

/* AFFINITY_INFO(cpu i, level 0), SMC64 form. */
int32_t psci_affinity(unsigned int i);

/*
 * Starts CPU i at psci_cpu_entry running job(i) with fid (CPU_ON 32 or 64) and context_id
 * ctx; clears the job mailbox first. Returns CPU_ON's status.
 */
int32_t psci_start_job(unsigned int i, void (*job)(unsigned int), uint32_t fid, uint64_t ctx);
/* Waits up to timeout_us for cpu_data[i].job_flag >= flag. */
bool psci_wait_flag(unsigned int i, uint32_t flag, uint64_t timeout_us);
/* Waits up to timeout_us for AFFINITY_INFO(i) == OFF. */
bool psci_wait_off(unsigned int i, uint64_t timeout_us);
/*
 * Makes every secondary OFF: lets waiting jobs go on (job_go) and waits. Returns the
 * index of the first CPU that did not turn OFF, or -1 when all are.
 */
int psci_all_secondaries_off(void);

/*
 * Jobs for secondaries. job_off: flag 1, then CPU_OFF. job_hold_off: flag 1, waits for
 * job_go, then CPU_OFF. A CPU_OFF that returns is reported in job_result with flag 99.
 */
void job_off(unsigned int cpu);
void job_hold_off(unsigned int cpu);
/* Ends a job: CPU_OFF, and if that returns, records the status and parks. */
void job_cpu_off(unsigned int cpu) __attribute__((noreturn));

/* Outcome of a suspend call made with psci_suspend(). */
struct suspend_result {
	uint64_t x0;		  /* SMC result, or PSCI_RESUMED */
	bool resumed;		  /* came back through psci_resume_entry */
	uint64_t context_id;	  /* x0 at the entry point (resumed only) */
	uint64_t el, daif, sctlr; /* machine state at the entry point */
	uint64_t elapsed_us;	  /* from before the call to after it */
	bool timer_fired;	  /* the wake-up timer had reached its deadline */
};

/*
 * Arms this CPU's timer wake_us ahead (0: not at all) and issues fid(x1, x2, x3) through
 * psci_smc_resumable(); fills r. The timer is stopped afterwards.
 */
void psci_suspend(struct suspend_result *r, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
		  uint64_t wake_us);

/* Describes r for a failure message into buf. */
const char *suspend_describe(const struct suspend_result *r, char *buf, unsigned int size);

/*
 * Entry state PSCI promises (DEN0022 6.4): caller's EL, DAIF all masked, MMU and D-cache
 * off. On failure writes why into buf.
 */
bool psci_entry_state_ok(uint64_t el, uint64_t daif, uint64_t sctlr, char *buf, unsigned int size);

#endif
