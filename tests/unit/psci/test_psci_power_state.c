/*
 * power_state parsing in the original and the extended StateID formats: reserved bits,
 * the type bit, the declared power level, and the composite-state rules.
 */
#include "check.h"
#include "mock_plat.h"

static const uint16_t tree3[] = {1, 2, 2, 2}; /* system, 2 clusters of 2 CPUs */

static int32_t parse(uint32_t ps, struct secmon_psci_state *s, bool *pd)
{
	return secmon_psci_parse_power_state(ps, s, pd);
}

static void test_original(void)
{
	struct secmon_psci_state s;
	bool pd;

	CHECK_EQ(mock_init(3, tree3, 4), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND), PSCI_FEATURE_OSI);

	/* Valid states, every level. */
	CHECK_EQ(parse(0x00000001, &s, &pd), PSCI_RET_SUCCESS); /* CPU retention */
	CHECK(!pd);
	CHECK(mock_state_is(&s, MOCK_RET, 0, 0, 0));
	CHECK_EQ(s.last_at_level, SECMON_PSCI_LEVEL_NONE);
	CHECK_EQ(parse(0x00010002, &s, &pd), PSCI_RET_SUCCESS); /* CPU power-down */
	CHECK(pd);
	CHECK(mock_state_is(&s, MOCK_OFF, 0, 0, 0));
	CHECK_EQ(parse(0x01010022, &s, &pd), PSCI_RET_SUCCESS); /* cluster power-down */
	CHECK(mock_state_is(&s, MOCK_OFF, MOCK_OFF, 0, 0));
	CHECK_EQ(parse(0x01010012, &s, &pd), PSCI_RET_SUCCESS); /* CPU off, cluster ret. */
	CHECK(mock_state_is(&s, MOCK_OFF, MOCK_RET, 0, 0));
	CHECK_EQ(parse(0x01000011, &s, &pd), PSCI_RET_SUCCESS); /* cluster retention */
	CHECK(!pd);
	CHECK_EQ(parse(0x02010222, &s, &pd), PSCI_RET_SUCCESS); /* system power-down */
	CHECK(mock_state_is(&s, MOCK_OFF, MOCK_OFF, MOCK_OFF, 0));
	CHECK_EQ(mock_ps(true, 2, 2, 2, 0, 0), 0x02010222);

	/* Reserved bits [31:26] and [23:17]. */
	CHECK_EQ(parse(0x04010002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x80010002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x00020002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x00810002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	/* Type bit disagrees with the states. */
	CHECK_EQ(parse(0x00000002, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* standby, off */
	CHECK_EQ(parse(0x00010001, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* pd, retention */
	CHECK_EQ(parse(0x01000012, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	/* Declared level is not the highest level leaving RUN. */
	CHECK_EQ(parse(0x00010022, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x02010022, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x03010222, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* no level 3 */
	/* A parent deeper than its child, a running CPU, a level the tree lacks. */
	CHECK_EQ(parse(0x01010021, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x01000010, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x00010000, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x00000000, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x01012022, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	/* Local state the platform does not have (3 > max_off). */
	CHECK_EQ(parse(0x00010003, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x01010032, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
}

static void test_extended(void)
{
	struct secmon_psci_state s;
	bool pd;

	mock_setup(3, tree3, 4);
	mock.ops.extended_state_id = true;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(secmon_psci_features(PSCI_FN_CPU_SUSPEND),
		 PSCI_FEATURE_OSI | PSCI_FEATURE_EXTENDED_STATE);

	CHECK_EQ(parse(0x00000001, &s, &pd), PSCI_RET_SUCCESS);
	CHECK(!pd);
	CHECK_EQ(parse(0x40000002, &s, &pd), PSCI_RET_SUCCESS);
	CHECK(pd);
	CHECK(mock_state_is(&s, MOCK_OFF, 0, 0, 0));
	CHECK_EQ(parse(0x40000222, &s, &pd), PSCI_RET_SUCCESS);
	CHECK(mock_state_is(&s, MOCK_OFF, MOCK_OFF, MOCK_OFF, 0));
	/* Last-at level field of the mock: [19:16] = level + 1. */
	CHECK_EQ(parse(0x40020002, &s, &pd), PSCI_RET_SUCCESS);
	CHECK_EQ(s.last_at_level, 1);
	CHECK_EQ(mock_ps(true, 2, 2, 0, 0, 3), 0x40030022);
	CHECK_EQ(parse(0x40040002, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* level 3 */

	/* Reserved bits 31, 29, 28; the original type bit means nothing here. */
	CHECK_EQ(parse(0xc0000002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x60000002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x50000002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x00010002, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* standby, off */
	CHECK_EQ(parse(0x01000001, &s, &pd), PSCI_RET_INVALID_PARAMETERS); /* mock: bit 24 */
	/* Same composite rules as the original format. */
	CHECK_EQ(parse(0x40000021, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x40000001, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(parse(0x40002222, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
}

static void test_no_decoder(void)
{
	struct secmon_psci_state s;
	bool pd;
	int32_t rc = 0;

	mock_setup(3, tree3, 4);
	mock.ops.validate_power_state = NULL;
	CHECK_EQ(secmon_psci_init(&mock.ops, 0), PSCI_RET_SUCCESS);
	CHECK_EQ(parse(0x00010002, &s, &pd), PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock_cpu_suspend(0, 0x00010002, 0x1000, 0, &rc), 0);
	CHECK_EQ(rc, PSCI_RET_INVALID_PARAMETERS);
	CHECK_EQ(mock.wfi.count, 0);
}

int main(void)
{
	test_original();
	test_extended();
	test_no_decoder();
	return check_report();
}
