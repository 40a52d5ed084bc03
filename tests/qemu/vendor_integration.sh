#!/usr/bin/env bash
# examples/vendor-integration straight from this source tree, as FetchContent (or
# add_subdirectory) users build it: the project must configure and its image build.
# (Against the installed package it is built and booted by the package_* tests.)
#   vendor_integration.sh <work dir>
set -euo pipefail
work=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
cmake -S "$src/examples/vendor-integration" -B "$work" -G Ninja \
  -DACME_SECMON_SOURCE_DIR="$src" -DSECMON_LIBFDT_SOURCE_DIR="${SECMON_LIBFDT_SOURCE_DIR:-/opt/secmon-deps/libfdt}" \
  -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchain-aarch64-clang.cmake" >/dev/null
cmake --build "$work" --target acme-bl31
