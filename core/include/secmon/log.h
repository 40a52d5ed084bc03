/*
 * Console logging with levels. A message above the package's SECMON_LOG_LEVEL (the most
 * verbose level its libraries are built with) compiles to nothing; one above the image's
 * own LOG_LEVEL (secmon_image.log_level) is skipped at run time.
 */
#ifndef SECMON_LOG_H
#define SECMON_LOG_H

#include <stdbool.h>

#include <secmon_config.h>

#define SECMON_LOG_NONE	   0
#define SECMON_LOG_ERROR   1
#define SECMON_LOG_WARN	   2
#define SECMON_LOG_INFO	   3
#define SECMON_LOG_VERBOSE 4

/* Prints whatever the level: the console as is (secmon_log() filters). */
__attribute__((format(printf, 1, 2))) void secmon_printf(const char *fmt, ...);
/* Prints if level is within the image's LOG_LEVEL. */
__attribute__((format(printf, 2, 3))) void secmon_log(unsigned int level, const char *fmt, ...);
/* Whether a message of this level is printed (for output made of several calls). */
bool secmon_log_enabled(unsigned int level);

#ifdef SECMON_HOST
/* Host builds are no image: the test's own secmon_printf() sees every message. */
#define SECMON_LOG_AT(level, prefix, ...)                                                          \
	do {                                                                                       \
		if ((level) <= SECMON_LOG_LEVEL)                                                   \
			secmon_printf(prefix __VA_ARGS__);                                         \
	} while (0)
#else
#define SECMON_LOG_AT(level, prefix, ...)                                                          \
	do {                                                                                       \
		if ((level) <= SECMON_LOG_LEVEL)                                                   \
			secmon_log((level), prefix __VA_ARGS__);                                   \
	} while (0)
#endif

#define ERROR(...)   SECMON_LOG_AT(SECMON_LOG_ERROR, "ERROR:   ", __VA_ARGS__)
#define WARN(...)    SECMON_LOG_AT(SECMON_LOG_WARN, "WARNING: ", __VA_ARGS__)
#define INFO(...)    SECMON_LOG_AT(SECMON_LOG_INFO, "INFO:    ", __VA_ARGS__)
#define VERBOSE(...) SECMON_LOG_AT(SECMON_LOG_VERBOSE, "VERBOSE: ", __VA_ARGS__)

#endif
