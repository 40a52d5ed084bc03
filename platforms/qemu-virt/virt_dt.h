/*
 * QEMU virt: what the EL3 image learns from QEMU's device tree, and what it changes in
 * that tree before the normal world gets it. Both go through libfdt.
 *
 * Pure C on libfdt and string.h: the same code runs at EL3 and in the host tests
 * (tests/unit/qemu-virt), which feed it the DTBs QEMU really produces.
 *
 * The DTB sits in normal-world DRAM, so it is treated as untrusted input: libfdt (built
 * with all its checks, cmake/libfdt.cmake) bounds every access, and a malformed tree gives
 * an error, never a read outside the buffer. Addresses are taken from nodes at the root
 * only and are not translated through any "ranges" (QEMU puts every device we use at the
 * root).
 */
#ifndef QEMU_VIRT_DT_H
#define QEMU_VIRT_DT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/drivers/park_power.h>
#include <secmon/platform.h>
#include <secmon_image.h>

/* Errors, always negative. virt_dt_strerror() names them. */
#define VIRT_DT_EBADFDT	  (-1) /* not a DTB, truncated, or its structure is broken */
#define VIRT_DT_ENOTFOUND (-2) /* a node we cannot work without is missing */
#define VIRT_DT_EBADPROP  (-3) /* a property has the wrong size or an impossible value */
#define VIRT_DT_ETOOMANY  (-4) /* more CPUs or regions than this build can hold */
#define VIRT_DT_ENOSPACE  (-5) /* patch: the buffer is too small for what is added */
#define VIRT_DT_EINVAL	  (-6) /* bad arguments from the caller */

#define VIRT_DT_MAX_MEM		4 /* normal-world DRAM regions kept */
#define VIRT_DT_MAX_GICR	4 /* GICv3 redistributor regions kept */
#define VIRT_DT_MAX_IDLE_STATES 8 /* idle states the patch can declare */

/* MPIDR bits that a cpu node's reg may hold: Aff3 [39:32], Aff2..Aff0 [23:0]. */
#define VIRT_MPIDR_AFF_MASK 0xff00ffffffull

/* No such GPIO pin. */
#define VIRT_DT_NO_PIN 0xffffffffu

/* A physical address range. */
struct virt_region {
	uint64_t base; /* first byte */
	uint64_t size; /* bytes; never 0 in a region the parser reports */
};

/* A PL011 UART. */
struct virt_uart {
	bool present;		/* false: fields below are 0 */
	struct virt_region reg; /* its registers */
	uint32_t clock_hz;	/* UARTCLK from the first "clocks" entry; 0 if not described */
};

/* Where the cluster of each CPU came from. */
enum virt_topo_source {
	VIRT_TOPO_CPU_MAP = 1, /* /cpus/cpu-map: the parent "cluster*" node of each core */
	VIRT_TOPO_MPIDR = 2,   /* no usable cpu-map: CPUs with equal Aff3..Aff1 share one */
};

/* The hardware of a QEMU virt machine as its DTB describes it. */
struct virt_hw {
	/*
	 * Normal-world DRAM, in DTB order (SECMON_MEM_NORMAL | SECMON_MEM_NS): the regions
	 * the power helper takes as the normal world's memory.
	 */
	struct secmon_mem_region mem[VIRT_DT_MAX_MEM];
	unsigned int mem_count;	       /* at least 1 after a successful parse */
	struct virt_region secure_mem; /* secure-only memory; size 0 if none */

	unsigned int cpu_count; /* 1..SECMON_IMAGE_MAX_CPUS */
	/*
	 * The CPUs in the order of the /cpus nodes (index 0 is the boot CPU on QEMU), as the
	 * power helper takes them: mpidr = the affinity fields of the node's reg
	 * (VIRT_MPIDR_AFF_MASK bits), cluster = 0..cluster_count-1 in order of first
	 * appearance. [0, cpu_count) are valid.
	 */
	struct park_power_cpu cpu[SECMON_IMAGE_MAX_CPUS];
	unsigned int cluster_count;	   /* 1..cpu_count */
	enum virt_topo_source topo_source; /* how the clusters were found */

	unsigned int gic_version; /* 2 ("arm,cortex-a15-gic") or 3 ("arm,gic-v3") */
	struct virt_region gicd;  /* distributor */
	struct virt_region gicc;  /* GICv2 CPU interface; size 0 on GICv3 */
	struct virt_region gicr[VIRT_DT_MAX_GICR]; /* GICv3 redistributor regions */
	unsigned int gicr_count;		   /* 0 on GICv2, else #redistributor-regions */

	struct virt_uart uart;	      /* normal-world console: /chosen stdout-path or first PL011 */
	struct virt_uart secure_uart; /* secure-only PL011 (/secure-chosen stdout-path) */

	struct {
		bool present;		/* a secure-only PL061 is described */
		struct virt_region reg; /* its registers */
		uint32_t poweroff_pin;	/* secure gpio-poweroff's pin, or VIRT_DT_NO_PIN */
		uint32_t reset_pin;	/* secure gpio-restart's pin, or VIRT_DT_NO_PIN */
	} secure_gpio;

	struct {
		bool present;		/* "qemu,fw-cfg-mmio" is described */
		struct virt_region reg; /* its registers */
	} fw_cfg;

	bool secure_seed_present; /* /secure-chosen carries a kaslr-seed or rng-seed */
	uint64_t secure_seed;	  /* 64 bits of it, for the secure world only (see patch) */
};

/* One idle state to declare to Linux (/cpus/idle-states/<name>, "arm,idle-state"). */
struct virt_idle_state {
	const char *name;	     /* node name, e.g. "cpu-retention"; unique */
	uint32_t psci_suspend_param; /* arm,psci-suspend-param: CPU_SUSPEND power_state */
	uint32_t entry_latency_us;   /* entry-latency-us */
	uint32_t exit_latency_us;    /* exit-latency-us */
	uint32_t min_residency_us;   /* min-residency-us */
	bool local_timer_stop;	     /* adds local-timer-stop: true for power-down states */
};

/*
 * What the normal world's DTB gets besides QEMU's tree: unless no_psci, a /psci node for
 * PSCI 1.0+ over SMC and enable-method "psci" on every cpu. virt_dt_parse() uses the idle
 * states, no_psci and keep_secure_chosen, virt_dt_patch() the /chosen properties (known
 * only once fw_cfg has loaded the kernel) and no_psci.
 */
struct virt_dt_patch_params {
	const struct virt_idle_state *idle_states; /* every CPU gets all of them; may be NULL */
	size_t idle_state_count;		   /* 0: idle states are left as they are */
	/*
	 * The image serves no PSCI: no /psci, no cpu has enable-method "psci" (QEMU's is
	 * dropped too; another method stays), and no idle states, which are PSCI power
	 * states (QEMU's are dropped; idle_state_count must be 0).
	 */
	bool no_psci;
	const char *bootargs;	 /* /chosen/bootargs; NULL: left as it is */
	uint64_t initrd_start;	 /* linux,initrd-start, when initrd_end > initrd_start */
	uint64_t initrd_end;	 /* linux,initrd-end (exclusive); both 0: no initrd */
	bool keep_secure_chosen; /* false: delete /secure-chosen (its seeds are ours) */
};

/*
 * The normal world's DTB while it is written: libfdt's sequential-write API builds it in
 * the buffer right after QEMU's tree, virt_dt_parse() copying QEMU's nodes into it as it
 * reads them and virt_dt_patch() completing it and moving it over QEMU's. Filled by
 * virt_dt_parse(); only virt_dt_patch() reads it.
 */
struct virt_dt_copy {
	void *out;	      /* the copy (sequential-write), after QEMU's tree */
	size_t out_max;	      /* bytes it may grow to, to the end of the buffer */
	uint32_t old_end;     /* where QEMU's tree ends (its last block) */
	int chosen;	      /* QEMU's /chosen, left for virt_dt_patch(); 0: none */
	uint32_t max_phandle; /* largest phandle of the nodes kept */
	int err;	      /* first error while copying; 0 if none */
	bool open;	      /* the copy's root node is open: virt_dt_parse() succeeded */
	uint32_t cpu_count;   /* cpu nodes given cpu-idle-states */
	uint32_t cpu_states[SECMON_IMAGE_MAX_CPUS];	 /* offsets in out of their values */
	uint32_t state_phandle[VIRT_DT_MAX_IDLE_STATES]; /* and of the states' phandles */
};

/*
 * Reads QEMU's DTB in one walk over its structure block. fdt must be 8-byte aligned;
 * buf_size is how many bytes at fdt may be used (the DTB's totalsize must fit). Fills *hw
 * and returns 0, or returns a VIRT_DT_E* error with *hw in an unspecified state.
 * Mandatory: memory, cpus, the GIC and the normal-world PL011; everything else is
 * reported absent when not described.
 *
 * With p and copy not NULL, the same walk also copies the tree for the normal world into
 * the rest of the buffer (QEMU's tree itself is not changed): every node and property but
 * /psci, /secure-chosen (unless p->keep_secure_chosen), /cpus/idle-states (if p has idle
 * states) and the cpus' enable-method and cpu-idle-states, which are replaced; /chosen
 * is left for virt_dt_patch().
 */
int virt_dt_parse(void *fdt, size_t buf_size, struct virt_hw *hw,
		  const struct virt_dt_patch_params *p, struct virt_dt_copy *copy);

/*
 * Completes the copy virt_dt_parse() made of this fdt, buf_size and p: /chosen with p's
 * bootargs and initrd, then /psci. Moves it over QEMU's tree, with totalsize buf_size.
 * Returns 0 or a VIRT_DT_E* error; QEMU's tree is unchanged after an error. *written (if
 * not NULL) receives how many bytes from fdt on may have been written: what a cache clean
 * must cover (a few times the tree's size, not buf_size).
 */
int virt_dt_patch(void *fdt, size_t buf_size, const struct virt_dt_patch_params *p,
		  struct virt_dt_copy *copy, size_t *written);

/* A short name for a VIRT_DT_E* code (or "ok" for 0), for log messages. */
const char *virt_dt_strerror(int err);

#endif
