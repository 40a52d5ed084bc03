/* Loading QEMU's dumped DTBs and small tree edits for the qemu-virt DTB tests. */
#ifndef VIRT_TEST_DTB_UTIL_H
#define VIRT_TEST_DTB_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "virt_dt.h"

/*
 * Reads VIRT_DTB_DIR/<name>.dtb into a new buffer of exactly max(file size, buf_size)
 * bytes (so AddressSanitizer sees any read past it); *size receives the buffer size.
 * Returns NULL, after printing why, if the file cannot be read.
 */
void *dtb_load(const char *name, size_t buf_size, size_t *size);

/* A copy of fdt packed to its minimum size in a buffer of exactly that size. */
void *dtb_packed_copy(const void *fdt, size_t *size);

/* Deletes the node at path; returns 0 or a libfdt error. */
int dtb_del(void *fdt, const char *path);

/* Sets one property from raw bytes on the node at path; returns 0 or a libfdt error. */
int dtb_set(void *fdt, const char *path, const char *prop, const void *val, int len);

/* Sets a property to a list of 32-bit cells (big-endian in the tree). */
int dtb_set_cells(void *fdt, const char *path, const char *prop, const uint32_t *cells, int count);

/*
 * The port's patch as the EL3 image makes it: virt_dt_parse() with a copy (p's idle
 * states and keep_secure_chosen), then virt_dt_patch() (p's /chosen properties). Returns
 * the first error; *hw (may be NULL) receives what the parse read.
 */
int dtb_patch(void *fdt, size_t size, const struct virt_dt_patch_params *p, size_t *written,
	      struct virt_hw *hw);

/* Writes the blob (its totalsize bytes) to VIRT_DTB_DIR/<name>.dtb; 0 on success. */
int dtb_save(const void *fdt, const char *name);

#endif
