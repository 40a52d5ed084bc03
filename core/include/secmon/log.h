/* Console logging with levels; calls below SECMON_LOG_LEVEL compile to nothing. */
#ifndef SECMON_LOG_H
#define SECMON_LOG_H

#include <secmon/cold_boot.h>
#include <secmon_config.h>

#define SECMON_LOG_NONE	   0
#define SECMON_LOG_ERROR   1
#define SECMON_LOG_WARN	   2
#define SECMON_LOG_INFO	   3
#define SECMON_LOG_VERBOSE 4

__attribute__((format(printf, 1, 2))) void secmon_printf(const char *fmt, ...);

#define SECMON_LOG_AT(level, prefix, ...)                                                          \
	do {                                                                                       \
		if ((level) <= SECMON_LOG_LEVEL) {                                                 \
			secmon_printf(prefix __VA_ARGS__);                                         \
		}                                                                                  \
	} while (0)

#define ERROR(...)   SECMON_LOG_AT(SECMON_LOG_ERROR, "ERROR:   ", __VA_ARGS__)
#define WARN(...)    SECMON_LOG_AT(SECMON_LOG_WARN, "WARNING: ", __VA_ARGS__)
#define INFO(...)    SECMON_LOG_AT(SECMON_LOG_INFO, "INFO:    ", __VA_ARGS__)
#define VERBOSE(...) SECMON_LOG_AT(SECMON_LOG_VERBOSE, "VERBOSE: ", __VA_ARGS__)

/* In cold-boot code (secmon/cold_boot.h): the same, with the format out of the image. */
void secmon_printf_cold(const char *fmt, ...) __asm__("secmon_printf");

#define SECMON_COLD_LOG_AT(level, prefix, ...)                                                     \
	do {                                                                                       \
		if ((level) <= SECMON_LOG_LEVEL)                                                   \
			SECMON_COLD_FORMAT_CALL(secmon_printf, secmon_printf_cold,                 \
						prefix __VA_ARGS__);                               \
	} while (0)

#define COLD_ERROR(...)	  SECMON_COLD_LOG_AT(SECMON_LOG_ERROR, "ERROR:   ", __VA_ARGS__)
#define COLD_WARN(...)	  SECMON_COLD_LOG_AT(SECMON_LOG_WARN, "WARNING: ", __VA_ARGS__)
#define COLD_INFO(...)	  SECMON_COLD_LOG_AT(SECMON_LOG_INFO, "INFO:    ", __VA_ARGS__)
#define COLD_VERBOSE(...) SECMON_COLD_LOG_AT(SECMON_LOG_VERBOSE, "VERBOSE: ", __VA_ARGS__)

#endif
