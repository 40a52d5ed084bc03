/*
 * SMCCC general service queries (Arm DEN0028 section 6): every owning entity the monitor
 * serves answers Call Count (0xFF00), Call UID (0xFF01: w0-w3) and Revision (0xFF03: w0
 * major, w1 minor) as SMC32 fast calls. 0xFF02 is reserved; the SMC64 forms are not defined;
 * owning entities nobody serves answer SMC_UNK to all of them.
 */
#include <secmon/smccc.h>

#include "discovery.h"
#include "expected.h"
#include "framework.h"
#include "served_ranges.h"
#include "smc.h"
#include "tests.h"
#include "util.h"

/* The expected answers of one served owning entity. */
struct service {
	const char *count_name, *uid_name, *revision_name; /* check names */
	uint32_t oen;
	uint32_t count;
	uint32_t uid[4];
	uint32_t major, minor;
	bool (*served)(void); /* NULL: always; else whether the monitor serves it */
};

static const struct service services[] = {
    {"arch_call_count", "arch_uid", "arch_revision", SMCCC_OEN_ARCH, EXPECTED_ARCH_CALL_COUNT,
     EXPECTED_ARCH_UID, EXPECTED_ARCH_REVISION_MAJOR, EXPECTED_ARCH_REVISION_MINOR, NULL},
    {"std_call_count", "std_uid", "std_revision", SMCCC_OEN_STD, EXPECTED_STD_CALL_COUNT,
     EXPECTED_STD_UID, EXPECTED_STD_REVISION_MAJOR, EXPECTED_STD_REVISION_MINOR, psci_served},
};

static bool served(const struct service *s)
{
	return !s->served || s->served();
}

static uint32_t query(uint32_t oen, uint32_t func, bool smc64)
{
	return SMCCC_FAST_ID(smc64, oen, func);
}

static void check_service(const struct service *s)
{
	struct smc_result r = smc0(query(s->oen, SMCCC_FUNC_CALL_COUNT, false));

	tf_check((uint32_t)r.x0 == s->count, s->count_name, "w0 = 0x%x, want 0x%x", (uint32_t)r.x0,
		 s->count);

	r = smc0(query(s->oen, SMCCC_FUNC_CALL_UID, false));
	uint32_t w[4] = {(uint32_t)r.x0, (uint32_t)r.x1, (uint32_t)r.x2, (uint32_t)r.x3};

	tf_check(memcmp(w, s->uid, sizeof(w)) == 0, s->uid_name,
		 "w0-w3 = %08x %08x %08x %08x, want %08x %08x %08x %08x", w[0], w[1], w[2], w[3],
		 s->uid[0], s->uid[1], s->uid[2], s->uid[3]);

	r = smc0(query(s->oen, SMCCC_FUNC_REVISION, false));
	tf_check((uint32_t)r.x0 == s->major && (uint32_t)r.x1 == s->minor, s->revision_name,
		 "%u.%u, want %u.%u", (uint32_t)r.x0, (uint32_t)r.x1, s->major, s->minor);
}

/* Calls fid and counts it in *bad (remembering the first) unless it answers SMC_UNK. */
static void expect_unknown(uint32_t fid, unsigned int *bad, uint32_t *first, uint64_t *got)
{
	uint64_t x0 = smc0(fid).x0;

	if (x0 != SMC_UNK && (*bad)++ == 0) {
		*first = fid;
		*got = x0;
	}
}

static void check_undefined_forms(void)
{
	static const uint32_t funcs[] = {SMCCC_FUNC_CALL_COUNT, SMCCC_FUNC_CALL_UID, 0xff02,
					 SMCCC_FUNC_REVISION};
	unsigned int bad = 0, n = 0;
	uint32_t first = 0;
	uint64_t got = 0;

	/* 0xFF02 in SMC32, every query in SMC64, for every served owning entity. */
	for (unsigned int i = 0; i < ARRAY_SIZE(services); i++) {
		if (!served(&services[i]))
			continue;
		expect_unknown(query(services[i].oen, 0xff02, false), &bad, &first, &got);
		n++;
		for (unsigned int f = 0; f < ARRAY_SIZE(funcs); f++, n++)
			expect_unknown(query(services[i].oen, funcs[f], true), &bad, &first, &got);
	}
	tf_check(bad == 0, "reserved_and_smc64_forms_unknown",
		 "%u of %u not SMC_UNK, first 0x%x -> 0x%lx", bad, n, first, (unsigned long)got);

	/* Owning entities nobody serves. */
	bad = n = 0;
	for (uint32_t oen = 0; oen <= SMCCC_OEN_MASK; oen++) {
		for (unsigned int f = 0; f < ARRAY_SIZE(funcs); f++) {
			uint32_t fid = query(oen, funcs[f], false);

			if (fid_is_served(fid))
				continue;
			expect_unknown(fid, &bad, &first, &got);
			n++;
		}
	}
	tf_check(bad == 0, "unserved_entities_unknown", "%u of %u not SMC_UNK, first 0x%x -> 0x%lx",
		 bad, n, first, (unsigned long)got);
}

static void run(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(services); i++)
		if (served(&services[i]))
			check_service(&services[i]);
	check_undefined_forms();
}

const struct tf_suite general_queries_suite = {"general_queries", run};
