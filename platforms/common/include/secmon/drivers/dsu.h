/*
 * Arm DynamIQ Shared Unit (DSU): the cluster power-down request a core leaves for the
 * cluster's power controller in CLUSTERPWRDN_EL1.PWRDN. The controller (on CSS boards
 * the SCP, through the cluster's PPU) reads the value of the last core to power down:
 * set, the cluster goes down with that core (the DSU cleans and invalidates its L3
 * itself); clear, the cluster stays on. So every core going down states the cluster's
 * fate, and the first core up clears the request.
 */
#ifndef SECMON_DRIVERS_DSU_H
#define SECMON_DRIVERS_DSU_H

#include <stdbool.h>

/* Sets (cluster_off) or clears PWRDN for the calling core; ISB included. */
void dsu_cluster_pwrdn_request(bool cluster_off);
/* PWRDN as the calling core last wrote it. */
bool dsu_cluster_pwrdn_requested(void);

#endif
