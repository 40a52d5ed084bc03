/* Arm Juno board port: the platform an EL3 image gives the core. */
#ifndef JUNO_H
#define JUNO_H

#include <secmon/platform.h>
#include <secmon/psci.h>

extern const struct secmon_platform juno_platform;
/* Juno's PSCI ops (juno_platform.psci). init() drops the hooks the SCP cannot serve. */
extern struct secmon_psci_ops juno_psci_ops;

#endif
