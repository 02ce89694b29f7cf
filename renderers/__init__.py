"""Pictures of puzzles: (puzzle, solution or state) -> PNG bytes.

Convention for every puzzle kind: a module renderers/<kind name>.py with a
module-level `draw(puzzle, solution=None, language="en") -> bytes`, which draws every
label in `language` (puzzles.i18n: its words, numbers and dates; a puzzle's letters and a
member's name are drawn as they are). Renderers may import puzzles/ (values) but never bot/
or cogs/; they are pure, synchronous functions so the worker pool can run them in other
processes.
"""

from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import Any

from puzzles.i18n import ENGLISH, render

# Every picture is read on a phone, where Discord shows it about PHONE_WIDTH px wide:
# every text in it must then be at least MIN_TEXT_PX tall in ink (the height of a digit
# or a capital, about 0.73 of the font size), so a picture drawn `width` px wide uses
# fonts of at least min_font_size(width).
PHONE_WIDTH = 400
MIN_TEXT_PX = 10
# Bounds of every puzzle picture. A long puzzle is shrunk (never below the readable
# size), wrapped, or laid out in columns to fit, and a tall picture is read on a phone
# by scrolling: 1,500 characters of English (the most a cryptogram may have) are about
# 4,900 px high. What cannot fit readably is not drawn (too_big() says why) and its
# answer is given in text alone.
MAX_WIDTH = 800
MAX_HEIGHT = 5000


def min_font_size(width: float, bold: bool = True) -> int:
    """The smallest font size (px) whose digits and capitals are still MIN_TEXT_PX high
    once a picture `width` px wide is shown PHONE_WIDTH px wide: 28 px on the usual
    800 px canvas (20 px of ink)."""
    from renderers.common import capital_height  # Pillow and the fonts, loaded on first use

    needed = MIN_TEXT_PX * width / PHONE_WIDTH
    size = math.ceil(needed)
    while capital_height(size, bold) < needed:
        size += 1
    return size


# Modules in this package that are helpers or non-puzzle pictures, not renderers of a kind.
_NOT_KINDS = frozenset({"common", "leaderboard", "stats", "text"})


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
        raise LookupError(f"renderer module {module_name} has no draw(puzzle, solution, language)")
    return module


def too_big(kind_name: str, puzzle: Any, language: str = ENGLISH) -> str | None:
    """Why `puzzle` cannot be drawn readably within MAX_WIDTH x MAX_HEIGHT, in `language`,
    or None when it can: for the caller to answer in text alone, saying this. Kinds whose
    inputs always fit have no too_big() (a kind's own returns a Message)."""
    check = getattr(renderer(kind_name), "too_big", None)
    reason = check(puzzle) if check is not None else None
    return render(reason, language) if reason is not None else None


def draw(kind_name: str, puzzle: Any, solution: Any = None, language: str = ENGLISH) -> bytes:
    """PNG bytes picturing `puzzle`, and `solution` on it when given, labelled in `language`."""
    return renderer(kind_name).draw(puzzle, solution, language)
