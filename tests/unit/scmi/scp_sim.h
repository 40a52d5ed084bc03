/*
 * A simulated SCP for host tests: the platform side of one SCMI channel (shared memory
 * on the sim bus, written per DEN0056's SMT layout) rung through an MHU-style doorbell,
 * the base, power domain and system power protocols, and a model of the power state of
 * every CPU domain, cluster and the system.
 *
 * Power model, after Arm's SCP firmware with the CSS composite power state: a CPU asks
 * for its own power-down (OFF, or SLEEP = woken by an interrupt) and, with it, its
 * cluster's; the SCP acts once that CPU is in WFI (scp_sim_wfi). Each request updates
 * the requested state of every level it describes (the latest request wins), and a
 * cluster goes off when its requested state is OFF and all its CPUs are down.
 * POWER_STATE_SET ON (or a wake-up) powers a CPU and its cluster up and requests the
 * cluster ON; the simulation is told through hooks, and must then boot the CPU. The SCP's own
 * constants are written here from the specification, independently of the driver.
 */
#ifndef SCP_SIM_H
#define SCP_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define SCP_SIM_MAX_DOMAINS  8u
#define SCP_SIM_MAX_CLUSTERS 4u
#define SCP_SIM_LOG	     1024u
#define SCP_SIM_MAX_PARAMS   8u

/* Power states of the model (the composite state's values). */
#define SCP_OFF		   0u
#define SCP_ON		   1u
#define SCP_SLEEP	   2u
/* System states. */
#define SCP_SYS_RUNNING	   0u
#define SCP_SYS_OFF	   1u
#define SCP_SYS_COLD_RESET 2u
#define SCP_SYS_WARM_RESET 3u
#define SCP_SYS_SUSPENDED  4u

/* One command as the SCP found it in the channel. */
struct scp_sim_msg {
	uint32_t header;		 /* raw header word */
	uint8_t protocol, message, type; /* decoded header fields */
	uint16_t token;
	uint32_t flags;			     /* channel flags word at the doorbell */
	uint32_t length;		     /* length word */
	uint32_t params[SCP_SIM_MAX_PARAMS]; /* parameters */
	unsigned int n_params;
	int32_t status; /* what it answered (or would have) */
	bool busy;	/* the agent had marked the channel busy */
};

/* Faults to inject into the next matching message(s). */
enum scp_sim_fault {
	SCP_FAULT_NONE,
	SCP_FAULT_STATUS,	 /* answer with status = value, no side effect */
	SCP_FAULT_NO_ANSWER,	 /* take the message, never free the channel */
	SCP_FAULT_DELAY,	 /* free the channel after `value` status reads */
	SCP_FAULT_BAD_TOKEN,	 /* answer with the token plus one */
	SCP_FAULT_SHORT,	 /* answer with a length of 4 (no status word) */
	SCP_FAULT_CHANNEL_ERROR, /* set the channel error bit */
};

struct scp_sim_config {
	uint64_t shmem;					  /* the SMT area */
	uint32_t shmem_size;				  /* its size in bytes */
	uint64_t doorbell;				  /* STAT (+0), SET (+8), CLEAR (+0x10) */
	uint32_t doorbell_bits;				  /* what the agent sets */
	unsigned int domains;				  /* CPU power domains */
	unsigned int domain_cluster[SCP_SIM_MAX_DOMAINS]; /* cluster of each domain */
	unsigned int clusters;				  /* clusters */
	unsigned int initially_on;			  /* domain powered at start (boot CPU) */
	bool state_get;					  /* implements POWER_STATE_GET */
	bool system_power;				  /* implements the system power protocol */
	uint32_t sys_attributes; /* its SYSTEM_POWER_STATE_SET attributes */
	const char *vendor;	 /* BASE_DISCOVER_VENDOR answer */
};

/* What the rest of the simulation hears from the SCP (any may be NULL). */
struct scp_sim_hooks {
	void (*power_on)(void *ctx, unsigned int domain); /* the CPU starts at its reset vector */
	void (*cluster_off)(void *ctx, unsigned int cluster); /* the cluster loses power now */
	void (*system)(void *ctx, unsigned int sys_state);    /* SCP_SYS_* reached */
	void (*message)(void *ctx, unsigned int index);	      /* log[index] was just answered */
	void *ctx;
};

struct scp_sim {
	struct scp_sim_config cfg;
	struct scp_sim_hooks hooks;
	uint8_t cpu[SCP_SIM_MAX_DOMAINS];	   /* SCP_OFF/ON/SLEEP */
	uint8_t cluster[SCP_SIM_MAX_CLUSTERS];	   /* SCP_OFF/ON */
	uint8_t cluster_req[SCP_SIM_MAX_CLUSTERS]; /* latest requested state of each cluster */
	unsigned int system;			   /* SCP_SYS_* */
	/* Power-downs waiting for the CPU's WFI. */
	struct {
		bool pending;	     /* a request is waiting */
		uint8_t state;	     /* SCP_OFF or SCP_SLEEP */
		bool cluster_off;    /* the cluster is to go too */
		bool system_suspend; /* SYSTEM_POWER_STATE_SET(SUSPEND) */
		bool on_after;	     /* an ON arrived meanwhile: power up right after */
	} req[SCP_SIM_MAX_DOMAINS];
	/* Fault injection: next `fault_count` messages matching protocol/message (-1: any). */
	enum scp_sim_fault fault;
	int32_t fault_value;
	unsigned int fault_count;
	int fault_protocol, fault_message;
	uint32_t delay_left; /* status reads until a delayed free */
	bool owned;	     /* the platform holds the channel */
	/* Record. */
	struct scp_sim_msg log[SCP_SIM_LOG];
	unsigned int n_log;
	unsigned int violations;			 /* agent-side protocol violations */
	char violation[160];				 /* the first one */
	unsigned int cluster_offs[SCP_SIM_MAX_CLUSTERS]; /* times each cluster lost power */
};

/* Maps the channel and doorbell on the sim bus; everything off but cfg->initially_on. */
void scp_sim_init(struct scp_sim *scp, const struct scp_sim_config *cfg,
		  const struct scp_sim_hooks *hooks);
/* Injects a fault into the next count messages of protocol/message (-1 matches any). */
void scp_sim_fault(struct scp_sim *scp, int protocol, int message, enum scp_sim_fault fault,
		   int32_t value, unsigned int count);
/* The platform gives the channel back (after an injected NO_ANSWER). */
void scp_sim_release(struct scp_sim *scp);
/* The CPU of this domain reached its final WFI: apply its pending power-down. */
void scp_sim_wfi(struct scp_sim *scp, unsigned int domain);
/* An interrupt for a sleeping CPU (or a suspended system): power it up. True if it did. */
bool scp_sim_wake(struct scp_sim *scp, unsigned int domain);
/* Index of the first logged message from `from` with this protocol/message, or -1. */
int scp_sim_find(const struct scp_sim *scp, unsigned int from, uint8_t protocol, uint8_t message);

#endif
