"""Singles: a value with one place left in a unit (hidden), a cell with one value left (naked)."""

from __future__ import annotations

from puzzles.sudoku.board import Board, Step


def hidden_single(board: Board) -> Step | None:
    found = board.first_hidden_single()
    if found is None:
        return None
    unit_index, value = found
    unit = board.geo.units[unit_index]
    cell = unit[board.places()[unit_index][value].bit_length() - 1]  # its one place
    return Step(
        "hidden single",
        f"{board.name(cell)} is the only place for {board.sym(value)} in "
        f"{board.geo.unit_names[unit_index]}: hidden single",
        placements=((cell, value),),
        cells=(cell,),
    )


def naked_single(board: Board) -> Step | None:
    for cell, m in enumerate(board.cands):
        if m and not m & (m - 1):
            value = m.bit_length()
            return Step(
                "naked single",
                f"{board.name(cell)} can only be {board.sym(value)}: naked single",
                placements=((cell, value),),
                cells=(cell,),
            )
    return None
