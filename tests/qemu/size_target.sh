#!/usr/bin/env bash
# Fails if an image's data+bss is above a target (a hard limit, unlike the 2% budgets).
#   size_target.sh <image .elf> <most data+bss bytes>
set -euo pipefail
elf=$1 limit=$2
sizes=$("$(dirname "$0")/../../tools/image-size" --text "$elf")
echo "$(basename "$elf"): $sizes"
data_bss=$(echo "$sizes" | awk '{print $4}')
if [ "$data_bss" -gt "$limit" ]; then
  echo "FAIL data+bss $data_bss > $limit"
  exit 1
fi
echo "PASS data+bss $data_bss <= $limit ($((limit - data_bss)) bytes to spare)"
