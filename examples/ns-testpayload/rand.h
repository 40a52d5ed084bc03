/* xorshift64 (Marsaglia, shifts 13/7/17): reproducible pseudo-random test inputs. */
#ifndef NS_RAND_H
#define NS_RAND_H

#include <stdint.h>

struct rng {
	uint64_t state; /* never 0 */
};

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t x = r->state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	r->state = x;
	return x;
}

/* Uniform enough for tests: a value in [0, n). */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)((rng_next(r) >> 32) % n);
}

#endif
