#!/usr/bin/env python3
"""The secure-payload dispatcher costs nothing when it is off.

Reads the image's symbol table (llvm-objdump -t) and checks that every symbol the
dispatcher brings (its service, the world switch and its vectors, the EL1 register
switch, the normal-world FIQ path, the PSCI notification hooks) is absent when
SECMON_ENABLE_SPD is off and present when it is on, so the check can see them.
Usage: spd_zerocost.py OBJDUMP IMAGE.elf on|off
"""
import subprocess
import sys

SPD_SYMBOLS = [
    "secmon_spd_service",
    "spd_run",
    "spd_psci_hooks",
    "secmon_world_run",
    "secmon_vectors_world",
    "secmon_el1_sysregs_save",
    "secmon_route_ns_fiq_to_el3",
    "secmon_lower_el_fiq",
    "lower_el_fiq",
    "secmon_psci_register_spd",
    "psci_spd",
    "secmon_ns_scr_route_bits",
]


def main():
    objdump, image, mode = sys.argv[1:4]
    out = subprocess.run([objdump, "-t", image], check=True, capture_output=True,
                         text=True).stdout
    names = {line.split()[-1] for line in out.splitlines() if line.strip()}
    present = [s for s in SPD_SYMBOLS if s in names]
    if mode == "off":
        for s in present:
            print(f"FAIL {s} is in an image built without the dispatcher")
        print(f"{len(SPD_SYMBOLS) - len(present)} of {len(SPD_SYMBOLS)} dispatcher "
              f"symbols absent")
        return 1 if present else 0
    missing = [s for s in SPD_SYMBOLS if s not in names]
    for s in missing:
        print(f"FAIL {s} missing from an image built with the dispatcher")
    print(f"{len(present)} dispatcher symbols present")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
