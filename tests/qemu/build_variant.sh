#!/usr/bin/env bash
# Builds the QEMU example with extra options in its own tree and boots it to the
# normal-world entry.   build_variant.sh <source dir> <build dir> [-D... options]
set -euo pipefail
src=$1 build=$2
shift 2
cmake --preset qemu -S "$src" -B "$build" -DSECMON_BUILD_TESTS=OFF "$@" >/dev/null
cmake --build "$build" --target qemu-bl31 ns-testpayload >/dev/null
"$src/tools/image-size" --text "$build/examples/qemu-bl31/qemu-bl31.elf"
exec "$src/tools/qemu-run" --bios "$build/examples/qemu-bl31/qemu-bl31.bin" \
  --payload "$build/examples/ns-testpayload/ns-testpayload.bin" --timeout 60 \
  --expect "entering the normal world at 0x60000000" --expect "PAYLOAD: ns-testpayload at EL"
