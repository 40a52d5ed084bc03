#!/usr/bin/env python3
"""Write a gzip-compressed newc ("070701") cpio archive for a Linux initramfs.

The machine may have no cpio binary, and device nodes must be created without root, so
the archive is written directly from a list of entries read from a spec file, one a line:

    dir   PATH MODE
    file  PATH SOURCE MODE
    slink PATH TARGET
    nod   PATH MODE c|b MAJOR MINOR

MODE is octal permission bits. Owners are root, timestamps are 0 and the gzip header
has no name or time, so the same inputs always give the same bytes.

usage: mkinitramfs.py SPEC OUTPUT.cpio.gz
"""
import gzip
import stat
import sys

TRAILER = "TRAILER!!!"


def pad4(n):
    return (4 - n % 4) % 4


class NewcWriter:
    def __init__(self, out):
        self.out = out
        self.ino = 1

    def entry(self, name, mode, data=b"", rdev=(0, 0), nlink=1):
        name_b = name.encode() + b"\0"
        fields = [
            self.ino,      # c_ino
            mode,          # c_mode: type and permission bits
            0, 0,          # c_uid, c_gid
            nlink,         # c_nlink
            0,             # c_mtime
            len(data),     # c_filesize
            0, 0,          # c_devmajor, c_devminor (of the file system: unused)
            rdev[0], rdev[1],  # c_rdevmajor, c_rdevminor (of a device node)
            len(name_b),   # c_namesize, NUL included
            0,             # c_check: only for the "070702" variant
        ]
        self.ino += 1
        hdr = b"070701" + b"".join(b"%08X" % f for f in fields)
        self.out.write(hdr + name_b + b"\0" * pad4(len(hdr) + len(name_b)))
        self.out.write(data + b"\0" * pad4(len(data)))

    def trailer(self):
        self.ino = 0
        self.entry(TRAILER, 0, nlink=1)


def parse_mode(text):
    mode = int(text, 8)
    if mode & ~0o7777:
        raise ValueError("mode %s has more than permission bits" % text)
    return mode


def build(spec_lines, writer):
    for lineno, line in enumerate(spec_lines, 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        kind, path = words[0], words[1].lstrip("/")
        try:
            if kind == "dir" and len(words) == 3:
                writer.entry(path, stat.S_IFDIR | parse_mode(words[2]), nlink=2)
            elif kind == "file" and len(words) == 4:
                with open(words[2], "rb") as f:
                    data = f.read()
                writer.entry(path, stat.S_IFREG | parse_mode(words[3]), data)
            elif kind == "slink" and len(words) == 3:
                writer.entry(path, stat.S_IFLNK | 0o777, words[2].encode())
            elif kind == "nod" and len(words) == 6 and words[3] in ("c", "b"):
                kind_bits = stat.S_IFCHR if words[3] == "c" else stat.S_IFBLK
                writer.entry(path, kind_bits | parse_mode(words[2]),
                             rdev=(int(words[4]), int(words[5])))
            else:
                raise ValueError("cannot parse")
        except (ValueError, OSError) as e:
            sys.exit("mkinitramfs: spec line %d (%s): %s" % (lineno, line.strip(), e))
    writer.trailer()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1]) as f:
        spec = f.readlines()
    with open(sys.argv[2], "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as gz:
            build(spec, NewcWriter(gz))


if __name__ == "__main__":
    main()
