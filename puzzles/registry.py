"""Every puzzle kind by name and alias. A new kind is one module and one line in KIND_MODULES."""

from __future__ import annotations

import importlib
from functools import cache

from puzzles.core import PuzzleError, PuzzleKind, Usage
from puzzles.i18n import _

# Each module exposes a module-level `KIND: PuzzleKind`.
KIND_MODULES: tuple[str, ...] = (
    "puzzles.letterboxed",
    "puzzles.codeword",
    "puzzles.cryptogram",
    "puzzles.qless",
    "puzzles.ladder",
    "puzzles.sudoku",
    "puzzles.spelling",
)


@cache
def all_kinds() -> tuple[PuzzleKind, ...]:
    return tuple(importlib.import_module(module).KIND for module in KIND_MODULES)


def kind_by_module_name(name: str) -> PuzzleKind | None:
    """The kind whose module is named `name` (e.g. 'letterboxed'), importing that module alone
    (a one-off command then loads one kind, not all); None for any other name or alias."""
    module = f"puzzles.{_normalise(name)}"
    return importlib.import_module(module).KIND if module in KIND_MODULES else None


@cache
def _by_name() -> dict[str, PuzzleKind]:
    index: dict[str, PuzzleKind] = {}
    for kind in all_kinds():
        for name in (kind.name, *kind.aliases):
            key = _normalise(name)
            if index.get(key, kind) is not kind:
                raise RuntimeError(f"puzzle name {name!r} is registered twice")
            index[key] = kind
    return index


def _normalise(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def get_kind(name: str) -> PuzzleKind:
    """The kind called `name` (any case, spaces, dashes); a PuzzleError lists the known kinds."""
    kind = kind_by_module_name(name) or _by_name().get(_normalise(name))
    if kind is None:
        known = ", ".join(k.name for k in all_kinds())
        raise PuzzleError(
            _(
                "there is no puzzle kind called {name}; known kinds: {known}",
                name=repr(name),
                known=known,
            ),
            example=Usage("solve", "letterboxed", "vro wal eth bdi"),
        )
    return kind
