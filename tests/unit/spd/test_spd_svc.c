/*
 * The dispatcher's decisions, with the payload scripted: boot handshake checks, which
 * normal-world calls reach the payload and which are SMC_UNK (not ready, refused CPU,
 * wrong owning entity or call type), what comes back (only the declared results),
 * preemption with RESUME/ABORT, and the PSCI notifications (CPU_OFF refused or taken,
 * a preempted call dropped before power-off, a refused CPU_ON).
 */
#include <string.h>

#include <secmon/psci.h>
#include <secmon/secmon.h>
#include <secmon/smc.h>

#include "check.h"
#include "fake_world.h"

#define BASE	      0x0e800000ull
#define SIZE	      0x100000ull
#define TABLE	      (BASE + 0x3000)
#define FAST64(func)  (0xf2000000u | (func))
#define FAST32(func)  (0xb2000000u | (func))
#define YIELD64(func) (0x72000000u | (func))
#define RESUME_Y      (0x72000000u | SPD_NS_RESUME_FUNC)
#define ABORT_F	      (0xf2000000u | SPD_NS_ABORT_FUNC)

static struct spd_payload_entries table; /* what the payload "publishes" */

static unsigned int intr_signal(void)
{
	return SECMON_SPD_NS_INTR_FIQ;
}

static int load(void)
{
	return fake.fail_load ? -1 : 0;
}

static const struct secmon_spd_payload good = {
    .mem_base = BASE,
    .mem_size = SIZE,
    .entry = BASE,
    .load = load,
    .ns_intr_signal = intr_signal,
};

/*
 * The entry table must be read from payload memory; on the host the "payload memory" is
 * a range that the test maps to the table above through this shim in the address.
 */
static uint64_t table_addr(void)
{
	return (uint64_t)(uintptr_t)&table;
}

static void set_table(uint64_t base)
{
	uint64_t *e = (uint64_t *)&table;

	for (unsigned int i = 0; i < sizeof(table) / 8; i++)
		e[i] = base + 0x100 + 4 * i;
}

/* Boots with the payload memory placed around the host table so the checks see it. */
static int boot(uint64_t entry_table, int64_t mem_shift)
{
	fake_reset();
	fake_payload = good;
	fake_payload.mem_base = (uint64_t)((int64_t)(table_addr() & ~0xfffull) + mem_shift);
	fake_payload.entry = fake_payload.mem_base;
	set_table(table_addr() & ~0xfffull);
	fake.answer[1] = entry_table;
	return secmon_spd_service.init();
}

static uint64_t call(uint32_t fid, uint64_t a1, uint64_t a2, struct secmon_smc_frame *f)
{
	memset(f, 0, sizeof(*f));
	f->x[0] = fid;
	f->x[1] = a1;
	f->x[2] = a2;
	for (unsigned int i = 3; i < 18; i++)
		f->x[i] = 0xc0de0000u + i; /* the caller's own values */
	return secmon_spd_service.handler(fid, a1, a2, f->x[3], f);
}

static void test_boot(void)
{
	struct secmon_smc_frame f;

	/* A good handshake: routed, hooks registered, boot entry as the ABI says. */
	CHECK_EQ(boot(table_addr(), 0), 0);
	CHECK_EQ(fake.entries, 1);
	CHECK_EQ(fake.log[0].args[0], SPD_BOOT_ARG_MAGIC);
	CHECK_EQ(fake.log[0].done_fid, SPD_S_ENTRY_DONE);
	CHECK_EQ(fake.log[0].yielding, 0);
	CHECK_EQ(fake.routed, 1);
	CHECK_EQ(fake.registered, 1);
	CHECK(spd_cpus[0].on);

	/* The payload reports failure (x1 = 0): the monitor boots on, every call is UNK. */
	CHECK_EQ(boot(0, 0), 0);
	CHECK(!spd_cpus[0].on);
	CHECK_EQ(fake.routed, 0);
	CHECK_EQ(call(FAST64(1), 1, 2, &f), SMC_UNK);
	CHECK_EQ(call(YIELD64(1), 1, 2, &f), SMC_UNK);
	CHECK_EQ(call(RESUME_Y, 0, 0, &f), SMC_UNK);
	CHECK_EQ(fake.entries, 1); /* nothing reached the payload */
	/* The general queries are the dispatcher's: answered even so. */
	CHECK_EQ(call(SPD_TOS_CALL_UID, 0, 0, &f), SPD_TOS_UID_W0);
	CHECK_EQ(f.x[3], SPD_TOS_UID_W3);
	CHECK_EQ(call(SPD_TOS_REVISION, 0, 0, &f), SPD_TOS_REVISION_MAJOR);
	CHECK_EQ(call(SPD_TOS_CALL_COUNT, 0, 0, &f), 2);

	/* A table outside its memory, or misaligned: refused the same way. */
	CHECK_EQ(boot(table_addr(), (int64_t)SIZE), 0);
	CHECK(!spd_cpus[0].on);
	CHECK_EQ(boot(table_addr() + 4, 0), 0);
	CHECK(!spd_cpus[0].on);
	/* An entry of the table outside the payload's memory. */
	fake_reset();
	fake_payload.mem_base = table_addr() & ~0xfffull;
	fake_payload.entry = fake_payload.mem_base;
	set_table(fake_payload.mem_base);
	table.fiq = 0x1000;
	fake.answer[1] = table_addr();
	CHECK_EQ(secmon_spd_service.init(), 0);
	CHECK(!spd_cpus[0].on);
	/* Load failure or no description: the service does not register. */
	fake_reset();
	fake_payload = good;
	fake.fail_load = 1;
	CHECK(secmon_spd_service.init() != 0);
	CHECK_EQ(fake.entries, 0);
	fake.fail_load = 0;
	fake_payload.mem_size = 0;
	CHECK(secmon_spd_service.init() != 0);
	/* An entry point outside the payload's memory. */
	fake_payload = good;
	fake_payload.entry = good.mem_base + good.mem_size;
	CHECK(secmon_spd_service.init() != 0);
	CHECK_EQ(fake.entries, 0);
}

static void test_calls(void)
{
	struct secmon_smc_frame f;
	unsigned int before;

	CHECK_EQ(boot(table_addr(), 0), 0);
	/* A fast call: args forwarded, n = 2 results back, the caller's others untouched. */
	fake.answer[1] = 0;
	fake.answer[2] = 7;
	fake.answer[3] = 9;
	fake.answer[4] = 0x5ec2e7; /* payload data beyond its results: must not leak */
	fake.answer[8] = 2;
	CHECK_EQ(call(FAST64(1), 3, 4, &f), 0);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.fast_smc);
	CHECK_EQ(fake.log[fake.entries - 1].args[0], FAST64(1));
	CHECK_EQ(fake.log[fake.entries - 1].args[2], 4);
	CHECK_EQ(f.x[1], 7);
	CHECK_EQ(f.x[2], 9);
	CHECK_EQ(f.x[3], 0xc0de0003u);
	/* A count above 6 is clamped: x7 onwards is never written. */
	fake.answer[8] = 99;
	call(FAST32(1), 3, 4, &f);
	CHECK_EQ(f.x[3], 0x5ec2e7);
	CHECK_EQ(f.x[7], 0xc0de0007u);
	/* SMC_UNK from the payload: no results whatever the count says. */
	fake.answer[1] = SMC_UNK;
	fake.answer[8] = 3;
	CHECK_EQ(call(FAST64(0x777), 0, 0, &f), SMC_UNK);
	CHECK_EQ(f.x[1], 0);
	CHECK_EQ(f.x[3], 0xc0de0003u);

	/* Not the payload's: OEN 51-62, OEN 63 except the queries, OEN 50 >= 0xff00. */
	before = fake.entries;
	CHECK_EQ(call(0xb3000001u, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0xfe000001u, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0xbf000001u, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(0xff00ff01u, 0, 0, &f), SMC_UNK); /* SMC64 query ID: not defined */
	CHECK_EQ(call(FAST64(0xff00), 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(FAST64(SPD_NS_RESUME_FUNC), 0, 0, &f), SMC_UNK); /* RESUME is yielding */
	CHECK_EQ(call(YIELD64(SPD_NS_ABORT_FUNC), 0, 0, &f), SMC_UNK); /* ABORT is fast */
	CHECK_EQ(call(FAST64(1) | 0x00020000u, 1, 2, &f), SMC_UNK);    /* bits [23:17] set */
	CHECK_EQ(call(RESUME_Y | 0x00800000u, 0, 0, &f), SMC_UNK);
	CHECK_EQ(fake.entries, before);

	/* A CPU where the payload is not running (never turned on). */
	fake_this_cpu = 3;
	CHECK_EQ(call(FAST64(1), 1, 2, &f), SMC_UNK);
	CHECK_EQ(fake.entries, before);
	fake_this_cpu = 0;
}

static void test_preemption(void)
{
	struct secmon_smc_frame f;
	unsigned int before;

	CHECK_EQ(boot(table_addr(), 0), 0);
	/* Nothing preempted: RESUME and ABORT are unknown and reach nobody. */
	before = fake.entries;
	CHECK_EQ(call(RESUME_Y, 0, 0, &f), SMC_UNK);
	CHECK_EQ(call(ABORT_F, 0, 0, &f), SMC_UNK);
	CHECK_EQ(fake.entries, before);

	fake.preempt_next = 1;
	CHECK_EQ(call(YIELD64(0x10), 1000, 0, &f), SPD_PREEMPTED);
	CHECK_EQ(fake.log[fake.entries - 1].yielding, 1);
	CHECK_EQ(f.x[1], 1000); /* the caller's registers, not the payload's */
	CHECK(spd_cpus[0].preempted);
	/* One yielding call per CPU; fast calls still work. */
	CHECK_EQ(call(YIELD64(1), 1, 2, &f), SMC_UNK);
	fake.answer[1] = 0;
	fake.answer[8] = 0;
	CHECK_EQ(call(FAST64(1), 1, 2, &f), 0);
	CHECK(spd_cpus[0].preempted);
	/* RESUME: preempted again, then done with its result. */
	fake.preempt_next = 1;
	CHECK_EQ(call(RESUME_Y, 0, 0, &f), SPD_PREEMPTED);
	CHECK_EQ(fake.log[fake.entries - 1].pc, 0);
	fake.answer[2] = 499500;
	fake.answer[8] = 1;
	CHECK_EQ(call(RESUME_Y, 0, 0, &f), 0);
	CHECK_EQ(f.x[1], 499500);
	CHECK(!spd_cpus[0].preempted);

	/* ABORT: the abort entry, 0 to the caller, and RESUME is unknown again. */
	fake.preempt_next = 1;
	CHECK_EQ(call(YIELD64(0x10), 1000, 0, &f), SPD_PREEMPTED);
	CHECK_EQ(call(ABORT_F, 0, 0, &f), 0);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.abort);
	CHECK_EQ(fake.log[fake.entries - 1].done_fid, SPD_S_ABORT_DONE);
	CHECK(!spd_cpus[0].preempted);
	CHECK_EQ(call(RESUME_Y, 0, 0, &f), SMC_UNK);
}

static void test_psci(void)
{
	struct secmon_smc_frame f;

	CHECK_EQ(boot(table_addr(), 0), 0);
	/* CPU 1 turned on: fresh entry at cpu_on with its index; accepted. */
	fake.answer[1] = 0;
	spd_psci_hooks.cpu_on_finish(1);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.cpu_on);
	CHECK_EQ(fake.log[fake.entries - 1].args[0], 1);
	CHECK(spd_cpus[1].on);
	/* CPU 2: the payload refuses it, calls there are unknown. */
	fake.answer[1] = 1;
	spd_psci_hooks.cpu_on_finish(2);
	CHECK(!spd_cpus[2].on);
	fake_this_cpu = 2;
	CHECK_EQ(call(FAST64(1), 1, 2, &f), SMC_UNK);
	/* CPU_OFF on CPU 2 (payload absent there): allowed without asking it. */
	unsigned int before = fake.entries;
	CHECK_EQ(spd_psci_hooks.cpu_off(2), PSCI_RET_SUCCESS);
	CHECK_EQ(fake.entries, before);

	/* CPU_OFF on CPU 1: a preempted call is aborted first; a refusal is DENIED. */
	fake_this_cpu = 1;
	fake.preempt_next = 1;
	CHECK_EQ(call(YIELD64(0x10), 1000, 0, &f), SPD_PREEMPTED);
	fake.answer[1] = 1;
	CHECK_EQ(spd_psci_hooks.cpu_off(1), PSCI_RET_DENIED);
	CHECK_EQ(fake.log[fake.entries - 2].pc, table.abort);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.cpu_off);
	CHECK(spd_cpus[1].on);
	fake.answer[1] = 0;
	CHECK_EQ(spd_psci_hooks.cpu_off(1), PSCI_RET_SUCCESS);
	CHECK(!spd_cpus[1].on);
	CHECK_EQ(call(FAST64(1), 1, 2, &f), SMC_UNK);

	/* Suspend / resume carry the level; system off/reset run on the calling CPU. */
	fake_this_cpu = 0;
	spd_psci_hooks.cpu_suspend(0, 1);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.cpu_suspend);
	CHECK_EQ(fake.log[fake.entries - 1].args[0], 1);
	spd_psci_hooks.cpu_suspend_finish(0, 1);
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.cpu_resume);
	CHECK_EQ(fake.log[fake.entries - 1].done_fid, SPD_S_RESUME_DONE);
	spd_psci_hooks.system_off();
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.system_off);
	spd_psci_hooks.system_reset();
	CHECK_EQ(fake.log[fake.entries - 1].pc, table.system_reset);
	/* Suspend of a CPU without the payload: nothing entered. */
	before = fake.entries;
	spd_psci_hooks.cpu_suspend(1, 0);
	spd_psci_hooks.cpu_suspend_finish(1, 0);
	CHECK_EQ(fake.entries, before);
}

int main(void)
{
	test_boot();
	test_calls();
	test_preemption();
	test_psci();
	return check_report();
}
