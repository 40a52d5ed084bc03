/*
 * SCMI client against the simulated SCP: exact headers, tokens and payloads in the
 * shared memory, the doorbell, every protocol call, and the error paths (error status,
 * no answer, late answer, malformed answers).
 */
#include <string.h>

#include <secmon/drivers/mhu.h>
#include <secmon/drivers/scmi.h>

#include "check.h"
#include "scp_sim.h"
#include "sim_bus.h"
#include "sim_log.h"

#define SHMEM	 0x04000dc0ull
#define MHU	 0x2b1f0000ull
#define DOORBELL (MHU + 0x300ull) /* the AP-to-SCP secure triplet: SET at +8 */
#define POLLS	 1000u

static struct scp_sim scp;
static struct scmi_channel ch;
static const struct mhu_doorbell db = {.channel = DOORBELL, .bits = 1u};

static void setup(void)
{
	const struct scp_sim_config cfg = {
	    .shmem = SHMEM,
	    .shmem_size = 0x80,
	    .doorbell = DOORBELL,
	    .doorbell_bits = 1u,
	    .domains = 6,
	    .domain_cluster = {0, 0, 1, 1, 1, 1},
	    .clusters = 2,
	    .initially_on = 2,
	    .state_get = true,
	    .system_power = true,
	    .sys_attributes = 3u << 30,
	    .vendor = "arm",
	};
	const struct scmi_channel_config cc = {
	    .shmem = SHMEM,
	    .shmem_size = 0x80,
	    .ring = mhu_ring,
	    .ring_ctx = &db,
	    .poll_limit = POLLS,
	    .name = "test",
	};

	sim_bus_reset();
	scp_sim_init(&scp, &cfg, NULL);
	CHECK_EQ(scmi_channel_init(&ch, &cc), 0);
	sim_log_clear();
}

static void test_init_checks(void)
{
	struct scmi_channel c;
	struct scmi_channel_config cc = {.shmem = SHMEM,
					 .shmem_size = 0x80,
					 .ring = mhu_ring,
					 .ring_ctx = &db,
					 .poll_limit = 10};

	CHECK_EQ(scmi_channel_init(&c, &cc), 0);
	cc.poll_limit = 0;
	CHECK_EQ(scmi_channel_init(&c, &cc), -1);
	cc.poll_limit = 10;
	cc.ring = NULL;
	CHECK_EQ(scmi_channel_init(&c, &cc), -1);
	cc.ring = mhu_ring;
	cc.shmem = SHMEM + 2;
	CHECK_EQ(scmi_channel_init(&c, &cc), -1);
	cc.shmem = SHMEM;
	cc.shmem_size = 0x1c;
	CHECK_EQ(scmi_channel_init(&c, &cc), -1);
}

static void test_version_and_layout(void)
{
	uint32_t version = 0;

	setup();
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &version), SCMI_SUCCESS);
	CHECK_EQ(version, 0x00020000u);
	CHECK_EQ(scp.n_log, 1);
	/* Protocol 0x10 << 10, message 0, type 0, token 0. */
	CHECK_EQ(scp.log[0].header, 0x00004000u);
	CHECK_EQ(scp.log[0].length, 4); /* header only */
	CHECK_EQ(scp.log[0].flags, 0);	/* polled: no completion interrupt */
	CHECK(scp.log[0].busy);
	/* The response as the SCP left it, and the channel free again. */
	CHECK_EQ(sim_bus_peek(SHMEM + 0x04), 1u);
	CHECK_EQ(sim_bus_peek(SHMEM + 0x14), 12u);
	CHECK_EQ(sim_bus_peek(SHMEM + 0x1c), 0u);
	CHECK_EQ(ch.last_polls, 1);
	/* The MHU saw exactly bit 0 on SET, and it is cleared again. */
	CHECK_EQ(sim_bus_peek(DOORBELL), 0u);
	CHECK(!mhu_pending(&db));
	CHECK_EQ(scp.violations, 0);
}

static void test_tokens(void)
{
	uint32_t v;

	setup();
	for (unsigned int i = 0; i < 3; i++)
		CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_POWER_DOMAIN, &v), SCMI_SUCCESS);
	CHECK_EQ(scp.n_log, 3);
	for (unsigned int i = 0; i < 3; i++) {
		CHECK_EQ(scp.log[i].token, i);
		CHECK_EQ(scp.log[i].header, 0x11u << 10 | i << 18);
	}
	/* The token is 10 bits wide: 1023 is followed by 0. */
	ch.token = 1023;
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_POWER_DOMAIN, &v), SCMI_SUCCESS);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_POWER_DOMAIN, &v), SCMI_SUCCESS);
	CHECK_EQ(scp.log[3].header, 0x11u << 10 | 1023u << 18);
	CHECK_EQ(scp.log[4].header, 0x11u << 10);
	ch.token = 511;
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_POWER_DOMAIN, &v), SCMI_SUCCESS);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_POWER_DOMAIN, &v), SCMI_SUCCESS);
	CHECK_EQ(scp.log[5].token, 511);
	CHECK_EQ(scp.log[6].token, 512);
	CHECK_EQ(scp.violations, 0);
}

static void test_base_protocol(void)
{
	uint32_t attrs = 0xdead;
	char vendor[16];

	setup();
	CHECK_EQ(scmi_protocol_attributes(&ch, SCMI_PROTO_BASE, &attrs), SCMI_SUCCESS);
	CHECK_EQ(attrs, 0x102u); /* 1 agent, 2 protocols besides base */
	CHECK_EQ(scp.log[0].header, 0x00004001u);
	CHECK_EQ(
	    scmi_message_attributes(&ch, SCMI_PROTO_POWER_DOMAIN, SCMI_MSG_POWER_STATE_SET, &attrs),
	    SCMI_SUCCESS);
	CHECK_EQ(scp.log[1].header, 0x11u << 10 | 2u | 1u << 18);
	CHECK_EQ(scp.log[1].length, 8);
	CHECK_EQ(scp.log[1].params[0], 4);
	CHECK_EQ(scmi_message_attributes(&ch, SCMI_PROTO_SYSTEM_POWER,
					 SCMI_MSG_SYSTEM_POWER_STATE_SET, &attrs),
		 SCMI_SUCCESS);
	CHECK_EQ(attrs, 3u << 30);
	CHECK_EQ(scmi_message_attributes(&ch, SCMI_PROTO_POWER_DOMAIN, 0x7f, &attrs),
		 SCMI_NOT_FOUND);
	CHECK_EQ(scmi_protocol_version(&ch, 0x15, &attrs), SCMI_NOT_SUPPORTED);
	memset(vendor, 'x', sizeof(vendor));
	CHECK_EQ(scmi_base_discover_vendor(&ch, vendor), SCMI_SUCCESS);
	CHECK(strcmp(vendor, "arm") == 0);
	CHECK_EQ(scp.log[scp.n_log - 1].header & 0x3ffffu, 0x00004003u);
	CHECK_EQ(scp.violations, 0);
}

static void test_power_protocols(void)
{
	uint32_t state = 0;

	setup();
	/* Big CPU 0 (domain 0) on, with cluster and system: composite 0x20111. */
	CHECK_EQ(scmi_pd_state_set(&ch, SCMI_POWER_STATE_SET_SYNC, 0, 0x00020111u), SCMI_SUCCESS);
	CHECK_EQ(scp.log[0].header, 0x00004404u);
	CHECK_EQ(scp.log[0].length, 16);
	CHECK_EQ(scp.log[0].params[0], 0);
	CHECK_EQ(scp.log[0].params[1], 0);
	CHECK_EQ(scp.log[0].params[2], 0x00020111u);
	CHECK_EQ(scp.cpu[0], SCP_ON);
	CHECK_EQ(scmi_pd_state_get(&ch, 0, &state), SCMI_SUCCESS);
	CHECK_EQ(scp.log[1].header, 0x00004405u | 1u << 18);
	CHECK_EQ(scp.log[1].params[0], 0);
	CHECK_EQ(state, 0x00010011u); /* max level 1, cluster on, CPU on */
	CHECK_EQ(scmi_pd_state_get(&ch, 1, &state), SCMI_SUCCESS);
	CHECK_EQ(state, 0x00010010u); /* CPU off, its cluster on */
	CHECK_EQ(scmi_pd_state_get(&ch, 9, &state), SCMI_NOT_FOUND);
	/* Invalid composite: the CPU on but its cluster off. */
	CHECK_EQ(scmi_pd_state_set(&ch, 0, 1, 0x00010001u), SCMI_INVALID_PARAMETERS);
	/* System power: shutdown, forceful. */
	CHECK_EQ(scmi_sys_power_state_set(&ch, SCMI_SYS_POWER_FORCEFUL, SCMI_SYS_STATE_SHUTDOWN),
		 SCMI_SUCCESS);
	CHECK_EQ(scp.log[scp.n_log - 1].header & 0x3ffffu, 0x00004803u);
	CHECK_EQ(scp.log[scp.n_log - 1].length, 12);
	CHECK_EQ(scp.log[scp.n_log - 1].params[0], 0);
	CHECK_EQ(scp.log[scp.n_log - 1].params[1], 0);
	CHECK_EQ(scp.system, SCP_SYS_OFF);
	CHECK_EQ(scmi_sys_power_state_set(&ch, 0, 3), SCMI_INVALID_PARAMETERS);
	CHECK_EQ(scp.violations, 0);
}

static void test_error_status(void)
{
	setup();
	scp_sim_fault(&scp, 0x11, 4, SCP_FAULT_STATUS, SCMI_DENIED, 1);
	CHECK_EQ(scmi_pd_state_set(&ch, 0, 3, 0), SCMI_DENIED);
	CHECK(strcmp(scmi_strerror(SCMI_DENIED), "DENIED") == 0);
	CHECK(strcmp(scmi_strerror(SCMI_E_TIMEOUT), "TIMEOUT") == 0);
	CHECK(strcmp(scmi_strerror(SCMI_HARDWARE_ERROR), "HARDWARE_ERROR") == 0);
	CHECK(strcmp(scmi_strerror(7), "UNKNOWN") == 0);
	/* The fault was used up: the next one goes through (and is a real power-down). */
	CHECK_EQ(scmi_pd_state_set(&ch, 0, 2, 0), SCMI_SUCCESS);
	CHECK(scp.req[2].pending);
}

static void test_timeout(void)
{
	uint32_t v;
	unsigned int n;
	unsigned long reads;

	setup();
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_NO_ANSWER, 0, 1);
	reads = sim_bus_reads();
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_TIMEOUT);
	/* Bounded: the initial free check, then exactly poll_limit status reads. */
	CHECK_EQ(sim_bus_reads() - reads, 1 + POLLS);
	CHECK_EQ(ch.last_polls, POLLS);
	CHECK(ch.out_of_step);
	CHECK(strstr(sim_log_text, "no answer to protocol 0x10 message 0x0") != NULL);
	/* The SCP still holds the channel: the next request is not even written. */
	n = scp.n_log;
	sim_log_clear();
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_TIMEOUT);
	CHECK_EQ(scp.n_log, n);
	CHECK(strstr(sim_log_text, "channel still busy") != NULL);
	/* Once the SCP lets go, the channel works again with the next token. */
	scp_sim_release(&scp);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_SUCCESS);
	CHECK(!ch.out_of_step);
	CHECK_EQ(scp.log[scp.n_log - 1].token, 1);
	CHECK_EQ(scp.violations, 0);
}

static void test_late_answer(void)
{
	uint32_t v;

	setup();
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_DELAY, 5, 1);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_SUCCESS);
	CHECK_EQ(ch.last_polls, 5);
	CHECK_EQ(v, 0x00020000u);
	/* Later than the limit allows: a timeout. */
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_DELAY, (int32_t)POLLS + 1, 1);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_TIMEOUT);
	CHECK_EQ(scp.violations, 0);
}

static void test_bad_replies(void)
{
	uint32_t v, two[2];
	struct scmi_msg m = {.protocol = SCMI_PROTO_BASE, .message = 0, .ret = two, .n_ret = 2};

	setup();
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_BAD_TOKEN, 0, 1);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_REPLY);
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_SHORT, 0, 1);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_REPLY);
	scp_sim_fault(&scp, -1, -1, SCP_FAULT_CHANNEL_ERROR, 0, 1);
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_E_REPLY);
	/* PROTOCOL_VERSION returns one word: a caller that needs two gets E_REPLY. */
	CHECK_EQ(scmi_xfer(&ch, &m), SCMI_E_REPLY);
	CHECK_EQ(m.ret_words, 1);
	/* Parameters that do not fit the 0x80-byte area are refused before sending. */
	{
		uint32_t big[32] = {0};
		struct scmi_msg b = {.protocol = 0x10, .message = 0, .params = big, .n_params = 32};
		unsigned int n = scp.n_log;

		CHECK_EQ(scmi_xfer(&ch, &b), SCMI_INVALID_PARAMETERS);
		CHECK_EQ(scp.n_log, n);
	}
	/* Afterwards everything is in order again. */
	CHECK_EQ(scmi_protocol_version(&ch, SCMI_PROTO_BASE, &v), SCMI_SUCCESS);
	CHECK_EQ(scp.violations, 0);
}

static void test_mhu(void)
{
	const struct mhu_doorbell other = {.channel = DOORBELL, .bits = 1u << 4};

	setup();
	sim_bus_poke(DOORBELL, 1u << 4);
	CHECK(mhu_pending(&other));
	CHECK(!mhu_pending(&db));
	/* Writing SET with only our bit: the SCP takes it, the other bit stays. */
	mhu_ring(&db);
	CHECK_EQ(sim_bus_peek(DOORBELL), 1u << 4);
}

int main(void)
{
	test_init_checks();
	test_version_and_layout();
	test_tokens();
	test_base_protocol();
	test_power_protocols();
	test_error_status();
	test_timeout();
	test_late_answer();
	test_bad_replies();
	test_mhu();
	return check_report();
}
