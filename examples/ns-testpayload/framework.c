/* Check bookkeeping and the output format. */
#include "framework.h"
#include "console.h"
#include "exit.h"

static unsigned int passed, failed;
static const char *suite_name = "payload";

void tf_run(const struct tf_suite *suite)
{
	suite_name = suite->name;
	suite->run();
	suite_name = "payload";
}

bool tf_check(bool ok, const char *name, const char *fmt, ...)
{
	char detail[200];
	va_list ap;

	/* Counters and the line together: checks may come from several CPUs. */
	console_lock();
	if (ok) {
		passed++;
		print("PASS %s.%s\n", suite_name, name);
		console_unlock();
		return true;
	}
	va_start(ap, fmt);
	fmt_vformat(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	failed++;
	print("FAIL %s.%s: %s\n", suite_name, name, detail);
	console_unlock();
	return false;
}

bool tf_expect_eq(const char *name, uint64_t got, uint64_t want)
{
	return tf_check(got == want, name, "got 0x%lx, want 0x%lx", (unsigned long)got,
			(unsigned long)want);
}

void tf_fail(struct tf_failures *f, const char *fmt, ...)
{
	va_list ap;

	if (f->count++)
		return;
	va_start(ap, fmt);
	fmt_vformat(f->why, sizeof(f->why), fmt, ap);
	va_end(ap);
}

bool tf_report(const char *name, const struct tf_failures *f)
{
	return tf_check(f->count == 0, name, "%u failure(s), first: %s", f->count, f->why);
}

void tf_info(const char *fmt, ...)
{
	char line[200];
	va_list ap;

	va_start(ap, fmt);
	fmt_vformat(line, sizeof(line), fmt, ap);
	va_end(ap);
	print("INFO %s: %s\n", suite_name, line);
}

unsigned int tf_passed(void)
{
	return passed;
}

unsigned int tf_failed(void)
{
	return failed;
}

void tf_summary(void)
{
	console_lock();
	print("%u passed, %u failed\n", passed, failed);
	print("PAYLOAD: done\n");
	console_unlock();
}

void tf_finish(void)
{
	tf_summary();
	payload_exit(failed ? 1 : 0);
}
