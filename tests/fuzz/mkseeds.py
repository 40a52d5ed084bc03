#!/usr/bin/env python3
"""Writes the fuzz seed corpus (tests/fuzz/corpus) and the dictionary (smc.dict).

Input format (fuzz.h): 8-byte header [shape, flags, boot cpu, state set, hook-absent
mask u32 LE], then 30-byte records [cpu, ctl, fid u32, x1 u64, x2 u64, x3 u64] (LE).
ctl bit 0 = event (wake-up / power-on arrival), bit 1 = nested (runs while the previous
CPU is stopped at a lock-free point). Run it again after changing the format.
"""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

EVENT, NEST = 1, 2
# nested-at: 1 first flush, 2 node flush (between claim and commit), 3 standby, 4 before WFI
AT_FLUSH0, AT_FLUSHN, AT_STANDBY, AT_WFI = 1 << 2, 2 << 2, 3 << 2, 4 << 2
F_EXT, F_OSI, F_AFF3, F_SYS_BAD, F_WA_NONE, F_RESET2_OK, F_ON_FAILS = 1, 2, 4, 8, 16, 32, 64
# shapes (fuzz_plat.c): 0 flat4, 1 2x2, 2 1x4, 3 sys+2x2, 4 sys+3,1, 5 4-level, 6 2x4, 7 up
VERSION, CPU_SUSPEND, CPU_OFF, CPU_ON, AFF_INFO = 0x84000000, 0xC4000001, 0x84000002, 0xC4000003, 0xC4000004
FEATURES, FREEZE, DEF_SUSP, NODE_HW, SYS_SUSP = 0x8400000A, 0x8400000B, 0xC400000C, 0xC400000D, 0xC400000E
SET_MODE, STAT_RES, STAT_CNT, RESET2, MEM_PROT = 0x8400000F, 0xC4000010, 0xC4000011, 0x84000012, 0x84000013
MEM_CHECK, OFF2, SYS_OFF, SYS_RESET, MIGRATE = 0xC4000014, 0x84000015, 0x84000008, 0x84000009, 0x84000005
SMCCC_VERSION, ARCH_FEATURES, SOC_ID = 0x80000000, 0x80000001, 0x80000002
WA1, WA2, WA3 = 0x80008000, 0x80007FFF, 0x80003FFF
FEAT_AVAIL, FEAT_SELECTORS = 0xC0000003, (0x1E1100, 0x1E1140, 0x1E1320)
ENTRY = 0x80080000


def header(shape, flags=0, boot=0, states=0, absent=0):
    return struct.pack("<BBBBI", shape, flags, boot, states, absent)


def rec(cpu, fid, x1=0, x2=0, x3=0, ctl=0):
    return struct.pack("<BBIQQQ", cpu, ctl, fid, x1 & (2**64 - 1), x2, x3)


def ev(cpu, nest=0):
    return rec(cpu, 0, ctl=EVENT | (NEST | nest if nest else 0))


def ps(pd, l0, l1=0, l2=0, l3=0, ext=False, last=0):
    sid = l0 | l1 << 4 | l2 << 8 | l3 << 12
    if ext:
        return sid | last << 16 | (1 << 30 if pd else 0)
    level = 3 if l3 else 2 if l2 else 1 if l1 else 0
    return sid | (1 << 16 if pd else 0) | level << 24


def mpidr(cpu, aff3=False):
    return (1 << 32 if aff3 else 0) | (cpu >> 2) << 8 | (cpu & 3)


def boot_all(n, boot=0, aff3=False):
    out = b""
    for c in range(n):
        if c != boot:
            out += rec(boot, CPU_ON, mpidr(c, aff3), ENTRY + 0x100 * c, 0xc0 + c)
            out += ev(c)
    return out


seeds = {}
seeds["queries"] = header(3) + b"".join(
    [rec(0, VERSION), rec(0, SMCCC_VERSION), rec(0, SOC_ID, 0), rec(0, SOC_ID, 1), rec(0, SOC_ID, 2)]
    + [rec(0, FEATURES, f) for f in list(range(0x84000000, 0x84000016)) + [0xC4000001, 0xC4000003, 0x80000000]]
    + [rec(0, ARCH_FEATURES, f) for f in (SMCCC_VERSION, ARCH_FEATURES, SOC_ID, WA1, WA2, WA3, FEAT_AVAIL,
                                          0x80000003)]
    + [rec(1 % 4, f) for f in (WA1, WA2, WA3)]
    + [rec(c, FEAT_AVAIL, s) for c in (0, 1) for s in FEAT_SELECTORS + (0x1EA500, 1 << 32 | 0x1E1100)]
    + [rec(0, 0x80000003, FEAT_SELECTORS[0])]
    + [rec(0, 0x8000FF00 | q) for q in (0, 1, 3)] + [rec(0, 0x8400FF00 | q) for q in (0, 1, 3)]
    + [rec(0, 0x8200FF01), rec(0, 0x04000000), rec(0, MIGRATE, 1), rec(0, 0x84000006), rec(0, 0x84000007)])
seeds["cpu_on_off"] = header(3) + boot_all(4) + b"".join(
    [rec(0, AFF_INFO, c) for c in range(4)]
    + [rec(1, CPU_OFF), rec(2, CPU_OFF), rec(0, AFF_INFO, 1), rec(0, CPU_ON, 1, ENTRY, 7), rec(0, CPU_ON, 1, ENTRY, 7),
       ev(1), rec(3, CPU_OFF), rec(1, CPU_ON, 3, ENTRY + 4, 9), ev(3), rec(0, CPU_ON, 9, ENTRY), rec(0, CPU_ON, 2, 1)])
seeds["cluster_suspend_pc"] = header(1) + boot_all(4) + b"".join(
    [rec(1, CPU_SUSPEND, ps(True, 2, 2), ENTRY + 8, 0x11), rec(0, CPU_SUSPEND, ps(True, 2, 2), ENTRY + 16, 0x22),
     ev(0), ev(1), rec(2, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 3), rec(3, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 4),
     ev(3), ev(2), rec(0, NODE_HW, 2, 1), rec(0, STAT_CNT, 1, ps(True, 2, 2)), rec(0, STAT_RES, 1, ps(True, 2, 2))])
seeds["system_suspend_3level"] = header(3) + boot_all(4) + b"".join(
    [rec(1, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 1), rec(2, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 2),
     rec(3, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 3), rec(0, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 4),
     ev(2), ev(0), ev(1), ev(3), rec(1, CPU_OFF), rec(2, CPU_OFF), rec(3, CPU_OFF), rec(0, SYS_SUSP, ENTRY, 5), ev(0)])
# CPU 1 is last in its cluster; while it flushes the cluster (no lock), CPU 0 wakes up
# and must cancel the pending cluster power-down.
seeds["cancel_on_wake"] = header(1) + boot_all(2) + b"".join(
    [rec(0, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 1), rec(1, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 2),
     ev(0, AT_FLUSHN), rec(0, AFF_INFO, 1, ctl=NEST | AT_FLUSHN), ev(1), rec(0, AFF_INFO, 1)])
# Same on a 3-level tree with a second cluster joining while the first flushes.
seeds["cancel_3level"] = header(3) + boot_all(4) + b"".join(
    [rec(2, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 1), rec(3, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 2),
     rec(1, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 3), rec(0, CPU_SUSPEND, ps(True, 2, 2, 2), ENTRY, 4),
     ev(2, AT_FLUSHN), ev(0), ev(1), ev(3)])
seeds["osi"] = header(1, F_EXT | F_OSI) + rec(0, SET_MODE, 1) + boot_all(4) + b"".join(
    [rec(1, CPU_SUSPEND, ps(True, 2, ext=True), ENTRY, 1),
     rec(0, CPU_SUSPEND, ps(True, 2, 2, ext=True, last=2), ENTRY, 2),
     rec(0, CPU_SUSPEND, ps(True, 2, 2, ext=True, last=2), ENTRY, 2), ev(0), ev(1),
     rec(1, DEF_SUSP, ENTRY, 5), rec(0, CPU_SUSPEND, ps(True, 2, 2, ext=True, last=2), ENTRY, 6), ev(1), ev(0),
     rec(2, CPU_SUSPEND, ps(False, 1, ext=True), 0, 0), rec(3, CPU_SUSPEND, ps(False, 1, 1, ext=True, last=2)),
     rec(2, CPU_OFF), rec(3, CPU_OFF), rec(1, CPU_OFF), rec(0, SET_MODE, 0), rec(0, SET_MODE, 1)])
seeds["standby_nested"] = header(2, F_OSI) + boot_all(4) + b"".join(
    [rec(1, CPU_SUSPEND, ps(False, 1, 1)), rec(2, CPU_SUSPEND, ps(False, 1, 1), ctl=NEST | AT_STANDBY),
     rec(3, CPU_SUSPEND, ps(False, 1, 1), ctl=NEST | AT_STANDBY),
     rec(0, CPU_SUSPEND, ps(False, 1, 1), ctl=NEST | AT_STANDBY),
     rec(0, DEF_SUSP, ENTRY, 5), ev(0), rec(0, SET_MODE, 1), rec(1, DEF_SUSP, ENTRY, 6), ev(1)])
seeds["stats"] = header(1) + boot_all(2) + b"".join(
    [rec(1, CPU_SUSPEND, ps(True, 2), ENTRY, 1), rec(0, STAT_RES & ~0x40000000, 0, ps(True, 2)), ev(1),
     rec(0, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 1), rec(1, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 1), ev(0), ev(1),
     rec(0, CPU_SUSPEND, ps(False, 1, 1)), rec(1, CPU_SUSPEND, ps(False, 1, 1), ctl=NEST | AT_STANDBY)]
    + [rec(0, f, mpidr(c), p) for f in (STAT_RES, STAT_CNT, STAT_RES & ~0x40000000, STAT_CNT & ~0x40000000)
       for c in (0, 1) for p in (ps(True, 2), ps(True, 2, 2), ps(False, 1, 1))])
# Mode switches refused and accepted; an OSI cluster request refused because a sibling
# sits in a shallower state (standby) than the one asked for the cluster.
seeds["mode_switch"] = header(1, F_OSI | F_ON_FAILS) + boot_all(3) + b"".join(
    [rec(0, CPU_ON, mpidr(3), ENTRY, 3), rec(1, CPU_SUSPEND, ps(True, 2), ENTRY, 1), rec(0, SET_MODE, 1), ev(1),
     rec(0, SET_MODE, 1), rec(0, SET_MODE, 2), rec(0, SET_MODE, 0), rec(1, CPU_SUSPEND, ps(False, 1)),
     rec(0, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 4, ctl=NEST | AT_STANDBY), rec(2, CPU_OFF), rec(1, CPU_OFF),
     rec(0, SET_MODE, 0), rec(0, CPU_ON, mpidr(1), ENTRY, 1), rec(0, SET_MODE, 1)])
PMF_TS, PMF_TS64, PMF_VER, PMF_VER64 = 0x87000020, 0xC7000020, 0x87000021, 0xC7000021
PMF_SIP, PMF_SIP64 = 0x82000010, 0xC2000010


def tid(svc, local):
    return 0x41 << 24 | svc << 10 | local


# PMF query: valid and invalid ids and CPUs, both conventions, both owning entities,
# with and without cache maintenance, the general queries of OEN 2 and 7.
seeds["pmf_query"] = header(1) + boot_all(2) + b"".join(
    [rec(0, f) for f in (PMF_VER, PMF_VER64, 0x8700FF00, 0x8700FF01, 0x8700FF03, 0x8200FF00, 0x8200FF01,
                         0x8200FF03, 0x87000022, 0x82000011)]
    + [rec(c, f, tid(s, l), mpidr(t), m) for f in (PMF_TS, PMF_TS64, PMF_SIP, PMF_SIP64)
       for (c, s, l, t, m) in ((0, 0, 1, 1, 1), (1, 1, 7, 0, 0), (0, 1, 8, 0, 1), (0, 2, 0, 0, 0), (1, 0, 0, 3, 1))]
    + [rec(0, PMF_TS64, tid(1, 2) | 1 << 32, 0, 1), rec(0, PMF_TS, tid(1, 2) | 1 << 16, 0, 1),
       rec(0, PMF_TS64, tid(0, 0), 0xff00000000 | 1, 1), rec(0, PMF_TS, 0x42000000, 0, 0)])
seeds["system_calls"] = header(0, F_RESET2_OK) + b"".join(
    [rec(0, MEM_PROT, 1), rec(0, MEM_PROT, 0), rec(0, MEM_CHECK, 0x80000000, 0x1000), rec(0, MEM_CHECK, 0, 0),
     rec(0, MEM_CHECK, 2**64 - 16, 32), rec(0, RESET2, 0), rec(0, RESET2, 0x80000001, 5), rec(0, RESET2, 3),
     rec(0, OFF2, 1), rec(0, OFF2, 0), rec(0, OFF2, 1, 1), rec(0, 0xC4000015, 0x80000000), rec(0, SYS_OFF),
     rec(0, SYS_RESET), rec(0, FREEZE), rec(0, NODE_HW, 0, 0), rec(0, NODE_HW, 0, 5)])
seeds["no_hooks"] = header(5, F_WA_NONE | F_AFF3, 1, 2, 0xFFFFFFFF) + boot_all(4, 1, True) + b"".join(
    [rec(1, f) for f in (CPU_OFF, SYS_OFF, SYS_RESET, FREEZE, WA1)]
    + [rec(1, FEATURES, f) for f in range(0x84000000, 0x84000016)]
    + [rec(1, CPU_SUSPEND, ps(True, 1, 1, 1, 1)), rec(1, DEF_SUSP, ENTRY), rec(1, SYS_SUSP, ENTRY)])
seeds["offline_race"] = header(6) + boot_all(8) + b"".join(
    [rec(1, CPU_OFF), rec(0, CPU_ON, 1, ENTRY, 1, ctl=NEST | AT_WFI), rec(0, AFF_INFO, 1), ev(1), rec(5, CPU_OFF),
     rec(0, AFF_INFO, mpidr(5)), rec(0, CPU_ON, mpidr(5), ENTRY, 5), ev(5), rec(5, CPU_OFF),
     rec(4, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 2), rec(6, CPU_SUSPEND, ps(True, 2, 2), ENTRY, 3),
     rec(7, CPU_OFF), ev(4, AT_FLUSHN), ev(6)])

os.makedirs(os.path.join(HERE, "corpus"), exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(HERE, "corpus", name), "wb") as f:
        f.write(data)

words = {"psci_" + hex(f): f for f in range(0x84000000, 0x84000016)}
words.update({"psci64_" + hex(f): f for f in (0xC4000001, 0xC4000003, 0xC4000004, 0xC400000C, 0xC400000E, 0xC4000010,
                                              0xC4000011, 0xC4000012, 0xC4000014, 0xC4000015)})
words.update({"arch_" + hex(f): f for f in (SMCCC_VERSION, ARCH_FEATURES, SOC_ID, WA1, WA2, WA3, FEAT_AVAIL)})
words.update({"feat_sel_" + hex(s): s for s in FEAT_SELECTORS})
words.update({"query_" + hex(f): f for f in (0x8000FF00, 0x8000FF01, 0x8000FF03, 0x8400FF00, 0x8400FF01, 0x8400FF03,
                                             0x8200FF00, 0x8200FF01, 0x8200FF03, 0x8700FF00, 0x8700FF01, 0x8700FF03)})
words.update({"pmf_" + hex(f): f for f in (PMF_TS, PMF_TS64, PMF_VER, PMF_VER64, PMF_SIP, PMF_SIP64)})
words.update({"pmf_tid_%d_%d" % (s, l): tid(s, l) for s, l in ((0, 0), (0, 1), (1, 0), (1, 7))})
with open(os.path.join(HERE, "smc.dict"), "w") as f:
    f.write("# SMC function IDs (u32 LE) and power_state values for the fuzz harness (mkseeds.py)\n")
    for name, v in sorted(words.items()):
        f.write('%s="%s"\n' % (name, "".join("\\x%02x" % b for b in struct.pack("<I", v))))
    for name, v in (("ps_cpu_off", ps(True, 2)), ("ps_cluster_off", ps(True, 2, 2)), ("ps_sys_off", ps(True, 2, 2, 2)),
                    ("ps_ret", ps(False, 1)), ("ps_cluster_ret", ps(False, 1, 1))):
        f.write('%s="%s"\n' % (name, "".join("\\x%02x" % b for b in struct.pack("<I", v))))
    f.write('entry="%s"\n' % "".join("\\x%02x" % b for b in struct.pack("<Q", ENTRY)))
print("%d seeds" % len(seeds), file=sys.stderr)
