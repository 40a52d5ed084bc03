#!/usr/bin/env bash
# Builds the QEMU example with extra options in its own tree and runs it.
#   build_variant.sh <source dir> <build dir> [-D... options] [-- qemu-run arguments]
# PRESET (default qemu) names the configure preset. Without qemu-run arguments the run
# only has to reach the normal-world entry.
set -euo pipefail
src=$1 build=$2
shift 2
opts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  opts+=("$1")
  shift
done
[ $# -gt 0 ] && shift
run=("$@")
[ ${#run[@]} -gt 0 ] || run=(--timeout 60 --expect "entering the normal world at 0x60000000"
                             --expect "PAYLOAD: ns-testpayload at EL")
cmake --preset "${PRESET:-qemu}" -S "$src" -B "$build" -DSECMON_BUILD_TESTS=OFF "${opts[@]}" >/dev/null
cmake --build "$build" --target qemu-bl31 ns-testpayload >/dev/null
"$src/tools/image-size" --text "$build/examples/qemu-bl31/qemu-bl31.elf"
exec "$src/tools/qemu-run" --bios "$build/examples/qemu-bl31/qemu-bl31.bin" \
  --payload "$build/examples/ns-testpayload/ns-testpayload.bin" "${run[@]}"
