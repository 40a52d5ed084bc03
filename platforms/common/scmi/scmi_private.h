/* Helpers shared by the SCMI client files. Private. */
#ifndef SECMON_SCMI_PRIVATE_H
#define SECMON_SCMI_PRIVATE_H

#include <stddef.h>

#include <secmon/drivers/scmi.h>

/*
 * Everything written to the channel must be visible to the platform before the
 * doorbell, a write to another device, can be: a full-system DSB.
 */
static inline void scmi_dsb(void)
{
#ifndef SECMON_HOST
	__asm__ volatile("dsb sy" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* A message with parameters and a fixed number of return values. */
static inline int32_t scmi_call(struct scmi_channel *ch, uint8_t proto, uint8_t msg,
				const uint32_t *params, unsigned int n_params, uint32_t *ret,
				unsigned int n_ret)
{
	struct scmi_msg m = {
	    .protocol = proto,
	    .message = msg,
	    .params = params,
	    .n_params = n_params,
	    .ret = ret,
	    .n_ret = n_ret,
	};

	return scmi_xfer(ch, &m);
}

#endif
