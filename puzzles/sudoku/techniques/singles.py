"""Singles: a value with one place left in a unit (hidden), a cell with one value left (naked)."""

from __future__ import annotations

from puzzles.sudoku.board import Board, Step, bit, values_of


def hidden_single(board: Board) -> Step | None:
    cands = board.cands
    for unit, unit_name in zip(board.geo.units, board.geo.unit_names, strict=True):
        once = twice = 0
        for cell in unit:
            m = cands[cell]
            twice |= once & m
            once |= m
        only = once & ~twice
        if only:
            value = values_of(only)[0]
            b = bit(value)
            cell = next(c for c in unit if cands[c] & b)
            return Step(
                "hidden single",
                f"{board.name(cell)} is the only place for {board.sym(value)} in {unit_name}: "
                "hidden single",
                placements=((cell, value),),
                cells=(cell,),
            )
    return None


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
