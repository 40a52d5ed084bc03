/* What the payload needs from the device tree the monitor handed over. */
#ifndef NS_DT_H
#define NS_DT_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon_config.h>

/* Result of dt_scan(). */
struct dt_info {
	const char *error;		 /* NULL, or why the DTB could not be read */
	bool psci_node;			 /* a root node with an "arm,psci*" compatible */
	bool psci_1_0;			 /* ... listing "arm,psci-1.0" */
	bool psci_method_smc;		 /* ... with method = "smc" */
	unsigned int cpus;		 /* /cpus children with device_type = "cpu" */
	unsigned int cpus_psci;		 /* ... of which with enable-method = "psci" */
	uint64_t mpidr[SECMON_MAX_CPUS]; /* reg of the first SECMON_MAX_CPUS of them */
	uint64_t mem_base, mem_size;	 /* first region of the first memory node (0 if none) */
	unsigned int gic_version;	 /* 2 or 3 from the interrupt controller, 0 if unknown */
	uint64_t gic_dist;		 /* GICD base */
	uint64_t gic_cpu;		 /* GICv2: GICC base; GICv3: first GICR region base */
};

/* Reads the DTB at addr (which must lie in NS DRAM below the payload) into info. */
void dt_scan(uintptr_t addr, struct dt_info *info);

#endif
