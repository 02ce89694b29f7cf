"""Locked candidates: a value confined to where a box and a line meet.

Pointing: a box's only places for it share a line. Claiming: a line's only places for it
share a box. Either way the rest of the other unit loses the value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from puzzles.i18n import Message, _
from puzzles.sudoku.board import (
    Board,
    Move,
    Step,
    Words,
    bit_positions,
    technique_name,
    unit_called,
    unsaid,
)
from puzzles.sudoku.grid import geometry

# Where a box and a line meet, as position bit sets: (unit index of the line, the meeting's
# positions in the box, its positions in the line, "row" or "column", line number).
_Meeting = tuple[int, int, int, str, int]


@cache
def _meetings(box_rows: int, box_cols: int) -> tuple[tuple[_Meeting, ...], ...]:
    """Per box, where it meets each line through it: rows first, then columns."""
    geo = geometry(box_rows, box_cols)
    n = geo.size
    found = []
    for box in geo.boxes:
        meetings = []
        for kind, first_unit, line_of in (("row", n, _row_of), ("column", 2 * n, _col_of)):
            for index in sorted({line_of(cell, n) for cell in box}):
                line = geo.units[first_unit + index]
                in_box = sum(1 << p for p, cell in enumerate(box) if line_of(cell, n) == index)
                in_line = sum(1 << p for p, cell in enumerate(line) if cell in box)
                meetings.append((first_unit + index, in_box, in_line, kind, index))
        found.append(tuple(meetings))
    return tuple(found)


@cache
def _crossings(box_rows: int, box_cols: int) -> dict[int, list[tuple[int, int, int]]]:
    """Per line (unit index), the boxes it crosses in the line's order: (box index, the
    meeting's positions in the box, its positions in the line)."""
    crossings: dict[int, list[tuple[int, int, int]]] = {}
    for box_index, meetings in enumerate(_meetings(box_rows, box_cols)):
        for line_unit, in_box, in_line, _kind, _index in meetings:
            crossings.setdefault(line_unit, []).append((box_index, in_box, in_line))
    return crossings


@cache
def _holding(box_rows: int, box_cols: int) -> tuple[dict[int, tuple[Any, ...]], ...]:
    """Per unit, filled as masks are met: a unit's positions for a value (a bit set) -> the
    meetings of the box (_meetings) or crossings of the line (_crossings) holding all of
    them, in their order. Most masks hold in none; the 2**size possible masks are too many
    to list for big grids, the ones that occur are few."""
    return tuple({} for _ in range(3 * box_rows * box_cols))


# Masks kept per unit at most: every mask of a 9x9 unit, the first met of bigger grids (so
# that a long-lived worker solving 25x25 grids does not keep growing).
MAX_HELD = 512


def _held(
    holding: dict[int, tuple[Any, ...]], mask: int, among: Sequence[Any], part: int
) -> tuple[Any, ...]:
    """The meetings or crossings (`among`) whose positions (item[part]) hold all of `mask`,
    kept in `holding` (the unit's, from _holding)."""
    found = holding.get(mask)
    if found is None:
        found = tuple(item for item in among if not mask & ~item[part])
        if len(holding) < MAX_HELD:
            holding[mask] = found
    return found


def pointing(board: Board) -> Step | None:
    """A box's only places for a value share a row or column: the rest of that line loses it."""
    places = board.places()
    for box_index, locks in enumerate(board.unit_facts("pointing", _pointing_locks)):
        if box_index == board.n:
            break  # the boxes come first in geo.units
        for value, mask, (line_unit, _in_box, in_line, _kind, _index) in locks:
            outside = places[line_unit][value] & ~in_line
            if outside:
                box, line = board.geo.boxes[box_index], board.geo.units[line_unit]
                inside = [box[p] for p in bit_positions(mask)]
                gone = [line[p] for p in bit_positions(outside)]
                return _locked_step(board, "pointing", value, (box_index, line_unit), inside, gone)
    return None


def _pointing_locks(board: Board, unit: int) -> list[tuple[int, int, _Meeting]]:
    """In a box (unit), the values whose places (two or more) all lie in one line through
    it: (value, its places in the box, the meeting), values ascending, rows before columns.
    Reads only the box's places, so it is kept until the box loses a candidate; whether the
    line has the value elsewhere is looked up each time."""
    if unit >= board.n:
        return []  # a line: pointing starts from boxes
    return _locks(board, unit, _meetings, 1)


def claiming(board: Board) -> Step | None:
    """A line's only places for a value share a box: the rest of that box loses it."""
    places = board.places()
    for line_unit, locks in enumerate(board.unit_facts("claiming", _claiming_locks)):
        for value, mask, (box_index, in_box, _in_line) in locks:
            outside = places[box_index][value] & ~in_box
            if outside:
                line, box = board.geo.units[line_unit], board.geo.boxes[box_index]
                inside = [line[p] for p in bit_positions(mask)]
                gone = [box[p] for p in bit_positions(outside)]
                where = (line_unit, box_index)
                return _locked_step(board, "claiming", value, where, inside, gone)
    return None


def _claiming_locks(board: Board, unit: int) -> list[tuple[int, int, tuple[int, int, int]]]:
    """In a line (unit), the values whose places (two or more) all lie in one box it
    crosses: (value, its places in the line, the crossing), values ascending."""
    if unit < board.n:
        return []  # a box: claiming starts from lines
    return _locks(board, unit, _crossings, 2)


def _locks(board: Board, unit: int, where: Callable[[int, int], Any], part: int) -> list:
    """The values of a unit whose places (two or more) lie within one of where(...)[unit]'s
    meetings (their positions in the unit: item[part]), with their places and the meeting."""
    box_rows, box_cols = board.grid.box_rows, board.grid.box_cols
    among = where(box_rows, box_cols)[unit]
    holding = _holding(box_rows, box_cols)[unit]
    found = []
    for value, mask in enumerate(board.places()[unit]):
        if mask & (mask - 1):  # two places or more: one is a single, not a lock
            held = holding.get(mask)  # _held, inline: most masks are met again
            if held is None:
                held = _held(holding, mask, among, part)
            for item in held:
                found.append((value, mask, item))
    return found


def _row_of(cell: int, n: int) -> int:
    return cell // n


def _col_of(cell: int, n: int) -> int:
    return cell % n


def _locked_step(
    board: Board,
    technique: str,
    value: int,
    where: tuple[int, int],
    inside: list[int],
    gone: list[int],
) -> Step:
    """`where`: the unit the value is confined in and the unit it is locked into (indexes of
    geo.units): "in box 1, 5 can only go in row 2, so no other cell of that row..."."""
    eliminations = tuple((cell, value) for cell in gone)
    return Step(
        technique,
        unsaid(_locked_said, board.words, technique, value, where, tuple(inside), eliminations),
        eliminations=eliminations,
        cells=tuple(inside),
    )


def _locked_said(
    words: Words,
    technique: str,
    value: int,
    where: tuple[int, int],
    inside: tuple[int, ...],
    eliminations: tuple[Move, ...],
) -> Message:
    confined, locked_into = where
    said = {
        "unit": unit_called(words.size, confined),
        "locked_into": unit_called(words.size, locked_into),
        "cells": words.names(inside),
        "value": words.sym(value),
        "removals": words.removals(eliminations),
        "technique": technique_name(technique),
    }
    # One sentence per kind of unit it is locked into, for the languages whose words for
    # box, row and column differ in gender ("ce bloc", "cette ligne").
    if locked_into < words.size:
        return _(
            "in {unit}, {value} can only go in {locked_into} ({cells}), so no other cell of "
            "that box can be {value}: {removals}: {technique}",
            **said,
        )
    if locked_into < 2 * words.size:
        return _(
            "in {unit}, {value} can only go in {locked_into} ({cells}), so no other cell of "
            "that row can be {value}: {removals}: {technique}",
            **said,
        )
    return _(
        "in {unit}, {value} can only go in {locked_into} ({cells}), so no other cell of "
        "that column can be {value}: {removals}: {technique}",
        **said,
    )
