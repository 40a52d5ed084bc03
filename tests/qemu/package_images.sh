#!/usr/bin/env bash
# Plays a vendor: installs the package (the `package` preset's build, built first if it is
# not there), builds tests/package against the installed prefix only (vendor-integration,
# sbsa-ref in two images, the README's snippet), with no path into this tree's build.
#   package_images.sh <package build dir> <work dir>
# The package_* tests then boot what it built.
set -euo pipefail
package=$1 work=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -f "$package/CMakeCache.txt" ]; then
  (cd "$src" && cmake --workflow --preset package)
fi
cmake --build "$package" >/dev/null
rm -rf "$work"
cmake --install "$package" --prefix "$work/prefix" >/dev/null
cmake -S "$src/tests/package" -B "$work/images" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_TOOLCHAIN_FILE="$work/prefix/lib/cmake/secmon/toolchain-aarch64-clang.cmake" >/dev/null
cmake --build "$work/images"
# Nothing of the images came from this tree's libraries or build: only from the prefix.
if grep -R --include=build.ninja -l "$package" "$work/images" >/dev/null; then
  echo "FAIL: the images' build refers to the package's build tree $package" >&2
  exit 1
fi
find "$work/images" -name '*.bin' -not -path '*/CMakeFiles/*' | sort
