/* printf-style formatting to a character sink (format.c says what it supports). */
#ifndef SECMON_LIB_FORMAT_H
#define SECMON_LIB_FORMAT_H

#include <stdarg.h>

typedef void (*secmon_format_out)(char c, void *arg);

void secmon_vformat(secmon_format_out out, void *arg, const char *fmt, va_list ap);

#endif
