/*
 * Performance Measurement Framework (PMF): per-CPU timestamps from the generic counter
 * (CNTPCT_EL0), kept in secure memory and read back through the TF-A compatible query
 * SMC (services/pmf).
 *
 * A PMF service is a named set of timestamp ids with its own store, one cache line or
 * more per CPU, defined once with PMF_DEFINE_SERVICE() and made visible to the query
 * with secmon_pmf_register(). Timestamp ids follow TF-A: implementation 0x41 in
 * [31:24], service id in [15:10], local id in [7:0], every other bit zero.
 *
 * The capture macros below are the only way instrumented code (the PSCI engine, the
 * PSCI front end) touches PMF. With SECMON_ENABLE_PMF=0 they expand to ((void)0) (or to
 * their fallback argument): call sites carry no #if, and tests/unit/pmf/zerocost checks
 * that such code compiles to the very bytes it would without the macros.
 */
#ifndef SECMON_PMF_H
#define SECMON_PMF_H

#include <stdint.h>

#include <secmon/smccc.h>
#include <secmon_config.h>

/* Timestamp id fields. */
#define PMF_IMPL_ID	      0x41u /* Arm Trusted Firmware implementation id */
#define PMF_IMPL_ID_SHIFT     24
#define PMF_SVC_ID_SHIFT      10
#define PMF_SVC_ID_MASK	      0x3fu
#define PMF_LOCAL_ID_MASK     0xffu
#define PMF_TID_RESERVED_MASK 0x00ff0300u /* bits [23:16] and [9:8] must be zero */
#define PMF_MAX_SERVICES      64u	  /* service ids 0..63 */
#define PMF_MAX_IDS	      256u	  /* local ids 0..255 */
#define PMF_TIMESTAMP_ID(svc_id, local_id)                                                         \
	((PMF_IMPL_ID << PMF_IMPL_ID_SHIFT) | ((uint32_t)(svc_id) << PMF_SVC_ID_SHIFT) |           \
	 (uint32_t)(local_id))

/* Service ids. */
#define PMF_PSCI_STAT_SVC_ID 0u /* PSCI_STAT residency timestamps */
#define PMF_RT_INSTR_SVC_ID  1u /* PSCI runtime instrumentation */

/* Local ids of the PSCI stat service: when this CPU entered / left its last low-power state. */
#define PSCI_STAT_ID_ENTER_LOW_PWR 0u
#define PSCI_STAT_ID_EXIT_LOW_PWR  1u
#define PSCI_STAT_TOTAL_IDS	   2u

/*
 * Local ids of the runtime instrumentation (same meaning as in TF-A):
 * ENTER_PSCI/EXIT_PSCI when a PSCI call starts being handled / just before the CPU
 * returns to the normal world (after a power-down: on the warm-boot path);
 * ENTER/EXIT_HW_LOW_PWR around the low-power entry (pwr_down_wfi or cpu_standby; for a
 * power-down the exit is the start of the warm boot); ENTER/EXIT_CFLUSH around the
 * flush of the CPU's own caches. A CPU that is the last of its cluster (or system) also
 * flushes the node's caches later, after coordination: ENTER/EXIT_NODE_CFLUSH bracket
 * that one, and are stale (older than ENTER_CFLUSH) when it did not happen.
 */
#define RT_INSTR_ENTER_PSCI	   0u
#define RT_INSTR_EXIT_PSCI	   1u
#define RT_INSTR_ENTER_HW_LOW_PWR  2u
#define RT_INSTR_EXIT_HW_LOW_PWR   3u
#define RT_INSTR_ENTER_CFLUSH	   4u
#define RT_INSTR_EXIT_CFLUSH	   5u
#define RT_INSTR_ENTER_NODE_CFLUSH 6u
#define RT_INSTR_EXIT_NODE_CFLUSH  7u
#define RT_INSTR_TOTAL_IDS	   8u

/* Capture and query flags. */
#define PMF_NO_CACHE_MAINT 0u
#define PMF_CACHE_MAINT	   (1u << 0) /* capture: clean the line; query: clean+invalidate first */
/*
 * Capture only: store the counter value the CPU read when it entered the warm-boot path
 * (core/arch/aarch64/entry.S) instead of the counter now. For EXIT_HW_LOW_PWR on the
 * warm-boot path; host builds have no such entry and take the counter now.
 */
#define PMF_WARM_ENTRY	   (1u << 1)

/* Query results (SMCCC status codes, returned in x0 by the query SMC). */
#define PMF_RET_SUCCESS		   SMCCC_RET_SUCCESS
#define PMF_RET_INVALID_PARAMETERS SMCCC_RET_INVALID_PARAMETER

/* Registration errors. */
#define PMF_REG_EINVAL	  (-1) /* malformed descriptor */
#define PMF_REG_ECONFLICT (-2) /* another service has that id */

/* The store gives each CPU whole 64-byte lines: ids rounded up to 8 timestamps. */
#define PMF_CACHE_LINE	 64u
#define PMF_STRIDE(nids) ((((uint32_t)(nids) + 7u) / 8u) * 8u)

/* One PMF service: its ids and where its timestamps live. */
struct secmon_pmf_service {
	const char *name; /* for logs */
	uint8_t svc_id;	  /* service field of its timestamp ids, 0..63 */
	uint16_t ids;	  /* local ids 0..ids-1, 1..256 */
	uint16_t stride;  /* timestamps per CPU in the store, PMF_STRIDE(ids) */
	uint16_t cpus;	  /* CPUs the store has room for */
	uint64_t *store;  /* [cpus][stride] in secure memory (bss) */
};

/*
 * Defines service `name` (storage and descriptor secmon_pmf_svc_<name>) in one .c file
 * compiled into the image: the store has room for the image's CPUS (secmon_image.h).
 * PMF_DECLARE_SERVICE(name) makes it visible elsewhere.
 */
#define PMF_DEFINE_SERVICE(svc_name_, svc_id_, nids_)                                              \
	_Static_assert((svc_id_) < PMF_MAX_SERVICES && (nids_) >= 1 && (nids_) <= PMF_MAX_IDS,     \
		       "PMF service " #svc_name_ ": bad id or id count");                          \
	static uint64_t secmon_pmf_store_##svc_name_[SECMON_IMAGE_MAX_CPUS * PMF_STRIDE(nids_)]    \
	    __attribute__((aligned(PMF_CACHE_LINE)));                                              \
	const struct secmon_pmf_service secmon_pmf_svc_##svc_name_ = {                             \
	    .name = #svc_name_,                                                                    \
	    .svc_id = (svc_id_),                                                                   \
	    .ids = (nids_),                                                                        \
	    .stride = PMF_STRIDE(nids_),                                                           \
	    .cpus = SECMON_IMAGE_MAX_CPUS,                                                         \
	    .store = secmon_pmf_store_##svc_name_,                                                 \
	}
#define PMF_DECLARE_SERVICE(name) extern const struct secmon_pmf_service secmon_pmf_svc_##name

/* The two services the core defines (core/pmf/pmf_services.c). */
PMF_DECLARE_SERVICE(psci_stat);
PMF_DECLARE_SERVICE(rt_instr);

/*
 * Cold boot: registers the core's services (psci_stat, rt_instr) for the query.
 * Idempotent; returns 0 or a PMF_REG_E* code.
 */
int secmon_pmf_init(void);
/* Cold boot only: makes svc's timestamps readable through the query; 0 or PMF_REG_E*. */
int secmon_pmf_register(const struct secmon_pmf_service *svc);
/* The registered service with that id, or NULL. */
const struct secmon_pmf_service *secmon_pmf_service_by_id(unsigned int svc_id);

/*
 * Captures CNTPCT_EL0 (after an ISB, so earlier instructions are done) as timestamp id
 * of the calling CPU / of CPU `cpu` (the monitor's linear index). Out-of-range ids or
 * CPUs are ignored. flags: PMF_CACHE_MAINT cleans the timestamp to the point of
 * coherency, for a CPU about to lose its caches with no flush to come; PMF_WARM_ENTRY
 * stores `cpu`'s warm-boot entry time instead of the counter now.
 */
void secmon_pmf_capture(const struct secmon_pmf_service *svc, unsigned int id, unsigned int flags);
void secmon_pmf_capture_cpu(const struct secmon_pmf_service *svc, unsigned int cpu, unsigned int id,
			    unsigned int flags);
/* Like secmon_pmf_capture_cpu(), and returns the timestamp in microseconds. */
uint64_t secmon_pmf_capture_us(const struct secmon_pmf_service *svc, unsigned int cpu,
			       unsigned int id);
/* The counter now, in ticks / in microseconds (CNTFRQ_EL0); ticks to microseconds. */
uint64_t secmon_pmf_now(void);
uint64_t secmon_pmf_now_us(void);
uint64_t secmon_pmf_ticks_to_us(uint64_t ticks);

/*
 * Query. tid is a full timestamp id; the CPU is given by MPIDR (affinity fields; other
 * bits ignored) or by linear index. flags: only bit 0 (PMF_CACHE_MAINT), which cleans and
 * invalidates the timestamp's line first, for a value written with the caches off.
 * Returns PMF_RET_SUCCESS with *value set, or PMF_RET_INVALID_PARAMETERS (value 0) for
 * a malformed id, an unregistered service, a local id beyond the service's, or a CPU
 * that does not exist. Nothing outside the service's store is ever read.
 */
int32_t secmon_pmf_get_timestamp(uint32_t tid, uint64_t mpidr, uint32_t flags, uint64_t *value);
int32_t secmon_pmf_get_timestamp_by_index(uint32_t tid, unsigned int cpu, uint32_t flags,
					  uint64_t *value);

/*
 * Capture macros. svc is the service's name (rt_instr, psci_stat, or one made with
 * PMF_DEFINE_SERVICE). The *_OR forms feed PSCI_STAT: with PMF they capture (or read)
 * the PMF clock, in microseconds; without, they are their last argument, unevaluated
 * otherwise.
 */
#if SECMON_ENABLE_PMF && !defined(SECMON_HOST)
#include <secmon/percpu.h>

/*
 * The calling CPU's timestamp `id`, inline, without cache maintenance: what the SMC
 * paths capture (ENTER/EXIT_PSCI around PSCI_VERSION is the seeds' latency figure), in
 * 8 instructions instead of a call. id must be a constant below the service's ids.
 */
static inline void secmon_pmf_capture_here(const struct secmon_pmf_service *svc, unsigned int id)
{
	uint64_t now;

	__asm__ volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(now)::"memory");
	__atomic_store_n(&svc->store[secmon_this_cpu_index() * svc->stride + id], now,
			 __ATOMIC_RELAXED);
}
#define PMF_CAPTURE_TIMESTAMP(svc, id, flags)                                                      \
	((flags) == PMF_NO_CACHE_MAINT ? secmon_pmf_capture_here(&secmon_pmf_svc_##svc, (id))      \
				       : secmon_pmf_capture(&secmon_pmf_svc_##svc, (id), (flags)))
#elif SECMON_ENABLE_PMF
#define PMF_CAPTURE_TIMESTAMP(svc, id, flags)                                                      \
	secmon_pmf_capture(&secmon_pmf_svc_##svc, (id), (flags))
#endif

#if SECMON_ENABLE_PMF
/* The inline capture does not check ids: the ones the SMC paths use must fit. */
_Static_assert(RT_INSTR_ENTER_PSCI < RT_INSTR_TOTAL_IDS && RT_INSTR_EXIT_PSCI < RT_INSTR_TOTAL_IDS,
	       "ENTER/EXIT_PSCI outside rt_instr");
#define PMF_CAPTURE_TIMESTAMP_CPU(svc, cpu, id, flags)                                             \
	secmon_pmf_capture_cpu(&secmon_pmf_svc_##svc, (cpu), (id), (flags))
#define PMF_CAPTURE_US_OR(svc, cpu, id, fallback_us)                                               \
	secmon_pmf_capture_us(&secmon_pmf_svc_##svc, (cpu), (id))
#define PMF_NOW_US_OR(fallback_us) secmon_pmf_now_us()
#define PMF_HAS_CLOCK_OR(fallback) 1
#else
#define PMF_CAPTURE_TIMESTAMP(svc, id, flags)	       ((void)0)
#define PMF_CAPTURE_TIMESTAMP_CPU(svc, cpu, id, flags) ((void)0)
#define PMF_CAPTURE_US_OR(svc, cpu, id, fallback_us)   (fallback_us)
#define PMF_NOW_US_OR(fallback_us)		       (fallback_us)
#define PMF_HAS_CLOCK_OR(fallback)		       (fallback)
#endif

#endif
