/* A scripted payload for the dispatcher's host test: what spd_run() would have seen. */
#ifndef FAKE_WORLD_H
#define FAKE_WORLD_H

#include <stdint.h>

#include "spd_private.h"

/* One entry of the payload as the dispatcher made it. */
struct fake_entry {
	unsigned int cpu;
	uint64_t pc; /* 0 = resume of a preempted call */
	uint64_t args[8];
	uint32_t done_fid;
	int yielding;
};

struct fake_world {
	/* Script: the answer of the next entries (x1.. of the *_DONE call, x8 = count). */
	uint64_t answer[9];
	int preempt_next; /* the next yielding entry is preempted */
	int fail_load;
	/* Record. */
	struct fake_entry log[64];
	unsigned int entries;
	unsigned int routed, registered;
};

extern struct fake_world fake;
/* What secmon_board.spd_payload points at: the test edits it. */
extern struct secmon_spd_payload fake_payload;
extern unsigned int fake_this_cpu;
void fake_reset(void);

#endif
