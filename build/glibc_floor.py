"""The oldest glibc a Linux build runs on: the newest GLIBC_x.y symbol version
that any ELF file of the folder needs (read with binutils' ``objdump -T``).

    python build/glibc_floor.py dist/ttt-gui             # print the floor and who needs it
    python build/glibc_floor.py dist/ttt-gui --at-most 2.35   # exit 1 above 2.35

The README states the floor of the release build; the release workflow checks
its build against it with ``--at-most``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
VERSION = re.compile(r"\bGLIBC_(\d+)\.(\d+)(?:\.(\d+))?\b")

Version = tuple[int, ...]


def needed_versions(path: Path) -> set[Version]:
    """The GLIBC symbol versions the dynamic symbols of ``path`` refer to."""
    listing = subprocess.run(
        ["objdump", "-T", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return {
        tuple(int(part) for part in match.groups() if part is not None)
        for match in VERSION.finditer(listing)
    }


def elf_files(folder: Path) -> list[Path]:
    """Every regular ELF file under ``folder``."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as file:
                if file.read(4) == ELF_MAGIC:
                    found.append(path)
    return found


def floor(folder: Path) -> tuple[Version, list[Path]]:
    """The newest version needed, and the files that need it."""
    newest: Version = (0,)
    needing: list[Path] = []
    for path in elf_files(folder):
        versions = needed_versions(path)
        if not versions:
            continue
        top = max(versions)
        if top > newest:
            newest, needing = top, [path]
        elif top == newest:
            needing.append(path)
    return newest, needing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--at-most", metavar="X.Y", help="fail if the floor is newer")
    args = parser.parse_args(argv)
    newest, needing = floor(args.folder)
    text = ".".join(map(str, newest))
    names = ", ".join(str(path.relative_to(args.folder)) for path in needing)
    print(f"glibc {text} or newer (needed by {names})")
    if args.at_most and newest > tuple(int(part) for part in args.at_most.split(".")):
        print(f"glibc_floor: {text} is newer than the stated {args.at_most}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
