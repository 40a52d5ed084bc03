/*
 * power_state parameter parsing: the reserved bits of the format the platform chose,
 * the platform's StateID decoding, then the consistency rules every composite state
 * must follow whatever the platform says.
 */
#include "psci_private.h"

/* Bits a power_state may use in each format; anything else is reserved (zero). */
#define ORIGINAL_VALID_BITS                                                                        \
	(PSCI_PSTATE_ID_MASK | PSCI_PSTATE_TYPE_POWERDOWN |                                        \
	 (PSCI_PSTATE_LEVEL_MASK << PSCI_PSTATE_LEVEL_SHIFT))
#define EXTENDED_VALID_BITS (PSCI_PSTATE_EXT_ID_MASK | PSCI_PSTATE_EXT_TYPE_POWERDOWN)

/*
 * A composite state is consistent when each level is no deeper in kind (run,
 * retention, power-down) than the level below it, when the power-down type bit
 * matches (power-down iff the CPU itself powers down), and when it names only levels
 * the tree has and local states the platform declared.
 */
int32_t psci_check_composite(const struct secmon_psci_state *s, bool power_down)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (s->local[0] == SECMON_PSCI_STATE_RUN)
		return PSCI_RET_INVALID_PARAMETERS;
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++) {
		if (s->local[l] > ops->max_off_state)
			return PSCI_RET_INVALID_PARAMETERS;
		if (l >= psci_eng.levels && s->local[l] != SECMON_PSCI_STATE_RUN)
			return PSCI_RET_INVALID_PARAMETERS;
		if (l > 0 && psci_state_type(s->local[l]) > psci_state_type(s->local[l - 1]))
			return PSCI_RET_INVALID_PARAMETERS;
	}
	if (power_down != psci_is_off(s->local[0]))
		return PSCI_RET_INVALID_PARAMETERS;
	if (s->last_at_level != SECMON_PSCI_LEVEL_NONE && s->last_at_level >= psci_eng.levels)
		return PSCI_RET_INVALID_PARAMETERS;
	return PSCI_RET_SUCCESS;
}

int32_t secmon_psci_parse_power_state(uint32_t power_state, struct secmon_psci_state *state,
				      bool *power_down)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	int declared_level = -1;
	int32_t rc;

	if (ops->extended_state_id) {
		if (power_state & ~EXTENDED_VALID_BITS)
			return PSCI_RET_INVALID_PARAMETERS;
		*power_down = (power_state & PSCI_PSTATE_EXT_TYPE_POWERDOWN) != 0;
	} else {
		if (power_state & ~ORIGINAL_VALID_BITS)
			return PSCI_RET_INVALID_PARAMETERS;
		*power_down = (power_state & PSCI_PSTATE_TYPE_POWERDOWN) != 0;
		declared_level =
		    (int)((power_state >> PSCI_PSTATE_LEVEL_SHIFT) & PSCI_PSTATE_LEVEL_MASK);
	}
	*state = (struct secmon_psci_state){.last_at_level = SECMON_PSCI_LEVEL_NONE};
	rc = secmon_psci_ops_validate_power_state(ops, power_state, state);
	if (rc != PSCI_RET_SUCCESS)
		return PSCI_RET_INVALID_PARAMETERS;
	rc = psci_check_composite(state, *power_down);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	/* The original format also names the highest level that leaves RUN. */
	if (declared_level >= 0 && declared_level != psci_highest_non_run(state))
		return PSCI_RET_INVALID_PARAMETERS;
	return PSCI_RET_SUCCESS;
}
