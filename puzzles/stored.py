"""Data worked out at build time and read back in one call: a file of parts keyed by a number
(a word length, a count of cells), each part marshalled and compressed on its own, so that a
reader decompresses only the part it needs. Marshal's version 2 writes no back-references,
so the same data gives the same bytes and a build script can check a file byte for byte."""

from __future__ import annotations

import marshal
import zlib
from collections.abc import Mapping
from importlib import resources
from typing import Any

MARSHAL_VERSION = 2


def encode_parts(parts: Mapping[int, Any]) -> bytes:
    """The file's bytes: each part (tuples, ints, strings, bytes: what marshal stores) by key."""
    return marshal.dumps(
        {
            key: zlib.compress(marshal.dumps(part, MARSHAL_VERSION), 9)
            for key, part in sorted(parts.items())
        },
        MARSHAL_VERSION,
    )


def read_parts(package: str, name: str) -> dict[int, bytes] | None:
    """The package's data/`name` as its parts by key, still compressed (see part()); None when
    the file is missing or unreadable, for the caller to work the data out instead."""
    try:
        return marshal.loads(resources.files(package).joinpath("data", name).read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None


def part(compressed: bytes) -> Any:
    """One part of a file read by read_parts()."""
    return marshal.loads(zlib.decompress(compressed))
