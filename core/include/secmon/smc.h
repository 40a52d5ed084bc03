/*
 * SMC services: each owns a range of owning entities and is found in O(1).
 *
 * The image lists its services (struct secmon_board, secmon/secmon.h); the cold boot
 * registers them with the dispatcher, which decodes each SMC by its top byte (fast bit,
 * SMC64 bit, owning entity) into a 256-entry table, so a call costs one load and one
 * indirect branch. Slots no service claims answer SMC_UNK. The table is read-only once
 * the cold boot is over (SECMON_RO_AFTER_BOOT, secmon/cold_boot.h).
 *
 * An owning entity can also be shared by function number: the standard secure service
 * (entity 4) holds PSCI (0x00-0x1F), SDEI, MM, TRNG (0x50-0x5F), ... each its own
 * specification. A service registered with SECMON_SMC_SHARED serves only its function
 * numbers fn_first..fn_last of its entities and claims no slot: the slot's owner (PSCI
 * for entity 4), or the dispatcher if the slot has none, hands it every call the owner
 * does not know (secmon_smc_general_query() does this for the owner), so the owner's
 * calls cost nothing more.
 */
#ifndef SECMON_SMC_H
#define SECMON_SMC_H

#include <stddef.h>
#include <stdint.h>

#include <secmon/smccc.h>

/*
 * The caller's registers at the SMC. x0-x17 and x30 are saved on every call. A handler
 * reads arguments beyond x3 here and writes results beyond x0 here: on return the
 * dispatcher reloads x1-x17 from this frame and takes x0 from the handler's return value.
 */
struct secmon_smc_frame {
	uint64_t x[31]; /* x0-x30; x18-x29 only valid after a full context save */
	uint64_t sp_el0;
};

/*
 * Handler for every call of a service. fid has the SVE hint bit cleared; x1-x3 are the
 * raw 64-bit registers (SMC32 handlers must use only their low 32 bits). Returns x0.
 */
typedef uint64_t (*secmon_smc_handler_fn)(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
					  struct secmon_smc_frame *frame);

/* Which call types a service takes: fast calls, yielding calls or both. */
#define SECMON_SMC_FAST		   (1u << 0)
#define SECMON_SMC_YIELD	   (1u << 1)
/*
 * With SECMON_SMC_FAST (and nothing else): the service serves only the function numbers
 * fn_first..fn_last of its entities, SMC32 and SMC64 fast calls with bits [23:16] zero,
 * next to the entities' owner. It answers no general query: the owner does, or nobody
 * (SMC_UNK); its call_count, uid and revision are unused.
 */
#define SECMON_SMC_SHARED	   (1u << 2)
/* The general queries' function numbers (0xFF00-0xFFFF) are never a shared service's. */
#define SECMON_SMC_SHARED_FN_LIMIT 0xff00u

/* 128-bit UID returned by the Call UID query as four 32-bit words in w0-w3. */
struct secmon_smc_uid {
	uint32_t w[4];
};

/* One SMC-facing service, registered at cold boot (struct secmon_board's services). */
struct secmon_smc_service {
	const char *name;	       /* shown in the boot log */
	uint8_t oen_first;	       /* first owning entity served */
	uint8_t oen_last;	       /* last owning entity served (inclusive) */
	uint8_t call_types;	       /* SECMON_SMC_FAST and/or SECMON_SMC_YIELD, or SHARED */
	uint16_t fn_first;	       /* SECMON_SMC_SHARED: first function number served */
	uint16_t fn_last;	       /* SECMON_SMC_SHARED: last one served (inclusive) */
	int (*init)(void);	       /* optional, cold boot, before the table goes live; 0 = ok,
					  SECMON_SMC_ABSENT = nothing to serve on this system */
	secmon_smc_handler_fn handler; /* every call in the range, SMC32 and SMC64 */
	uint32_t call_count;	       /* answer to the Call Count general query */
	struct secmon_smc_uid uid;     /* answer to the Call UID general query */
	uint16_t revision_major;       /* answer to the Revision general query */
	uint16_t revision_minor;
};

/*
 * An init() that finds nothing to serve on this system (e.g. the hardware behind it is
 * missing) returns SECMON_SMC_ABSENT: registration then claims nothing, so the service's
 * calls are unknown (SMC_UNK, i.e. NOT_SUPPORTED) at no cost.
 */
#define SECMON_SMC_ABSENT 1

/*
 * Answers the SMCCC general queries (Call Count, Call UID, Revision) for svc, writing
 * extra results to the frame. Any other function ID goes to the shared service that
 * serves it (secmon_smc_shared_call()), so a service calls this from the default case
 * of its switch with every ID it does not know.
 */
uint64_t secmon_smc_general_query(const struct secmon_smc_service *svc, uint32_t fid,
				  struct secmon_smc_frame *frame);

/*
 * Hands the call to the shared service registered for its entity and function number;
 * SMC_UNK, and no side effect, if none serves it. The handler of a shared service's
 * slots that no service owns.
 */
uint64_t secmon_smc_shared_call(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				struct secmon_smc_frame *frame);

/* Sets result register n (1..17) of the call being handled. */
static inline void secmon_smc_set_result(struct secmon_smc_frame *frame, unsigned int n,
					 uint64_t value)
{
	frame->x[n] = value;
}

/* Answers a 128-bit UID in w0-w3 (SMCCC's layout): sets x1-x3, returns x0's word. */
static inline uint64_t secmon_smc_return_uid(struct secmon_smc_frame *frame,
					     const struct secmon_smc_uid *uid)
{
	secmon_smc_set_result(frame, 1, uid->w[1]);
	secmon_smc_set_result(frame, 2, uid->w[2]);
	secmon_smc_set_result(frame, 3, uid->w[3]);
	return uid->w[0];
}

#endif
