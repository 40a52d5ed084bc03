#!/usr/bin/env python3
"""Writes a copy of a C source with the PMF instrumentation taken out by hand's rules.

The copy is what the source would be had nobody instrumented it: the
`#include <secmon/pmf.h>` line is emptied, every PMF_CAPTURE_TIMESTAMP*(...) call is
removed (its `;` stays, an empty statement), and every PMF_*_OR(..., fallback) is
replaced by (fallback). Line numbers are kept (removed newlines are re-added after
the replacement) so __LINE__ does not move. Any other PMF_ macro is an error: this
script must learn it before the zero-cost test can vouch for it.

usage: strip_pmf.py SOURCE OUTPUT
"""
import re
import sys

REMOVE = {"PMF_CAPTURE_TIMESTAMP", "PMF_CAPTURE_TIMESTAMP_CPU"}
FALLBACK = {"PMF_CAPTURE_US_OR", "PMF_NOW_US_OR", "PMF_HAS_CLOCK_OR"}
INCLUDE = re.compile(r"^[ \t]*#[ \t]*include[ \t]*<secmon/pmf\.h>[ \t]*$", re.M)
MACRO = re.compile(r"\bPMF_[A-Z0-9_]+\b")


def call_args(text, open_paren):
    """Top-level arguments of the call whose '(' is at open_paren, and the index after ')'."""
    depth, start, args = 0, open_paren + 1, []
    for i in range(open_paren, len(text)):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                args.append(text[start:i])
                return args, i + 1
        elif c == "," and depth == 1:
            args.append(text[start:i])
            start = i + 1
    raise SystemExit("strip_pmf: unbalanced parentheses")


def strip(text):
    text = INCLUDE.sub("", text)
    out, pos = [], 0
    while True:
        m = MACRO.search(text, pos)
        if not m:
            out.append(text[pos:])
            return "".join(out)
        name = m.group(0)
        paren = m.end()
        while paren < len(text) and text[paren] in " \t":
            paren += 1
        if name not in REMOVE | FALLBACK or paren >= len(text) or text[paren] != "(":
            line = text.count("\n", 0, m.start()) + 1
            raise SystemExit(f"strip_pmf: line {line}: unknown PMF construct {name}")
        args, end = call_args(text, paren)
        removed = text[m.start():end]
        # Parenthesised like the macro's own expansion, so precedence cannot change.
        keep = "" if name in REMOVE else "(" + args[-1].strip() + ")"
        out.append(text[pos:m.start()])
        out.append(keep + "\n" * (removed.count("\n") - keep.count("\n")))
        pos = end


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    result = strip(text)
    if result.count("\n") != text.count("\n"):
        raise SystemExit("strip_pmf: line count changed")
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(result)


if __name__ == "__main__":
    main()
