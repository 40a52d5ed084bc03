#!/usr/bin/env bash
# Runs the NS payload under the QEMU virt image with QEMU's own DTB changed (-dtb), to see
# that it finds the board the way other boards describe it, not only as QEMU virt does.
#   payload_dtb.sh <qemu> <bios> <payload> <work dir> <variant>
# Variants:
#   alias     /chosen stdout-path is an alias with options ("serial0:115200n8")
#   fallback  no stdout-path: the first arm,pl011 node that is not disabled (QEMU lists the
#             secure UART, status "disabled", first)
#   bus       the console on a bus with an empty "ranges" (/soc/serial@9000000), and a root
#             compatible no profile knows: the generic profile, chosen by the DTB
# The run must pass with the console found as the variant says.
set -euo pipefail
qemu=$1 bios=$2 payload=$3 work=$4 variant=$5
dtc=${DTC:-dtc}
src=$(cd "$(dirname "$0")/../.." && pwd)
machine="virt,secure=on,virtualization=on,gic-version=3"
mkdir -p "$work"
rm -f "$work/virt.dtb"
# The same machine as qemu-run's below: QEMU's DTB as it would give it.
"$qemu" -M "$machine,dumpdtb=$work/virt.dtb" -cpu cortex-a57 -smp 4 -m 1G -nographic \
  -bios "$bios" >/dev/null 2>&1 || true
[ -s "$work/virt.dtb" ] || { echo "payload_dtb.sh: QEMU did not dump its DTB" >&2; exit 1; }
"$dtc" -q -I dtb -O dts -o "$work/virt.dts" "$work/virt.dtb"

case $variant in
alias)
  change='/ { aliases { serial0 = "/pl011@9000000"; }; chosen { stdout-path = "serial0:115200n8"; }; };'
  require=("console: PL011 at 0x9000000, from /chosen stdout-path \\(stdout-path serial0:115200n8\\)"
           "profile QEMU virt")
  ;;
fallback)
  change='/ { chosen { /delete-property/ stdout-path; }; };'
  require=("console: PL011 at 0x9000000, from first arm,pl011 node \\(no stdout-path\\)"
           "profile QEMU virt")
  ;;
bus)
  change='/ { compatible = "acme,evaluation-board";
             soc { compatible = "simple-bus"; #address-cells = <2>; #size-cells = <2>; ranges;
                   serial@9000000 { compatible = "arm,pl011", "arm,primecell";
                                    reg = <0 0x9000000 0 0x1000>; }; };
             chosen { stdout-path = "/soc/serial@9000000"; }; };'
  require=("console: PL011 at 0x9000000, from /chosen stdout-path \\(stdout-path /soc/serial@9000000\\)"
           "INFO boot: board acme,evaluation-board: profile generic \\(no profile for this board\\);")
  ;;
*)
  echo "payload_dtb.sh: unknown variant $variant" >&2
  exit 2
  ;;
esac
printf '%s\n' "$change" | cat "$work/virt.dts" - >"$work/$variant.dts"
"$dtc" -q -I dts -O dtb -o "$work/$variant.dtb" "$work/$variant.dts"

args=()
for r in "${require[@]}"; do
  args+=(--require "$r")
done
exec "$src/tools/qemu-run" --qemu "$qemu" --bios "$bios" --payload "$payload" --gic 3 \
  --cpu cortex-a57 --smp 4 --timeout 300 --extra=-dtb --extra="$work/$variant.dtb" "${args[@]}"
