/* GICv3 register offsets and fields used by gicv3.c (Arm IHI 0069). Private. */
#ifndef SECMON_GICV3_REGS_H
#define SECMON_GICV3_REGS_H

/* Distributor. */
#define GICD_CTLR	    0x0000u
#define GICD_TYPER	    0x0004u
#define GICD_IGROUPR(n)	    (0x0080u + 4u * (n)) /* 32 interrupts per register */
#define GICD_ICENABLER(n)   (0x0180u + 4u * (n))
#define GICD_IPRIORITYR(n)  (0x0400u + 4u * (n)) /* 4 interrupts per register */
#define GICD_ICFGR(n)	    (0x0c00u + 4u * (n)) /* 16 interrupts per register */
#define GICD_IGRPMODR(n)    (0x0d00u + 4u * (n))
#define GICD_IROUTER(intid) (0x6000u + 8u * (intid)) /* 64-bit, SPIs only */

#define GICD_CTLR_ENABLE_GRP0	(1u << 0)
#define GICD_CTLR_ENABLE_GRP1NS (1u << 1)
#define GICD_CTLR_ENABLE_GRP1S	(1u << 2)
#define GICD_CTLR_ARE_S		(1u << 4)
#define GICD_CTLR_ARE_NS	(1u << 5)
#define GICD_CTLR_DS		(1u << 6)
#define GICD_CTLR_RWP		(1u << 31)
#define GICD_CTLR_ENABLES	(GICD_CTLR_ENABLE_GRP0 | GICD_CTLR_ENABLE_GRP1NS | GICD_CTLR_ENABLE_GRP1S)

/* Redistributor: RD_base frame. */
#define GICR_CTLR  0x0000u
#define GICR_TYPER 0x0008u /* 64-bit */
#define GICR_WAKER 0x0014u
#define GICR_PWRR  0x0024u /* GIC-600/GIC-700 only */

#define GICR_CTLR_RWP		   (1u << 3)
#define GICR_TYPER_VLPIS	   (1ull << 1)
#define GICR_TYPER_LAST		   (1ull << 4)
#define GICR_TYPER_AFF_SHIFT	   32
#define GICR_WAKER_PROCESSOR_SLEEP (1u << 1)
#define GICR_WAKER_CHILDREN_ASLEEP (1u << 2)
#define GICR_PWRR_RDPD		   (1u << 0) /* write 1: power the redistributor down */
#define GICR_PWRR_RDGPD		   (1u << 2) /* its power group: power down requested */
#define GICR_PWRR_RDGPO		   (1u << 3) /* its power group: powered off */

/* Frame sizes: RD_base + SGI_base (GICv3), plus VLPI + reserved when GICR_TYPER.VLPIS. */
#define GICR_FRAME_V3 0x20000u
#define GICR_FRAME_V4 0x40000u

/* Redistributor: SGI_base frame, 64 KiB after RD_base. */
#define GICR_SGI_BASE	0x10000u
#define GICR_IGROUPR0	(GICR_SGI_BASE + 0x0080u)
#define GICR_ISENABLER0 (GICR_SGI_BASE + 0x0100u)
#define GICR_ICENABLER0 (GICR_SGI_BASE + 0x0180u)
#define GICR_IPRIORITYR (GICR_SGI_BASE + 0x0400u)
#define GICR_IGRPMODR0	(GICR_SGI_BASE + 0x0d00u)

/* CPU interface system register fields. */
#define ICC_SRE_SRE	       (1u << 0)
#define ICC_SRE_DFB	       (1u << 1)
#define ICC_SRE_DIB	       (1u << 2)
#define ICC_SRE_ENABLE	       (1u << 3)
#define ICC_IGRPEN_ENABLE      (1u << 0) /* ICC_IGRPEN0_EL1 */
#define ICC_IGRPEN1_EL3_GRP1NS (1u << 0) /* alias of the NS ICC_IGRPEN1_EL1.Enable */
#define ICC_IGRPEN1_EL3_GRP1S  (1u << 1) /* alias of the Secure ICC_IGRPEN1_EL1.Enable */
#define ICC_IAR_INTID_MASK     0xffffffu
#define ICC_IAR_SPECIAL_MIN    1020u
#define ICC_IAR_SPECIAL_MAX    1023u

/* ICC_SGI0R_EL1 fields. */
#define ICC_SGIR_AFF1_SHIFT  16
#define ICC_SGIR_INTID_SHIFT 24
#define ICC_SGIR_AFF2_SHIFT  32
#define ICC_SGIR_RS_SHIFT    44
#define ICC_SGIR_AFF3_SHIFT  48
#define ICC_SGIR_IRM	     (1ull << 40) /* every PE but the sender */

/* ID_AA64PFR0_EL1.EL2: non-zero when EL2 is implemented. */
#define ID_AA64PFR0_EL2_SHIFT 8
#define ID_AA64PFR0_EL2_MASK  0xfull

#endif
