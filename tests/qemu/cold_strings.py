#!/usr/bin/env python3
"""Cold-boot strings stay out of the resident image.

The QEMU image runs its cold-boot code from the load region (secmon/cold_boot.h). Its
strings must go there too, by either route: SECMON_COLD_STR (here through COLD_INFO,
COLD_ERROR and SECMON_COLD_PANIC in files that also hold resident code) and the
*_cold_boot.a rule of secmon_cold_boot_in_load.ld (the port's DTB and fw_cfg files).
Checks that a sample of each is in .cold_boot and not in .rodata, and that a string the
crash path needs after the cold boot is still in .rodata.
Usage: cold_strings.py OBJCOPY IMAGE.elf
"""
import os
import subprocess
import sys
import tempfile

COLD = [
    b"PSCI: unusable topology: %s",  # COLD_ERROR, core/psci/psci_setup.c
    b"more power levels than SECMON_PSCI_LEVELS",  # BAD_TOPOLOGY, the same file
    b"MMU: out of translation tables",  # SECMON_COLD_PANIC, core/arch/aarch64/mmu.c
    b"platform initialisation failed",  # SECMON_COLD_PANIC, core/arch/aarch64/boot.c
    b"arm,gic-v3",  # virt_dt_parse.c in libsecmon_qemu_virt_cold_boot.a
    b"not a little-endian arm64 Image",  # fw_cfg.c, the same archive
]
RESIDENT = [b"*** EL3 CRASH: unexpected %s", b"no cpu ops for MIDR"]


def section(objcopy, image, name, tmp):
    out = os.path.join(tmp, name.strip(".") + ".bin")
    subprocess.run([objcopy, "-O", "binary", "--only-section=" + name, image, out], check=True)
    with open(out, "rb") as f:
        return f.read()


def main():
    objcopy, image = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        rodata = section(objcopy, image, ".rodata", tmp)
        cold = section(objcopy, image, ".cold_boot", tmp)
    failures = 0
    if not cold:
        print("FAIL the image has no .cold_boot section")
        return 1
    for s in COLD:
        if s in rodata:
            print(f"FAIL cold-boot string in resident .rodata: {s.decode()}")
            failures += 1
        if s not in cold:
            print(f"FAIL cold-boot string missing from .cold_boot: {s.decode()}")
            failures += 1
    for s in RESIDENT:
        if s not in rodata:
            print(f"FAIL resident string missing from .rodata: {s.decode()}")
            failures += 1
    print(f"{len(COLD)} cold-boot strings, {len(RESIDENT)} resident: {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
