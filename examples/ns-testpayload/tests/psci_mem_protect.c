/*
 * MEM_PROTECT and MEM_PROTECT_CHECK_RANGE (DEN0022 5.22-5.23): enabling or disabling
 * returns the previous state; the protected ranges are the normal-world DRAM the DTB
 * describes, so a range inside it checks SUCCESS and one reaching outside DENIED. The
 * suite leaves protection as it found it (it matters at the next reset).
 */
#include "board.h"
#include "expected.h"
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

static void check_ranges(void)
{
	const uint64_t base = psci_env.mem_base, size = psci_env.mem_size, end = base + size;
	const struct range inside[] = {
	    {base, 0x1000}, {end - 0x1000, 0x1000}, {base, size}, {NS_PAYLOAD_BASE, 0x10000},
	    {base + 1, 1},
	};
	const struct range outside[] = {
	    {0x0e000000, 0x1000},	     /* secure SRAM */
	    {0x0, 0x1000},		     /* flash */
	    {NS_UART_BASE, 0x1000},	     /* a device */
	    {base - 0x1000, 0x2000},	     /* across the start of DRAM */
	    {end - 0x1000, 0x2000},	     /* across its end */
	    {end, 0x1000},		     /* after it */
	    {base, size + 0x1000},	     /* all of it and more */
	    {0xfffffffffffff000ull, 0x2000}, /* wraps around */
	    {base | (1ull << 40), 0x1000},   /* not truncated to 32 bits */
	};
	struct tf_failures in = {0}, out = {0};
	int32_t was = protect(1), rc;

	for (unsigned int k = 0; k < ARRAY_SIZE(inside); k++) {
		rc = check_range(inside[k].base, inside[k].length);
		if (rc != PSCI_E_SUCCESS)
			tf_fail(&in, "0x%lx+0x%lx -> %s", (unsigned long)inside[k].base,
				(unsigned long)inside[k].length, psci_err_name(rc));
	}
	for (unsigned int k = 0; k < ARRAY_SIZE(outside); k++) {
		rc = check_range(outside[k].base, outside[k].length);
		if (rc != PSCI_E_DENIED)
			tf_fail(&out, "0x%lx+0x%lx -> %s", (unsigned long)outside[k].base,
				(unsigned long)outside[k].length, psci_err_name(rc));
	}
	rc = psci(PSCI32(FN_MEM_PROTECT_CHECK_RANGE), base, 0x1000, 0);
	if (rc != PSCI_E_SUCCESS)
		tf_fail(&in, "SMC32 0x%lx+0x1000 -> %s", (unsigned long)base, psci_err_name(rc));
	protect(was == 1);
	tf_report("check_range_inside_dram", &in);
	tf_report("check_range_outside_dram", &out);
}

static void run(void)
{
	if (!psci_require())
		return;
	check_toggle();
	if (tf_check(psci_env.mem_size != 0, "dram_known", "no memory node in the DTB"))
		check_ranges();
}

const struct tf_suite psci_mem_protect_suite = {"psci_mem_protect", run};
