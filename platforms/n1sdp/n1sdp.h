/* Arm N1SDP board port: the platform an EL3 image gives the core. */
#ifndef N1SDP_H
#define N1SDP_H

#include <secmon/platform.h>
#include <secmon/psci.h>

extern const struct secmon_platform n1sdp_platform;
/* N1SDP's PSCI ops (n1sdp_platform.psci). init() drops the hooks the SCP cannot serve. */
extern struct secmon_psci_ops n1sdp_psci_ops;

#endif
