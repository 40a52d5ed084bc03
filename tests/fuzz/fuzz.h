/*
 * libFuzzer harness over the SMC entry: secmon_smc_dispatch() with every service that
 * builds for the host registered (Arm architecture, PSCI, PMF query and its SiP-range
 * forwarder), the PSCI engine on a model platform of 1 to 8 CPUs.
 *
 * One input = an 8-byte header choosing the platform (topology, state format, which
 * optional hooks exist) and a sequence of 30-byte records, each an SMC issued by one
 * CPU or an event delivered to it (wake-up, power-on arrival). Simulated CPUs run one at
 * a time; a record flagged NEST runs while the previous CPU is stopped at one of the
 * engine's lock-free points (cache flush, standby, before WFI), which is how the
 * phase-1 / phase-2 races and the "waking CPU cancels" protocol become reachable
 * without threads. A CPU that powers down leaves its call with longjmp, as real
 * hardware never returns from the WFI; an event later brings it back through
 * secmon_psci_warmboot().
 *
 * After every SMC the result is checked against a per-function oracle (exact where the
 * model can predict it), registers the call must not touch are compared, and the
 * engine's and the platform model's state are checked against each other
 * (fuzz_check.c). Any violation aborts, which libFuzzer reports as a crash.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/internal/smc_dispatch.h>
#include <secmon/psci.h>
#include <secmon/smc.h>

#define FZ_MAX_CPUS   8
#define FZ_MAX_LEVELS SECMON_PSCI_MAX_LEVELS
#define FZ_MAX_NODES  16

/* Input layout. */
#define FZ_HEADER_LEN	  8
#define FZ_RECORD_LEN	  30
#define FZ_CTL_EVENT	  (1u << 0) /* deliver an event to the CPU instead of an SMC */
#define FZ_CTL_NEST	  (1u << 1) /* run inside the previous CPU's next lock-free point */
/* With NEST: 0 = the first lock-free point reached, else only at that enum fz_pause. */
#define FZ_CTL_WHERE(ctl) (((ctl) >> 2) & 7u)

/* Header flags (byte 1). */
#define FZ_F_EXTENDED  (1u << 0) /* extended StateID format */
#define FZ_F_OSI       (1u << 1) /* OS-initiated mode may be selected */
#define FZ_F_AFF3      (1u << 2) /* MPIDRs carry Aff3 = 1 */
#define FZ_F_SYS_BAD   (1u << 3) /* get_sys_suspend_power_state gives an unusable state */
#define FZ_F_WA_NONE   (1u << 4) /* cpu ops without wa_status (workarounds unknown) */
#define FZ_F_RESET2_OK (1u << 5) /* system_reset2 returns SUCCESS (wrongly) */
#define FZ_F_ON_FAILS  (1u << 6) /* pwr_domain_on of the last CPU fails with a non-PSCI code */

/* Header hook-absent mask (bytes 4-7): bit set = the optional hook is NULL. */
enum fz_hook_bit {
	FZ_H_VALIDATE_PS,
	FZ_H_STANDBY,
	FZ_H_OFF,
	FZ_H_SUSPEND,
	FZ_H_ON_FINISH,
	FZ_H_SUSPEND_FINISH,
	FZ_H_WFI,
	FZ_H_FLUSH,
	FZ_H_VALIDATE_EP,
	FZ_H_SYS_SUSPEND,
	FZ_H_SYSTEM_OFF,
	FZ_H_SYSTEM_RESET,
	FZ_H_RESET2,
	FZ_H_OFF2,
	FZ_H_MEM_PROTECT,
	FZ_H_MEM_CHECK,
	FZ_H_NODE_HW,
	FZ_H_FREEZE,
	FZ_H_TIMESTAMP,
	FZ_H_SOC_ID,
	FZ_H_COUNT
};

/* Where a simulated CPU is. */
enum fz_state {
	FZ_RUNNING,	 /* normal world, can issue SMCs */
	FZ_CALL,	 /* inside an SMC or warm boot (on the C stack) */
	FZ_DOWN_SUSPEND, /* powered down by a suspend, waits for a wake-up */
	FZ_DOWN_OFF,	 /* off (CPU_OFF, or never turned on) */
	FZ_ON_REQUESTED, /* CPU_ON accepted, power-on not arrived yet */
};

/* Lock-free points where a CPU in FZ_CALL can be stopped. */
enum fz_pause {
	FZ_P_NONE,
	FZ_P_FLUSH0,  /* step 1: own caches, before announcing the request */
	FZ_P_FLUSHN,  /* step 3: last CPU of a node, between claim and commit */
	FZ_P_STANDBY, /* in cpu_standby() */
	FZ_P_WFI,     /* in pwr_down_wfi(), before going down */
};

/* Suspend kinds the model tracks (PSCI_SET_SUSPEND_MODE depends on them). */
enum fz_kind { FZ_K_NONE, FZ_K_CPU_SUSPEND, FZ_K_OTHER_DOWN, FZ_K_OFF };

struct fz_cpu {
	enum fz_state state;
	enum fz_pause pause;	    /* while FZ_CALL */
	unsigned int fn;	    /* PSCI function number being called, or FZ_FN_NONE */
	enum fz_kind kind;	    /* what the current/last power call was */
	bool irq;		    /* a wake-up event is pending (a WFI falls through) */
	bool on_req;		    /* pwr_domain_on() reached it while it was going down */
	bool finish_due;	    /* powered up under a non-RUN node: a finish hook must run */
	uint64_t on_pc, on_ctx;	    /* CPU_ON entry and context id */
	uint64_t susp_pc, susp_ctx; /* entry of the suspend in progress */
	uint8_t prev_phys[FZ_MAX_LEVELS]; /* node states when the controller powered it up */
	jmp_buf down;			  /* where pwr_down_wfi() sends it */
};

#define FZ_FN_NONE 0xffu

struct fz_model {
	/* Configuration (header). */
	unsigned int shape, levels, ncpus, boot;
	uint16_t tree[16];
	size_t tree_len;
	uint8_t flags;
	uint32_t absent; /* hook-absent mask */
	uint8_t max_ret, max_off;

	/* Topology of the model: parent node of each CPU per level (l >= 1). */
	unsigned int nnodes;
	unsigned int cpu_node[FZ_MAX_CPUS][FZ_MAX_LEVELS];
	unsigned int node_level[FZ_MAX_NODES];

	/* Platform state: what the power controller was told, per node (local states). */
	uint8_t phys[FZ_MAX_NODES];
	bool mem_protected;
	uint64_t now_us;
	unsigned int system_calls; /* SYSTEM_OFF/RESET/RESET2/OFF2 and CPU_FREEZE hooks */
	uint32_t mode;		   /* PSCI_MODE_* as the model believes */

	struct fz_cpu cpus[FZ_MAX_CPUS];
	unsigned int current;	    /* what this_cpu() answers */
	unsigned int owning_pauses; /* CPUs stopped at FZ_P_FLUSHN */

	/* Input cursor. */
	const uint8_t *rec;
	size_t nrec, next;
	uint64_t calls; /* SMCs dispatched (statistics) */
};

extern struct fz_model fz;
extern struct secmon_psci_ops fz_ops;
extern uint64_t fz_total_calls; /* SMCs dispatched since the process started */

/* Aborts with a message: libFuzzer reports it as a crash with the input. */
void fz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Platform model (fuzz_plat.c). */
void fz_plat_setup(const uint8_t *hdr);
uint64_t fz_mpidr(unsigned int cpu);
int fz_cpu_of_mpidr(uint64_t mpidr); /* -1 if no CPU has it */
bool fz_entry_valid(uint64_t entry);
bool fz_range_protected(uint64_t base, uint64_t length);
bool fz_has(enum fz_hook_bit h);
int32_t fz_soc_id(uint32_t type);
int32_t fz_wa_status(unsigned int cpu, unsigned int n);
/* SMCCC_ARCH_FEATURE_AVAILABILITY of the model's CPU cpu (secmon/features.h). */
int32_t fz_feature_availability(unsigned int cpu, uint64_t selector, uint64_t *mask);
/* The controller powers a CPU's path up (wake-up, arrival, abandoned WFI, standby end). */
void fz_power_up(unsigned int cpu);

/* Runs the records from the cursor: top level, or nested at a lock-free point. */
void fz_run_nested(unsigned int paused_cpu, enum fz_pause where);
void fz_run_all(void);

/* Checks (fuzz_check.c). */
void fz_check_state(void);
void fz_check_locks_held(unsigned int cpu, unsigned int upto, const char *where);

/* Result oracle (fuzz_oracle.c). */
struct fz_expect {
	bool exact; /* value must equal `value` */
	uint64_t value;
	uint32_t codes;	 /* else: allowed PSCI codes, bit n = code -n (bit 0 = SUCCESS) */
	bool any;	 /* any value (statistics) */
	bool pure;	 /* no side effect: re-dispatching must give the same answer */
	uint8_t outmask; /* bit n: result register xn (1..3) must equal out[n] */
	uint8_t anymask; /* bit n: result register xn holds a value the model cannot predict */
	uint64_t out[4];
	unsigned int fn;	  /* PSCI function number, or FZ_FN_NONE */
	bool psci;		  /* a valid PSCI function ID */
	bool down_ok;		  /* may power the CPU down (never return) */
	const uint64_t *pmf_slot; /* PMF GET_TIMESTAMP: the timestamp read, NULL if refused */
	bool pmf_maint;		  /* ... with cache maintenance of that slot requested */
};

void fz_expect(unsigned int cpu, uint32_t fid, const uint64_t *x, struct fz_expect *e);
void fz_check_result(uint32_t fid, const struct fz_expect *e, uint64_t r);
/* PSCI function number of a valid PSCI function ID (as is, SVE hint bit clear), or FZ_FN_NONE. */
unsigned int fz_psci_fn(uint32_t fid);
/* NODE_HW_STATE as the model's power controller sees it. */
int32_t fz_node_hw(unsigned int cpu, unsigned int level);

/* The libFuzzer entry point (also driven by fuzz_replay.c). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* libFuzzer's optional start-up hook: prints the SMC count when the run ends. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif
