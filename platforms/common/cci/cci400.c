/* CCI-400 snoop and DVM control: see secmon/drivers/cci400.h. */
#include <secmon/drivers/cci400.h>
#include <secmon/mmio.h>

#define BOTH (CCI400_SNOOP_EN | CCI400_DVM_EN)

/* The write must reach the interconnect before the status poll can mean anything. */
static inline void cci_dsb(void)
{
#ifndef SECMON_HOST
	__asm__ volatile("dsb sy" ::: "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

static uint64_t snoop_ctrl(const struct cci400 *c, unsigned int cluster)
{
	return c->base + CCI400_SLAVE(c->iface[cluster]) + CCI400_SNOOP_CTRL;
}

static int set_snoops(const struct cci400 *c, unsigned int cluster, bool on)
{
	if (cluster >= c->clusters || c->iface[cluster] >= CCI400_SLAVE_IFACES)
		return CCI400_EINVAL;
	cci_dsb();
	mmio_clrset32(snoop_ctrl(c, cluster), on ? 0 : BOTH, on ? BOTH : 0);
	cci_dsb();
	for (uint32_t i = 0; i < CCI400_POLL_LIMIT; i++) {
		if (!(mmio_read32(c->base + CCI400_STATUS) & CCI400_STATUS_CHANGE_PENDING))
			return CCI400_OK;
	}
	return CCI400_ETIMEDOUT;
}

int cci400_enter_coherency(const struct cci400 *c, unsigned int cluster)
{
	return set_snoops(c, cluster, true);
}

int cci400_exit_coherency(const struct cci400 *c, unsigned int cluster)
{
	return set_snoops(c, cluster, false);
}

bool cci400_is_coherent(const struct cci400 *c, unsigned int cluster)
{
	if (cluster >= c->clusters || c->iface[cluster] >= CCI400_SLAVE_IFACES)
		return false;
	return (mmio_read32(snoop_ctrl(c, cluster)) & BOTH) == BOTH;
}
