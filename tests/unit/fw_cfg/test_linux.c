/*
 * fw_cfg_load_linux() against the device model, in a host buffer that stands for
 * normal-world RAM with guard areas around it: placement (text_offset 0 and not, DTB at
 * the start or in the middle, unaligned RAM), initrd, command line, DMA and data-register
 * paths, and every refusal (bad Image, does not fit, bad arguments, DMA failure), each
 * checked to leave every byte it must not write untouched.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_fw_cfg.h"
#include "fw_cfg.h"

#define MIB	 0x100000ull
#define GUARD	 (2 * MIB)
#define RAM_SIZE (32 * MIB)
#define FILL	 0xa5
#define DTB_FILL 0xd7
#define BASE	 FW_CFG_VIRT_BASE

static uint8_t *buf; /* guard, RAM, guard */
static uint64_t ram; /* start of the RAM part (2 MiB aligned) */
static uint8_t *kernel, *initrd;

struct setup {
	uint32_t kfile;	      /* kernel file size (0: no -kernel) */
	uint64_t text_offset; /* header fields */
	uint64_t image_size;
	uint64_t flags;
	uint32_t magic;
	uint32_t isize;	     /* initrd size (0: none) */
	const char *cmdline; /* NULL: no -append */
	uint32_t id;	     /* device features */
	uint64_t ram_off;    /* RAM starts this far into the RAM part ... */
	uint64_t ram_size;   /* ... and is this big (0: RAM_SIZE - ram_off) */
	uint64_t dtb_off;    /* DTB offset from the RAM start ... */
	uint64_t dtb_size;   /* ... and size */
};

static struct setup defaults(void)
{
	return (struct setup){.kfile = 3 * MIB + 4321,
			      .image_size = 5 * MIB,
			      .flags = 0xa,
			      .magic = 0x644d5241,
			      .isize = 1536 * 1024 + 123,
			      .cmdline = "console=ttyAMA0 linuxtest.hotplug=100",
			      .id = FW_CFG_F_TRADITIONAL | FW_CFG_F_DMA,
			      .dtb_size = MIB};
}

static void put_le(uint8_t *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Resets RAM and guards and describes s to the model. */
static void prepare(const struct setup *s, struct fake_fw_cfg *d, struct fw_cfg *f,
		    struct fw_cfg_linux_mem *m, char *cmdline, uint32_t cmdline_size)
{
	uint64_t rbase = ram + s->ram_off;

	memset(buf, FILL, RAM_SIZE + 2 * GUARD);
	memset((void *)(uintptr_t)(rbase + s->dtb_off), DTB_FILL, s->dtb_size);
	for (uint32_t i = 0; i < s->kfile; i++)
		kernel[i] = (uint8_t)(i * 13 + 1);
	if (s->kfile >= 64) {
		put_le(kernel + 8, s->text_offset, 8);
		put_le(kernel + 16, s->image_size, 8);
		put_le(kernel + 24, s->flags, 8);
		put_le(kernel + 56, s->magic, 4);
	}
	for (uint32_t i = 0; i < s->isize; i++)
		initrd[i] = (uint8_t)(i * 31 + 7);

	fake_init(d, BASE);
	d->id = s->id;
	d->reach_base = ram; /* the device reaches the RAM part, never the guards */
	d->reach_size = RAM_SIZE;
	if (s->kfile) {
		fake_add_u32(d, FW_CFG_KERNEL_SIZE, s->kfile);
		fake_add_item(d, FW_CFG_KERNEL_DATA, kernel, s->kfile);
		fake_add_u32(d, FW_CFG_INITRD_SIZE, s->isize);
		fake_add_item(d, FW_CFG_INITRD_DATA, initrd, s->isize);
	}
	if (s->cmdline) {
		fake_add_u32(d, FW_CFG_CMDLINE_SIZE, (uint32_t)strlen(s->cmdline) + 1);
		fake_add_item(d, FW_CFG_CMDLINE_DATA, s->cmdline, (uint32_t)strlen(s->cmdline) + 1);
	}
	CHECK_EQ(fw_cfg_probe(f, BASE), 0);
	*m = (struct fw_cfg_linux_mem){
	    .ram_base = rbase,
	    .ram_size = s->ram_size ? s->ram_size : RAM_SIZE - s->ram_off,
	    .dtb_addr = rbase + s->dtb_off,
	    .dtb_size = s->dtb_size,
	    .cmdline = cmdline,
	    .cmdline_size = cmdline_size,
	};
}

/*
 * Every byte of guard and RAM is what it must be: the kernel file at entry, the initrd,
 * the DTB untouched, and at most one 16-byte DMA descriptor written past the images.
 */
static void check_memory(const struct setup *s, const struct fw_cfg_linux *out)
{
	uint64_t kaddr = out->entry - (uintptr_t)buf, iaddr = out->initrd_start - (uintptr_t)buf;
	uint64_t dtb = ram + s->dtb_off + (s->ram_off) - (uintptr_t)buf;
	uint64_t end =
	    (out->initrd_end ? out->initrd_end : out->entry + out->kernel_size) - (uintptr_t)buf;
	uint64_t changed = 0, first_changed = 0;

	for (uint64_t i = 0; i < RAM_SIZE + 2 * GUARD; i++) {
		uint8_t want = FILL;

		if (s->kfile && i >= kaddr && i < kaddr + s->kfile)
			want = kernel[i - kaddr];
		else if (s->isize && out->initrd_end && i >= iaddr && i < iaddr + s->isize)
			want = initrd[i - iaddr];
		else if (i >= dtb && i < dtb + s->dtb_size)
			want = DTB_FILL;
		if (buf[i] != want) {
			if (changed++ == 0)
				first_changed = i;
		}
	}
	if (out->used_dma) {
		/* One descriptor, within 64 bytes past the images, in RAM. */
		CHECK(changed <= 16);
		CHECK(changed == 0 || (first_changed >= end && first_changed < end + 64));
	} else {
		CHECK_EQ(changed, 0);
	}
}

static void check_untouched(void)
{
	uint64_t changed = 0;

	for (uint64_t i = 0; i < RAM_SIZE + 2 * GUARD; i++)
		changed += buf[i] != FILL && buf[i] != DTB_FILL;
	CHECK_EQ(changed, 0);
}

/* Runs a successful load of s and checks it; returns the result for more checks. */
static struct fw_cfg_linux load_ok(const struct setup *s)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;
	struct fw_cfg_linux_mem m;
	struct fw_cfg_linux out;
	char cmdline[2048];

	prepare(s, &d, &f, &m, cmdline, sizeof(cmdline));
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), 0);
	CHECK_EQ(out.entry % (2 * MIB), s->text_offset % (2 * MIB));
	CHECK_EQ(out.kernel_size, s->image_size > s->kfile ? s->image_size : s->kfile);
	CHECK(out.entry >= m.ram_base && out.entry + out.kernel_size <= m.ram_base + m.ram_size);
	if (s->isize) {
		CHECK_EQ(out.initrd_start % 4096, 0);
		CHECK_EQ(out.initrd_end - out.initrd_start, s->isize);
		CHECK(out.initrd_start >= out.entry + out.kernel_size);
		CHECK(out.initrd_end <= m.ram_base + m.ram_size);
	} else {
		CHECK_EQ(out.initrd_start, 0);
		CHECK_EQ(out.initrd_end, 0);
	}
	CHECK(strcmp(cmdline, s->cmdline ? s->cmdline : "") == 0);
	CHECK_EQ(out.cmdline_len, s->cmdline ? strlen(s->cmdline) : 0);
	CHECK(!out.cmdline_truncated);
	CHECK_EQ(f.dma_desc, 0); /* the loader's DMA setting does not outlive it */
	CHECK_EQ(d.bad_accesses, 0);
	check_memory(s, &out);
	return out;
}

static int load_err(const struct setup *s)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;
	struct fw_cfg_linux_mem m;
	struct fw_cfg_linux out;
	char cmdline[64];
	int rc;

	prepare(s, &d, &f, &m, cmdline, sizeof(cmdline));
	rc = fw_cfg_load_linux(&f, &m, &out);
	CHECK_EQ(out.entry, 0);
	CHECK_EQ(out.kernel_size, 0);
	return rc;
}

static void test_placement(void)
{
	struct setup s = defaults();
	struct fw_cfg_linux out;

	/* text_offset 0 with QEMU's DTB at the start of RAM: the next 2 MiB boundary. */
	out = load_ok(&s);
	CHECK_EQ(out.entry, ram + 2 * MIB);
	CHECK_EQ(out.initrd_start, ram + 7 * MIB);
	CHECK(out.used_dma);

	/* Same without DMA: the data register gives the same result. */
	s.id = FW_CFG_F_TRADITIONAL;
	out = load_ok(&s);
	CHECK_EQ(out.entry, ram + 2 * MIB);
	CHECK(!out.used_dma);
	s = defaults();

	/* A DTB bigger than 2 MiB pushes the kernel to the 4 MiB boundary. */
	s.dtb_size = 2 * MIB + 1;
	CHECK_EQ(load_ok(&s).entry, ram + 4 * MIB);
	s = defaults();

	/* Old-style text_offset 0x80000: clear of a small DTB in the same 2 MiB, not of a big one.
	 */
	s.text_offset = 0x80000;
	s.dtb_size = 256 * 1024;
	CHECK_EQ(load_ok(&s).entry, ram + 0x80000);
	s.dtb_size = 1 * MIB;
	CHECK_EQ(load_ok(&s).entry, ram + 2 * MIB + 0x80000);
	s = defaults();

	/* DTB in the middle: kernel at the start of RAM, initrd hops over the DTB. */
	s.dtb_off = 6 * MIB;
	s.dtb_size = MIB;
	s.isize = 2 * MIB;
	out = load_ok(&s);
	CHECK_EQ(out.entry, ram);
	CHECK_EQ(out.initrd_start, ram + 7 * MIB);
	s = defaults();

	/* RAM that starts off a 2 MiB boundary: the kernel still goes on one. */
	s.ram_off = 0x3000;
	s.dtb_size = 0x10000;
	out = load_ok(&s);
	CHECK_EQ(out.entry, ram + 2 * MIB);
	s = defaults();

	/* A kernel file bigger than image_size: the file size counts. */
	s.image_size = 1 * MIB;
	out = load_ok(&s);
	CHECK_EQ(out.kernel_size, s.kfile);
	CHECK_EQ(out.initrd_start, ram + 2 * MIB + ((s.kfile + 4095) & ~4095ull));
	s = defaults();

	/* No initrd, no command line. */
	s.isize = 0;
	s.cmdline = NULL;
	out = load_ok(&s);
	CHECK_EQ(out.entry, ram + 2 * MIB);
	s = defaults();

	/* Exact fit: the kernel ends at the end of RAM; the descriptor has no room, so the
	 * data register is used. */
	s.ram_size = 8 * MIB;
	s.image_size = 6 * MIB;
	s.isize = 0;
	out = load_ok(&s);
	CHECK_EQ(out.entry + out.kernel_size, ram + 8 * MIB);
	CHECK(!out.used_dma);
}

static void test_refusals(void)
{
	struct setup s = defaults();

	/* No -kernel: success with nothing loaded, RAM untouched. */
	s.kfile = 0;
	s.cmdline = NULL;
	CHECK_EQ(load_err(&s), 0);
	check_untouched();
	s = defaults();

	/* Not an arm64 Image, a big-endian one, one without image_size, a truncated one. */
	s.magic = 0x644d5242;
	CHECK_EQ(load_err(&s), FW_CFG_EBADIMG);
	check_untouched();
	s = defaults();
	s.flags |= 1;
	CHECK_EQ(load_err(&s), FW_CFG_EBADIMG);
	s = defaults();
	s.image_size = 0;
	CHECK_EQ(load_err(&s), FW_CFG_EBADIMG);
	s = defaults();
	s.kfile = 63;
	CHECK_EQ(load_err(&s), FW_CFG_EBADIMG);
	check_untouched();
	s = defaults();

	/* Too big: one byte over the exact fit; a kernel bigger than RAM; an initrd that
	 * does not fit; a text_offset past the end. Nothing is written. */
	s.ram_size = 8 * MIB;
	s.image_size = 6 * MIB + 1;
	s.isize = 0;
	CHECK_EQ(load_err(&s), FW_CFG_ENOSPACE);
	check_untouched();
	s = defaults();
	s.image_size = 64 * MIB;
	CHECK_EQ(load_err(&s), FW_CFG_ENOSPACE);
	check_untouched();
	s = defaults();
	s.isize = RAM_SIZE - 7 * MIB + 1;
	CHECK_EQ(load_err(&s), FW_CFG_ENOSPACE);
	check_untouched();
	s = defaults();
	s.text_offset = UINT64_MAX - MIB;
	CHECK_EQ(load_err(&s), FW_CFG_ENOSPACE);
	s = defaults();
	s.image_size = UINT64_MAX - 4095;
	CHECK_EQ(load_err(&s), FW_CFG_ENOSPACE);
	check_untouched();
}

static void test_arguments_and_cmdline(void)
{
	struct setup s = defaults();
	struct fake_fw_cfg d;
	struct fw_cfg f;
	struct fw_cfg_linux_mem m;
	struct fw_cfg_linux out;
	char small[8];
	char cmdline[64];

	/* A short buffer: truncated, still NUL-terminated. */
	prepare(&s, &d, &f, &m, small, sizeof(small));
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), 0);
	CHECK(strcmp(small, "console") == 0);
	CHECK_EQ(out.cmdline_len, 7);
	CHECK(out.cmdline_truncated);

	/* The edges: 7 characters fit in 8 bytes, 8 do not. */
	s.cmdline = "1234567";
	prepare(&s, &d, &f, &m, small, sizeof(small));
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), 0);
	CHECK(strcmp(small, "1234567") == 0);
	CHECK(!out.cmdline_truncated);
	s.cmdline = "12345678";
	prepare(&s, &d, &f, &m, small, sizeof(small));
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), 0);
	CHECK(strcmp(small, "1234567") == 0);
	CHECK(out.cmdline_truncated);
	s = defaults();

	/* No buffer: the command line is not read, the rest loads. */
	prepare(&s, &d, &f, &m, NULL, 0);
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), 0);
	CHECK_EQ(out.entry, ram + 2 * MIB);

	/* Bad arguments. */
	prepare(&s, &d, &f, &m, cmdline, sizeof(cmdline));
	m.ram_size = 0;
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EINVAL);
	m.ram_size = UINT64_MAX;
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EINVAL);
	m.ram_size = RAM_SIZE;
	m.dtb_size = 0; /* a DTB without its size */
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EINVAL);
	m.dtb_size = MIB;
	m.cmdline_size = 0;
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EINVAL);
	m.cmdline_size = sizeof(cmdline);
	CHECK_EQ(fw_cfg_load_linux(NULL, &m, &out), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_load_linux(&f, NULL, &out), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_load_linux(&f, &m, NULL), FW_CFG_EINVAL);
	/* A command-line buffer where the kernel goes. */
	m.cmdline = (char *)(uintptr_t)(ram + 3 * MIB);
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EINVAL);
	check_untouched();

	/* DMA that fails or never finishes: an error, not a hang. */
	prepare(&s, &d, &f, &m, cmdline, sizeof(cmdline));
	d.dma_mode = FAKE_DMA_ERROR;
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EIO);
	prepare(&s, &d, &f, &m, cmdline, sizeof(cmdline));
	d.dma_mode = FAKE_DMA_STALL;
	f.dma_poll_limit = 5000;
	CHECK_EQ(fw_cfg_load_linux(&f, &m, &out), FW_CFG_EIO);
	CHECK_EQ(f.dma_desc, 0);
	CHECK_EQ(f.dma_poll_limit, 5000);
}

int main(void)
{
	void *p;

	if (posix_memalign(&p, 2 * MIB, RAM_SIZE + 2 * GUARD) != 0)
		return 1;
	buf = p;
	ram = (uintptr_t)buf + GUARD;
	kernel = malloc(8 * MIB);
	initrd = malloc(RAM_SIZE);
	if (kernel == NULL || initrd == NULL)
		return 1;
	test_placement();
	test_refusals();
	test_arguments_and_cmdline();
	free(kernel);
	free(initrd);
	free(buf);
	return check_report();
}
