/*
 * Proves the ASan configuration of these tests catches what test_pmf_store relies on
 * it to catch: a read one element past a static array aborts (the test expects failure).
 */
#include <stdint.h>
#include <stdio.h>

static uint64_t store[2 * 8];

int main(int argc, char **argv)
{
	volatile unsigned int index = 16 + (unsigned int)argc - 1u;

	(void)argv;
	printf("%llu\n", (unsigned long long)store[index]);
	return 0;
}
