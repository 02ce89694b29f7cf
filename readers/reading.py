"""What a reader gives back, the same for every kind: the puzzle in the kind's own text form
(what `puzzlebot solve` and the kind's parse() read) and the cells it is unsure of, so that
the member is shown them and asked to check them before anything is solved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles import get_kind
from puzzles.sudoku.grid import cell_name


@dataclass(frozen=True)
class Reading:
    kind: str
    text: str  # the kind's own text form
    unsure: tuple[int, ...] = ()  # cell indexes, row by row from 0, the reader doubts
    size: int = 0  # cells a side, for grid kinds
    grid: Any = None  # the grid as read (puzzles.sudoku.grid.Grid), to draw it unsure cells shaded
    # The puzzle's word language when the picture shows it (a codeword's 27th number or its
    # Ñ is Spanish); None when it does not, and the member's or server's choice stands.
    language: str | None = None

    @property
    def sure(self) -> bool:
        """True when no cell is in doubt."""
        return not self.unsure


def place_name(reading: Reading, cell: int) -> str:
    """A grid cell as the member finds it in their picture, named as the puzzles name cells:
    "r1c3" (row 1, column 3, counted from 1). Grid kinds' readers use this one."""
    return cell_name(cell, reading.size)


def drawn_example(kind_name: str) -> tuple[Any, None]:
    """What the kind's renderer draws for a reader to warm up on: the kind's own example,
    for a reader that reads back the picture of it (each reader's `warm_up_drawing`)."""
    kind = get_kind(kind_name)
    return kind.parse(kind.example), None


@dataclass(frozen=True)
class Shaded:
    """What was read, to draw with the cells in doubt shaded: the renderers' `.highlight`
    (a sudoku's puzzle carries it, a codeword's solution value)."""

    grid: Any
    highlight: tuple[int, ...]
