#!/usr/bin/env bash
# Plays an integrator: installs this build of libsecmon into a prefix, builds
# examples/vendor-integration against it as a separate CMake project (find_package), and
# boots the vendor's image under QEMU to the normal-world payload. The same project is
# also built from the source tree through FetchContent.
#   vendor_integration.sh <libsecmon build dir> <work dir> <ns payload .bin>
set -euo pipefail
build=$1 work=$2 payload=$3
src=$(cd "$(dirname "$0")/../.." && pwd)
prefix=$work/prefix
rm -rf "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$src/examples/vendor-integration" -B "$work/acme" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_TOOLCHAIN_FILE="$prefix/lib/cmake/secmon/toolchain-aarch64-clang.cmake" >/dev/null
cmake --build "$work/acme"
# The same project straight from this source tree (FetchContent / add_subdirectory) must
# build too.
cmake -S "$src/examples/vendor-integration" -B "$work/acme-src" -G Ninja \
  -DACME_SECMON_SOURCE_DIR="$src" -DSECMON_LIBFDT_SOURCE_DIR="${SECMON_LIBFDT_SOURCE_DIR:-/opt/secmon-deps/libfdt}" \
  -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchain-aarch64-clang.cmake" >/dev/null
cmake --build "$work/acme-src" --target acme-bl31
# The vendor's image boots, registers its own SiP service next to libsecmon's, and runs
# the payload to its end. (The payload's own verdict is not the point here: it expects
# OEN 2 to be unserved, and ACME serves it.)
exec "$src/tools/qemu-run" --bios "$work/acme/acme-bl31.bin" --payload "$payload" --timeout 240 \
  --expect "service acme-sip   OEN 2-2 fast" \
  --expect "entering the normal world at 0x60000000" \
  --expect "PAYLOAD: ns-testpayload at EL2" \
  --expect "PAYLOAD: done"
