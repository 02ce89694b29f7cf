"""Pictures of puzzles: (puzzle, solution or state) -> PNG bytes.

Convention for every puzzle kind: a module renderers/<kind name>.py with a
module-level `draw(puzzle, solution=None) -> bytes`. Renderers may import puzzles/
(values) but never bot/ or cogs/; they are pure, synchronous functions so the
worker pool can run them in other processes.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

# Modules in this package that are helpers or non-puzzle pictures, not renderers of a kind.
_NOT_KINDS = frozenset({"common", "leaderboard", "stats"})


def renderer(kind_name: str) -> ModuleType:
    """The renderer module for `kind_name` (e.g. 'letterboxed'); LookupError if there is none."""
    if not kind_name.isidentifier() or kind_name in _NOT_KINDS:
        raise LookupError(f"no renderer for puzzle kind {kind_name!r}")
    module_name = f"{__name__}.{kind_name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # the renderer exists but something it imports is missing
        raise LookupError(
            f"no renderer for puzzle kind {kind_name!r} (expected module {module_name})"
        ) from None
    if not callable(getattr(module, "draw", None)):
        raise LookupError(f"renderer module {module_name} has no draw(puzzle, solution=None)")
    return module


def draw(kind_name: str, puzzle: Any, solution: Any = None) -> bytes:
    """PNG bytes picturing `puzzle`, and `solution` on it when given."""
    return renderer(kind_name).draw(puzzle, solution)
