/* FIQs taken from the normal world to EL3 (secure interrupts a secure payload owns). */
#include <secmon/arch.h>
#include <secmon/assert.h>
#include <secmon/internal/percpu.h>
#include <secmon/internal/world.h>
#include <secmon/log.h>

#include "internal.h"

static secmon_ns_fiq_handler_fn ns_fiq_handler;

void secmon_route_ns_fiq_to_el3(secmon_ns_fiq_handler_fn fn)
{
	ns_fiq_handler = fn;
	secmon_ns_scr_route_bits = SCR_FIQ;
	secmon_this_cpu()->ctx->el3.scr |= SCR_FIQ;
}

/* Called by the FIQ vector with the normal world's full context saved in ctx. */
void secmon_lower_el_fiq(struct secmon_cpu_context *ctx)
{
	if (!ns_fiq_handler)
		secmon_panic("FIQ from the normal world with no handler: ELR_EL3 0x%llx",
			     (unsigned long long)ctx->el3.elr);
	ns_fiq_handler(ctx);
}
