"""Singles: a value with one place left in a unit (hidden), a cell with one value left (naked)."""

from __future__ import annotations

from puzzles.i18n import _
from puzzles.sudoku.board import Board, Step, technique_name, unit_called


def hidden_single(board: Board) -> Step | None:
    found = board.first_hidden_single()
    if found is None:
        return None
    unit_index, value = found
    unit = board.geo.units[unit_index]
    cell = unit[board.places()[unit_index][value].bit_length() - 1]  # its one place
    return Step(
        "hidden single",
        _(
            "{cell} is the only place for {value} in {unit}: {technique}",
            cell=board.name(cell),
            value=board.sym(value),
            unit=unit_called(board.n, unit_index),
            technique=technique_name("hidden single"),
        ),
        placements=((cell, value),),
        cells=(cell,),
    )


def naked_single(board: Board) -> Step | None:
    for cell, m in enumerate(board.cands):
        if m and not m & (m - 1):
            value = m.bit_length()
            return Step(
                "naked single",
                _(
                    "{cell} can only be {value}: {technique}",
                    cell=board.name(cell),
                    value=board.sym(value),
                    technique=technique_name("naked single"),
                ),
                placements=((cell, value),),
                cells=(cell,),
            )
    return None
