/*
 * QEMU virt DTB: the changes the normal world needs once we, not QEMU, provide PSCI.
 *
 * QEMU adds no /psci node when firmware runs at EL3 (secure=on), and its cpu nodes carry
 * enable-method "psci" only with more than one CPU. Without secure=on it adds a /psci node
 * for its own emulation (with PSCI 0.1 function IDs); either way we replace it.
 *
 * No /reserved-memory entry is needed: our code and data live in secure flash and secure
 * SRAM, which QEMU describes only as secure-only nodes (status "disabled"), outside the
 * normal-world memory node (the host test checks this against QEMU's DTBs).
 *
 * The structure block is rewritten in one pass, in place: the old structure and strings
 * blocks move up, just far enough, and the new structure block is written from the old
 * one's start while the moved copy is read, dropping what is replaced and adding what is new
 * (new nodes go last in their parent, new properties last in their node). A first pass
 * over the same code writes nothing and only measures, so a tree that would not fit is
 * refused before anything changes, and the writer never overtakes the reader. The old
 * tree must have its blocks in the usual order (reservation map, structure, strings), as
 * QEMU and dtc write them; the parser alone accepts any order.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

/*
 * Cold-boot code only: the DTB is read and patched before the normal world runs. Before
 * the port's headers, so that their inline functions are cold-boot code here too.
 */

#include "virt_fdt_internal.h"

/* Property names the patch may add; names[] below is in the same order. */
enum name_id {
	N_COMPATIBLE,
	N_METHOD,
	N_ENABLE_METHOD,
	N_CPU_IDLE_STATES,
	N_ENTRY_METHOD,
	N_SUSPEND_PARAM,
	N_ENTRY_LATENCY,
	N_EXIT_LATENCY,
	N_MIN_RESIDENCY,
	N_LOCAL_TIMER_STOP,
	N_PHANDLE,
	N_BOOTARGS,
	N_INITRD_START,
	N_INITRD_END,
	N_COUNT,
};

static const char *const names[N_COUNT] = {
    "compatible",	  "method",	      "enable-method",
    "cpu-idle-states",	  "entry-method",     "arm,psci-suspend-param",
    "entry-latency-us",	  "exit-latency-us",  "min-residency-us",
    "local-timer-stop",	  "phandle",	      "bootargs",
    "linux,initrd-start", "linux,initrd-end",
};

/* One pass over the tree: the measuring one (out == NULL) or the writing one. */
struct pass {
	const struct virt_fdt_patch_params *p;
	struct dtb src;		   /* the old tree (moved to the buffer's end when writing) */
	uint8_t *out;		   /* the new structure block; NULL: measure only */
	uint32_t w;		   /* bytes of the new structure block so far */
	uint32_t r;		   /* bytes of the old structure block consumed so far */
	int64_t max_growth;	   /* largest w - r seen: how far the writer ran ahead */
	uint32_t nameoff[N_COUNT]; /* where each name is in the new strings block */
	uint32_t phandle_base;	   /* idle state i gets phandle_base + i */
	uint32_t max_phandle;	   /* largest phandle among the nodes kept (measuring) */
	bool cpus_seen;		   /* /cpus was found */
	bool chosen_seen;	   /* /chosen was found */
};

static void grew(struct pass *ps)
{
	int64_t g = (int64_t)ps->w - (int64_t)ps->r;

	if (g > ps->max_growth)
		ps->max_growth = g;
}

/* Appends len bytes (zero-padded to 4) to the new structure block. */
static void put(struct pass *ps, const void *data, uint32_t len)
{
	uint32_t padded = (len + 3) & ~3u;

	if (ps->out && padded) {
		memcpy(ps->out + ps->w, data, len);
		memset(ps->out + ps->w + len, 0, padded - len);
	}
	ps->w += padded;
	grew(ps);
}

/* Appends one big-endian word (the block is 4-byte aligned, and so is w). */
static void put32(struct pass *ps, uint32_t v)
{
	if (ps->out)
		*(uint32_t *)(ps->out + ps->w) = __builtin_bswap32(v);
	ps->w += 4;
	grew(ps);
}

static void put_begin(struct pass *ps, const char *name)
{
	put32(ps, DTB_BEGIN_NODE);
	put(ps, name, (uint32_t)strlen(name) + 1);
}

/* A property's token and header; its value follows. */
static void put_prop_head(struct pass *ps, enum name_id name, uint32_t len)
{
	put32(ps, DTB_PROP);
	put32(ps, len);
	put32(ps, ps->nameoff[name]);
}

static void put_prop(struct pass *ps, enum name_id name, const void *val, uint32_t len)
{
	put_prop_head(ps, name, len);
	put(ps, val, len);
}

static void put_string(struct pass *ps, enum name_id name, const char *s)
{
	put_prop(ps, name, s, (uint32_t)strlen(s) + 1);
}

static void put_u32(struct pass *ps, enum name_id name, uint32_t v)
{
	put_prop_head(ps, name, 4);
	put32(ps, v);
}

static void put_u64(struct pass *ps, enum name_id name, uint64_t v)
{
	put_prop_head(ps, name, 8);
	put32(ps, (uint32_t)(v >> 32));
	put32(ps, (uint32_t)v);
}

/*
 * memmove() that goes a word at a time when dst and src are both 4-byte aligned
 * (picolibc's small memmove goes byte by byte, which dominated the boot time).
 */
static void move_bytes(uint8_t *dst, const uint8_t *src, uint32_t n)
{
	uint32_t words = ((uintptr_t)dst | (uintptr_t)src) % 4 ? 0 : n / 4;
	uint32_t *d = (uint32_t *)dst;
	const uint32_t *s = (const uint32_t *)src;

	if (dst < src) {
		for (uint32_t i = 0; i < words; i++)
			d[i] = s[i];
		for (uint32_t i = words * 4; i < n; i++)
			dst[i] = src[i];
	} else {
		for (uint32_t i = n; i > words * 4; i--)
			dst[i - 1] = src[i - 1];
		while (words--)
			d[words] = s[words];
	}
}

/* Copies the old tree's token at r (the writer may be right behind the reader). */
static void copy_token(struct pass *ps)
{
	uint32_t tag, next = dtb_next_token(&ps->src, ps->r, &tag);
	uint32_t len = next - ps->r;

	if (ps->out)
		move_bytes(ps->out + ps->w, ps->src.st + ps->r, len);
	ps->w += len;
	ps->r = next;
	grew(ps);
}

static void add_psci(struct pass *ps)
{
	/* A string list: both strings with their terminating NULs. */
	static const char compatible[] = "arm,psci-1.0\0arm,psci-0.2";

	put_begin(ps, "psci");
	put_prop(ps, N_COMPATIBLE, compatible, sizeof(compatible));
	put_string(ps, N_METHOD, "smc");
	put32(ps, DTB_END_NODE);
}

static void add_idle_states(struct pass *ps)
{
	put_begin(ps, "idle-states");
	put_string(ps, N_ENTRY_METHOD, "psci"); /* required on arm64 by the binding */
	for (size_t i = 0; i < ps->p->idle_state_count; i++) {
		const struct virt_idle_state *s = &ps->p->idle_states[i];

		put_begin(ps, s->name);
		put_string(ps, N_COMPATIBLE, "arm,idle-state");
		put_u32(ps, N_SUSPEND_PARAM, s->psci_suspend_param);
		put_u32(ps, N_ENTRY_LATENCY, s->entry_latency_us);
		put_u32(ps, N_EXIT_LATENCY, s->exit_latency_us);
		put_u32(ps, N_MIN_RESIDENCY, s->min_residency_us);
		if (s->local_timer_stop)
			put_prop(ps, N_LOCAL_TIMER_STOP, NULL, 0);
		put_u32(ps, N_PHANDLE, ps->phandle_base + (uint32_t)i);
		put32(ps, DTB_END_NODE);
	}
	put32(ps, DTB_END_NODE);
}

/* What a node is to the patch, from its depth and name (and its parent's kind). */
enum kind { K_OTHER, K_CPUS, K_CPU, K_CHOSEN, K_DROP };

static bool initrd(const struct virt_fdt_patch_params *p)
{
	return p->initrd_end > p->initrd_start;
}

static enum kind classify(const struct pass *ps, int node, int depth, enum kind parent)
{
	const char *name = dtb_name(&ps->src, node);

	if (depth == 1) {
		if (dtb_name_is(name, "psci", 4))
			return K_DROP;
		if (dtb_name_is(name, "secure-chosen", 13) && !ps->p->keep_secure_chosen)
			return K_DROP;
		if (dtb_name_is(name, "cpus", 4))
			return K_CPUS;
		if (dtb_name_is(name, "chosen", 6))
			return K_CHOSEN;
	} else if (depth == 2 && parent == K_CPUS) {
		if (ps->p->idle_state_count && dtb_name_is(name, "idle-states", 11))
			return K_DROP;
		if (virt_fdt_prop_is(&ps->src, node, "device_type", "cpu"))
			return K_CPU;
	}
	return K_OTHER;
}

/* Whether an old property of a node of this kind is replaced (so not copied). */
static bool replaced(const struct pass *ps, enum kind k, const char *prop)
{
	if (k == K_CPU)
		return strcmp(prop, "enable-method") == 0 ||
		       (ps->p->idle_state_count && strcmp(prop, "cpu-idle-states") == 0);
	if (k == K_CHOSEN)
		return (ps->p->bootargs && strcmp(prop, "bootargs") == 0) ||
		       (initrd(ps->p) && (strcmp(prop, "linux,initrd-start") == 0 ||
					  strcmp(prop, "linux,initrd-end") == 0));
	return false;
}

/* The properties /chosen gets from the parameters. */
static void add_chosen_props(struct pass *ps)
{
	if (ps->p->bootargs)
		put_string(ps, N_BOOTARGS, ps->p->bootargs);
	if (initrd(ps->p)) {
		put_u64(ps, N_INITRD_START, ps->p->initrd_start);
		put_u64(ps, N_INITRD_END, ps->p->initrd_end);
	}
}

/* Copies a node's BEGIN_NODE and properties, minus the replaced ones, plus the new ones. */
static void copy_node_head(struct pass *ps, enum kind k)
{
	uint32_t tag;

	copy_token(ps);
	for (;;) {
		uint32_t next = dtb_next_token(&ps->src, ps->r, &tag);

		if (tag != DTB_PROP && tag != DTB_NOP)
			break;
		if (tag == DTB_NOP ||
		    replaced(ps, k, ps->src.str + dtb_be32(ps->src.st + ps->r + 8))) {
			ps->r = next; /* dropped */
			continue;
		}
		copy_token(ps);
	}
	if (k == K_CPU) {
		uint32_t count = (uint32_t)ps->p->idle_state_count;

		put_string(ps, N_ENABLE_METHOD, "psci");
		if (count) {
			put_prop_head(ps, N_CPU_IDLE_STATES, 4 * count);
			for (uint32_t i = 0; i < count; i++)
				put32(ps, ps->phandle_base + i);
		}
	} else if (k == K_CHOSEN) {
		add_chosen_props(ps);
	}
}

/* Largest phandle of the kept nodes, so new ones are unique. */
static void note_phandle(struct pass *ps, int node)
{
	uint32_t ph = dtb_phandle(&ps->src, node);

	if (ph > ps->max_phandle)
		ps->max_phandle = ph;
}

/* The rewrite itself; the tree was checked, so every token is where it should be. */
static int rewrite(struct pass *ps)
{
	enum kind open1 = K_OTHER; /* the open node at depth 1 (a child of the root) */
	int depth = -1;		   /* of the node open at r: -1 before the root, 0 inside it */

	for (;;) {
		uint32_t tag;

		dtb_next_token(&ps->src, ps->r, &tag);
		if (tag == DTB_BEGIN_NODE) {
			int node = (int)ps->r;
			enum kind k = depth < 2 ? classify(ps, node, depth + 1, open1) : K_OTHER;

			if (k == K_DROP) {
				ps->r = dtb_skip_node(&ps->src, node);
				continue;
			}
			if (++depth == 1)
				open1 = k;
			ps->cpus_seen |= k == K_CPUS;
			ps->chosen_seen |= k == K_CHOSEN;
			note_phandle(ps, node);
			copy_node_head(ps, k);
		} else if (tag == DTB_END_NODE) {
			if (depth == 1 && open1 == K_CPUS && ps->p->idle_state_count)
				add_idle_states(ps);
			if (depth == 0) {
				if (!ps->chosen_seen && (ps->p->bootargs || initrd(ps->p))) {
					put_begin(ps, "chosen");
					add_chosen_props(ps);
					put32(ps, DTB_END_NODE);
				}
				add_psci(ps);
			}
			copy_token(ps);
			depth--;
		} else if (tag == DTB_NOP) {
			ps->r += 4;
		} else {
			copy_token(ps); /* END */
			return ps->cpus_seen ? 0 : VIRT_FDT_ENOTFOUND;
		}
	}
}

/* Offset of s in the strings block (old strings, then the added ones), adding it if new. */
static uint32_t find_or_add(const struct dtb *t, const char *added, uint32_t *added_len,
			    const char *s)
{
	size_t n = strlen(s) + 1;

	for (uint32_t i = 0; i + n <= t->str_size; i++) {
		if (t->str[i] == s[0] && memcmp(t->str + i, s, n) == 0)
			return i;
	}
	for (uint32_t i = 0; i + n <= *added_len; i++) {
		if (memcmp(added + i, s, n) == 0)
			return t->str_size + i;
	}
	*added_len += (uint32_t)n;
	return t->str_size + *added_len - (uint32_t)n;
}

static int check_params(const struct virt_fdt_patch_params *p)
{
	if (p->idle_state_count > VIRT_FDT_MAX_IDLE_STATES)
		return VIRT_FDT_EINVAL;
	if (p->idle_state_count && p->idle_states == NULL)
		return VIRT_FDT_EINVAL;
	for (size_t i = 0; i < p->idle_state_count; i++) {
		const char *name = p->idle_states[i].name;

		if (name == NULL || name[0] == '\0' || strchr(name, '/') != NULL)
			return VIRT_FDT_EINVAL;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(name, p->idle_states[j].name) == 0)
				return VIRT_FDT_EINVAL;
		}
	}
	if (p->initrd_end < p->initrd_start)
		return VIRT_FDT_EINVAL;
	return 0;
}

/* Header word w of the blob at fdt, written big-endian. */
static void set_hdr(void *fdt, enum dtb_header_word w, uint32_t v)
{
	((uint32_t *)fdt)[w] = __builtin_bswap32(v);
}

int virt_fdt_patch(void *fdt, size_t buf_size, const struct virt_fdt_patch_params *p,
		   size_t *written)
{
	struct pass ps;
	char added[256]; /* the new strings: at most the N_COUNT names */
	uint32_t added_len = 0, off_st, str_end, span, top, rsv_end, end;
	uint8_t *base = fdt;
	int err;

	if (p == NULL || buf_size > INT_MAX)
		return VIRT_FDT_EINVAL;
	err = check_params(p);
	memset(&ps, 0, sizeof(ps));
	if (!err)
		err = dtb_open(&ps.src, fdt, buf_size);
	if (err)
		return err;
	ps.p = p;

	/* The reservation map must come before the structure block, then the strings. */
	off_st = dtb_hdr(fdt, DTB_OFF_STRUCT);
	str_end = dtb_hdr(fdt, DTB_OFF_STRINGS) + ps.src.str_size;
	rsv_end = dtb_hdr(fdt, DTB_OFF_RSVMAP);
	while (rsv_end + 16 <= off_st &&
	       (dtb_be32(base + rsv_end) | dtb_be32(base + rsv_end + 4) |
		dtb_be32(base + rsv_end + 8) | dtb_be32(base + rsv_end + 12)))
		rsv_end += 16;
	if (rsv_end + 16 > off_st || dtb_hdr(fdt, DTB_OFF_STRINGS) < off_st + ps.src.st_size)
		return VIRT_FDT_EBADFDT;

	for (int i = 0; i < N_COUNT; i++) {
		uint32_t before = added_len;

		ps.nameoff[i] = find_or_add(&ps.src, added, &added_len, names[i]);
		if (added_len != before)
			memcpy(added + before, names[i], added_len - before);
	}

	/* Measure. */
	err = rewrite(&ps);
	if (err)
		return err;
	if (ps.max_phandle > 0xfffffffeu - VIRT_FDT_MAX_IDLE_STATES)
		return VIRT_FDT_EBADPROP;
	/*
	 * The old blocks move up by the most the writer ever runs ahead of the reader (8-byte
	 * aligned for the token reads), no further: what is written stays near the tree.
	 */
	span = str_end - off_st;
	top = (off_st + (uint32_t)(ps.max_growth > 0 ? ps.max_growth : 0) + 7) & ~7u;
	if ((uint64_t)off_st + ps.w + ps.src.str_size + added_len > buf_size ||
	    (uint64_t)top + span > buf_size)
		return VIRT_FDT_ENOSPACE;

	/* Write: move the old blocks, then rewrite from off_st. */
	move_bytes(base + top, base + off_st, span);
	ps.src.st = base + top;
	ps.src.str = (const char *)base + top + (str_end - ps.src.str_size - off_st);
	ps.out = base + off_st;
	ps.phandle_base = ps.max_phandle + 1;
	ps.w = ps.r = 0;
	ps.cpus_seen = ps.chosen_seen = false;
	rewrite(&ps);
	move_bytes(base + off_st + ps.w, (const uint8_t *)ps.src.str, ps.src.str_size);
	memcpy(base + off_st + ps.w + ps.src.str_size, added, added_len);

	/* Header, and no stale bytes of the moved copy left after the tree. */
	set_hdr(fdt, DTB_TOTALSIZE, (uint32_t)buf_size);
	set_hdr(fdt, DTB_OFF_STRINGS, off_st + ps.w);
	set_hdr(fdt, DTB_SIZE_STRUCT, ps.w);
	set_hdr(fdt, DTB_SIZE_STRINGS, ps.src.str_size + added_len);
	set_hdr(fdt, DTB_VERSION, 17);
	set_hdr(fdt, DTB_LAST_COMP, 16);
	end = off_st + ps.w + ps.src.str_size + added_len;
	top += span; /* the end of the moved copy */
	if (str_end > top)
		top = str_end;
	if (end < top)
		memset(base + end, 0, top - end);
	if (written)
		*written = end > top ? end : top;
	return 0;
}
