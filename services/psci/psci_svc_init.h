/* Cold-boot setup of the PSCI service; one implementation for EL3, one for host builds. */
#ifndef PSCI_SVC_INIT_H
#define PSCI_SVC_INIT_H

/* The service's init(): 0 when the engine is ready to take calls. */
int psci_svc_init(void);

/* Before a call that may power this CPU down and resume it (CPU_SUSPEND & co.). */
void psci_svc_prepare_suspend(void);
/* Before SYSTEM_OFF/OFF2/RESET/RESET2: a reset must find the secondaries' pen closed. */
void psci_svc_prepare_system_reset(void);

#endif
