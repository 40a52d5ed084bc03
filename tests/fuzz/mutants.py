#!/usr/bin/env python3
"""Mutation check of the fuzz harness: does it catch real bugs, and how fast?

Copies the tree to a scratch directory (core/ and services/ as real copies, the rest
as symlinks), then for each mutant below: applies one small bug to the engine, the PSCI
service or the dispatcher, builds smc_fuzz with clang-16 and fuzzes from the committed
corpus until the first violation or the time limit. With --write-regressions the
minimized reproducer of each caught mutant becomes tests/fuzz/regressions/mutant-NAME
(it passes on the correct code and fails on the mutant).

Usage: tests/fuzz/mutants.py [--seconds N] [--write-regressions] [NAME...]
Not part of ctest (each mutant needs its own build); docs/reliability.md lists the
mutants and says how to read the output (the figures are this script's, run by hand).
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

# name, file, original text, mutated text
MUTANTS = [
    ("no-cancel", "core/psci/psci_wake.c",
     "\t\tif (psci_owner(n) != PSCI_NONE)\n\t\t\tpsci_set_owner(n, PSCI_NONE);\n", ""),
    ("commit-cancelled", "core/psci/psci_coord.c",
     "\t\tif (psci_owner(psci_node_of(cpu, l)) != cpu)\n\t\t\tbreak; /* a wake-up below cancelled it,"
     " or a later last CPU took it over */\n", ""),
    ("coord-ignores-others", "core/psci/psci_coord.c",
     "\t\t\ts = psci_min(s, psci_cpus[i].req[l]);\n", "\t\t\t(void)i;\n"),
    ("unlock-early", "core/psci/psci_power_down.c",
     "\tc->stat_enter_us = stat ?", "\tpsci_unlock_path(cpu, keep);\n\tkeep = 0;\n\tc->stat_enter_us = stat ?"),
    ("off-no-aff", "core/psci/psci_power_down.c",
     "\t\t__atomic_store_n(&c->aff_info, PSCI_AFF_OFF, __ATOMIC_RELEASE);\n", "\t\t;\n"),
    ("osi-scope", "core/psci/psci_wake.c", "if (on || psci_mode_is_osi())", "if (on)"),
    ("on-codes", "core/psci/psci_on.c",
     "expected == PSCI_AFF_ON ? PSCI_RET_ALREADY_ON : PSCI_RET_ON_PENDING",
     "expected == PSCI_AFF_ON ? PSCI_RET_ON_PENDING : PSCI_RET_ALREADY_ON"),
    ("range-wrap", "core/psci/psci_system.c",
     "if (length == 0 || base + (length - 1) < base)", "if (length == 0)"),
    ("features-freeze", "core/psci/psci_system.c",
     "\t\treturn supported(ops->cpu_freeze != NULL);", "\t\treturn PSCI_RET_SUCCESS;"),
    ("smc32-mask", "services/psci/psci_svc.c", "\t\tx2 = (uint32_t)x2;\n", ""),
    ("stat-smc32", "services/psci/psci_svc.c",
     "return SMCCC_IS_SMC64(fid) ? v : (uint32_t)v;", "return v;"),
    ("no-sve-mask", "core/smc/dispatcher.c", "\tfid &= ~SMCCC_SVE_HINT;\n", ""),
    ("pmf-local-bound", "core/pmf/pmf_query.c", "if (!svc || local >= svc->ids)", "if (!svc)"),
    ("pmf-smc64-upper", "services/pmf/pmf_svc.c",
     "if (SMCCC_IS_SMC64(fid) && ((x1 | x3) >> 32) != 0) {", "if (0) {"),
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=120)
    ap.add_argument("--write-regressions", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()

    scratch = tempfile.mkdtemp(prefix="secmon-mutants-")
    src, build = os.path.join(scratch, "src"), os.path.join(scratch, "build")
    os.makedirs(src)
    for e in os.listdir(ROOT):
        if e in ("build", ".git", "tests"):
            continue
        if e in ("core", "services"):
            shutil.copytree(os.path.join(ROOT, e), os.path.join(src, e))
        else:
            os.symlink(os.path.join(ROOT, e), os.path.join(src, e))
    # tests/: symlinks, and a CMakeLists.txt that surely builds tests/fuzz.
    os.makedirs(os.path.join(src, "tests"))
    for e in os.listdir(os.path.join(ROOT, "tests")):
        if e != "CMakeLists.txt":
            os.symlink(os.path.join(ROOT, "tests", e), os.path.join(src, "tests", e))
    lists = open(os.path.join(ROOT, "tests", "CMakeLists.txt")).read()
    if "add_subdirectory(fuzz)" not in lists:
        lists += "\nif(NOT SECMON_EL3)\n  add_subdirectory(fuzz)\nendif()\n"
    open(os.path.join(src, "tests", "CMakeLists.txt"), "w").write(lists)
    r = run(["cmake", "--preset", "host", "-B", build, "-DCMAKE_C_COMPILER=clang-16"], cwd=src)
    if r.returncode != 0:
        sys.exit("configure failed:\n" + r.stdout + r.stderr)
    fuzzer = os.path.join(build, "tests", "fuzz", "smc_fuzz")
    failed = 0
    for name, path, old, new in MUTANTS:
        if args.names and name not in args.names:
            continue
        f = os.path.join(src, path)
        orig = open(f).read()
        if orig.count(old) != 1:
            print("%-22s not applicable (the code changed)" % name)
            continue
        open(f, "w").write(orig.replace(old, new))
        try:
            r = run(["cmake", "--build", build, "--target", "smc_fuzz"])
            if r.returncode != 0:
                print("%-22s does not build" % name)
                continue
            work = os.path.join(scratch, name)
            os.makedirs(os.path.join(work, "corpus"))
            t = time.time()
            r = run([fuzzer, "-seed=1", "-max_total_time=%d" % args.seconds, "-max_len=2048",
                     "-dict=" + os.path.join(HERE, "smc.dict"), "-artifact_prefix=" + work + "/",
                     os.path.join(work, "corpus"), os.path.join(HERE, "corpus")])
            dt = time.time() - t
            why = [l for l in r.stderr.splitlines()
                   if "invariant violated" in l or "secmon_panic" in l or "runtime error" in l]
            crashes = glob.glob(os.path.join(work, "crash-*"))
            if not crashes:
                failed += 1
                print("%-22s SURVIVED %d s" % (name, args.seconds))
                continue
            print("%-22s caught in %5.1f s: %s" % (name, dt, (why or ["crash"])[0][:100]))
            if args.write_regressions:
                run([fuzzer, "-minimize_crash=1", "-runs=3000", "-max_len=2048",
                     "-exact_artifact_path=" + os.path.join(HERE, "regressions", "mutant-" + name),
                     crashes[0]])
        finally:
            open(f, "w").write(orig)
    shutil.rmtree(scratch)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
