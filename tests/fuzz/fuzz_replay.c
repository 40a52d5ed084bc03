/*
 * Replays fuzz inputs without libFuzzer (any compiler): each argument is a file or a
 * directory of files, run through LLVMFuzzerTestOneInput() in name order. Used for the
 * committed corpus and regressions, so they also run in gcc builds.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static unsigned long inputs, records;

static int run_file(const char *path)
{
	static uint8_t buf[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		perror(path);
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	inputs++;
	if (n >= FZ_HEADER_LEN)
		records += (n - FZ_HEADER_LEN) / FZ_RECORD_LEN;
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int run_path(const char *path)
{
	struct dirent **list;
	struct stat st;
	int n, rc = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	n = scandir(path, &list, NULL, by_name);
	if (n < 0) {
		perror(path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char full[4096];

		size_t len = strlen(list[i]->d_name);

		/* Hidden files and notes (README.md) are not inputs. */
		if (list[i]->d_name[0] != '.' &&
		    (len < 3 || strcmp(list[i]->d_name + len - 3, ".md") != 0)) {
			snprintf(full, sizeof(full), "%s/%s", path, list[i]->d_name);
			if (run_file(full) != 0)
				rc = -1;
		}
		free(list[i]);
	}
	free(list);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 0;

	for (int i = 1; i < argc; i++)
		if (run_path(argv[i]) != 0)
			rc = 1;
	printf("%lu inputs, %lu records, %llu SMCs replayed without a violation\n", inputs, records,
	       (unsigned long long)fz_total_calls);
	return rc || inputs == 0;
}
