/* GICv2 driver against a fake register file: the exact values written, and their order. */
#include <stdint.h>
#include <string.h>

#include <secmon/drivers/gicv2.h>

#include "check.h"
#include "fake_mmio.h"

/* QEMU virt and Juno addresses; offsets from the GICv2 spec, spelt out independently. */
#define GICD	  0x08000000ull
#define GICC	  0x08010000ull
#define JUNO_GICD 0x2c010000ull
#define JUNO_GICC 0x2c02f000ull

#define D_CTLR		(GICD + 0x000)
#define D_TYPER		(GICD + 0x004)
#define D_IGROUPR(n)	(GICD + 0x080 + 4 * (n))
#define D_ISENABLER(n)	(GICD + 0x100 + 4 * (n))
#define D_ICENABLER(n)	(GICD + 0x180 + 4 * (n))
#define D_IPRIORITYR(n) (GICD + 0x400 + 4 * (n))
#define D_ITARGETSR(n)	(GICD + 0x800 + 4 * (n))
#define D_ICFGR(n)	(GICD + 0xc00 + 4 * (n))
#define D_SGIR		(GICD + 0xf00)
#define C_CTLR		(GICC + 0x00)
#define C_PMR		(GICC + 0x04)
#define C_IAR		(GICC + 0x0c)
#define C_EOIR		(GICC + 0x10)

/* Secure GICC_CTLR: EnableGrp0 | FIQEn | the four bypass-disable bits. */
#define CTLR_MONITOR 0x1e9u

static struct gicv2 g, g2;

/* GICC_IAR: hands out a queue of values, then repeats the last one. */
struct iar_queue {
	const uint32_t *v;
	unsigned int n, next;
};

static uint64_t iar_read(void *ctx, uint64_t addr, uint64_t stored)
{
	struct iar_queue *q = ctx;
	uint32_t v = q->v[q->next < q->n ? q->next : q->n - 1];

	(void)addr;
	(void)stored;
	if (q->next < q->n)
		q->next++;
	return v;
}

/* Log index of the first write. */
static long first_write(void)
{
	for (size_t i = 0; i < fake_mmio_log_count(); i++) {
		if (fake_mmio_log(i)->write)
			return (long)i;
	}
	return -1;
}

static void fresh(void)
{
	fake_mmio_reset();
	gicv2_init(&g, GICD, GICC);
}

static void test_dist_init(void)
{
	fresh();
	fake_mmio_set(D_TYPER, 0x402); /* 96 interrupt IDs, security extensions */
	CHECK_EQ(gicv2_dist_init(&g), GIC_OK);

	/* Distributor off as the first write, both groups on as the very last one. */
	CHECK_EQ(first_write(), fake_mmio_find_write(D_CTLR, 0));
	CHECK_EQ(fake_mmio_log((size_t)first_write())->value, 0);
	CHECK_EQ(fake_mmio_log(fake_mmio_log_count() - 1)->addr, D_CTLR);
	CHECK_EQ(fake_mmio_get(D_CTLR), 3);
	CHECK_EQ(fake_mmio_writes(D_CTLR), 2);

	/* SPIs 32-95: Group 1, disabled, default NS priority, level. Banked regs untouched. */
	for (int n = 1; n <= 2; n++) {
		CHECK_EQ(fake_mmio_get(D_IGROUPR(n)), 0xffffffffu);
		CHECK_EQ(fake_mmio_get(D_ICENABLER(n)), 0xffffffffu);
	}
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(0)), 0);
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(3)), 0);
	for (int n = 8; n < 24; n++)
		CHECK_EQ(fake_mmio_get(D_IPRIORITYR(n)), 0xa0a0a0a0u);
	CHECK_EQ(fake_mmio_writes(D_IPRIORITYR(7)), 0);
	CHECK_EQ(fake_mmio_writes(D_IPRIORITYR(24)), 0);
	for (int n = 2; n < 6; n++)
		CHECK_EQ(fake_mmio_writes(D_ICFGR(n)), 1);
	CHECK_EQ(fake_mmio_writes(D_ICFGR(1)), 0);
	CHECK_EQ(fake_mmio_writes_in(GICD, 0x10000), 2 + 4 + 16 + 4);
	CHECK_EQ(fake_mmio_writes_in(GICC, 0x10000), 0);
}

static void test_dist_init_limits(void)
{
	/* ITLinesNumber 31: 1020 IDs, never the reserved 1020-1023 priority bytes. */
	fresh();
	fake_mmio_set(D_TYPER, 0x41f);
	CHECK_EQ(gicv2_dist_init(&g), GIC_OK);
	CHECK_EQ(fake_mmio_get(D_IGROUPR(31)), 0xffffffffu);
	CHECK_EQ(fake_mmio_writes(D_IGROUPR(32)), 0);
	CHECK_EQ(fake_mmio_writes(D_IPRIORITYR(254)), 1);
	CHECK_EQ(fake_mmio_writes(D_IPRIORITYR(255)), 0);
	CHECK_EQ(fake_mmio_writes(D_ICFGR(63)), 1);

	/* No security extensions: refuse, write nothing. */
	fresh();
	fake_mmio_set(D_TYPER, 0x002);
	CHECK_EQ(gicv2_dist_init(&g), GIC_ENODEV);
	CHECK_EQ(fake_mmio_writes_in(GICD, 0x20000), 0);
}

static void test_cpu_init(void)
{
	long dis, grp, prio, en;

	fresh();
	fake_mmio_set(D_ITARGETSR(0), 0x04040404); /* this CPU is interface 2 */
	fake_mmio_set(D_IPRIORITYR(3), 0xa0a0a0a0);
	CHECK_EQ(gicv2_cpu_init(&g, 2), GIC_OK);
	CHECK_EQ(g.cpu[2].if_mask, 0x04);
	CHECK_EQ(gicv2_cpu_if_id(&g), 2);

	/* SGI 15 Group 0 at priority 0, everything else of the bank Group 1. */
	CHECK_EQ(fake_mmio_get(D_IGROUPR(0)), 0xffff7fffu);
	CHECK_EQ(fake_mmio_get(D_IPRIORITYR(3)), 0x00a0a0a0u);
	CHECK_EQ(fake_mmio_get(D_ISENABLER(0)), 0x8000);
	CHECK_EQ(fake_mmio_get(D_ICENABLER(0)), 0x8000);
	dis = fake_mmio_find_write(D_ICENABLER(0), 0);
	grp = fake_mmio_find_write(D_IGROUPR(0), 0);
	prio = fake_mmio_find_write(D_IPRIORITYR(3), 0);
	en = fake_mmio_find_write(D_ISENABLER(0), 0);
	CHECK(dis >= 0 && dis < grp && grp < en && prio < en);
	CHECK_EQ(fake_mmio_get(C_PMR), 0xff);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR);

	/* Warm boot: NS-owned bits and an NS priority mask survive; AckCtl is cleared. */
	fresh();
	fake_mmio_set(D_ITARGETSR(0), 0x01010101);
	fake_mmio_set(C_CTLR, 0x402 | 0x4); /* EnableGrp1, EOImodeNS, AckCtl */
	fake_mmio_set(C_PMR, 0xf8);
	CHECK_EQ(gicv2_cpu_init(&g, 0), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR | 0x402);
	CHECK_EQ(fake_mmio_writes(C_PMR), 0);
	CHECK_EQ(fake_mmio_get(C_PMR), 0xf8);

	/* Uniprocessor GIC: ITARGETSR reads as zero, the interface is 0. */
	fresh();
	CHECK_EQ(gicv2_cpu_init(&g, 0), GIC_OK);
	CHECK_EQ(g.cpu[0].if_mask, 1);
	CHECK_EQ(gicv2_cpu_if_id(&g), 0);

	fresh();
	CHECK_EQ(gicv2_cpu_init(&g, GICV2_MAX_CPUS), GIC_EINVAL);
	CHECK_EQ(fake_mmio_log_count(), 0);
}

static void test_send_wake_sgi(void)
{
	fresh();
	gicv2_send_wake_sgi(&g, 0x06);
	CHECK_EQ(fake_mmio_writes(D_SGIR), 1);
	CHECK_EQ(fake_mmio_get(D_SGIR), 0x0006000fu); /* list filter 0, NSATT 0, SGI 15 */
	gicv2_send_wake_sgi(&g, 0);
	CHECK_EQ(fake_mmio_writes(D_SGIR), 1);

	fake_mmio_set(D_ITARGETSR(0), 0x80808080);
	CHECK_EQ(gicv2_cpu_init(&g, 3), GIC_OK);
	CHECK_EQ(gicv2_send_wake_sgi_cpu(&g, 3), GIC_OK);
	CHECK_EQ(fake_mmio_get(D_SGIR), 0x0080000fu);
	CHECK_EQ(gicv2_send_wake_sgi_cpu(&g, 5), GIC_EINVAL); /* never initialised */
	CHECK_EQ(gicv2_send_wake_sgi_cpu(&g, GICV2_MAX_CPUS), GIC_EINVAL);
	CHECK_EQ(fake_mmio_writes(D_SGIR), 2);

	/* Every interface but the sender's: TargetListFilter 01, no list, NSATT 0, SGI 15. */
	fresh();
	gicv2_send_wake_sgi_others(&g);
	CHECK_EQ(fake_mmio_writes(D_SGIR), 1);
	CHECK_EQ(fake_mmio_get(D_SGIR), 0x0100000fu);
}

static void test_clear_wake_sgi(void)
{
	static const uint32_t two[] = {0x80f, 0xc0f, 1022};
	static const uint32_t none[] = {1023};
	static const uint32_t stray[] = {30, 1023};
	static const uint32_t stuck[] = {0x40f};
	struct iar_queue q;

	/* One pending instance per sender: both completed, with their source bits. */
	fresh();
	q = (struct iar_queue){two, 3, 0};
	fake_mmio_hook(C_IAR, 4, iar_read, NULL, &q);
	CHECK_EQ(gicv2_clear_wake_sgi(&g), 2);
	CHECK_EQ(fake_mmio_writes(C_EOIR), 2);
	CHECK_EQ(fake_mmio_log(fake_mmio_find_write(C_EOIR, 0))->value, 0x80f);
	CHECK_EQ(fake_mmio_get(C_EOIR), 0xc0f);

	fresh();
	q = (struct iar_queue){none, 1, 0};
	fake_mmio_hook(C_IAR, 4, iar_read, NULL, &q);
	CHECK_EQ(gicv2_clear_wake_sgi(&g), 0);
	CHECK_EQ(fake_mmio_writes(C_EOIR), 0);

	/* A stray Group 0 interrupt is completed too, not counted. */
	fresh();
	q = (struct iar_queue){stray, 2, 0};
	fake_mmio_hook(C_IAR, 4, iar_read, NULL, &q);
	CHECK_EQ(gicv2_clear_wake_sgi(&g), 0);
	CHECK_EQ(fake_mmio_get(C_EOIR), 30);

	/* An SGI that never stops coming: the loop is bounded. */
	fresh();
	q = (struct iar_queue){stuck, 1, 0};
	fake_mmio_hook(C_IAR, 4, iar_read, NULL, &q);
	CHECK_EQ(gicv2_clear_wake_sgi(&g), 9);
	CHECK_EQ(fake_mmio_reads(C_IAR), 9);
}

static void test_power_down_up(void)
{
	fresh();
	fake_mmio_set(D_ITARGETSR(0), 0x02020202);
	CHECK_EQ(gicv2_cpu_init(&g, 1), GIC_OK);
	fake_mmio_set(C_CTLR, CTLR_MONITOR | 0x2); /* the normal world enabled Group 1 */

	/* Parked in WFI at EL3: Group 0 stays, NS interrupts must not end the wait. */
	CHECK_EQ(gicv2_cpu_power_down(&g, 1, GIC_PD_KEEP_WAKE_SGI), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR);
	CHECK_EQ(gicv2_cpu_power_up(&g, 1), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR | 0x2);

	/* Suspend in WFI: both groups stay. */
	CHECK_EQ(gicv2_cpu_power_down(&g, 1, GIC_PD_KEEP_WAKE_SGI | GIC_PD_KEEP_NS), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR | 0x2);

	/* Real power-down: both groups off, bypass disabled; warm boot restores everything. */
	CHECK_EQ(gicv2_cpu_power_down(&g, 1, 0), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR & ~1u);
	fake_mmio_set(C_CTLR, 0); /* power lost: banked state back at reset values */
	fake_mmio_set(C_PMR, 0);
	fake_mmio_set(D_IGROUPR(0), 0);
	CHECK_EQ(gicv2_cpu_power_up(&g, 1), GIC_OK);
	CHECK_EQ(fake_mmio_get(C_CTLR), CTLR_MONITOR | 0x2);
	CHECK_EQ(fake_mmio_get(C_PMR), 0xff);
	CHECK_EQ(fake_mmio_get(D_IGROUPR(0)), 0xffff7fffu);

	CHECK_EQ(gicv2_cpu_power_down(&g, GICV2_MAX_CPUS, 0), GIC_EINVAL);
	CHECK_EQ(gicv2_cpu_power_up(&g, GICV2_MAX_CPUS), GIC_EINVAL);
}

static void test_two_instances(void)
{
	fresh();
	gicv2_init(&g2, JUNO_GICD, JUNO_GICC);
	fake_mmio_set(JUNO_GICD + 0x004, 0x407);
	fake_mmio_set(JUNO_GICD + 0x800, 0x10101010);
	fake_mmio_set(D_ITARGETSR(0), 0x01010101);
	CHECK_EQ(gicv2_dist_init(&g2), GIC_OK);
	CHECK_EQ(gicv2_cpu_init(&g2, 0), GIC_OK);
	CHECK_EQ(fake_mmio_writes_in(GICD, 0x20000), 0);
	CHECK_EQ(fake_mmio_get(JUNO_GICD + 0x000), 3);
	CHECK_EQ(fake_mmio_get(JUNO_GICC + 0x000), CTLR_MONITOR);
	CHECK_EQ(gicv2_cpu_init(&g, 0), GIC_OK);
	CHECK_EQ(g.cpu[0].if_mask, 0x01);
	CHECK_EQ(g2.cpu[0].if_mask, 0x10);
	gicv2_send_wake_sgi(&g2, 0x20);
	CHECK_EQ(fake_mmio_get(JUNO_GICD + 0xf00), 0x0020000fu);
	CHECK_EQ(fake_mmio_writes(D_SGIR), 0);
}

int main(void)
{
	test_dist_init();
	test_dist_init_limits();
	test_cpu_init();
	test_send_wake_sgi();
	test_clear_wake_sgi();
	test_power_down_up();
	test_two_instances();
	return check_report();
}
