/*
 * QEMU virt DTB: the tree the normal world gets, once we, not QEMU, provide PSCI.
 *
 * QEMU adds no /psci node when firmware runs at EL3 (secure=on), and its cpu nodes carry
 * enable-method "psci" only with more than one CPU. Without secure=on it adds a /psci node
 * for its own emulation (with PSCI 0.1 function IDs); either way ours replaces it.
 *
 * No /reserved-memory entry is needed: our code and data live in secure flash and secure
 * SRAM, which QEMU describes only as secure-only nodes (status "disabled"), outside the
 * normal-world memory node (the host test checks this against QEMU's DTBs).
 *
 * How. libfdt's read-write calls insert into the tree where it stands: each new property
 * looks its name up through the whole strings block, walks its node's properties and
 * moves the rest of the tree; a new node is first looked for among all its siblings'
 * subtrees. The idle states alone took ~250,000 instructions that way. So the normal
 * world's tree is written anew with libfdt's sequential-write API, in the buffer right
 * after QEMU's, while virt_dt_parse() reads QEMU's tree: every node and property is
 * copied as the walk meets it (FDT_CREATE_FLAG_NO_NAME_DEDUP: each property gets its own
 * copy of its name, where looking names up would again cost a search per property), the
 * new ones are written in place, and what goes is not copied. /chosen, whose bootargs
 * and initrd are known only once fw_cfg has loaded the kernel, is copied last, by
 * virt_dt_patch(), which then moves the copy over QEMU's tree. The idle states' phandles,
 * above every phandle kept, are known at the end of the walk: the walk leaves room for
 * them (fdt_property_placeholder()) and fills it in.
 */
#include <libfdt.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <secmon/cold_boot.h>

#include "virt_dt_internal.h"

/* Our PSCI node's compatible: a string list, both strings with their NULs. */
static const char psci_compatible[] = "arm,psci-1.0\0arm,psci-0.2";

/* A libfdt error as ours. */
SECMON_COLD_BOOT static int fdt_error(int err)
{
	if (err >= 0)
		return 0;
	return err == -FDT_ERR_NOSPACE ? VIRT_DT_ENOSPACE : VIRT_DT_EBADFDT;
}

SECMON_COLD_BOOT static bool initrd(const struct virt_dt_patch_params *p)
{
	return p->initrd_end > p->initrd_start;
}

/* The sequential-write calls the copy makes. */
enum sw_call { SW_BEGIN, SW_END, SW_PROP, SW_PLACEHOLDER };

SECMON_COLD_BOOT static int sw_call(struct virt_dt_copy *c, enum sw_call call, const char *name,
				    const void *val, int len, uint32_t *at)
{
	void *placeholder;
	int err;

	switch (call) {
	case SW_BEGIN:
		return fdt_begin_node(c->out, name);
	case SW_END:
		return fdt_end_node(c->out);
	case SW_PROP:
		return fdt_property(c->out, name, val, len);
	default:
		err = fdt_property_placeholder(c->out, name, len, &placeholder);
		if (!err)
			*at = (uint32_t)((char *)placeholder - (char *)c->out);
		return err;
	}
}

/*
 * A sequential-write call that failed: when the copy's buffer is full, it doubles
 * (fdt_resize(), up to out_max) and the call is made again. Once a call has failed for
 * good the copy stays failed (c->err); later calls may write, but nothing reads the copy.
 */
SECMON_COLD_BOOT static void sw_retry(struct virt_dt_copy *c, int err, enum sw_call call,
				      const char *name, const void *val, int len, uint32_t *at)
{
	while (err == -FDT_ERR_NOSPACE && fdt_totalsize(c->out) < c->out_max) {
		size_t size = 2 * (size_t)fdt_totalsize(c->out), top, bottom;

		err = fdt_resize(c->out, c->out, (int)(size < c->out_max ? size : c->out_max));
		if (err)
			break;
		/*
		 * fdt_create() cleared the buffer, so that names and values end in zeroed
		 * padding; clear what fdt_resize() added: between the structure block and
		 * the names, which the sequential-write API keeps at the buffer's end.
		 */
		top = fdt_off_dt_struct(c->out) + fdt_size_dt_struct(c->out);
		bottom = fdt_totalsize(c->out) - fdt_size_dt_strings(c->out);
		memset((char *)c->out + top, 0, bottom - top);
		err = sw_call(c, call, name, val, len, at);
	}
	if (err && !c->err)
		c->err = fdt_error(err);
}

/* One sequential-write call on the copy (SW_PLACEHOLDER: the value's offset in out at *at). */
SECMON_COLD_BOOT static void sw(struct virt_dt_copy *c, enum sw_call call, const char *name,
				const void *val, int len, uint32_t *at)
{
	int err = sw_call(c, call, name, val, len, at);

	if (err)
		sw_retry(c, err, call, name, val, len, at);
}

/* The calls the walk makes for every node and property, without the switch. */
SECMON_COLD_BOOT static void sw_begin(struct virt_dt_copy *c, const char *name)
{
	int err = fdt_begin_node(c->out, name);

	if (err)
		sw_retry(c, err, SW_BEGIN, name, NULL, 0, NULL);
}

SECMON_COLD_BOOT static void sw_end(struct virt_dt_copy *c)
{
	int err = fdt_end_node(c->out);

	if (err)
		sw_retry(c, err, SW_END, NULL, NULL, 0, NULL);
}

SECMON_COLD_BOOT static void sw_prop(struct virt_dt_copy *c, const char *name, const void *val,
				     int len)
{
	int err = fdt_property(c->out, name, val, len);

	if (err)
		sw_retry(c, err, SW_PROP, name, val, len, NULL);
}

SECMON_COLD_BOOT static void sw_u32(struct virt_dt_copy *c, const char *name, uint32_t v)
{
	fdt32_t be = cpu_to_fdt32(v);

	sw(c, SW_PROP, name, &be, sizeof(be), NULL);
}

SECMON_COLD_BOOT static void sw_u64(struct virt_dt_copy *c, const char *name, uint64_t v)
{
	fdt64_t be = cpu_to_fdt64(v);

	sw(c, SW_PROP, name, &be, sizeof(be), NULL);
}

SECMON_COLD_BOOT static void sw_string(struct virt_dt_copy *c, const char *name, const char *s)
{
	sw(c, SW_PROP, name, s, (int)strlen(s) + 1, NULL);
}

SECMON_COLD_BOOT static int check_params(const struct virt_dt_patch_params *p)
{
	if (p->idle_state_count > VIRT_DT_MAX_IDLE_STATES)
		return VIRT_DT_EINVAL;
	if (p->idle_state_count && (p->idle_states == NULL || p->no_psci))
		return VIRT_DT_EINVAL;
	for (size_t i = 0; i < p->idle_state_count; i++) {
		const char *name = p->idle_states[i].name;

		if (name == NULL || name[0] == '\0' || strchr(name, '/') != NULL)
			return VIRT_DT_EINVAL;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(name, p->idle_states[j].name) == 0)
				return VIRT_DT_EINVAL;
		}
	}
	if (p->initrd_end < p->initrd_start)
		return VIRT_DT_EINVAL;
	return 0;
}

SECMON_COLD_BOOT int dt_copy_start(struct dt_walk *w, void *fdt, size_t buf_size)
{
	struct virt_dt_copy *c = w->copy;
	int err = check_params(w->p), n = fdt_num_mem_rsv(fdt);
	uint32_t end = fdt_off_dt_strings(fdt) + fdt_size_dt_strings(fdt);
	size_t start, size;

	if (err)
		return err;
	if (buf_size > INT_MAX)
		return VIRT_DT_EINVAL;
	if (n < 0)
		return VIRT_DT_EBADFDT;
	/* The copy goes after every block of the tree, in whatever order they are. */
	if (fdt_off_dt_struct(fdt) + fdt_size_dt_struct(fdt) > end)
		end = fdt_off_dt_struct(fdt) + fdt_size_dt_struct(fdt);
	if (fdt_off_mem_rsvmap(fdt) + (n + 1) * sizeof(struct fdt_reserve_entry) > end)
		end = fdt_off_mem_rsvmap(fdt) +
		      (uint32_t)((n + 1) * sizeof(struct fdt_reserve_entry));
	c->old_end = end;
	c->chosen = 0;
	c->max_phandle = 0;
	c->err = 0;
	c->open = false;
	c->cpu_count = 0;
	/*
	 * Room for QEMU's tree with every property's name stored again and the new nodes
	 * (about 1.35 times its size); sw() grows it if that is not enough.
	 */
	start = ((size_t)end + 7) & ~(size_t)7;
	size = (3 * (size_t)end) / 2 + 4096;
	if (start + size > buf_size)
		return VIRT_DT_ENOSPACE;
	c->out = (char *)fdt + start;
	c->out_max = buf_size - start;
	err = fdt_create_with_flags(c->out, (int)size, FDT_CREATE_FLAG_NO_NAME_DEDUP);
	/* The reservation map as it is. */
	for (int i = 0; !err && i < n; i++) {
		uint64_t address, bytes;

		err = fdt_get_mem_rsv(fdt, i, &address, &bytes);
		if (!err)
			err = fdt_add_reservemap_entry(c->out, address, bytes);
	}
	if (!err)
		err = fdt_finish_reservemap(c->out);
	return fdt_error(err);
}

SECMON_COLD_BOOT void dt_copy_begin(struct dt_walk *w, const char *name)
{
	w->deferred[0].p = w->deferred[1].p = NULL;
	if (w->skip == DT_COPY)
		sw_begin(w->copy, name);
}

/* True when the open node is a child of /cpus (a cpu node, the cpu-map...). */
SECMON_COLD_BOOT static bool in_cpus(const struct dt_walk *w)
{
	return w->cpus_depth != 0 && w->node.depth == w->cpus_depth + 1;
}

SECMON_COLD_BOOT void dt_copy_prop(struct dt_walk *w, int id, const char *name, const void *val,
				   int len)
{
	if (w->skip != DT_COPY)
		return;
	/*
	 * Whether a child of /cpus is a cpu node is known only once its device_type is read:
	 * the properties a cpu node gets anew wait until then.
	 */
	if (in_cpus(w) &&
	    (id == P_ENABLE_METHOD || (id == P_CPU_IDLE_STATES && dt_replaces_idle_states(w->p)))) {
		struct dt_val *d = &w->deferred[id == P_CPU_IDLE_STATES];

		if (d->p == NULL)
			*d = (struct dt_val){val, len};
		return;
	}
	sw_prop(w->copy, name, val, len);
}

/*
 * A cpu node's own properties: enable-method "psci", then room for cpu-idle-states.
 * Without PSCI: QEMU's enable-method unless it is "psci", no idle states.
 */
SECMON_COLD_BOOT static void cpu_props(struct dt_walk *w)
{
	struct virt_dt_copy *c = w->copy;
	size_t count = w->p->idle_state_count;
	const struct dt_val *method = &w->deferred[0];

	if (w->p->no_psci) {
		if (method->p != NULL && !dt_is_string(*method, "psci"))
			sw(c, SW_PROP, "enable-method", method->p, method->len, NULL);
		return;
	}
	sw_string(c, "enable-method", "psci");
	if (count != 0 && c->cpu_count < SECMON_IMAGE_MAX_CPUS)
		sw(c, SW_PLACEHOLDER, "cpu-idle-states", NULL, (int)(count * sizeof(fdt32_t)),
		   &c->cpu_states[c->cpu_count++]);
}

SECMON_COLD_BOOT void dt_copy_props_done(struct dt_walk *w, uint32_t phandle)
{
	struct virt_dt_copy *c = w->copy;

	/* New phandles go above those of the nodes kept (a tree patched again: the same). */
	if (w->skip != DT_DROP && phandle > c->max_phandle)
		c->max_phandle = phandle;
	if (w->skip != DT_COPY || !in_cpus(w))
		return;
	if (dt_is_cpu(w)) {
		cpu_props(w);
		return;
	}
	/* Not a cpu node: what was held back goes in as it was. */
	if (w->deferred[0].p != NULL)
		sw(c, SW_PROP, "enable-method", w->deferred[0].p, w->deferred[0].len, NULL);
	if (w->deferred[1].p != NULL)
		sw(c, SW_PROP, "cpu-idle-states", w->deferred[1].p, w->deferred[1].len, NULL);
}

/* /cpus/idle-states, the last child of /cpus; room for the phandles. */
SECMON_COLD_BOOT static void idle_states(struct dt_walk *w)
{
	struct virt_dt_copy *c = w->copy;
	const struct virt_dt_patch_params *p = w->p;

	sw(c, SW_BEGIN, "idle-states", NULL, 0, NULL);
	sw_string(c, "entry-method", "psci"); /* required on arm64 by the binding */
	for (size_t i = 0; i < p->idle_state_count; i++) {
		const struct virt_idle_state *s = &p->idle_states[i];

		sw(c, SW_BEGIN, s->name, NULL, 0, NULL);
		sw_string(c, "compatible", "arm,idle-state");
		sw_u32(c, "arm,psci-suspend-param", s->psci_suspend_param);
		sw_u32(c, "entry-latency-us", s->entry_latency_us);
		sw_u32(c, "exit-latency-us", s->exit_latency_us);
		sw_u32(c, "min-residency-us", s->min_residency_us);
		if (s->local_timer_stop)
			sw(c, SW_PROP, "local-timer-stop", NULL, 0, NULL);
		sw(c, SW_PLACEHOLDER, "phandle", NULL, sizeof(fdt32_t), &c->state_phandle[i]);
		sw(c, SW_END, NULL, NULL, 0, NULL);
	}
	sw(c, SW_END, NULL, NULL, 0, NULL);
}

SECMON_COLD_BOOT void dt_copy_end(struct dt_walk *w, int depth)
{
	if (w->skip != DT_COPY)
		return;
	if (depth == w->cpus_depth && w->p->idle_state_count != 0)
		idle_states(w);
	sw_end(w->copy);
}

/* A phandle value into the room the copy left for it. */
SECMON_COLD_BOOT static void put_phandle(struct virt_dt_copy *c, uint32_t at, uint32_t phandle)
{
	fdt32_t be = cpu_to_fdt32(phandle);

	memcpy((char *)c->out + at, &be, sizeof(be));
}

SECMON_COLD_BOOT int dt_copy_finish_walk(struct dt_walk *w)
{
	struct virt_dt_copy *c = w->copy;
	size_t count = w->p->idle_state_count;
	uint32_t base;

	c->chosen = w->chosen;
	if (c->err)
		return c->err;
	if (c->max_phandle > 0xfffffffeu - VIRT_DT_MAX_IDLE_STATES)
		return VIRT_DT_EBADPROP; /* no room for the idle states' phandles */
	base = c->max_phandle + 1;
	for (size_t i = 0; i < count; i++)
		put_phandle(c, c->state_phandle[i], base + (uint32_t)i);
	for (uint32_t cpu = 0; cpu < c->cpu_count; cpu++) {
		for (size_t i = 0; i < count; i++)
			put_phandle(c, c->cpu_states[cpu] + (uint32_t)(i * sizeof(fdt32_t)),
				    base + (uint32_t)i);
	}
	c->open = true;
	return 0;
}

/* Whether a /chosen property is one the parameters replace. */
SECMON_COLD_BOOT static bool chosen_replaced(const struct virt_dt_patch_params *p, const char *name)
{
	if (p->bootargs != NULL && strcmp(name, "bootargs") == 0)
		return true;
	return initrd(p) &&
	       (strcmp(name, "linux,initrd-start") == 0 || strcmp(name, "linux,initrd-end") == 0);
}

/* The /chosen properties from the parameters, after the ones copied. */
SECMON_COLD_BOOT static void chosen_props(struct virt_dt_copy *c,
					  const struct virt_dt_patch_params *p)
{
	if (p->bootargs != NULL)
		sw_string(c, "bootargs", p->bootargs);
	if (initrd(p)) {
		sw_u64(c, "linux,initrd-start", p->initrd_start);
		sw_u64(c, "linux,initrd-end", p->initrd_end);
	}
}

/*
 * QEMU's /chosen subtree into the copy, with the parameters' properties; the walk has
 * checked the tree.
 */
SECMON_COLD_BOOT static int copy_chosen(const void *fdt, struct virt_dt_copy *c,
					const struct virt_dt_patch_params *p)
{
	int offset = c->chosen, next, depth = 0;
	bool props_done = false;

	for (;; offset = next) {
		const char *name;
		const void *val;
		int len;

		switch (fdt_next_tag(fdt, offset, &next)) {
		case FDT_BEGIN_NODE:
			if (depth == 1 && !props_done) {
				chosen_props(c, p);
				props_done = true;
			}
			name = fdt_get_name(fdt, offset, NULL);
			if (name == NULL)
				return VIRT_DT_EBADFDT;
			sw(c, SW_BEGIN, name, NULL, 0, NULL);
			depth++;
			break;
		case FDT_PROP:
			val = fdt_getprop_by_offset(fdt, offset, &name, &len);
			if (val == NULL)
				return VIRT_DT_EBADFDT;
			if (depth != 1 || !chosen_replaced(p, name))
				sw(c, SW_PROP, name, val, len, NULL);
			break;
		case FDT_END_NODE:
			if (depth == 1 && !props_done) {
				chosen_props(c, p);
				props_done = true;
			}
			sw(c, SW_END, NULL, NULL, 0, NULL);
			if (--depth == 0)
				return c->err;
			break;
		case FDT_NOP:
			break;
		default:
			return VIRT_DT_EBADFDT;
		}
	}
}

/* /chosen, from QEMU's, or new when there is none and the parameters have properties. */
SECMON_COLD_BOOT static int add_chosen(const void *fdt, struct virt_dt_copy *c,
				       const struct virt_dt_patch_params *p)
{
	if (c->chosen != 0)
		return copy_chosen(fdt, c, p);
	if (p->bootargs != NULL || initrd(p)) {
		sw(c, SW_BEGIN, "chosen", NULL, 0, NULL);
		chosen_props(c, p);
		sw(c, SW_END, NULL, NULL, 0, NULL);
	}
	return c->err;
}

/* Our /psci, the root's last child (QEMU's never stays: it is QEMU's PSCI 0.1 emulation). */
SECMON_COLD_BOOT static void add_psci(struct virt_dt_copy *c)
{
	sw(c, SW_BEGIN, "psci", NULL, 0, NULL);
	sw(c, SW_PROP, "compatible", psci_compatible, sizeof(psci_compatible), NULL);
	sw_string(c, "method", "smc");
	sw(c, SW_END, NULL, NULL, 0, NULL);
}

SECMON_COLD_BOOT int virt_dt_patch(void *fdt, size_t buf_size, const struct virt_dt_patch_params *p,
				   struct virt_dt_copy *c, size_t *written)
{
	size_t used, size;
	int err;

	if (p == NULL || c == NULL)
		return VIRT_DT_EINVAL;
	err = check_params(p);
	if (err)
		return err;
	if (!c->open)
		return c->err ? c->err : VIRT_DT_EINVAL; /* virt_dt_parse() did not copy */
	c->open = false;
	err = add_chosen(fdt, c, p);
	if (!err) {
		if (!p->no_psci)
			add_psci(c);
		sw(c, SW_END, NULL, NULL, 0, NULL); /* the root */
		err = c->err;
	}
	if (err)
		return err;
	/* The buffer the copy used, its names at its end until fdt_finish() moves them. */
	used = (size_t)((char *)c->out - (char *)fdt) + fdt_totalsize(c->out);
	err = fdt_finish(c->out);
	if (err)
		return fdt_error(err);
	fdt_set_boot_cpuid_phys(c->out, fdt_boot_cpuid_phys(fdt));

	/* Over QEMU's tree, none of which may stay past the copy (/secure-chosen's seeds). */
	size = fdt_totalsize(c->out);
	err = fdt_move(c->out, fdt, (int)buf_size);
	if (err)
		return fdt_error(err);
	if (size < c->old_end)
		memset((char *)fdt + size, 0, c->old_end - size);
	fdt_set_totalsize(fdt, (uint32_t)buf_size);
	if (written)
		*written = used > c->old_end ? used : c->old_end;
	return 0;
}
