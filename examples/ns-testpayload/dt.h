/*
 * What the payload needs from the device tree the monitor hands over (x0 at entry): the
 * board it runs on, in the bindings Linux uses, so that the same binary runs on any board
 * whose monitor describes it.
 */
#ifndef NS_DT_H
#define NS_DT_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu.h"

#define DT_MAX_IDLE_STATES 8

/* Result of dt_scan(). Strings point into the DTB, which stays where it is. */
struct dt_info {
	const char *error; /* NULL, or why the DTB could not be read */
	uint32_t size;	   /* totalsize from the header */

	/* The root node. */
	const char *compatible;	 /* its "compatible" string list, NULL if none */
	uint32_t compatible_len; /* ... its length in bytes */
	const char *model;	 /* its "model", NULL if none */

	/* PSCI (bindings/arm/psci.yaml). */
	bool psci_node;	      /* a root node with an "arm,psci*" compatible */
	bool psci_1_0;	      /* ... listing "arm,psci-1.0" */
	bool psci_method_smc; /* ... with method = "smc" */

	/* CPUs: /cpus children with device_type = "cpu". */
	unsigned int cpus;	     /* how many */
	unsigned int cpus_psci;	     /* ... of which with enable-method = "psci" */
	uint64_t mpidr[NS_MAX_CPUS]; /* reg of the first NS_MAX_CPUS of them */

	/* Idle states: "arm,idle-state" nodes, their arm,psci-suspend-param. */
	unsigned int idle_states;		 /* how many (the first DT_MAX_IDLE_STATES kept) */
	uint32_t idle_param[DT_MAX_IDLE_STATES]; /* in tree order */

	/* Memory: the first region of the first device_type = "memory" node (0 if none). */
	uint64_t mem_base, mem_size;

	/* Interrupt controller: the first GICv2/GICv3 node. */
	unsigned int gic_version; /* 2 or 3, 0 if none */
	uint64_t gic_dist;	  /* GICD base */
	uint64_t gic_cpu;	  /* GICv2: GICC base; GICv3: first GICR region base */

	/* Console: an "arm,pl011" UART (0 if none can be used). */
	uint64_t uart_base;
	const char *uart_source; /* how it was found, for INFO lines */
	const char *stdout_path; /* /chosen stdout-path as given (NUL-terminated), or NULL */
};

/*
 * Reads the DTB at addr into info. The caller has made sure that the header can be read;
 * the rest is read only within the header's totalsize. Node addresses are taken through
 * parents whose "ranges" is empty (1:1) only: a node below a bus that translates
 * addresses does not count.
 */
void dt_scan(uintptr_t addr, struct dt_info *info);

/* True if the root's compatible list contains s. */
bool dt_root_compatible(const struct dt_info *info, const char *s);

#endif
