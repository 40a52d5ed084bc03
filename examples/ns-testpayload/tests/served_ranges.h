/*
 * Function IDs the monitor serves: the one place that says which IDs must NOT answer
 * SMC_UNK. Everything else must. Add a service's IDs here when it lands. The ranges of an
 * optional service count only when discovery.h finds it served.
 */
#ifndef NS_SERVED_RANGES_H
#define NS_SERVED_RANGES_H

#include <stdbool.h>
#include <stdint.h>

/* An inclusive range of served function IDs (SVE hint bit clear). */
struct fid_range {
	uint32_t first;	      /* first served ID */
	uint32_t last;	      /* last served ID */
	const char *owner;    /* which service, for messages */
	bool (*served)(void); /* NULL: always served; else asks whether the service is there */
};

extern const struct fid_range served_ranges[];
extern const unsigned int served_ranges_count;

/* True if fid (SVE hint bit ignored) falls in a served range. */
bool fid_is_served(uint32_t fid);

/* The owner of a served fid, or NULL. */
const char *fid_owner(uint32_t fid);

#endif
