/* Helpers around smc_regcheck() shared by the test files. */
#include "console.h"
#include "smc.h"

void probe_prepare(struct smc_regcheck *rc, struct rng *r, uint64_t fid, uint64_t x1, uint64_t x2,
		   uint64_t x3)
{
	rc->in[0] = fid;
	rc->in[1] = x1;
	rc->in[2] = x2;
	rc->in[3] = x3;
	/* Random, and tagged with the register number so that no two are ever equal. */
	for (unsigned int n = 4; n < 31; n++)
		rc->in[n] = (rng_next(r) & ~(0xffull << 56)) | ((uint64_t)n << 56);
	for (unsigned int n = 0; n < 31; n++)
		rc->out[n] = 0;
	rc->sp_before = rc->sp_after = 0;
}

void regmask_format(char *buf, size_t size, uint32_t mask)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int n = 4; n <= RC_SP_BIT && len < size; n++) {
		if (!(mask & (1u << n)))
			continue;
		if (n == RC_SP_BIT)
			len += (size_t)fmt_format(buf + len, size - len, " sp");
		else
			len += (size_t)fmt_format(buf + len, size - len, " x%u", n);
	}
}
