/*
 * GICv3 driver against a fake register file and fake system registers: the exact values
 * written, their order, and that every wait gives up on hardware that never answers.
 */
#include <stdint.h>
#include <string.h>

#include <secmon/drivers/gicv3.h>

#include "check.h"
#include "fake_mmio.h"
#include "fake_sysreg.h"

/* QEMU virt addresses; offsets from the GICv3 spec, spelt out independently. */
#define GICD	0x08000000ull
#define GICR	0x080a0000ull
#define FRAME	0x20000ull
#define N1_GICD 0x30000000ull
#define N1_GICR 0x300c0000ull

#define D_CTLR		   (GICD + 0x0)
#define D_TYPER		   (GICD + 0x4)
#define D_IGROUPR(n)	   (GICD + 0x80 + 4 * (n))
#define D_ICENABLER(n)	   (GICD + 0x180 + 4 * (n))
#define D_IPRIORITYR(n)	   (GICD + 0x400 + 4 * (n))
#define D_ICFGR(n)	   (GICD + 0xc00 + 4 * (n))
#define D_IGRPMODR(n)	   (GICD + 0xd00 + 4 * (n))
#define D_IROUTER(id)	   (GICD + 0x6000 + 8 * (id))
#define RD(i)		   (GICR + (i)*FRAME)
#define R_CTLR(i)	   (RD(i) + 0x0)
#define R_TYPER(i)	   (RD(i) + 0x8)
#define R_WAKER(i)	   (RD(i) + 0x14)
#define R_PWRR(i)	   (RD(i) + 0x24)
#define R_IGROUPR0(i)	   (RD(i) + 0x10080)
#define R_ISENABLER0(i)	   (RD(i) + 0x10100)
#define R_ICENABLER0(i)	   (RD(i) + 0x10180)
#define R_IPRIORITYR(i, n) (RD(i) + 0x10400 + 4 * (n))
#define R_IGRPMODR0(i)	   (RD(i) + 0x10d00)

#define MPIDR	    "S3_0_C0_C0_5"
#define PFR0	    "S3_0_C0_C4_0"
#define PMR	    "S3_0_C4_C6_0"
#define IAR0	    "S3_0_C12_C8_0"
#define EOIR0	    "S3_0_C12_C8_1"
#define SGI0R	    "S3_0_C12_C11_7"
#define IGRPEN0	    "S3_0_C12_C12_6"
#define SRE_EL2	    "S3_4_C12_C9_5"
#define SRE_EL3	    "S3_6_C12_C12_5"
#define IGRPEN1_EL3 "S3_6_C12_C12_7"

#define CTLR_ARE     0x30u /* ARE_S | ARE_NS */
#define CTLR_ENABLES 0x07u /* EnableGrp0 | EnableGrp1NS | EnableGrp1S */
#define CTLR_RWP     0x80000000u
#define WAKER_PS     0x2u
#define WAKER_CA     0x4u
#define PWRR_OFF     0xdu /* RDPD, RDGPD, RDGPO: powered down, stable */

/* Four CPUs in two clusters; CPU 3's MPIDR also has the MT bit, which is not affinity. */
static const uint64_t mpidrs[4] = {0x80000000, 0x80000001, 0x80000100, 0x81000101};
static const uint64_t packed[4] = {0x000, 0x001, 0x100, 0x101};

static struct gicv3 g, g2;
/* The driver's per-CPU storage, as a port gives it (one slot per linear CPU index). */
#define CPU_SLOTS 8u
static struct gicv3_cpu cpus[CPU_SLOTS], cpus2[CPU_SLOTS];

/* GICD_CTLR.RWP: set by writes to GICD_CTLR and GICD_ICENABLER, clears after some reads. */
static struct {
	unsigned int delay, left;
	int stuck;
} rwp;

static uint64_t dctlr_read(void *ctx, uint64_t addr, uint64_t stored)
{
	(void)ctx;
	(void)addr;
	if (rwp.stuck)
		return stored | CTLR_RWP;
	if (rwp.left) {
		rwp.left--;
		return stored | CTLR_RWP;
	}
	return stored;
}

static uint64_t dctlr_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	(void)ctx;
	(void)addr;
	(void)old;
	rwp.left = rwp.delay;
	return value & ~(uint64_t)CTLR_RWP;
}

static uint64_t dicenabler_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	(void)ctx;
	(void)addr;
	(void)old;
	rwp.left = rwp.delay;
	return value;
}

/* GICR_WAKER: ChildrenAsleep follows ProcessorSleep after `delay` reads, or never. */
struct waker_model {
	unsigned int delay, left;
	int stuck;
};
static struct waker_model wakers[4];

static uint64_t waker_read(void *ctx, uint64_t addr, uint64_t stored)
{
	struct waker_model *m = ctx;

	if (m->stuck)
		return stored;
	if (m->left) {
		m->left--;
		return stored;
	}
	stored = (stored & ~(uint64_t)WAKER_CA) | ((stored & WAKER_PS) ? WAKER_CA : 0);
	fake_mmio_set(addr, stored);
	return stored;
}

static uint64_t waker_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	struct waker_model *m = ctx;

	(void)addr;
	m->left = m->delay;
	return (value & ~(uint64_t)WAKER_CA) | (old & WAKER_CA);
}

/*
 * GIC-600 GICR_PWRR: a write is taken only while the power group is stable
 * (RDGPD == RDGPO); the group then reaches the requested state after `delay` reads.
 */
struct pwrr_model {
	unsigned int delay, left;
	int stuck;
};
static struct pwrr_model pwrrs[4];

static uint64_t pwrr_read(void *ctx, uint64_t addr, uint64_t stored)
{
	struct pwrr_model *m = ctx;

	if (m->stuck)
		return stored;
	if (m->left) {
		m->left--;
		return stored;
	}
	stored = (stored & ~8ull) | ((stored & 4u) ? 8u : 0); /* RDGPO := RDGPD */
	fake_mmio_set(addr, stored);
	return stored;
}

static uint64_t pwrr_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	struct pwrr_model *m = ctx;

	(void)addr;
	if (!(old & 4u) != !(old & 8u))
		return old; /* in transition: request lost */
	m->left = m->delay;
	return (old & 8u) | (value & 1u) | ((value & 1u) ? 4u : 0);
}

/* ICC_IAR0_EL1: hands out a queue of INTIDs, then repeats the last one. */
struct iar_queue {
	const uint32_t *v;
	unsigned int n, next;
};

static uint64_t iar_read(void *ctx, const char *name, uint64_t stored)
{
	struct iar_queue *q = ctx;
	uint32_t v = q->v[q->next < q->n ? q->next : q->n - 1];

	(void)name;
	(void)stored;
	if (q->next < q->n)
		q->next++;
	return v;
}

/* A QEMU-like GICv3 with four redistributors, nothing configured yet. */
static void fresh(unsigned int flags)
{
	fake_mmio_reset();
	fake_sysreg_reset();
	memset(&rwp, 0, sizeof(rwp));
	memset(wakers, 0, sizeof(wakers));
	memset(pwrrs, 0, sizeof(pwrrs));
	fake_mmio_hook(D_CTLR, 4, dctlr_read, dctlr_write, NULL);
	fake_mmio_hook(D_ICENABLER(0), 0x80, NULL, dicenabler_write, NULL);
	for (int i = 0; i < 4; i++) {
		fake_mmio_set(R_TYPER(i),
			      (packed[i] << 32) | ((uint64_t)i << 8) | (i == 3 ? 0x10 : 0));
		fake_mmio_set(R_WAKER(i), WAKER_PS | WAKER_CA);
		fake_mmio_hook(R_WAKER(i), 4, waker_read, waker_write, &wakers[i]);
		fake_mmio_set(R_PWRR(i), PWRR_OFF);
		fake_mmio_hook(R_PWRR(i), 4, pwrr_read, pwrr_write, &pwrrs[i]);
	}
	/* A frame past the last one that would match CPU 0: must never be looked at. */
	fake_mmio_set(R_TYPER(4), 0);
	fake_sysreg_set(PFR0, 0x1111); /* EL0-EL3, AArch64: EL2 present */
	gicv3_init(&g, cpus, CPU_SLOTS, GICD, GICR, 8 * FRAME, flags);
}

/* Distributor initialised: what gicv3_dist_init() leaves in GICD_CTLR. */
static void dist_ready(void)
{
	fake_mmio_set(D_CTLR, CTLR_ARE | CTLR_ENABLES);
}

/* The first log index after `from` of a GICD_CTLR read with RWP clear; -1 if a write comes first.
 */
static long rwp_clear_after(long from)
{
	for (size_t i = (size_t)from + 1; i < fake_mmio_log_count(); i++) {
		const struct fake_mmio_access *a = fake_mmio_log(i);

		if (a->write)
			return -1;
		if (a->addr == D_CTLR && !(a->value & CTLR_RWP))
			return (long)i;
	}
	return -1;
}

static unsigned long mmio_seq(long i)
{
	return i < 0 ? 0 : fake_mmio_log((size_t)i)->seq;
}

static unsigned long sysreg_seq(long i)
{
	return i < 0 ? 0 : fake_sysreg_log((size_t)i)->seq;
}

static void test_dist_init(void)
{
	long w0, w1, w2, last_dis, first_prio;
	unsigned int irouter_ok = 0;

	fresh(0);
	rwp.delay = 3;
	fake_mmio_set(D_TYPER, 0x7);		/* 256 interrupt IDs */
	fake_sysreg_set(MPIDR, 0x180000203ull); /* boot CPU Aff3 = 1, Aff1 = 2, Aff0 = 3 */
	CHECK_EQ(gicv3_dist_init(&g), GIC_OK);

	/* GICD_CTLR: groups off, then ARE_S|ARE_NS, then everything on; RWP awaited each time. */
	w0 = fake_mmio_find_write(D_CTLR, 0);
	w1 = fake_mmio_find_write(D_CTLR, (size_t)w0 + 1);
	w2 = fake_mmio_find_write(D_CTLR, (size_t)w1 + 1);
	CHECK(w0 >= 0 && w1 > w0 && w2 > w1);
	CHECK_EQ(fake_mmio_log((size_t)w0)->value, 0);
	CHECK_EQ(fake_mmio_log((size_t)w1)->value, CTLR_ARE);
	CHECK_EQ(fake_mmio_log((size_t)w2)->value, CTLR_ARE | CTLR_ENABLES);
	CHECK(rwp_clear_after(w0) > w0);
	CHECK(rwp_clear_after(w1) > w1);
	CHECK(rwp_clear_after(w2) > w2);
	CHECK_EQ(fake_mmio_writes(D_CTLR), 3);

	/* SPIs 32-255: Group 1 NS (IGROUPR 1, IGRPMODR 0), disabled, default priority, level. */
	for (int n = 1; n < 8; n++) {
		CHECK_EQ(fake_mmio_get(D_IGROUPR(n)), 0xffffffffu);
		CHECK_EQ(fake_mmio_writes(D_IGRPMODR(n)), 1);
		CHECK_EQ(fake_mmio_get(D_IGRPMODR(n)), 0);
		CHECK_EQ(fake_mmio_get(D_ICENABLER(n)), 0xffffffffu);
	}
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(0)), 0);
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(8)), 0);
	for (int n = 8; n < 64; n++)
		CHECK_EQ(fake_mmio_get(D_IPRIORITYR(n)), 0xa0a0a0a0u);
	CHECK_EQ(fake_mmio_writes(D_IPRIORITYR(64)), 0);
	for (int n = 2; n < 16; n++)
		CHECK_EQ(fake_mmio_writes(D_ICFGR(n)), 1);
	/* Disables complete (RWP) before the SPIs are reconfigured. */
	last_dis = fake_mmio_find_write(D_IGRPMODR(7), 0); /* last write of that loop */
	first_prio = fake_mmio_find_write(D_IPRIORITYR(8), 0);
	CHECK(rwp_clear_after(last_dis) > last_dis && rwp_clear_after(last_dis) < first_prio);

	/* Every SPI routed to the boot CPU with 64-bit writes, IRM = 0. */
	for (unsigned int id = 32; id < 256; id++) {
		long w = fake_mmio_find_write(D_IROUTER(id), 0);

		if (w >= 0 && fake_mmio_log((size_t)w)->width == 64 &&
		    fake_mmio_get(D_IROUTER(id)) == 0x100000203ull)
			irouter_ok++;
	}
	CHECK_EQ(irouter_ok, 224);
	CHECK_EQ(fake_mmio_writes(D_IROUTER(31)), 0);
	CHECK_EQ(fake_mmio_writes(D_IROUTER(256)), 0);
	/* Nothing outside the distributor. */
	CHECK_EQ(fake_mmio_writes_in(GICR, 8 * FRAME), 0);
}

static void test_dist_init_errors(void)
{
	/* Security disabled: refuse before writing anything. */
	fresh(0);
	fake_mmio_set(D_CTLR, 0x40);
	CHECK_EQ(gicv3_dist_init(&g), GIC_ENODEV);
	CHECK_EQ(fake_mmio_writes_in(GICD, 0x10000), 0);

	/* RWP that never clears: a bounded wait, then stop. */
	fresh(0);
	rwp.stuck = 1;
	CHECK_EQ(gicv3_dist_init(&g), GIC_ETIMEDOUT);
	CHECK_EQ(fake_mmio_writes(D_CTLR), 1);
	CHECK(fake_mmio_reads(D_CTLR) <= GIC_POLL_LIMIT + 1);
	CHECK(fake_mmio_reads(D_CTLR) >= GIC_POLL_LIMIT);
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(1)), 0);
}

static void test_rdist_find(void)
{
	fresh(0);
	for (int i = 0; i < 4; i++)
		CHECK_EQ(gicv3_rdist_find(&g, mpidrs[i]), RD(i));
	/* Aff3 counts: Aff3 = 1 with the same low fields is another CPU. */
	CHECK_EQ(gicv3_rdist_find(&g, 0x100000101ull), 0);
	/* The walk stops at GICR_TYPER.Last: frame 4 (which would match CPU 0 too) unread. */
	fresh(0);
	CHECK_EQ(gicv3_rdist_find(&g, 0x80000002), 0);
	for (int i = 0; i < 4; i++)
		CHECK_EQ(fake_mmio_reads(R_TYPER(i)), 1);
	CHECK_EQ(fake_mmio_reads(R_TYPER(4)), 0);
	CHECK_EQ(fake_mmio_writes_in(GICR, 8 * FRAME), 0);

	/* The walk stops at gicr_size too. */
	fresh(0);
	gicv3_init(&g, cpus, CPU_SLOTS, GICD, GICR, 2 * FRAME, 0);
	CHECK_EQ(gicv3_rdist_find(&g, mpidrs[3]), 0);
	CHECK_EQ(fake_mmio_reads(R_TYPER(2)), 0);
	gicv3_init(&g, cpus, CPU_SLOTS, GICD, GICR, 0, 0);
	CHECK_EQ(gicv3_rdist_find(&g, mpidrs[0]), 0);

	/* GICv4 redistributors (VLPIS) are 256 KiB apart. */
	fake_mmio_reset();
	for (int i = 0; i < 3; i++)
		fake_mmio_set(GICR + i * 0x40000ull + 8,
			      (packed[i] << 32) | 0x2 | (i == 2 ? 0x10 : 0));
	gicv3_init(&g, cpus, CPU_SLOTS, GICD, GICR, 3 * 0x40000ull, 0);
	CHECK_EQ(gicv3_rdist_find(&g, mpidrs[2]), GICR + 2 * 0x40000ull);
	CHECK_EQ(fake_mmio_reads(GICR + FRAME + 8), 0);
}

static void test_cpu_init(void)
{
	long waker_w, sre3, dis, grp, en;
	const struct fake_mmio_access *last_waker_read = NULL;

	fresh(0);
	dist_ready();
	wakers[3].delay = 5;
	fake_mmio_set(R_WAKER(3), 0x80000000u | WAKER_PS | WAKER_CA); /* bit 31 IMP DEF */
	fake_mmio_set(R_IPRIORITYR(3, 3), 0xa0a0a0a0);
	fake_sysreg_set(MPIDR, mpidrs[3]);
	fake_sysreg_set(IGRPEN1_EL3, 0x3);
	CHECK_EQ(gicv3_cpu_init(&g, 3), GIC_OK);
	CHECK_EQ(g.cpu[3].rdist, RD(3));

	/* Redistributor awake: ProcessorSleep cleared, other bits kept, ChildrenAsleep seen 0. */
	waker_w = fake_mmio_find_write(R_WAKER(3), 0);
	CHECK(waker_w >= 0);
	CHECK_EQ(fake_mmio_log((size_t)waker_w)->value & ~(uint64_t)WAKER_CA, 0x80000000u);
	for (size_t i = 0; i < fake_mmio_log_count(); i++) {
		if (!fake_mmio_log(i)->write && fake_mmio_log(i)->addr == R_WAKER(3))
			last_waker_read = fake_mmio_log(i);
	}
	CHECK(last_waker_read != NULL && !(last_waker_read->value & WAKER_CA));
	CHECK_EQ(fake_mmio_reads(R_WAKER(3)), 1 + 6);

	/* SGIs/PPIs: SGI 15 Group 0 at priority 0, disabled (RWP awaited) while it changes. */
	CHECK_EQ(fake_mmio_get(R_IGROUPR0(3)), 0xffff7fffu);
	CHECK_EQ(fake_mmio_writes(R_IGRPMODR0(3)), 1);
	CHECK_EQ(fake_mmio_get(R_IGRPMODR0(3)), 0);
	CHECK_EQ(fake_mmio_get(R_IPRIORITYR(3, 3)), 0x00a0a0a0u);
	CHECK_EQ(fake_mmio_get(R_ICENABLER0(3)), 0x8000);
	CHECK_EQ(fake_mmio_get(R_ISENABLER0(3)), 0x8000);
	dis = fake_mmio_find_write(R_ICENABLER0(3), 0);
	grp = fake_mmio_find_write(R_IGROUPR0(3), 0);
	en = fake_mmio_find_write(R_ISENABLER0(3), 0);
	CHECK(waker_w < dis && dis < grp && grp < en);
	CHECK(fake_mmio_reads(R_CTLR(3)) >= 1);
	/* No other redistributor touched. */
	CHECK_EQ(fake_mmio_writes_in(RD(0), 3 * FRAME), 0);

	/* System registers, after the redistributor woke up. */
	sre3 = fake_sysreg_find_write(SRE_EL3, 0);
	CHECK(sre3 >= 0 && sysreg_seq(sre3) > mmio_seq(waker_w));
	CHECK_EQ(fake_sysreg_get(SRE_EL3), 0xf); /* SRE | DFB | DIB | Enable */
	CHECK_EQ(fake_sysreg_get(SRE_EL2), 0x9); /* SRE | Enable */
	CHECK_EQ(fake_sysreg_get(PMR), 0xff);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 1);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 0x1); /* no Secure Group 1, NS enable kept */
	CHECK(fake_sysreg_find_write(IGRPEN0, 0) > sre3);

	/* Warm boot again: the redistributor is remembered, not searched. */
	CHECK_EQ(gicv3_cpu_init(&g, 3), GIC_OK);
	CHECK_EQ(fake_mmio_reads(R_TYPER(0)), 1);

	/* No EL2: ICC_SRE_EL2 untouched (it would be UNDEFINED). An NS priority mask is kept. */
	fresh(0);
	dist_ready();
	fake_sysreg_set(MPIDR, mpidrs[1]);
	fake_sysreg_set(PFR0, 0x1011);
	fake_sysreg_set(PMR, 0xf0);
	CHECK_EQ(gicv3_cpu_init(&g, 1), GIC_OK);
	CHECK_EQ(fake_sysreg_reads(SRE_EL2) + fake_sysreg_writes(SRE_EL2), 0);
	CHECK_EQ(fake_sysreg_writes(PMR), 0);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 0);
}

static void test_cpu_init_errors(void)
{
	/* Before the distributor has affinity routing. */
	fresh(0);
	fake_sysreg_set(MPIDR, mpidrs[0]);
	CHECK_EQ(gicv3_cpu_init(&g, 0), GIC_ENOTREADY);
	CHECK_EQ(fake_mmio_writes_in(GICR, 8 * FRAME), 0);

	/* No redistributor for this MPIDR. */
	fresh(0);
	dist_ready();
	fake_sysreg_set(MPIDR, 0x80000200);
	CHECK_EQ(gicv3_cpu_init(&g, 0), GIC_ENODEV);
	CHECK_EQ(g.cpu[0].rdist, 0);
	CHECK_EQ(fake_sysreg_writes(SRE_EL3), 0);

	CHECK_EQ(gicv3_cpu_init(&g, CPU_SLOTS), GIC_EINVAL);

	/* Redistributor that never wakes: bounded wait, nothing configured after it. */
	fresh(0);
	dist_ready();
	wakers[2].stuck = 1;
	fake_sysreg_set(MPIDR, mpidrs[2]);
	CHECK_EQ(gicv3_cpu_init(&g, 2), GIC_ETIMEDOUT);
	CHECK(fake_mmio_reads(R_WAKER(2)) <= GIC_POLL_LIMIT + 1);
	CHECK_EQ(fake_mmio_writes(R_IGROUPR0(2)), 0);
	CHECK_EQ(fake_sysreg_writes(SRE_EL3), 0);
}

static void test_cpu_init_gic600(void)
{
	long pw, wk;

	/* Powered down at reset and in transition for a while: power on, then wake. */
	fresh(GICV3_F_GIC600_PWRR);
	dist_ready();
	fake_mmio_set(R_PWRR(1), 0x5); /* RDPD, RDGPD, not yet RDGPO: still going down */
	pwrrs[1].delay = 4;
	pwrrs[1].left = 4;
	fake_sysreg_set(MPIDR, mpidrs[1]);
	CHECK_EQ(gicv3_cpu_init(&g, 1), GIC_OK);
	pw = fake_mmio_find_write(R_PWRR(1), 0);
	wk = fake_mmio_find_write(R_WAKER(1), 0);
	CHECK(pw >= 0 && wk > pw);
	CHECK_EQ(fake_mmio_log((size_t)pw)->value, 0);
	CHECK_EQ(fake_mmio_get(R_PWRR(1)) & 1u, 0);
	/* The write came only once the group was stable (4 reads in transition first). */
	CHECK(fake_mmio_reads(R_PWRR(1)) >= 5);

	/* A power group stuck in transition: bounded wait, redistributor never woken. */
	fresh(GICV3_F_GIC600_PWRR);
	dist_ready();
	fake_mmio_set(R_PWRR(1), 0x5);
	pwrrs[1].stuck = 1;
	fake_sysreg_set(MPIDR, mpidrs[1]);
	CHECK_EQ(gicv3_cpu_init(&g, 1), GIC_ETIMEDOUT);
	CHECK_EQ(fake_mmio_writes(R_PWRR(1)), 0);
	CHECK_EQ(fake_mmio_writes(R_WAKER(1)), 0);
	CHECK(fake_mmio_reads(R_PWRR(1)) <= GIC_POLL_LIMIT);
}

static void test_send_wake_sgi(void)
{
	fresh(0);
	gicv3_send_wake_sgi(mpidrs[3]); /* Aff1 1, Aff0 1: MT and bit 31 are not affinity */
	CHECK_EQ(fake_sysreg_get(SGI0R), 0x0f010002ull);
	gicv3_send_wake_sgi(0x1280340105ull); /* Aff3 0x12, Aff2 0x34, Aff1 1, Aff0 5 */
	CHECK_EQ(fake_sysreg_get(SGI0R), 0x001200340f010020ull);
	gicv3_send_wake_sgi(0x80000013ull); /* Aff0 19: range selector 1, bit 3 */
	CHECK_EQ(fake_sysreg_get(SGI0R), 0x000010000f000008ull);
	CHECK_EQ(fake_sysreg_writes(SGI0R), 3);
	CHECK_EQ(fake_mmio_log_count(), 0);
}

/* A reset pen's set-up: every redistributor up to the last, as gicv3_cpu_init() leaves it. */
static void test_rdist_prepare_all(void)
{
	fresh(GICV3_F_GIC600_PWRR);
	dist_ready();
	CHECK_EQ(gicv3_rdist_prepare_all(&g), GIC_OK);
	for (int i = 0; i < 4; i++) {
		CHECK_EQ(fake_mmio_get(R_PWRR(i)) & 0x1, 0); /* RDPD cleared: powered */
		CHECK_EQ(fake_mmio_get(R_WAKER(i)) & (WAKER_PS | WAKER_CA), 0);
		CHECK_EQ(fake_mmio_get(R_IGROUPR0(i)), 0xffff7fffu);
		CHECK_EQ(fake_mmio_get(R_ISENABLER0(i)), 0x8000);
	}
	/* Frame 3 is the last: the one after it is never read or written. */
	CHECK_EQ(fake_mmio_reads(R_TYPER(4)), 0);
	CHECK_EQ(fake_mmio_writes_in(RD(4), FRAME), 0);
	/* No system register: the CPUs set their own interfaces. */
	CHECK_EQ(fake_sysreg_writes(SRE_EL3), 0);

	/* A redistributor that never wakes: the error, and nothing after it touched. */
	fresh(0);
	dist_ready();
	wakers[1].stuck = 1;
	CHECK_EQ(gicv3_rdist_prepare_all(&g), GIC_ETIMEDOUT);
	CHECK_EQ(fake_mmio_writes_in(RD(2), 2 * FRAME), 0);
}

static void test_send_wake_sgi_others(void)
{
	fresh(0);
	gicv3_send_wake_sgi_others();
	/* IRM (bit 40): every PE but this one; SGI 15; no target list. */
	CHECK_EQ(fake_sysreg_get(SGI0R), 0x000001000f000000ull);
	CHECK_EQ(fake_sysreg_writes(SGI0R), 1);
	CHECK_EQ(fake_mmio_log_count(), 0);
}

static void test_clear_wake_sgi(void)
{
	static const uint32_t one[] = {15, 1023};
	static const uint32_t ns_pending[] = {1021};
	static const uint32_t s1_pending[] = {1020};
	static const uint32_t stray[] = {30, 1023};
	static const uint32_t stuck[] = {15};
	struct iar_queue q;

	fresh(0);
	q = (struct iar_queue){one, 2, 0};
	fake_sysreg_hook(IAR0, iar_read, &q);
	CHECK_EQ(gicv3_clear_wake_sgi(), 1);
	CHECK_EQ(fake_sysreg_writes(EOIR0), 1);
	CHECK_EQ(fake_sysreg_get(EOIR0), 15);

	/* A Group 1 interrupt is pending: nothing to acknowledge at EL3. */
	fresh(0);
	q = (struct iar_queue){ns_pending, 1, 0};
	fake_sysreg_hook(IAR0, iar_read, &q);
	CHECK_EQ(gicv3_clear_wake_sgi(), 0);
	q = (struct iar_queue){s1_pending, 1, 0};
	CHECK_EQ(gicv3_clear_wake_sgi(), 0);
	CHECK_EQ(fake_sysreg_writes(EOIR0), 0);

	fresh(0);
	q = (struct iar_queue){stray, 2, 0};
	fake_sysreg_hook(IAR0, iar_read, &q);
	CHECK_EQ(gicv3_clear_wake_sgi(), 0);
	CHECK_EQ(fake_sysreg_get(EOIR0), 30);

	fresh(0);
	q = (struct iar_queue){stuck, 1, 0};
	fake_sysreg_hook(IAR0, iar_read, &q);
	CHECK_EQ(gicv3_clear_wake_sgi(), 4);
	CHECK_EQ(fake_sysreg_reads(IAR0), 4);
}

static void test_power_down_up(void)
{
	long sleep_w, pwr_w, pwr_on, wake_w, en0;
	unsigned int waker_writes;
	size_t sys_before;

	/* Parked in WFI (QEMU CPU_OFF): only NS Group 1 off, redistributor stays awake. */
	fresh(0);
	dist_ready();
	fake_sysreg_set(MPIDR, mpidrs[1]);
	CHECK_EQ(gicv3_cpu_init(&g, 1), GIC_OK);
	fake_sysreg_set(IGRPEN1_EL3, 0x1); /* the normal world enabled its Group 1 */
	waker_writes = fake_mmio_writes(R_WAKER(1));
	CHECK_EQ(gicv3_cpu_power_down(&g, 1, GIC_PD_KEEP_WAKE_SGI), GIC_OK);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 0);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 1);
	CHECK_EQ(fake_mmio_writes(R_WAKER(1)), waker_writes);
	CHECK_EQ(gicv3_cpu_power_up(&g, 1), GIC_OK);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 1);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 1);

	/* Suspend in WFI: both groups stay on. */
	CHECK_EQ(gicv3_cpu_power_down(&g, 1, GIC_PD_KEEP_WAKE_SGI | GIC_PD_KEEP_NS), GIC_OK);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 1);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 1);

	/* Real power-down on a GIC-600: groups off, asleep, then redistributor powered off. */
	fresh(GICV3_F_GIC600_PWRR);
	dist_ready();
	fake_sysreg_set(MPIDR, mpidrs[2]);
	CHECK_EQ(gicv3_cpu_init(&g, 2), GIC_OK);
	fake_sysreg_set(IGRPEN1_EL3, 0x1);
	fake_mmio_reset(); /* keep only the power-down in the log, with the same models */
	dist_ready();
	sys_before = fake_sysreg_log_count();
	fake_mmio_hook(R_WAKER(2), 4, waker_read, waker_write, &wakers[2]);
	fake_mmio_hook(R_PWRR(2), 4, pwrr_read, pwrr_write, &pwrrs[2]);
	fake_mmio_set(R_PWRR(2), 0x0);
	fake_mmio_set(R_WAKER(2), 0x0);
	wakers[2].delay = 3;
	CHECK_EQ(gicv3_cpu_power_down(&g, 2, 0), GIC_OK);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 0);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 0);
	sleep_w = fake_mmio_find_write(R_WAKER(2), 0);
	pwr_w = fake_mmio_find_write(R_PWRR(2), 0);
	CHECK(sleep_w >= 0 && pwr_w > sleep_w);
	CHECK_EQ(fake_mmio_log((size_t)sleep_w)->value, WAKER_PS);
	CHECK_EQ(fake_mmio_get(R_WAKER(2)), WAKER_PS | WAKER_CA);
	CHECK_EQ(fake_mmio_log((size_t)pwr_w)->value, 1);
	CHECK(fake_sysreg_find_write(IGRPEN1_EL3, 0) >= 0);
	en0 = fake_sysreg_find_write(IGRPEN0, sys_before);
	CHECK(en0 >= 0 && sysreg_seq(en0) < mmio_seq(sleep_w)); /* interface off before sleep */

	/* Power lost; warm boot: power on before wake, registers and NS enable come back. */
	fake_sysreg_set(IGRPEN1_EL3, 0);
	fake_sysreg_set(IGRPEN0, 0);
	fake_sysreg_set(PMR, 0);
	fake_sysreg_set(SRE_EL3, 0);
	fake_mmio_set(R_IGROUPR0(2), 0);
	CHECK_EQ(gicv3_cpu_power_up(&g, 2), GIC_OK);
	pwr_on = fake_mmio_find_write(R_PWRR(2), (size_t)pwr_w + 1);
	wake_w = fake_mmio_find_write(R_WAKER(2), (size_t)sleep_w + 1);
	CHECK(pwr_on > pwr_w && wake_w > pwr_on);
	CHECK_EQ(fake_mmio_log((size_t)pwr_on)->value, 0);
	CHECK_EQ(fake_mmio_get(R_WAKER(2)), 0);
	CHECK_EQ(fake_mmio_get(R_IGROUPR0(2)), 0xffff7fffu);
	CHECK_EQ(fake_sysreg_get(SRE_EL3), 0xf);
	CHECK_EQ(fake_sysreg_get(PMR), 0xff);
	CHECK_EQ(fake_sysreg_get(IGRPEN0), 1);
	CHECK_EQ(fake_sysreg_get(IGRPEN1_EL3), 1);

	/* The redistributor never reports ChildrenAsleep: bounded, and it stays powered. */
	fresh(GICV3_F_GIC600_PWRR);
	dist_ready();
	fake_sysreg_set(MPIDR, mpidrs[0]);
	CHECK_EQ(gicv3_cpu_init(&g, 0), GIC_OK);
	wakers[0].stuck = 1;
	CHECK_EQ(gicv3_cpu_power_down(&g, 0, 0), GIC_ETIMEDOUT);
	CHECK_EQ(fake_mmio_get(R_PWRR(0)) & 1u, 0);
	CHECK(fake_mmio_reads(R_WAKER(0)) <= GIC_POLL_LIMIT + 8);

	/* A CPU the driver has not seen. */
	CHECK_EQ(gicv3_cpu_power_down(&g, 3, 0), GIC_EINVAL);
	CHECK_EQ(gicv3_cpu_power_down(&g, CPU_SLOTS, 0), GIC_EINVAL);
}

static void test_two_instances(void)
{
	fresh(0);
	gicv3_init(&g2, cpus2, CPU_SLOTS, N1_GICD, N1_GICR, 4 * FRAME, GICV3_F_GIC600_PWRR);
	fake_mmio_set(N1_GICR + 8, (0x0ull << 32) | 0x10);
	fake_mmio_set(N1_GICR + 0x24, 0x0);
	fake_mmio_set(N1_GICD + 0x4, 0x1);
	fake_sysreg_set(MPIDR, 0x81000000);
	CHECK_EQ(gicv3_dist_init(&g2), GIC_OK);
	CHECK_EQ(gicv3_cpu_init(&g2, 0), GIC_OK);
	CHECK_EQ(g2.cpu[0].rdist, N1_GICR);
	CHECK_EQ(g.cpu[0].rdist, 0);
	CHECK_EQ(fake_mmio_writes_in(GICD, 0x10000), 0);
	CHECK_EQ(fake_mmio_writes_in(GICR, 8 * FRAME), 0);
	CHECK_EQ(fake_mmio_get(N1_GICD), CTLR_ARE | CTLR_ENABLES);
	CHECK_EQ(fake_mmio_get(N1_GICR + 0x10080), 0xffff7fffu);
}

int main(void)
{
	test_dist_init();
	test_dist_init_errors();
	test_rdist_find();
	test_cpu_init();
	test_cpu_init_errors();
	test_cpu_init_gic600();
	test_send_wake_sgi();
	test_send_wake_sgi_others();
	test_rdist_prepare_all();
	test_clear_wake_sgi();
	test_power_down_up();
	test_two_instances();
	return check_report();
}
