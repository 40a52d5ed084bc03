/*
 * fw_cfg driver against the device model: probe (good, bad signature, no DMA, DMA
 * register that disagrees), item reads through the data register and through DMA
 * (encodings, offsets, windows, errors, bounded polling) and the file directory.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_fw_cfg.h"
#include "fw_cfg.h"

#define BASE FW_CFG_VIRT_BASE

static uint8_t blob[1000];

static void fill_blob(void)
{
	for (unsigned int i = 0; i < sizeof(blob); i++)
		blob[i] = (uint8_t)(i * 7 + 3);
}

static void test_probe(void)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;

	fake_init(&d, BASE);
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);
	CHECK_EQ(f.base, BASE);
	CHECK_EQ(f.features, FW_CFG_F_TRADITIONAL | FW_CFG_F_DMA);
	CHECK_EQ(f.dma_desc, 0); /* DMA stays off until a window is given */
	CHECK_EQ(d.dma_reg_reads, 1);
	CHECK_EQ(d.last_sel, FW_CFG_ID); /* the selector was decoded big-endian */
	CHECK_EQ(d.bad_accesses, 0);

	/* Bad signature: no device, and nothing read beyond the signature. */
	fake_init(&d, BASE);
	memcpy(d.signature, "QEMV", 4);
	CHECK_EQ(fw_cfg_probe(&f, BASE), FW_CFG_ENODEV);
	CHECK_EQ(f.base, 0);
	CHECK_EQ(d.dma_reg_reads, 0);
	CHECK_EQ(fw_cfg_probe(NULL, BASE), FW_CFG_EINVAL);

	/* No DMA feature: the DMA register (which would abort on real hardware) is never read. */
	fake_init(&d, BASE);
	d.id = FW_CFG_F_TRADITIONAL;
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);
	CHECK_EQ(f.features, FW_CFG_F_TRADITIONAL);
	CHECK_EQ(d.dma_reg_reads, 0);
	CHECK_EQ(d.bad_accesses, 0);

	/* DMA announced but the register does not read "QEMU CFG": treated as no DMA. */
	fake_init(&d, BASE);
	d.dma_reg_value = FW_CFG_DMA_SIGNATURE; /* wrong byte order */
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);
	CHECK_EQ(f.features, FW_CFG_F_TRADITIONAL);
	CHECK_EQ(fw_cfg_enable_dma(&f, 0x1000, 0, 0x10000), FW_CFG_EIO);
	CHECK_EQ(f.dma_desc, 0);
}

static void test_data_register(void)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;
	uint8_t buf[64 + 9];
	uint32_t v;

	fake_init(&d, BASE);
	d.id = FW_CFG_F_TRADITIONAL;
	fake_add_item(&d, 0x30, blob, sizeof(blob));
	fake_add_u32(&d, FW_CFG_KERNEL_SIZE, 0x12345678);
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);

	/* Every length from 1 to 64, at an aligned and a misaligned destination. */
	for (uint32_t len = 1; len <= 64; len++) {
		for (unsigned int mis = 0; mis < 2; mis++) {
			memset(buf, 0xee, sizeof(buf));
			CHECK_EQ(fw_cfg_read_item(&f, 0x30, buf + mis, len), 0);
			CHECK(memcmp(buf + mis, blob, len) == 0);
			CHECK_EQ(buf[mis + len], 0xee); /* not one byte more */
			if (mis)
				CHECK_EQ(buf[0], 0xee);
		}
	}
	/* 8-byte reads do the bulk: 61 bytes = 7 wide reads + 5 byte reads. */
	d.data_reads = 0;
	CHECK_EQ(fw_cfg_read_item(&f, 0x30, buf, 61), 0);
	CHECK_EQ(d.data_reads, 12);

	/* From an offset; past the end the item reads as zeros. */
	CHECK_EQ(fw_cfg_read_item_at(&f, 0x30, 123, buf, 40), 0);
	CHECK(memcmp(buf, blob + 123, 40) == 0);
	memset(buf, 0xee, sizeof(buf));
	CHECK_EQ(fw_cfg_read_item_at(&f, 0x30, sizeof(blob) - 4, buf, 12), 0);
	CHECK(memcmp(buf, blob + sizeof(blob) - 4, 4) == 0);
	CHECK(buf[4] == 0 && buf[11] == 0 && buf[12] == 0xee);

	CHECK_EQ(fw_cfg_read_u32(&f, FW_CFG_KERNEL_SIZE, &v), 0);
	CHECK_EQ(v, 0x12345678);
	CHECK_EQ(fw_cfg_read_u32(&f, FW_CFG_INITRD_SIZE, &v), 0); /* absent item */
	CHECK_EQ(v, 0);

	CHECK_EQ(fw_cfg_read_item(&f, 0x30, NULL, 4), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_read_item(&f, 0x30, buf, 0), 0);
	CHECK_EQ(d.bad_accesses, 0);
}

static void test_dma(void)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;
	/* The "normal-world RAM" the device can reach, and a "secure" buffer it cannot. */
	static uint8_t ram[4096] __attribute__((aligned(16)));
	uint8_t secure[100];
	uint64_t rb = (uintptr_t)ram, desc = rb + 4096 - 16;
	unsigned long reads;

	fake_init(&d, BASE);
	d.reach_base = rb;
	d.reach_size = sizeof(ram);
	fake_add_item(&d, 0x31, blob, sizeof(blob));
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);

	/* Bad descriptors and windows are refused and leave DMA off. */
	CHECK_EQ(fw_cfg_enable_dma(&f, desc + 8, rb, sizeof(ram)), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_enable_dma(&f, rb + 4096, rb, sizeof(ram)), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_enable_dma(&f, rb - 16, rb, sizeof(ram)), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_enable_dma(&f, desc, rb, 0), FW_CFG_EINVAL);
	CHECK_EQ(fw_cfg_enable_dma(&f, 16, UINT64_MAX - 8, 64), FW_CFG_EINVAL);
	CHECK_EQ(f.dma_desc, 0);
	CHECK_EQ(fw_cfg_enable_dma(&f, desc, rb, sizeof(ram)), 0);
	CHECK_EQ(f.dma_desc, desc);

	/* A read into the window is one descriptor and no data register access. */
	reads = d.data_reads;
	memset(ram, 0, sizeof(ram));
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram + 3, 999), 0);
	CHECK(memcmp(ram + 3, blob, 999) == 0);
	CHECK_EQ(ram[2], 0);
	CHECK_EQ(ram[1002], 0);
	CHECK_EQ(d.dma_ops, 1);
	CHECK_EQ(d.data_reads, reads);
	/* The descriptor as the device saw it: big-endian control, length, address. */
	{
		uint64_t a = rb + 3;
		uint8_t want[16] = {0x00, 0x31, 0x00, FW_CFG_DMA_CTL_SELECT | FW_CFG_DMA_CTL_READ,
				    0,	  0,	0x03, 0xe7};

		for (int i = 0; i < 8; i++)
			want[8 + i] = (uint8_t)(a >> (56 - 8 * i));
		CHECK(memcmp(d.last_desc, want, 16) == 0);
	}

	/* With an offset: a select+skip, then a read that does not select again. */
	memset(ram, 0, sizeof(ram));
	CHECK_EQ(fw_cfg_read_item_at(&f, 0x31, 500, ram, 600), 0);
	CHECK(memcmp(ram, blob + 500, 500) == 0);
	CHECK_EQ(ram[500], 0); /* past the end: zeros */
	CHECK_EQ(d.dma_ops, 3);
	CHECK_EQ(d.last_desc[3], FW_CFG_DMA_CTL_READ);
	CHECK_EQ(d.last_desc[1], 0);

	/* Outside the window (secure memory) or over the descriptor: the data register. */
	reads = d.data_reads;
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, secure, sizeof(secure)), 0);
	CHECK(memcmp(secure, blob, sizeof(secure)) == 0);
	CHECK_EQ(d.dma_ops, 3);
	CHECK(d.data_reads > reads);
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram + 4096 - 40, 32), 0);
	CHECK(memcmp(ram + 4096 - 40, blob, 32) == 0);
	CHECK_EQ(d.dma_ops, 3);
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram + 4096 - 100, 100), 0); /* ends in it */
	CHECK_EQ(d.dma_ops, 3);

	/* Errors: the device's error bit, and a transfer that never completes (bounded). */
	d.dma_mode = FAKE_DMA_ERROR;
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram, 16), FW_CFG_EIO);
	d.dma_mode = FAKE_DMA_STALL;
	f.dma_poll_limit = 1000;
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram, 16), FW_CFG_EIO);
	CHECK_EQ(fw_cfg_read_item_at(&f, 0x31, 8, ram, 16), FW_CFG_EIO);
	d.dma_mode = FAKE_DMA_OK;

	/* The device itself failing to reach the destination is an error too. */
	d.reach_base = rb + 2048;
	d.reach_size = 2048;
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram + 100, 100), FW_CFG_EIO);
	d.reach_base = rb;
	d.reach_size = sizeof(ram);

	fw_cfg_disable_dma(&f);
	reads = d.dma_ops;
	CHECK_EQ(fw_cfg_read_item(&f, 0x31, ram, 64), 0);
	CHECK(memcmp(ram, blob, 64) == 0);
	CHECK_EQ(d.dma_ops, reads);
	CHECK_EQ(d.bad_accesses, 0);
}

static void test_files(void)
{
	struct fake_fw_cfg d;
	struct fw_cfg f;
	struct fw_cfg_file file;
	char long_name[57];
	uint32_t count;
	uint8_t buf[16];
	uint16_t k_ramfb, k_long;

	fake_init(&d, BASE);
	CHECK_EQ(fw_cfg_probe(&f, BASE), 0);
	CHECK_EQ(fw_cfg_file_count(&f, &count), 0);
	CHECK_EQ(count, 0);
	CHECK_EQ(fw_cfg_find_file(&f, "etc/ramfb", &file), FW_CFG_ENOENT);
	CHECK_EQ(fw_cfg_file_at(&f, 0, &file), FW_CFG_ENOENT);

	fake_add_file(&d, "etc/boot-fail-wait", blob, 4);
	k_ramfb = fake_add_file(&d, "etc/ramfb", blob + 10, 28);
	memset(long_name, 'x', 56);
	long_name[56] = '\0';
	k_long = fake_add_file(&d, long_name, blob, 1); /* 56 bytes, no NUL on the device */
	fake_add_file(&d, "opt/org.example/last", blob + 20, 300);

	CHECK_EQ(fw_cfg_file_count(&f, &count), 0);
	CHECK_EQ(count, 4);
	CHECK_EQ(fw_cfg_find_file(&f, "etc/ramfb", &file), 0);
	CHECK_EQ(file.key, k_ramfb);
	CHECK_EQ(file.size, 28);
	CHECK(strcmp(file.name, "etc/ramfb") == 0);
	CHECK_EQ(fw_cfg_read_item(&f, file.key, buf, sizeof(buf)), 0);
	CHECK(memcmp(buf, blob + 10, sizeof(buf)) == 0);

	CHECK_EQ(fw_cfg_find_file(&f, "opt/org.example/last", &file), 0);
	CHECK_EQ(file.key, FW_CFG_FILE_FIRST + 3);
	CHECK_EQ(file.size, 300);
	CHECK_EQ(fw_cfg_find_file(&f, "etc/ramf", &file), FW_CFG_ENOENT); /* no prefix match */
	CHECK_EQ(file.key, 0);
	CHECK_EQ(fw_cfg_find_file(&f, long_name, &file), FW_CFG_ENOENT); /* too long to exist */
	CHECK_EQ(fw_cfg_find_file(&f, NULL, &file), FW_CFG_ENOENT);

	CHECK_EQ(fw_cfg_file_at(&f, 2, &file), 0);
	CHECK_EQ(file.key, k_long);
	CHECK_EQ(strlen(file.name), 55); /* forced NUL in the last byte */
	CHECK_EQ(fw_cfg_file_at(&f, 0, &file), 0);
	CHECK(strcmp(file.name, "etc/boot-fail-wait") == 0);
	CHECK_EQ(file.size, 4);
	CHECK_EQ(fw_cfg_file_at(&f, 4, &file), FW_CFG_ENOENT);
	CHECK_EQ(d.bad_accesses, 0);
	fake_free(&d);
}

static void test_strerror(void)
{
	CHECK(strcmp(fw_cfg_strerror(0), "ok") == 0);
	for (int e = FW_CFG_ENOSPACE; e <= FW_CFG_ENODEV; e++)
		CHECK(strcmp(fw_cfg_strerror(e), "unknown error") != 0);
	CHECK(strcmp(fw_cfg_strerror(-100), "unknown error") == 0);
}

int main(void)
{
	fill_blob();
	test_probe();
	test_data_register();
	test_dma();
	test_files();
	test_strerror();
	return check_report();
}
