/*
 * The test framework: suites of checks, one output line per check.
 *
 * A suite is one file in tests/ covering one interface; its run() makes checks with
 * tf_check()/tf_expect_eq(), each printing `PASS <suite>.<check>` or
 * `FAIL <suite>.<check>: <detail>`. tf_finish() prints `N passed, N failed` and
 * `PAYLOAD: done` and ends the run with exit code 0 only if nothing failed.
 */
#ifndef NS_FRAMEWORK_H
#define NS_FRAMEWORK_H

#include <stdbool.h>
#include <stdint.h>

/* One test file's entry in the suite list (tests/tests.h). */
struct tf_suite {
	const char *name;  /* prefix of every check name, e.g. "smccc_arch" */
	void (*run)(void); /* makes the suite's checks on the primary CPU */
};

/* Runs one suite: its checks are reported under its name. */
void tf_run(const struct tf_suite *suite);

/* Records one check; fmt gives the failure detail. Returns ok. */
bool tf_check(bool ok, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Check that a 64-bit value is what it must be. */
bool tf_expect_eq(const char *name, uint64_t got, uint64_t want);

/* Failures of one check made over many inputs (or CPUs): the count and the first reason. */
struct tf_failures {
	unsigned int count; /* failures so far */
	char why[160];	    /* the first one's reason */
};

/* Records a failure in f (the reason is kept only for the first). */
void tf_fail(struct tf_failures *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The check `name` passes if f holds no failure. */
bool tf_report(const char *name, const struct tf_failures *f);

/* A line of context that is not a check (shown as `INFO ...`). */
void tf_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

unsigned int tf_passed(void);
unsigned int tf_failed(void);

/* Prints the summary lines (`N passed, N failed`, `PAYLOAD: done`) only. */
void tf_summary(void);

/* Prints the summary and ends the run. */
void tf_finish(void) __attribute__((noreturn));

#endif
