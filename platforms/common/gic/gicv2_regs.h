/* GICv2 register offsets and fields used by gicv2.c (Arm IHI 0048B). Private. */
#ifndef SECMON_GICV2_REGS_H
#define SECMON_GICV2_REGS_H

/* Distributor. */
#define GICD_CTLR	   0x000u
#define GICD_TYPER	   0x004u
#define GICD_IGROUPR(n)	   (0x080u + 4u * (n)) /* 32 interrupts per register */
#define GICD_ISENABLER(n)  (0x100u + 4u * (n))
#define GICD_ICENABLER(n)  (0x180u + 4u * (n))
#define GICD_IPRIORITYR(n) (0x400u + 4u * (n)) /* 4 interrupts per register */
#define GICD_ITARGETSR(n)  (0x800u + 4u * (n))
#define GICD_ICFGR(n)	   (0xc00u + 4u * (n)) /* 16 interrupts per register */
#define GICD_SGIR	   0xf00u

#define GICD_CTLR_ENABLE_GRP0	 (1u << 0)
#define GICD_CTLR_ENABLE_GRP1	 (1u << 1)
#define GICD_TYPER_ITLINES_MASK	 0x1fu
#define GICD_TYPER_SECURITY_EXTN (1u << 10)

#define GICD_SGIR_TARGET_LIST_SHIFT 16	       /* TargetListFilter [25:24] = 0: use the list */
#define GICD_SGIR_FILTER_OTHERS	    (1u << 24) /* TargetListFilter 01: all but the sender */
#define GICD_SGIR_NSATT		    (1u << 15) /* 0: send only if the SGI is Group 0 */

/* CPU interface (Secure view of the banked registers). */
#define GICC_CTLR 0x000u
#define GICC_PMR  0x004u
#define GICC_IAR  0x00cu
#define GICC_EOIR 0x010u

#define GICC_CTLR_ENABLE_GRP0	   (1u << 0)
#define GICC_CTLR_ENABLE_GRP1	   (1u << 1)
#define GICC_CTLR_ACK_CTL	   (1u << 2)
#define GICC_CTLR_FIQ_EN	   (1u << 3)
#define GICC_CTLR_FIQ_BYP_DIS_GRP0 (1u << 5)
#define GICC_CTLR_IRQ_BYP_DIS_GRP0 (1u << 6)
#define GICC_CTLR_FIQ_BYP_DIS_GRP1 (1u << 7)
#define GICC_CTLR_IRQ_BYP_DIS_GRP1 (1u << 8)
#define GICC_CTLR_EOIMODE_S	   (1u << 9)
#define GICC_CTLR_EOIMODE_NS	   (1u << 10)
#define GICC_CTLR_BYPASS_DISABLE                                                                   \
	(GICC_CTLR_FIQ_BYP_DIS_GRP0 | GICC_CTLR_IRQ_BYP_DIS_GRP0 | GICC_CTLR_FIQ_BYP_DIS_GRP1 |    \
	 GICC_CTLR_IRQ_BYP_DIS_GRP1)
/* Bits of the Secure GICC_CTLR that the normal world controls through its own view. */
#define GICC_CTLR_NS_OWNED (GICC_CTLR_ENABLE_GRP1 | GICC_CTLR_EOIMODE_NS)

#define GICC_IAR_ID_MASK      0x3ffu
#define GICC_IAR_SPURIOUS_MIN 1020u /* 1022: Group 1 pending, 1023: nothing pending */

#endif
