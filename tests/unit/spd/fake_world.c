/* The pieces of EL3 the dispatcher's logic calls, played by the test. */
#include <secmon_image.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>
#include <secmon/log.h>
#include <secmon/secmon.h>

#include "fake_world.h"

struct fake_world fake;
struct spd_cpu spd_cpus[SECMON_IMAGE_MAX_CPUS];
unsigned int fake_this_cpu;
struct secmon_spd_payload fake_payload;
const struct secmon_board secmon_board = {.spd_payload = &fake_payload};

/* The calling CPU as the dispatcher sees it on the host (spd_private.h). */
unsigned int secmon_host_this_cpu(void)
{
	return fake_this_cpu;
}

void fake_reset(void)
{
	memset(&fake, 0, sizeof(fake));
	memset(spd_cpus, 0, sizeof(spd_cpus));
	fake_this_cpu = 0;
}

int spd_run(unsigned int cpu, uint64_t pc, const uint64_t args[8], uint32_t done_fid, bool yielding)
{
	struct spd_cpu *sc = &spd_cpus[cpu];
	struct fake_entry *e = &fake.log[fake.entries++ % 64];

	e->cpu = cpu;
	e->pc = pc;
	e->done_fid = done_fid;
	e->yielding = yielding;
	if (args)
		memcpy(e->args, args, sizeof(e->args));
	else
		memset(e->args, 0, sizeof(e->args));
	if (pc == 0)
		sc->preempted = false; /* as spd_run does: resumed */
	if (yielding && fake.preempt_next) {
		fake.preempt_next = 0;
		sc->preempted = true;
		return SPD_PREEMPT;
	}
	sc->ctx.gp.x[0] = done_fid;
	for (unsigned int i = 1; i <= 8; i++)
		sc->ctx.gp.x[i] = fake.answer[i];
	return SPD_DONE;
}

void spd_reset_cpu(unsigned int cpu)
{
	memset(&spd_cpus[cpu], 0, sizeof(spd_cpus[cpu]));
}

bool spd_in_payload(uint64_t addr, uint64_t size)
{
	uint64_t base = spd_payload->mem_base, end = base + spd_payload->mem_size;

	return addr >= base && addr <= end && size <= end - addr;
}

void secmon_route_ns_fiq_to_el3(secmon_ns_fiq_handler_fn fn)
{
	(void)fn;
	fake.routed++;
}

void secmon_psci_register_spd(const struct secmon_psci_spd_hooks *hooks)
{
	(void)hooks;
	fake.registered++;
}

void secmon_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	abort();
}

void secmon_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}
