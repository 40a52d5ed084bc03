/* Benchmark mode for tools/smc-icount (see bench.c). */
#ifndef NS_BENCH_H
#define NS_BENCH_H

/* If the semihosting command line is "bench", runs the benchmark and ends the run. */
void bench_if_requested(void);

#endif
