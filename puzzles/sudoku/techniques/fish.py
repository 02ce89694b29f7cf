"""Fish: X-Wing, Swordfish and Jellyfish, one value across two to four lines."""

from __future__ import annotations

from puzzles.i18n import Message, _
from puzzles.sudoku.board import (
    Board,
    Move,
    Step,
    Words,
    bit,
    bit_positions,
    listing,
    technique_name,
    unsaid,
)
from puzzles.sudoku.techniques.subsets import LARGEST, Firsts, first_confined

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
# (orientation: 0 rows as base lines, 1 columns; base line indexes; cross lines as bits)
_Fish = tuple[int, tuple[int, ...], int]


def fish(board: Board, size: int) -> Step | None:
    """`size` lines whose only places for a value lie in `size` cross lines: the rest of those
    cross lines lose the value."""
    for value, firsts in enumerate(board.value_facts("fish", _fishes_of), start=1):
        if firsts[size] is not None:
            return _fish_step(board, value, *firsts[size])
    return None


def _fishes_of(board: Board, value: int) -> list[_Fish | None]:
    """Per size, the first fish of one value, rows as base lines before columns: reads only
    where that value is still possible."""
    firsts: list[_Fish | None] = [None] * (LARGEST + 1)
    for orientation in (0, 1):
        for size, first in enumerate(_fishes_across(board, value, orientation)):
            if first is not None and firsts[size] is None:
                group, cover = first
                firsts[size] = (orientation, group, cover)
    return firsts


def _fishes_across(board: Board, value: int, orientation: int) -> Firsts:
    n, table, unit_masks = board.n, board.places(), board.geo.unit_masks
    base_unit, cover_unit = ((n, 2 * n), (2 * n, n))[orientation]
    spots = []  # (base line, bitmask of cross lines)
    for index in range(n):
        mask = table[base_unit + index][value]
        if 2 <= mask.bit_count() <= LARGEST:
            spots.append((index, mask))
    if len(spots) < 2:
        return [None] * (LARGEST + 1)
    where = board.cells_with(value)

    def acts(group: tuple[int, ...], cover: int) -> bool:
        """The cover lines have the value outside the base lines."""
        covered = sum(unit_masks[cover_unit + p] for p in bit_positions(cover))
        based = sum(unit_masks[base_unit + i] for i in group)
        return bool(where & covered & ~based)

    return first_confined(spots, acts)


def _fish_step(board: Board, value: int, orientation: int, group: tuple[int, ...], cover: int):
    n, cands, geo, b = board.n, board.cands, board.geo, bit(value)
    base_lines, cover_lines = ((geo.rows, geo.cols), (geo.cols, geo.rows))[orientation]
    name = FISH_NAMES[len(group)]
    crosses = [p for p in range(n) if cover >> p & 1]
    gone = [
        (cell, value)
        for p in crosses
        for position, cell in enumerate(cover_lines[p])
        if position not in group and cands[cell] & b
    ]
    corners = [base_lines[i][p] for i in group for p in crosses if cands[base_lines[i][p]] & b]
    return Step(
        name,
        unsaid(
            _fish_said,
            board.words,
            name,
            value,
            orientation,
            group,
            tuple(crosses),
            tuple(corners),
            tuple(gone),
        ),
        eliminations=tuple(gone),
        cells=tuple(corners),
    )


def _fish_said(
    words: Words,
    name: str,
    value: int,
    orientation: int,
    group: tuple[int, ...],
    crosses: tuple[int, ...],
    corners: tuple[int, ...],
    gone: tuple[Move, ...],
) -> Message:
    said = {
        "lines": listing([str(i + 1) for i in group]),
        "crosses": listing([str(p + 1) for p in crosses]),
        "value": words.sym(value),
        "cells": words.names(corners),
        "removals": words.removals(gone),
        "technique": technique_name(name),
    }
    if orientation == 0:
        return _(
            "in rows {lines}, {value} can only go in columns {crosses} ({cells}), so no other "
            "cell of those columns can be {value}: {removals}: {technique}",
            **said,
        )
    return _(
        "in columns {lines}, {value} can only go in rows {crosses} ({cells}), so no other "
        "cell of those rows can be {value}: {removals}: {technique}",
        **said,
    )
