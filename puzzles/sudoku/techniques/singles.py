"""Singles: a value with one place left in a unit (hidden), a cell with one value left (naked)."""

from __future__ import annotations

from puzzles.i18n import Message, _
from puzzles.sudoku.board import Board, Step, Words, technique_name, unit_called, unsaid


def hidden_single(board: Board) -> Step | None:
    found = board.first_hidden_single()
    if found is None:
        return None
    unit_index, value = found
    unit = board.geo.units[unit_index]
    cell = unit[board.places()[unit_index][value].bit_length() - 1]  # its one place
    return Step(
        "hidden single",
        unsaid(_hidden_single_said, board.words, cell, value, unit_index),
        placements=((cell, value),),
        cells=(cell,),
    )


def _hidden_single_said(words: Words, cell: int, value: int, unit: int) -> Message:
    return _(
        "{cell} is the only place for {value} in {unit}: {technique}",
        cell=words.name(cell),
        value=words.sym(value),
        unit=unit_called(words.size, unit),
        technique=technique_name("hidden single"),
    )


def naked_single(board: Board) -> Step | None:
    for cell, m in enumerate(board.cands):
        if m and not m & (m - 1):
            value = m.bit_length()
            return Step(
                "naked single",
                unsaid(_naked_single_said, board.words, cell, value),
                placements=((cell, value),),
                cells=(cell,),
            )
    return None


def _naked_single_said(words: Words, cell: int, value: int) -> Message:
    return _(
        "{cell} can only be {value}: {technique}",
        cell=words.name(cell),
        value=words.sym(value),
        technique=technique_name("naked single"),
    )
