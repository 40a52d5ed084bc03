/*
 * The dispatcher's SMC service: boots the payload at cold boot and forwards the normal
 * world's trusted-OS calls to it (owning entity 50), answering the general queries of
 * entity 63 itself. Every other call in 50-63 is SMC_UNK, as is any call while the
 * payload is not running on the calling CPU.
 */
#include <string.h>

#include <secmon/cold_boot.h>
#include <secmon/log.h>
#include <secmon/psci.h>
#include <secmon/secmon.h>

#include "spd_private.h"

#define SPD_PAYLOAD_OEN SMCCC_OEN_TOS_FIRST
#define SPD_FID_MBZ	0x00fe0000u
#define SPD_ENTRY_COUNT (sizeof(struct spd_payload_entries) / sizeof(uint64_t))

struct spd_payload_entries spd_entries;
const struct secmon_spd_payload *spd_payload;

/* Checks the payload's entry table (inside its memory, instruction aligned) and keeps it. */
SECMON_COLD_BOOT static int accept_entries(uint64_t addr)
{
	const uint64_t *table = (const uint64_t *)(uintptr_t)addr;
	uint64_t copy[SPD_ENTRY_COUNT];

	if (addr == 0 || addr % 8 != 0 || !spd_in_payload(addr, sizeof(spd_entries)))
		return -1;
	for (unsigned int i = 0; i < SPD_ENTRY_COUNT; i++) {
		copy[i] = table[i];
		if (copy[i] % 4 != 0 || !spd_in_payload(copy[i], 4))
			return -1;
	}
	memcpy(&spd_entries, copy, sizeof(spd_entries));
	return 0;
}

/* Cold boot on the primary CPU: load, enter, wait for the handshake. */
SECMON_COLD_BOOT static int spd_init(void)
{
	const struct secmon_spd_payload *p = secmon_board.spd_payload;
	unsigned int cpu = spd_this_cpu();
	uint64_t args[8] = {SPD_BOOT_ARG_MAGIC, cpu};

	if (!p || !p->ns_intr_signal || p->mem_size == 0) {
		ERROR("SPD: the board describes no secure payload\n");
		return -1;
	}
	spd_payload = p;
	if (!spd_in_payload(p->entry, 4)) {
		ERROR("SPD: payload entry 0x%llx outside its memory\n",
		      (unsigned long long)p->entry);
		return -1;
	}
	if (p->load && p->load() != 0) {
		ERROR("SPD: loading the payload failed\n");
		return -1;
	}
	args[2] = p->mem_base;
	args[3] = p->mem_size;
	spd_reset_cpu(cpu);
	spd_run(cpu, p->entry, args, SPD_S_ENTRY_DONE, false);
	if (accept_entries(spd_cpus[cpu].ctx.gp.x[1]) != 0) {
		/* Not fatal for the monitor: trusted-OS calls answer SMC_UNK. */
		ERROR("SPD: payload init failed (entry table 0x%llx)\n",
		      (unsigned long long)spd_cpus[cpu].ctx.gp.x[1]);
		return 0;
	}
	spd_cpus[cpu].on = true;
	secmon_psci_register_spd(&spd_psci_hooks);
	secmon_route_ns_fiq_to_el3(spd_ns_fiq);
	INFO("SPD: secure payload ready, entry table at 0x%llx\n",
	     (unsigned long long)spd_cpus[cpu].ctx.gp.x[1]);
	return 0;
}

/*
 * The payload's answer to a normal-world call: x0 and the n results it declares; every
 * other register of the caller keeps its value, so nothing else of the payload leaks.
 */
static uint64_t take_results(const struct spd_cpu *sc, struct secmon_smc_frame *frame)
{
	uint64_t status = sc->ctx.gp.x[1], n = sc->ctx.gp.x[8];

	if (status == SMC_UNK)
		return SMC_UNK;
	if (n > SPD_MAX_RESULTS)
		n = SPD_MAX_RESULTS;
	for (unsigned int i = 1; i <= n; i++)
		frame->x[i] = sc->ctx.gp.x[i + 1];
	return status;
}

/* A call for the payload: x0 = status, x1-xn = its results. */
static uint64_t forward(unsigned int cpu, uint32_t fid, struct secmon_smc_frame *frame)
{
	struct spd_cpu *sc = &spd_cpus[cpu];
	bool fast = SMCCC_IS_FAST(fid);
	uint64_t args[8] = {fid};

	if (!fast && sc->preempted)
		return SMC_UNK; /* one yielding call per CPU: RESUME or ABORT it first */
	for (unsigned int i = 1; i < 8; i++)
		args[i] = frame->x[i];
	if (spd_run(cpu, fast ? spd_entries.fast_smc : spd_entries.yield_smc, args,
		    fast ? SPD_S_FAST_DONE : SPD_S_YIELD_DONE, !fast) == SPD_PREEMPT)
		return SPD_PREEMPTED;
	return take_results(sc, frame);
}

static uint64_t resume(unsigned int cpu, struct secmon_smc_frame *frame)
{
	struct spd_cpu *sc = &spd_cpus[cpu];

	if (!sc->preempted)
		return SMC_UNK;
	if (spd_run(cpu, 0, NULL, SPD_S_YIELD_DONE, true) == SPD_PREEMPT)
		return SPD_PREEMPTED;
	return take_results(sc, frame);
}

/* Drops this CPU's preempted yielding call (the payload's abort entry). */
void spd_abort_preempted(unsigned int cpu)
{
	static const uint64_t none[8];
	struct spd_cpu *sc = &spd_cpus[cpu];

	if (!sc->preempted)
		return;
	sc->preempted = false;
	spd_run(cpu, spd_entries.abort, none, SPD_S_ABORT_DONE, false);
}

static uint64_t spd_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame)
{
	unsigned int oen = SMCCC_OEN(fid), func = SMCCC_FUNC_NUM(fid);
	unsigned int cpu = spd_this_cpu();

	(void)x1;
	(void)x2;
	(void)x3;
	if (oen == SMCCC_OEN_TOS_LAST && SMCCC_IS_FAST(fid) && !SMCCC_IS_SMC64(fid))
		return secmon_smc_general_query(&secmon_spd_service, fid, frame);
	/* Bits [23:17] must be zero (SMCCC); bit 16, the SVE hint, is already clear. */
	if (oen != SPD_PAYLOAD_OEN || (fid & SPD_FID_MBZ) != 0 || !spd_payload || !spd_cpus[cpu].on)
		return SMC_UNK;
	if (func < SPD_NS_FUNC_MONITOR_BASE)
		return forward(cpu, fid, frame);
	if (func == SPD_NS_RESUME_FUNC && !SMCCC_IS_FAST(fid))
		return resume(cpu, frame);
	if (func == SPD_NS_ABORT_FUNC && SMCCC_IS_FAST(fid)) {
		if (!spd_cpus[cpu].preempted)
			return SMC_UNK;
		spd_abort_preempted(cpu);
		return SMCCC_RET_SUCCESS;
	}
	return SMC_UNK;
}

const struct secmon_smc_service secmon_spd_service = {
    .name = "spd",
    .oen_first = SMCCC_OEN_TOS_FIRST,
    .oen_last = SMCCC_OEN_TOS_LAST,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_YIELD,
    .init = spd_init,
    .handler = spd_handler,
    .call_count = 2, /* RESUME and ABORT; the payload's own functions are its business */
    .uid = {.w = {SPD_TOS_UID_W0, SPD_TOS_UID_W1, SPD_TOS_UID_W2, SPD_TOS_UID_W3}},
    .revision_major = SPD_TOS_REVISION_MAJOR,
    .revision_minor = SPD_TOS_REVISION_MINOR,
};
