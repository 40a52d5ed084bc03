/*
 * MEM_PROTECT and MEM_PROTECT_CHECK_RANGE (DEN0022 5.22-5.23): enabling or disabling
 * returns the previous state; the protected ranges are the normal-world DRAM the DTB
 * describes, so a range inside it checks SUCCESS and one reaching outside DENIED. The
 * suite leaves protection as it found it (it matters at the next reset).
 */
#include "board.h"
#include "framework.h"
#include "psci_client.h"
#include "tests.h"
#include "util.h"

struct range {
	uint64_t base, length;
};

static int32_t protect(uint64_t enable)
{
	return psci(PSCI32(FN_MEM_PROTECT), enable, 0, 0);
}

static int32_t check_range(uint64_t base, uint64_t length)
{
	return psci(PSCI64(FN_MEM_PROTECT_CHECK_RANGE), base, length, 0);
}

static void check_toggle(void)
{
	int32_t was = protect(1);
	int32_t again = protect(1), off = protect(0), off_again = protect(0);

	tf_check((was == 0 || was == 1) && again == 1 && off == 1 && off_again == 0, "toggle",
		 "enable -> %d, enable -> %d, disable -> %d, disable -> %d; want prev, 1, 1, 0",
		 was, again, off, off_again);
	if (was == 1)
		protect(1);
}

/* Ranges reaching outside NS DRAM; returns how many. */
static unsigned int outside_ranges(struct range *out, unsigned int max)
{
	const struct board_profile *p = board.profile;
	const uint64_t base = psci_env.mem_base, size = psci_env.mem_size, end = base + size;
	unsigned int n = 0;

	/* Secure memory (QEMU virt: the flash at 0, the SRAM at 0x0e000000). */
	for (unsigned int i = 0; i < p->secure_read_count && n < max; i++)
		out[n++] = (struct range){p->secure_reads[i].addr & ~0xfffull, 0x1000};
	if (board.dt.uart_base && n < max)
		out[n++] = (struct range){board.dt.uart_base, 0x1000}; /* a device */
	if (base >= 0x1000 && n < max)
		out[n++] = (struct range){base - 0x1000, 0x2000}; /* across the start of DRAM */
	if (n + 5 <= max) {
		out[n++] = (struct range){end - 0x1000, 0x2000};	  /* across its end */
		out[n++] = (struct range){end, 0x1000};			  /* after it */
		out[n++] = (struct range){base, size + 0x1000};		  /* all of it and more */
		out[n++] = (struct range){0xfffffffffffff000ull, 0x2000}; /* wraps around */
		/* A range inside DRAM with a high bit changed: not truncated to 32 bits. */
		out[n++] = (struct range){board_high_alias(base), 0x1000};
	}
	return n;
}

static void check_ranges(void)
{
	const uint64_t base = psci_env.mem_base, size = psci_env.mem_size, end = base + size;
	/* The payload's own image lies in NS DRAM wherever it was loaded. */
	const struct range inside[] = {
	    {base, 0x1000}, {end - 0x1000, 0x1000}, {base, size}, {board.image_base, 0x10000},
	    {base + 1, 1},
	};
	struct range outside[20];
	unsigned int outside_count = outside_ranges(outside, ARRAY_SIZE(outside));
	struct tf_failures in = {0}, out = {0};
	int32_t was = protect(1), rc;

	for (unsigned int k = 0; k < ARRAY_SIZE(inside); k++) {
		rc = check_range(inside[k].base, inside[k].length);
		if (rc != PSCI_E_SUCCESS)
			tf_fail(&in, "0x%lx+0x%lx -> %s", (unsigned long)inside[k].base,
				(unsigned long)inside[k].length, psci_err_name(rc));
	}
	for (unsigned int k = 0; k < outside_count; k++) {
		rc = check_range(outside[k].base, outside[k].length);
		if (rc != PSCI_E_DENIED)
			tf_fail(&out, "0x%lx+0x%lx -> %s", (unsigned long)outside[k].base,
				(unsigned long)outside[k].length, psci_err_name(rc));
	}
	/* SMC32 takes the low 32 bits: DRAM above 4 GiB then names memory outside it. */
	rc = psci(PSCI32(FN_MEM_PROTECT_CHECK_RANGE), base, 0x1000, 0);
	int32_t want = smc32_addressable(base) ? PSCI_E_SUCCESS : PSCI_E_DENIED;
	if (rc != want)
		tf_fail(&in, "SMC32 0x%lx+0x1000 -> %s, want %s", (unsigned long)base,
			psci_err_name(rc), psci_err_name(want));
	protect(was == 1);
	tf_report("check_range_inside_dram", &in);
	tf_report("check_range_outside_dram", &out);
}

static void run(void)
{
	if (!psci_require() || !psci_offered_or_skip(FN_MEM_PROTECT, "MEM_PROTECT"))
		return;
	check_toggle();
	if (tf_check(psci_env.mem_size != 0, "dram_known", "no memory node in the DTB"))
		check_ranges();
}

const struct tf_suite psci_mem_protect_suite = {"psci_mem_protect", run};
