/*
 * Arm CCI-400 cache-coherent interconnect: which clusters take part in coherency.
 *
 * Each cluster sits on one slave interface. With snoops enabled there, the other
 * masters' requests look into that cluster's caches; with DVM messages enabled, TLB and
 * instruction-cache maintenance is broadcast to it. A cluster enters before its first
 * CPU turns its data cache on, and leaves once its last CPU has flushed the cluster's
 * caches, turned them off and left SMP mode, right before the power goes.
 *
 * The descriptor is plain constant data so that the exit path, which runs with the data
 * cache off, reads it straight from the image. All register polls are bounded.
 */
#ifndef SECMON_DRIVERS_CCI400_H
#define SECMON_DRIVERS_CCI400_H

#include <stdbool.h>
#include <stdint.h>

/* Register map (CCI-400 TRM, "Register summary"). */
#define CCI400_STATUS		     0x000cu   /* status register */
#define CCI400_STATUS_CHANGE_PENDING (1u << 0) /* a snoop/DVM enable change is in flight */
#define CCI400_SLAVE(n)		     (0x1000u + 0x1000u * (n)) /* slave interface n's registers */
#define CCI400_SNOOP_CTRL	     0x0000u   /* in a slave interface's registers */
#define CCI400_SNOOP_EN		     (1u << 0) /* issue snoops to this interface */
#define CCI400_DVM_EN		     (1u << 1) /* issue DVM messages to this interface */
#define CCI400_SLAVE_IFACES	     5u	       /* slave interfaces 0-4 */

/* Every poll of the status register gives up after this many reads. */
#define CCI400_POLL_LIMIT 1000000u

/* Error codes (0 = success). */
#define CCI400_OK	 0
#define CCI400_ETIMEDOUT (-1) /* the change never completed */
#define CCI400_EINVAL	 (-2) /* no such cluster */

/* One CCI-400 and where the clusters are attached. */
struct cci400 {
	uint64_t base;	       /* PERIPHBASE */
	const uint8_t *iface;  /* slave interface of each cluster, by cluster number */
	unsigned int clusters; /* entries in iface */
};

/* Enables snoops and DVM messages to the cluster's interface and waits for it. */
int cci400_enter_coherency(const struct cci400 *c, unsigned int cluster);
/* Disables both and waits: the cluster's caches must already be clean and off. */
int cci400_exit_coherency(const struct cci400 *c, unsigned int cluster);
/* Snoops and DVM messages both enabled for the cluster. */
bool cci400_is_coherent(const struct cci400 *c, unsigned int cluster);

#endif
