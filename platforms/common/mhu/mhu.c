/* MHU v1 doorbell: see secmon/drivers/mhu.h. */
#include <secmon/drivers/mhu.h>
#include <secmon/mmio.h>

void mhu_ring(const void *ctx)
{
	const struct mhu_doorbell *db = ctx;

	mmio_write32(db->channel + MHU_SET, db->bits);
}

bool mhu_pending(const struct mhu_doorbell *db)
{
	return (mmio_read32(db->channel + MHU_STAT) & db->bits) != 0;
}
