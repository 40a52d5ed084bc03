/*
 * A model of QEMU's fw_cfg MMIO device for host tests: selector (big-endian 16-bit),
 * data register (1..8-byte reads in stream order, zeros past the end), DMA address
 * register (big-endian 64-bit, "QEMU CFG" on read) running big-endian descriptors on host
 * memory, and the file directory built from the files added. It implements the
 * fw_cfg_host_mmio_* hooks of platforms/qemu-virt/fw_cfg.h for the device at fake_dev.
 */
#ifndef FAKE_FW_CFG_H
#define FAKE_FW_CFG_H

#include <stdbool.h>
#include <stdint.h>

#define FAKE_MAX_ITEMS 32

/* How the model answers a DMA request. */
enum fake_dma_mode {
	FAKE_DMA_OK,	/* as QEMU: synchronous, control cleared on success */
	FAKE_DMA_STALL, /* never touches the descriptor (a transfer that does not finish) */
	FAKE_DMA_ERROR, /* sets the error bit without transferring */
};

struct fake_item {
	uint16_t key;	     /* selector key */
	const uint8_t *data; /* contents (owned by the test, or store[] for numbers) */
	uint32_t size;	     /* bytes */
};

struct fake_fw_cfg {
	/* configuration, set by the test */
	uint64_t base;		/* where the registers are */
	char signature[4];	/* what item 0 holds ("QEMU") */
	uint32_t id;		/* FW_CFG_ID value (feature bits) */
	uint64_t dma_reg_value; /* what a read of the DMA register gives (device order) */
	enum fake_dma_mode dma_mode;
	uint64_t reach_base; /* DMA can only touch [reach_base, reach_base + reach_size) */
	uint64_t reach_size;

	/* contents */
	struct fake_item items[FAKE_MAX_ITEMS];
	unsigned int item_count;
	uint8_t store[FAKE_MAX_ITEMS][8]; /* backing bytes of numeric items */
	uint8_t *dir;			  /* FW_CFG_FILE_DIR contents (malloc) */
	uint32_t dir_size;
	unsigned int file_count;

	/* state */
	uint16_t cur_key; /* selected item */
	uint64_t offset;  /* data offset in it */
	uint64_t dma_hi;  /* high half of a split DMA address write */

	/* what the driver did */
	unsigned long sel_writes;    /* selector writes */
	unsigned long data_reads;    /* data register reads, any width */
	unsigned long dma_reg_reads; /* reads of the DMA register */
	unsigned long dma_ops;	     /* descriptors run */
	unsigned long bad_accesses;  /* accesses the real device would not accept */
	uint8_t last_desc[16];	     /* raw bytes of the last descriptor run */
	uint16_t last_sel;	     /* key decoded from the last selector write */
};

extern struct fake_fw_cfg *fake_dev;

/* A device at base with "QEMU", traditional + DMA features and no items; makes it current. */
void fake_init(struct fake_fw_cfg *d, uint64_t base);
void fake_free(struct fake_fw_cfg *d);
/* Adds or replaces an item; data must live as long as the device. */
void fake_add_item(struct fake_fw_cfg *d, uint16_t key, const void *data, uint32_t size);
/* Adds a 32-bit little-endian item (QEMU's fw_cfg_add_i32). */
void fake_add_u32(struct fake_fw_cfg *d, uint16_t key, uint32_t value);
/* Adds a named file (key 0x20, 0x21, ...; name copied, up to 56 bytes, not always NUL-ended). */
uint16_t fake_add_file(struct fake_fw_cfg *d, const char *name, const void *data, uint32_t size);

#endif
