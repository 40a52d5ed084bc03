/*
 * QEMU fw_cfg (firmware configuration) device, MMIO variant, and a Linux loader on top.
 *
 * With firmware at EL3, QEMU hands -kernel, -initrd and -append to the firmware only
 * through fw_cfg (items KERNEL_SIZE/DATA, INITRD_SIZE/DATA, CMDLINE_SIZE/DATA); nothing
 * is placed in RAM. fw_cfg_load_linux() does what QEMU's own loader does without
 * firmware: it places the arm64 Image and the initrd in normal-world RAM and returns the
 * entry point, the initrd range and the command line.
 *
 * Registers (QEMU's docs/specs/fw_cfg.rst): data at +0 (1..8-byte reads, bytes in stream
 * order), selector at +8 (16-bit, big-endian), DMA address at +16 (64-bit, big-endian;
 * reads "QEMU CFG"). The device's DMA sees only normal-world memory: DMA is used only for
 * destinations inside a window the caller declares reachable, with the descriptor there
 * too; everything else goes through the data register.
 *
 * Pure C, no libc beyond string.h; addresses are physical and used as pointers (EL3 maps
 * RAM 1:1). Host builds (SECMON_HOST) reach the registers through two hooks the test
 * provides. The caller must clean the data cache to the point of coherency over what
 * was loaded before the normal world runs with its caches off.
 */
#ifndef QEMU_VIRT_FW_CFG_H
#define QEMU_VIRT_FW_CFG_H

#include <stdbool.h>
#include <stdint.h>

/* Where QEMU virt puts the device. */
#define FW_CFG_VIRT_BASE 0x09020000ull

/* Register offsets from the base. */
#define FW_CFG_REG_DATA 0x0
#define FW_CFG_REG_SEL	0x8
#define FW_CFG_REG_DMA	0x10

/* Selector keys of the fixed items this code uses (sizes are 32-bit little-endian). */
#define FW_CFG_SIGNATURE    0x00 /* "QEMU" */
#define FW_CFG_ID	    0x01 /* feature bitmap, FW_CFG_F_* */
#define FW_CFG_KERNEL_SIZE  0x08
#define FW_CFG_INITRD_SIZE  0x0b
#define FW_CFG_KERNEL_DATA  0x11
#define FW_CFG_INITRD_DATA  0x12
#define FW_CFG_CMDLINE_SIZE 0x14 /* includes the terminating NUL */
#define FW_CFG_CMDLINE_DATA 0x15
#define FW_CFG_FILE_DIR	    0x19 /* big-endian count, then 64-byte entries */
#define FW_CFG_FILE_FIRST   0x20 /* first key that belongs to a named file */

/* FW_CFG_ID bits. */
#define FW_CFG_F_TRADITIONAL (1u << 0) /* selector/data registers: always set */
#define FW_CFG_F_DMA	     (1u << 1) /* DMA address register */

/* DMA descriptor control bits (big-endian in memory); the key goes in bits [31:16]. */
#define FW_CFG_DMA_CTL_ERROR  (1u << 0)
#define FW_CFG_DMA_CTL_READ   (1u << 1)
#define FW_CFG_DMA_CTL_SKIP   (1u << 2)
#define FW_CFG_DMA_CTL_SELECT (1u << 3)
#define FW_CFG_DMA_CTL_WRITE  (1u << 4)

/* What a read of the DMA address register returns when DMA exists: "QEMU CFG". */
#define FW_CFG_DMA_SIGNATURE 0x51454d5520434647ull

#define FW_CFG_FILE_NAME_MAX  56	  /* file name bytes in a directory entry, NUL included */
#define FW_CFG_DMA_POLL_LIMIT 1000000	  /* control reads before a DMA counts as lost */
#define FW_CFG_DMA_DESC_SIZE  16	  /* bytes of a DMA descriptor (control, length, address) */
#define FW_CFG_LINUX_ALIGN    0x200000ull /* arm64 Image base alignment (2 MiB) */
#define FW_CFG_INITRD_ALIGN   0x1000ull	  /* initrd start alignment (a page) */

/* Errors, always negative. fw_cfg_strerror() names them. */
#define FW_CFG_ENODEV	(-1) /* no "QEMU" signature at the base */
#define FW_CFG_EIO	(-2) /* DMA reported an error or did not finish in time */
#define FW_CFG_ENOENT	(-3) /* no file of that name */
#define FW_CFG_EINVAL	(-4) /* bad arguments */
#define FW_CFG_EBADIMG	(-5) /* the kernel is not a little-endian arm64 Image */
#define FW_CFG_ENOSPACE (-6) /* the kernel, initrd or descriptor does not fit in RAM */

/* One probed device, filled by fw_cfg_probe(); only dma_poll_limit is for the caller to change. */
struct fw_cfg {
	uint64_t base;		 /* MMIO base of the registers */
	uint32_t features;	 /* FW_CFG_ID bitmap (FW_CFG_F_*) */
	uint64_t dma_desc;	 /* 16-aligned DMA descriptor address; 0: DMA off */
	uint64_t dma_win_base;	 /* DMA is used for destinations inside this window ... */
	uint64_t dma_win_size;	 /* ... of this many bytes (memory the device can write) */
	uint32_t dma_poll_limit; /* control reads before giving up on a DMA transfer */
};

/* A named item from the file directory. */
struct fw_cfg_file {
	uint16_t key;			 /* selector key of its data */
	uint32_t size;			 /* bytes */
	char name[FW_CFG_FILE_NAME_MAX]; /* NUL-terminated (forced so even if the device is not) */
};

/*
 * Checks the "QEMU" signature at base and reads the feature bitmap. DMA stays off until
 * fw_cfg_enable_dma(). Returns 0 or FW_CFG_ENODEV.
 */
int fw_cfg_probe(struct fw_cfg *f, uint64_t base);

/*
 * Uses DMA for reads into [win_base, win_base + win_size), memory the device can write
 * (QEMU virt: normal-world DRAM, never secure RAM), with the 16-byte descriptor at desc
 * (16-aligned, inside the window, not overlapping any destination). Returns 0, or
 * FW_CFG_EINVAL (bad window or descriptor) or FW_CFG_EIO (the device has no DMA); DMA is
 * off after an error.
 */
int fw_cfg_enable_dma(struct fw_cfg *f, uint64_t desc, uint64_t win_base, uint64_t win_size);

/* Turns DMA off again: every read goes through the data register. */
void fw_cfg_disable_dma(struct fw_cfg *f);

/*
 * Reads len bytes of item key from byte offset into dst (an item reads as zeros past its
 * end). Uses DMA when dst is inside the DMA window, else the data register. Returns 0,
 * or FW_CFG_EIO when a DMA transfer fails.
 */
int fw_cfg_read_item_at(struct fw_cfg *f, uint16_t key, uint32_t offset, void *dst, uint32_t len);

/* fw_cfg_read_item_at() from offset 0. */
int fw_cfg_read_item(struct fw_cfg *f, uint16_t key, void *dst, uint32_t len);

/* Reads a 32-bit little-endian item (the *_SIZE items); 0 when the item is absent. */
int fw_cfg_read_u32(struct fw_cfg *f, uint16_t key, uint32_t *value);

/* Number of entries in the file directory (0 if there is none). */
int fw_cfg_file_count(struct fw_cfg *f, uint32_t *count);

/* Entry index of the file directory (0 <= index < count). FW_CFG_ENOENT past the end. */
int fw_cfg_file_at(struct fw_cfg *f, uint32_t index, struct fw_cfg_file *out);

/* Looks a file up by its full name (e.g. "etc/ramfb"). Returns 0 or FW_CFG_ENOENT. */
int fw_cfg_find_file(struct fw_cfg *f, const char *name, struct fw_cfg_file *out);

/* Where the Linux loader may write, and what it must leave alone. */
struct fw_cfg_linux_mem {
	uint64_t ram_base;     /* normal-world RAM the loader may write: first byte ... */
	uint64_t ram_size;     /* ... and size; nothing outside it is ever written */
	uint64_t dtb_addr;     /* the DTB (QEMU puts it at the start of RAM): kept intact ... */
	uint64_t dtb_size;     /* ... with this much room (what a later patch may grow it to) */
	char *cmdline;	       /* receives the command line, NUL-terminated; may be NULL */
	uint32_t cmdline_size; /* size of that buffer (Linux arm64 takes up to 2048 bytes) */
};

/* What fw_cfg_load_linux() loaded. kernel_size 0: QEMU was given no -kernel. */
struct fw_cfg_linux {
	uint64_t entry;		/* where the Image was placed and where to enter it */
	uint64_t kernel_size;	/* bytes from entry that the kernel owns (header image_size) */
	uint64_t initrd_start;	/* first byte of the initrd; 0 if none */
	uint64_t initrd_end;	/* one past its last byte; 0 if none */
	uint32_t cmdline_len;	/* strlen() of the command line as stored */
	bool cmdline_truncated; /* the command line did not fit in the buffer */
	bool used_dma;		/* the kernel and initrd came by DMA */
};

/*
 * Loads QEMU's -kernel (an arm64 Image: "ARM\x64" magic, little-endian, image_size set),
 * -initrd and -append. The Image goes at the lowest 2 MiB-aligned base in RAM, plus its
 * text_offset, that keeps it clear of the DTB; the initrd at the first page after the
 * kernel that is clear of the DTB. DMA is used when the device has it, with the
 * descriptor in RAM just past what was loaded and the previous DMA setting restored.
 * Returns 0 (with out->kernel_size 0 when there is no kernel: the caller falls back to
 * a preloaded payload), FW_CFG_EBADIMG, FW_CFG_ENOSPACE, FW_CFG_EINVAL or FW_CFG_EIO.
 * Nothing is written to RAM before the layout has been checked.
 */
int fw_cfg_load_linux(struct fw_cfg *f, const struct fw_cfg_linux_mem *mem,
		      struct fw_cfg_linux *out);

/* A short name for a FW_CFG_E* code (or "ok" for 0), for log messages. */
const char *fw_cfg_strerror(int err);

#ifdef SECMON_HOST
/*
 * Host builds: register accesses go to these, which the test's fake device provides.
 * width is 1, 2, 4 or 8; values are what a little-endian CPU would load or store.
 */
uint64_t fw_cfg_host_mmio_read(uint64_t addr, unsigned int width);
void fw_cfg_host_mmio_write(uint64_t addr, uint64_t value, unsigned int width);
#endif

#endif
