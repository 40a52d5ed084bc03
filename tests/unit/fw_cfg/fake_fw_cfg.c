/* Model of QEMU's fw_cfg MMIO device; see fake_fw_cfg.h. */
#include "fake_fw_cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fw_cfg.h"

struct fake_fw_cfg *fake_dev;

void fake_init(struct fake_fw_cfg *d, uint64_t base)
{
	memset(d, 0, sizeof(*d));
	d->base = base;
	memcpy(d->signature, "QEMU", 4);
	d->id = FW_CFG_F_TRADITIONAL | FW_CFG_F_DMA;
	/* A little-endian load of the big-endian register gives the bytes "QEMU CFG". */
	d->dma_reg_value = __builtin_bswap64(FW_CFG_DMA_SIGNATURE);
	d->dma_mode = FAKE_DMA_OK;
	d->reach_size = UINT64_MAX;
	d->cur_key = 0xffff;
	fake_dev = d;
}

void fake_free(struct fake_fw_cfg *d)
{
	free(d->dir);
	d->dir = NULL;
}

/* The slot of key: its own if it exists, else a new one. */
static unsigned int slot(struct fake_fw_cfg *d, uint16_t key)
{
	unsigned int i;

	for (i = 0; i < d->item_count && d->items[i].key != key; i++)
		;
	if (i == FAKE_MAX_ITEMS) {
		fprintf(stderr, "fake_fw_cfg: too many items\n");
		abort();
	}
	if (i == d->item_count)
		d->item_count++;
	return i;
}

void fake_add_item(struct fake_fw_cfg *d, uint16_t key, const void *data, uint32_t size)
{
	d->items[slot(d, key)] = (struct fake_item){key, data, size};
}

void fake_add_u32(struct fake_fw_cfg *d, uint16_t key, uint32_t value)
{
	unsigned int i = slot(d, key);

	for (int b = 0; b < 4; b++)
		d->store[i][b] = (uint8_t)(value >> (8 * b));
	d->items[i] = (struct fake_item){key, d->store[i], 4};
}

uint16_t fake_add_file(struct fake_fw_cfg *d, const char *name, const void *data, uint32_t size)
{
	uint16_t key = (uint16_t)(FW_CFG_FILE_FIRST + d->file_count);
	uint8_t *e;
	size_t n = strlen(name);

	d->file_count++;
	d->dir_size = 4 + 64 * d->file_count;
	d->dir = realloc(d->dir, d->dir_size);
	/* Directory: count and every field big-endian, names in 56 bytes. */
	d->dir[0] = (uint8_t)(d->file_count >> 24);
	d->dir[1] = (uint8_t)(d->file_count >> 16);
	d->dir[2] = (uint8_t)(d->file_count >> 8);
	d->dir[3] = (uint8_t)d->file_count;
	e = d->dir + 4 + 64 * (d->file_count - 1);
	memset(e, 0, 64);
	e[0] = (uint8_t)(size >> 24);
	e[1] = (uint8_t)(size >> 16);
	e[2] = (uint8_t)(size >> 8);
	e[3] = (uint8_t)size;
	e[4] = (uint8_t)(key >> 8);
	e[5] = (uint8_t)key;
	memcpy(e + 8, name, n < 56 ? n : 56);
	fake_add_item(d, FW_CFG_FILE_DIR, d->dir, d->dir_size);
	fake_add_item(d, key, data, size);
	return key;
}

static const struct fake_item *cur_item(const struct fake_fw_cfg *d)
{
	static struct fake_item fixed;
	static uint8_t id[4];

	/* The two items every device has, from the configuration. */
	if (d->cur_key == FW_CFG_SIGNATURE) {
		fixed = (struct fake_item){FW_CFG_SIGNATURE, (const uint8_t *)d->signature, 4};
		return &fixed;
	}
	if (d->cur_key == FW_CFG_ID) {
		for (int i = 0; i < 4; i++)
			id[i] = (uint8_t)(d->id >> (8 * i));
		fixed = (struct fake_item){FW_CFG_ID, id, 4};
		return &fixed;
	}
	for (unsigned int i = 0; i < d->item_count; i++)
		if (d->items[i].key == d->cur_key)
			return &d->items[i];
	return NULL;
}

/* Next byte of the selected item, 0 past its end; the offset always advances. */
static uint8_t next_byte(struct fake_fw_cfg *d)
{
	const struct fake_item *it = cur_item(d);
	uint8_t b = 0;

	if (it != NULL && d->offset < it->size)
		b = it->data[d->offset];
	d->offset++;
	return b;
}

static void do_select(struct fake_fw_cfg *d, uint16_t key)
{
	d->cur_key = key;
	d->offset = 0;
}

static bool reachable(const struct fake_fw_cfg *d, uint64_t addr, uint64_t len)
{
	return addr >= d->reach_base && addr - d->reach_base <= d->reach_size &&
	       len <= d->reach_size - (addr - d->reach_base);
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* One DMA descriptor, as QEMU's fw_cfg_dma_transfer() treats it. */
static void dma_transfer(struct fake_fw_cfg *d, uint64_t desc_addr)
{
	uint8_t *desc = (uint8_t *)(uintptr_t)desc_addr;
	uint32_t control, length, status = 0;
	uint64_t address;

	if (!reachable(d, desc_addr, 16)) {
		d->bad_accesses++; /* QEMU cannot even report the error */
		return;
	}
	memcpy(d->last_desc, desc, 16);
	d->dma_ops++;
	if (d->dma_mode == FAKE_DMA_STALL)
		return;
	control = get_be32(desc);
	length = get_be32(desc + 4);
	address = (uint64_t)get_be32(desc + 8) << 32 | get_be32(desc + 12);

	if (d->dma_mode == FAKE_DMA_ERROR) {
		status = FW_CFG_DMA_CTL_ERROR;
	} else {
		if (control & FW_CFG_DMA_CTL_SELECT)
			do_select(d, (uint16_t)(control >> 16));
		if (control & FW_CFG_DMA_CTL_READ) {
			if (!reachable(d, address, length)) {
				status = FW_CFG_DMA_CTL_ERROR;
			} else {
				uint8_t *dst = (uint8_t *)(uintptr_t)address;

				for (uint32_t i = 0; i < length; i++)
					dst[i] = next_byte(d);
			}
		} else if (control & FW_CFG_DMA_CTL_WRITE) {
			status = FW_CFG_DMA_CTL_ERROR; /* nothing here is writable */
		} else if (control & FW_CFG_DMA_CTL_SKIP) {
			d->offset += length;
		}
	}
	memset(desc, 0, 4);
	desc[3] = (uint8_t)status;
}

uint64_t fw_cfg_host_mmio_read(uint64_t addr, unsigned int width)
{
	struct fake_fw_cfg *d = fake_dev;
	uint64_t off = addr - d->base, v = 0;

	if (off == FW_CFG_REG_DATA && (width == 1 || width == 2 || width == 4 || width == 8)) {
		d->data_reads++;
		/* Stream order: the first byte lands at the lowest address (little-endian CPU). */
		for (unsigned int i = 0; i < width; i++)
			v |= (uint64_t)next_byte(d) << (8 * i);
		return v;
	}
	if (off == FW_CFG_REG_DMA && width == 8 && (d->id & FW_CFG_F_DMA)) {
		d->dma_reg_reads++;
		return d->dma_reg_value;
	}
	d->bad_accesses++;
	return 0;
}

void fw_cfg_host_mmio_write(uint64_t addr, uint64_t value, unsigned int width)
{
	struct fake_fw_cfg *d = fake_dev;
	uint64_t off = addr - d->base;

	if (off == FW_CFG_REG_SEL && width == 2) {
		d->sel_writes++;
		d->last_sel = __builtin_bswap16((uint16_t)value); /* big-endian register */
		do_select(d, d->last_sel);
		return;
	}
	if ((d->id & FW_CFG_F_DMA) && off == FW_CFG_REG_DMA && width == 8) {
		dma_transfer(d, __builtin_bswap64(value));
		return;
	}
	/* The two 32-bit halves: the high one first, the low one starts the transfer. */
	if ((d->id & FW_CFG_F_DMA) && off == FW_CFG_REG_DMA && width == 4) {
		d->dma_hi = (uint64_t)__builtin_bswap32((uint32_t)value) << 32;
		return;
	}
	if ((d->id & FW_CFG_F_DMA) && off == FW_CFG_REG_DMA + 4 && width == 4) {
		dma_transfer(d, d->dma_hi | __builtin_bswap32((uint32_t)value));
		return;
	}
	d->bad_accesses++;
}
