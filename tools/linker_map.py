"""Input sections of a linker map, as lld and GNU ld write it (-Map=IMAGE.map): the one
parser of tools/check-image and tools/image-size.

input_sections(path) yields (output section, input section, size, file) for each input
section placed in the image, in map order; file is as the map names it, e.g.
"libsecmon_lib.a(console.c.obj)" (with its directory) or "<internal>" (lld's merged strings).
"""
import re

# lld:     VMA LMA Size Align Out / In / Symbol, the nesting shown by indentation:
#          "  e000000  0  b800  2048 .text"
#          "  e000000  0    80     4         libsecmon_arch.a(entry.S.obj):(.text.secmon_reset)"
LLD_LINE = re.compile(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (.*)$")
LLD_INPUT = re.compile(r"\s*(.*?):\((\S+)\)$")
# GNU ld:  ".text  0x000000000e000000  0xc000 load address 0x0000000000000000"
#          " .text.secmon_reset"                           (a long name: the rest follows)
#          "                0x000000000e000000       0x80 libsecmon_arch.a(entry.S.obj)"
GNU_OUTPUT = re.compile(r"(\S+)")
GNU_INPUT = re.compile(r" (\S+)(?:\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*))?$")
GNU_REST = re.compile(r"\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S.*)$")


def _lld(lines):
    out = None
    for line in lines:
        m = LLD_LINE.match(line)
        if not m:
            continue
        size, rest = int(m.group(1), 16), m.group(2)
        if not rest.startswith(" "):
            out = rest.strip()
            continue
        src = LLD_INPUT.match(rest)
        if src:
            yield out, src.group(2), size, src.group(1)


def _gnu(lines):
    out, pending = None, None
    for line in lines:
        if pending:
            m = GNU_REST.match(line)
            if m:
                yield out, pending, int(m.group(1), 16), m.group(2)
            pending = None
            continue
        if line[:1] not in ("", " "):
            out = GNU_OUTPUT.match(line).group(1)
            continue
        m = GNU_INPUT.match(line)
        if not m or m.group(1).startswith("*"):  # " *(patterns)", " *fill*"
            continue
        if m.group(2) is None:
            pending = m.group(1)
        else:
            yield out, m.group(1), int(m.group(2), 16), m.group(3)


def input_sections(path):
    with open(path) as f:
        lines = f.read().splitlines()
    if lines and lines[0].split()[:2] == ["VMA", "LMA"]:
        return list(_lld(lines))
    # GNU ld: the placements follow this line (before it: archive members, discards).
    for i, line in enumerate(lines):
        if line.startswith("Linker script and memory map"):
            return list(_gnu(lines[i + 1:]))
    raise ValueError(f"{path}: not a linker map of lld or GNU ld")
