/*
 * Minimal host test harness: CHECK() records a failure and goes on, so one run reports
 * every broken expectation; check_report() prints "N passed, N failed" and gives the
 * process exit status.
 */
#ifndef SECMON_TESTS_CHECK_H
#define SECMON_TESTS_CHECK_H

#include <stdio.h>

static unsigned int check_passed, check_failed;

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		if (cond) {                                                                        \
			check_passed++;                                                            \
		} else {                                                                           \
			check_failed++;                                                            \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);   \
		}                                                                                  \
	} while (0)

#define CHECK_EQ(a, b)                                                                             \
	do {                                                                                       \
		unsigned long long check_a_ = (unsigned long long)(a);                             \
		unsigned long long check_b_ = (unsigned long long)(b);                             \
		if (check_a_ == check_b_) {                                                        \
			check_passed++;                                                            \
		} else {                                                                           \
			check_failed++;                                                            \
			fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (0x%llx != 0x%llx)\n",   \
				__FILE__, __LINE__, #a, #b, check_a_, check_b_);                   \
		}                                                                                  \
	} while (0)

static inline int check_report(void)
{
	printf("%u passed, %u failed\n", check_passed, check_failed);
	return check_failed == 0 && check_passed > 0 ? 0 : 1;
}

#endif
