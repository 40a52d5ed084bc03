#!/usr/bin/env bash
# Fails if an image's data+bss is above a target (a hard limit, unlike the 2% budgets).
#   size_target.sh <image .elf> <most data+bss bytes> [<nm> <size tool>]
set -euo pipefail
elf=$1 limit=$2 nm=${3:-llvm-nm-16} size_tool=${4:-llvm-size-16}
sizes=$("$(dirname "$0")/../../tools/image-size" --nm "$nm" --size-tool "$size_tool" --text "$elf")
echo "$(basename "$elf"): $sizes"
data_bss=$(echo "$sizes" | awk '{print $4}')
if [ "$data_bss" -gt "$limit" ]; then
  echo "FAIL data+bss $data_bss > $limit"
  exit 1
fi
echo "PASS data+bss $data_bss <= $limit ($((limit - data_bss)) bytes to spare)"
