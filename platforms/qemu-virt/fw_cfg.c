/* QEMU fw_cfg: probe, item and file reads (DMA or data register), Linux loader. */
#include "fw_cfg.h"

#include <stddef.h>
#include <string.h>

#include <secmon/cold_boot.h>

/* Cold-boot code only (SECMON_COLD_BOOT): the kernel is loaded before the normal world runs. */

#define ARM64_IMAGE_MAGIC     0x644d5241u /* "ARM\x64" read little-endian */
#define ARM64_IMAGE_HDR_SIZE  64
#define ARM64_IMAGE_FLAG_BE   (1ull << 0) /* kernel is big-endian */
#define FW_CFG_DIR_ENTRY_SIZE 64	  /* size BE32, select BE16, reserved, name[56] */
#define FW_CFG_MAX_FILES      0x3fe0	  /* keys 0x20..0x3fff: a bound on a bad count */

/* --- register access ---------------------------------------------------------------- */

#ifdef SECMON_HOST
SECMON_COLD_BOOT static uint64_t mmio_read(uint64_t addr, unsigned int width)
{
	return fw_cfg_host_mmio_read(addr, width);
}

SECMON_COLD_BOOT static void mmio_write(uint64_t addr, uint64_t value, unsigned int width)
{
	fw_cfg_host_mmio_write(addr, value, width);
}

/* Orders the descriptor stores before the doorbell, and the completion before our reads. */
SECMON_COLD_BOOT static void io_barrier(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
#else
/*
 * secmon/mmio.h has 32- and 64-bit accessors only; this device needs a 16-bit selector
 * write (QEMU accepts nothing else there) and byte reads of the data register. Like
 * mmio.h: one plain load or store, no writeback addressing (a hypervisor can emulate it).
 */
SECMON_COLD_BOOT static uint64_t mmio_read(uint64_t addr, unsigned int width)
{
	uint64_t v;

	if (width == 1)
		__asm__ volatile("ldrb %w0, [%1]" : "=r"(v) : "r"(addr) : "memory");
	else
		__asm__ volatile("ldr %0, [%1]" : "=r"(v) : "r"(addr) : "memory");
	return v;
}

SECMON_COLD_BOOT static void mmio_write(uint64_t addr, uint64_t value, unsigned int width)
{
	if (width == 2)
		__asm__ volatile("strh %w0, [%1]" : : "rZ"(value), "r"(addr) : "memory");
	else
		__asm__ volatile("str %x0, [%1]" : : "rZ"(value), "r"(addr) : "memory");
}

/* The device reads the descriptor from memory: make our stores visible before the doorbell. */
SECMON_COLD_BOOT static void io_barrier(void)
{
	__asm__ volatile("dsb sy" ::: "memory");
}
#endif

/* Register and descriptor fields are big-endian; the CPUs we build for are little-endian. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "fw_cfg.c assumes a little-endian CPU");
SECMON_COLD_BOOT static uint16_t be16(uint16_t v)
{
	return __builtin_bswap16(v);
}

SECMON_COLD_BOOT static uint32_t be32(uint32_t v)
{
	return __builtin_bswap32(v);
}

SECMON_COLD_BOOT static uint64_t be64(uint64_t v)
{
	return __builtin_bswap64(v);
}

SECMON_COLD_BOOT static uint32_t get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

SECMON_COLD_BOOT static uint64_t get_le64(const uint8_t *p)
{
	return (uint64_t)get_le32(p) | (uint64_t)get_le32(p + 4) << 32;
}

SECMON_COLD_BOOT static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* [a, a + alen) and [b, b + blen) share a byte (callers ensure neither wraps). */
SECMON_COLD_BOOT static bool overlaps(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return alen != 0 && blen != 0 && a < b + blen && b < a + alen;
}

/* --- data register path ------------------------------------------------------------- */

SECMON_COLD_BOOT static void select_key(const struct fw_cfg *f, uint16_t key)
{
	mmio_write(f->base + FW_CFG_REG_SEL, be16(key), 2);
}

/* Next len bytes of the selected item; dst may be NULL to skip them. */
SECMON_COLD_BOOT static void data_read(const struct fw_cfg *f, uint8_t *dst, uint64_t len)
{
	uint64_t data = f->base + FW_CFG_REG_DATA;

	/* 8-byte reads hold the next 8 bytes in stream order: store them as they are. */
	for (; len >= 8; len -= 8) {
		uint64_t v = mmio_read(data, 8);

		if (dst == NULL)
			continue;
		if (((uintptr_t)dst & 7) == 0)
			__builtin_memcpy(__builtin_assume_aligned(dst, 8), &v, 8);
		else
			for (unsigned int i = 0; i < 8; i++)
				dst[i] = (uint8_t)(v >> (8 * i));
		dst += 8;
	}
	for (; len > 0; len--) {
		uint8_t b = (uint8_t)mmio_read(data, 1);

		if (dst != NULL)
			*dst++ = b;
	}
}

/* --- DMA path ----------------------------------------------------------------------- */

/* Runs one descriptor and waits for the device to clear its control word, within a bound. */
SECMON_COLD_BOOT static int dma_op(const struct fw_cfg *f, uint32_t control, uint64_t addr,
				   uint32_t len)
{
	volatile uint32_t *desc = (volatile uint32_t *)(uintptr_t)f->dma_desc;

	desc[0] = be32(control);
	desc[1] = be32(len);
	desc[2] = be32((uint32_t)(addr >> 32)); /* address: a big-endian 64-bit field */
	desc[3] = be32((uint32_t)addr);
	io_barrier();
	mmio_write(f->base + FW_CFG_REG_DMA, be64(f->dma_desc), 8);

	for (uint32_t i = 0; i < f->dma_poll_limit; i++) {
		uint32_t ctl = be32(desc[0]);

		if (ctl & FW_CFG_DMA_CTL_ERROR)
			return FW_CFG_EIO;
		if (ctl == 0) {
			io_barrier();
			return 0;
		}
	}
	return FW_CFG_EIO;
}

/* DMA may write [dst, dst + len): inside the window and clear of the descriptor. */
SECMON_COLD_BOOT static bool dma_usable(const struct fw_cfg *f, uint64_t dst, uint64_t len)
{
	if (f->dma_desc == 0 || len == 0)
		return false;
	if (dst < f->dma_win_base || dst - f->dma_win_base > f->dma_win_size ||
	    len > f->dma_win_size - (dst - f->dma_win_base))
		return false;
	return !overlaps(dst, len, f->dma_desc, FW_CFG_DMA_DESC_SIZE);
}

/* --- public API --------------------------------------------------------------------- */

SECMON_COLD_BOOT int fw_cfg_probe(struct fw_cfg *f, uint64_t base)
{
	uint8_t sig[4];
	uint32_t id;

	if (f == NULL)
		return FW_CFG_EINVAL;
	memset(f, 0, sizeof(*f));
	f->base = base;
	f->dma_poll_limit = FW_CFG_DMA_POLL_LIMIT;

	select_key(f, FW_CFG_SIGNATURE);
	data_read(f, sig, sizeof(sig));
	if (memcmp(sig, "QEMU", sizeof(sig)) != 0) {
		f->base = 0;
		return FW_CFG_ENODEV;
	}
	fw_cfg_read_u32(f, FW_CFG_ID, &id);
	f->features = id;
	/* Only a device that announces DMA has the register: reading it otherwise may abort. */
	if ((f->features & FW_CFG_F_DMA) &&
	    be64(mmio_read(base + FW_CFG_REG_DMA, 8)) != FW_CFG_DMA_SIGNATURE)
		f->features &= ~FW_CFG_F_DMA;
	return 0;
}

SECMON_COLD_BOOT int fw_cfg_enable_dma(struct fw_cfg *f, uint64_t desc, uint64_t win_base,
				       uint64_t win_size)
{
	fw_cfg_disable_dma(f);
	if (!(f->features & FW_CFG_F_DMA))
		return FW_CFG_EIO;
	if (win_size < FW_CFG_DMA_DESC_SIZE || win_base + win_size < win_base || desc == 0 ||
	    (desc & (FW_CFG_DMA_DESC_SIZE - 1)) != 0 || desc < win_base ||
	    desc - win_base > win_size - FW_CFG_DMA_DESC_SIZE)
		return FW_CFG_EINVAL;
	f->dma_desc = desc;
	f->dma_win_base = win_base;
	f->dma_win_size = win_size;
	return 0;
}

SECMON_COLD_BOOT void fw_cfg_disable_dma(struct fw_cfg *f)
{
	f->dma_desc = 0;
	f->dma_win_base = 0;
	f->dma_win_size = 0;
}

SECMON_COLD_BOOT int fw_cfg_read_item_at(struct fw_cfg *f, uint16_t key, uint32_t offset, void *dst,
					 uint32_t len)
{
	uint32_t sel = (uint32_t)key << 16 | FW_CFG_DMA_CTL_SELECT;
	int rc;

	if (len == 0)
		return 0;
	if (dst == NULL)
		return FW_CFG_EINVAL;
	if (!dma_usable(f, (uintptr_t)dst, len)) {
		select_key(f, key);
		data_read(f, NULL, offset);
		data_read(f, dst, len);
		return 0;
	}
	if (offset != 0) {
		rc = dma_op(f, sel | FW_CFG_DMA_CTL_SKIP, 0, offset);
		if (rc != 0)
			return rc;
		sel = 0; /* the skip selected the item; read on from its offset */
	}
	return dma_op(f, sel | FW_CFG_DMA_CTL_READ, (uintptr_t)dst, len);
}

SECMON_COLD_BOOT int fw_cfg_read_item(struct fw_cfg *f, uint16_t key, void *dst, uint32_t len)
{
	return fw_cfg_read_item_at(f, key, 0, dst, len);
}

SECMON_COLD_BOOT int fw_cfg_read_u32(struct fw_cfg *f, uint16_t key, uint32_t *value)
{
	uint8_t b[4];

	/* A local buffer is never in the DMA window: this always uses the data register. */
	select_key(f, key);
	data_read(f, b, sizeof(b));
	*value = get_le32(b);
	return 0;
}

SECMON_COLD_BOOT int fw_cfg_file_count(struct fw_cfg *f, uint32_t *count)
{
	uint8_t b[4];

	select_key(f, FW_CFG_FILE_DIR);
	data_read(f, b, sizeof(b));
	*count = get_be32(b);
	if (*count > FW_CFG_MAX_FILES)
		*count = FW_CFG_MAX_FILES;
	return 0;
}

SECMON_COLD_BOOT static void parse_dir_entry(const uint8_t *e, struct fw_cfg_file *out)
{
	out->size = get_be32(e);
	out->key = (uint16_t)(e[4] << 8 | e[5]);
	memcpy(out->name, e + 8, FW_CFG_FILE_NAME_MAX);
	out->name[FW_CFG_FILE_NAME_MAX - 1] = '\0';
}

SECMON_COLD_BOOT int fw_cfg_file_at(struct fw_cfg *f, uint32_t index, struct fw_cfg_file *out)
{
	uint8_t e[FW_CFG_DIR_ENTRY_SIZE];
	uint32_t count;

	fw_cfg_file_count(f, &count);
	if (index >= count)
		return FW_CFG_ENOENT;
	/* Still selected after the count: skip to the entry. */
	data_read(f, NULL, (uint64_t)index * FW_CFG_DIR_ENTRY_SIZE);
	data_read(f, e, sizeof(e));
	parse_dir_entry(e, out);
	return 0;
}

SECMON_COLD_BOOT int fw_cfg_find_file(struct fw_cfg *f, const char *name, struct fw_cfg_file *out)
{
	uint8_t e[FW_CFG_DIR_ENTRY_SIZE];
	uint32_t count;

	if (name == NULL || strlen(name) >= FW_CFG_FILE_NAME_MAX)
		return FW_CFG_ENOENT;
	fw_cfg_file_count(f, &count);
	/* One pass over the directory, entry after entry, without selecting it again. */
	for (uint32_t i = 0; i < count; i++) {
		data_read(f, e, sizeof(e));
		parse_dir_entry(e, out);
		if (strcmp(out->name, name) == 0)
			return 0;
	}
	memset(out, 0, sizeof(*out));
	return FW_CFG_ENOENT;
}

/* --- Linux loader ------------------------------------------------------------------ */

SECMON_COLD_BOOT static uint64_t align_up(uint64_t v, uint64_t align)
{
	return (v + align - 1) & ~(align - 1);
}

/*
 * The lowest addr = base + offset, with base a multiple of align and >= from, such that
 * [addr, addr + size) lies in RAM and clear of the DTB. The DTB is the only obstacle, so
 * two candidates suffice: the first one, and the first one past the DTB.
 */
SECMON_COLD_BOOT static int place(const struct fw_cfg_linux_mem *m, uint64_t from, uint64_t align,
				  uint64_t offset, uint64_t size, uint64_t *addr)
{
	uint64_t ram_end = m->ram_base + m->ram_size;

	for (int pass = 0; pass < 2; pass++) {
		uint64_t a;

		if (from > ram_end)
			return FW_CFG_ENOSPACE;
		a = align_up(from, align);
		if (a < from || a > ram_end || offset > ram_end - a || size > ram_end - a - offset)
			return FW_CFG_ENOSPACE;
		a += offset;
		if (!overlaps(a, size, m->dtb_addr, m->dtb_size)) {
			*addr = a;
			return 0;
		}
		from = m->dtb_addr + m->dtb_size;
	}
	return FW_CFG_ENOSPACE;
}

SECMON_COLD_BOOT static bool mem_valid(const struct fw_cfg_linux_mem *m)
{
	/* A DTB must come with its size: a kernel at text_offset 0 would land on it. */
	return m->ram_size != 0 && m->ram_base + m->ram_size > m->ram_base &&
	       m->dtb_addr + m->dtb_size >= m->dtb_addr && (m->dtb_addr == 0 || m->dtb_size != 0) &&
	       (m->cmdline == NULL || m->cmdline_size != 0);
}

/* Checks the Image header; gives the text offset and the bytes the kernel occupies. */
SECMON_COLD_BOOT static int parse_image_header(const uint8_t *h, uint32_t file_size,
					       uint64_t *text_offset, uint64_t *footprint)
{
	uint64_t image_size = get_le64(h + 16);
	uint64_t flags = get_le64(h + 24);

	/* image_size 0 means a kernel older than 3.17, whose real size is unknown. */
	if (get_le32(h + 56) != ARM64_IMAGE_MAGIC || (flags & ARM64_IMAGE_FLAG_BE) ||
	    image_size == 0)
		return FW_CFG_EBADIMG;
	*text_offset = get_le64(h + 8);
	*footprint = image_size > file_size ? image_size : file_size;
	return 0;
}

/* Bounded copy of the command line; QEMU's item includes the terminating NUL. */
SECMON_COLD_BOOT static int read_cmdline(struct fw_cfg *f, const struct fw_cfg_linux_mem *m,
					 struct fw_cfg_linux *out)
{
	uint32_t size, n;
	int rc;

	if (m->cmdline == NULL)
		return 0;
	fw_cfg_read_u32(f, FW_CFG_CMDLINE_SIZE, &size);
	n = size == 0 ? 0 : size - 1;
	if (n > m->cmdline_size - 1) {
		n = m->cmdline_size - 1;
		out->cmdline_truncated = true;
	}
	rc = fw_cfg_read_item(f, FW_CFG_CMDLINE_DATA, m->cmdline, n);
	m->cmdline[n] = '\0';
	out->cmdline_len = (uint32_t)strlen(m->cmdline);
	return rc;
}

SECMON_COLD_BOOT int fw_cfg_load_linux(struct fw_cfg *f, const struct fw_cfg_linux_mem *mem,
				       struct fw_cfg_linux *out)
{
	uint8_t hdr[ARM64_IMAGE_HDR_SIZE];
	uint32_t ksize, isize;
	uint64_t text_offset, footprint, kaddr, iaddr = 0, end, desc = 0;
	struct fw_cfg saved;
	int rc;

	if (f == NULL || f->base == 0 || mem == NULL || out == NULL || !mem_valid(mem))
		return FW_CFG_EINVAL;
	memset(out, 0, sizeof(*out));

	fw_cfg_read_u32(f, FW_CFG_KERNEL_SIZE, &ksize);
	if (ksize == 0) {
		if (mem->cmdline != NULL)
			mem->cmdline[0] = '\0';
		return 0;
	}
	fw_cfg_read_u32(f, FW_CFG_INITRD_SIZE, &isize);
	if (ksize < sizeof(hdr))
		return FW_CFG_EBADIMG;
	/* The header goes to a local buffer through the data register: RAM is untouched yet. */
	select_key(f, FW_CFG_KERNEL_DATA);
	data_read(f, hdr, sizeof(hdr));
	rc = parse_image_header(hdr, ksize, &text_offset, &footprint);
	if (rc != 0)
		return rc;

	rc = place(mem, mem->ram_base, FW_CFG_LINUX_ALIGN, text_offset, footprint, &kaddr);
	if (rc != 0)
		return rc;
	end = kaddr + footprint;
	if (isize != 0) {
		rc = place(mem, end, FW_CFG_INITRD_ALIGN, 0, isize, &iaddr);
		if (rc != 0)
			return rc;
		end = iaddr + isize;
	}
	/* The descriptor goes just past the images; without room, the data register will do. */
	if ((f->features & FW_CFG_F_DMA) &&
	    place(mem, end, FW_CFG_DMA_DESC_SIZE, 0, FW_CFG_DMA_DESC_SIZE, &desc) != 0)
		desc = 0;
	if (mem->cmdline != NULL &&
	    (overlaps((uintptr_t)mem->cmdline, mem->cmdline_size, kaddr, footprint) ||
	     overlaps((uintptr_t)mem->cmdline, mem->cmdline_size, iaddr, isize) ||
	     overlaps((uintptr_t)mem->cmdline, mem->cmdline_size, desc,
		      desc != 0 ? FW_CFG_DMA_DESC_SIZE : 0)))
		return FW_CFG_EINVAL;

	saved = *f;
	if (desc != 0 && fw_cfg_enable_dma(f, desc, mem->ram_base, mem->ram_size) == 0)
		out->used_dma = true;
	rc = fw_cfg_read_item(f, FW_CFG_KERNEL_DATA, (void *)(uintptr_t)kaddr, ksize);
	if (rc == 0)
		rc = fw_cfg_read_item(f, FW_CFG_INITRD_DATA, (void *)(uintptr_t)iaddr, isize);
	f->dma_desc = saved.dma_desc;
	f->dma_win_base = saved.dma_win_base;
	f->dma_win_size = saved.dma_win_size;
	if (rc == 0)
		rc = read_cmdline(f, mem, out);
	if (rc != 0)
		return rc;

	out->entry = kaddr;
	out->kernel_size = footprint;
	out->initrd_start = iaddr;
	out->initrd_end = isize != 0 ? iaddr + isize : 0;
	return 0;
}

SECMON_COLD_BOOT const char *fw_cfg_strerror(int err)
{
	switch (err) {
	case 0:
		return "ok";
	case FW_CFG_ENODEV:
		return "no fw_cfg device";
	case FW_CFG_EIO:
		return "DMA transfer failed";
	case FW_CFG_ENOENT:
		return "no such file";
	case FW_CFG_EINVAL:
		return "invalid argument";
	case FW_CFG_EBADIMG:
		return "not a little-endian arm64 Image";
	case FW_CFG_ENOSPACE:
		return "does not fit in RAM";
	default:
		return "unknown error";
	}
}
