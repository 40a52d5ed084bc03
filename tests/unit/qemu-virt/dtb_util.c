/* Loading QEMU's dumped DTBs and small tree edits for the qemu-virt DTB tests. */
#include "dtb_util.h"

#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *dtb_load(const char *name, size_t buf_size, size_t *size)
{
	char path[512];
	FILE *f;
	long len;
	void *buf;

	snprintf(path, sizeof(path), "%s/%s.dtb", VIRT_DTB_DIR, name);
	f = fopen(path, "rb");
	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fprintf(stderr, "cannot read %s\n", path);
		if (f != NULL)
			fclose(f);
		return NULL;
	}
	*size = (size_t)len > buf_size ? (size_t)len : buf_size;
	buf = calloc(1, *size); /* malloc alignment (16) satisfies libfdt's 8 */
	if (buf != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "short read on %s\n", path);
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

void *dtb_packed_copy(const void *fdt, size_t *size)
{
	size_t total = fdt_totalsize(fdt);
	void *tmp = malloc(total);
	void *out = NULL;

	if (tmp != NULL && fdt_open_into(fdt, tmp, (int)total) == 0 && fdt_pack(tmp) == 0) {
		*size = fdt_totalsize(tmp);
		out = malloc(*size);
		if (out != NULL)
			memcpy(out, tmp, *size);
	}
	free(tmp);
	return out;
}

int dtb_del(void *fdt, const char *path)
{
	int node = fdt_path_offset(fdt, path);

	return node < 0 ? node : fdt_del_node(fdt, node);
}

int dtb_set(void *fdt, const char *path, const char *prop, const void *val, int len)
{
	int node = fdt_path_offset(fdt, path);

	return node < 0 ? node : fdt_setprop(fdt, node, prop, val, len);
}

int dtb_set_cells(void *fdt, const char *path, const char *prop, const uint32_t *cells, int count)
{
	fdt32_t be[32];

	if (count > 32)
		return -FDT_ERR_BADVALUE;
	for (int i = 0; i < count; i++)
		be[i] = cpu_to_fdt32(cells[i]);
	return dtb_set(fdt, path, prop, be, count * (int)sizeof(be[0]));
}

int dtb_patch(void *fdt, size_t size, const struct virt_dt_patch_params *p, size_t *written,
	      struct virt_hw *hw)
{
	static struct virt_hw scratch;
	struct virt_dt_copy copy;
	int rc = virt_dt_parse(fdt, size, hw ? hw : &scratch, p, &copy);

	return rc ? rc : virt_dt_patch(fdt, size, p, &copy, written);
}

int dtb_save(const void *fdt, const char *name)
{
	char path[512];
	FILE *f;
	size_t n = fdt_totalsize(fdt);
	int ok;

	snprintf(path, sizeof(path), "%s/%s.dtb", VIRT_DTB_DIR, name);
	f = fopen(path, "wb");
	if (f == NULL)
		return -1;
	ok = fwrite(fdt, 1, n, f) == n;
	return (fclose(f) == 0 && ok) ? 0 : -1;
}
