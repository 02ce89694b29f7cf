"""Naked and hidden subsets: pairs, triples and quads of cells and values in one unit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from puzzles.i18n import Message, _
from puzzles.sudoku.board import (
    Board,
    Move,
    Step,
    Words,
    bit,
    technique_name,
    unit_called,
    unsaid,
    values_of,
)

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}
LARGEST = max(SUBSET_NAMES)  # fish go as far: Jellyfish are four lines

# Per size (index): the first group of that many keys confined to as many bits that does
# something, as (keys, their bits together), or None.
Firsts = list[tuple[tuple[Any, ...], int] | None]


def first_confined(
    masks: Sequence[tuple[Any, int]], acts: Callable[[tuple[Any, ...], int], bool]
) -> Firsts:
    """Per size from 2 to LARGEST: the first group of that many (key, bits) pairs whose bits
    together come to exactly that many, and for which acts(keys, bits) says it removes
    something: `size` things confined to `size` places, the rule behind subsets and fish.

    "First" is in the order of itertools.combinations of `masks`. Every size in one walk:
    groups grow one key at a time, depth first (a group comes before the longer ones it
    starts, so each size meets its groups in combinations order), and a group already
    over LARGEST bits is dropped (more keys only add bits)."""
    firsts: Firsts = [None] * (LARGEST + 1)
    keys = [key for key, _mask in masks]
    bits = [mask for _key, mask in masks]
    count = len(bits)

    def found(indexes: tuple[int, ...], union: int) -> None:
        """Keep the group if it acts (it is the first of its size that does)."""
        group = tuple(keys[index] for index in indexes)
        if acts(group, union):
            firsts[len(indexes)] = (group, union)

    for first in range(count - 1):
        one = bits[first]
        for second in range(first + 1, count):
            two = one | bits[second]
            ones = two.bit_count()
            if ones > LARGEST:
                continue
            if ones == 2 and firsts[2] is None:
                found((first, second), two)
            for third in range(second + 1, count):
                three = two | bits[third]
                ones = three.bit_count()
                if ones > LARGEST:
                    continue
                if ones == 3 and firsts[3] is None:
                    found((first, second, third), three)
                if firsts[4] is None:
                    for fourth in range(third + 1, count):
                        four = three | bits[fourth]
                        if four.bit_count() == 4:
                            found((first, second, third, fourth), four)
                            if firsts[4] is not None:
                                break
            if firsts[2] and firsts[3] and firsts[4]:
                return firsts
    return firsts


assert LARGEST == 4, "first_confined walks groups of up to four"


def naked_subset(board: Board, size: int) -> Step | None:
    """`size` cells of a unit holding only `size` values between them: nobody else there can."""
    for u, firsts in enumerate(board.unit_facts("naked subsets", _naked_subsets_in)):
        if firsts[size] is not None:
            return _naked_step(board, u, *firsts[size])
    return None


def _naked_subsets_in(board: Board, u: int) -> Firsts:
    """The first naked subset of each size in unit u: reads only the unit's candidates."""
    cands = board.cands
    unit = board.geo.units[u]
    small = [(c, cands[c]) for c in unit if 2 <= cands[c].bit_count() <= LARGEST]
    if len(small) < 2:
        return [None] * (LARGEST + 1)

    def acts(group: tuple[int, ...], together: int) -> bool:
        return any(cands[cell] & together for cell in unit if cell not in group)

    return first_confined(small, acts)


def _naked_step(board: Board, u: int, group: tuple[int, ...], together: int) -> Step:
    cands = board.cands
    gone = [
        (cell, value)
        for cell in board.geo.units[u]
        if cell not in group and cands[cell] & together
        for value in values_of(cands[cell] & together)
    ]
    name = f"naked {SUBSET_NAMES[len(group)]}"
    return Step(
        name,
        unsaid(_naked_said, board.words, name, u, group, together, tuple(gone)),
        eliminations=tuple(gone),
        cells=group,
    )


def _naked_said(
    words: Words, name: str, u: int, group: tuple[int, ...], together: int, gone: tuple[Move, ...]
) -> Message:
    return _(
        "{cells} can only hold {values} between them, so no other cell of {unit} can: "
        "{removals}: {technique}",
        cells=words.names(group),
        values=words.syms(values_of(together)),
        unit=unit_called(words.size, u),
        removals=words.removals(gone),
        technique=technique_name(name),
    )


def hidden_subset(board: Board, size: int) -> Step | None:
    """`size` values of a unit fitting in only `size` cells: those cells hold nothing else."""
    for u, firsts in enumerate(board.unit_facts("hidden subsets", _hidden_subsets_in)):
        if firsts[size] is not None:
            return _hidden_step(board, u, *firsts[size])
    return None


def _hidden_subsets_in(board: Board, u: int) -> Firsts:
    """The first hidden subset of each size in unit u: reads only the unit's candidates and
    places (value -> bitmask of its positions within the unit)."""
    cands = board.cands
    unit = board.geo.units[u]
    few = [(v, m) for v, m in enumerate(board.places()[u]) if 2 <= m.bit_count() <= LARGEST]
    if len(few) < 2:
        return [None] * (LARGEST + 1)

    def acts(group: tuple[int, ...], where: int) -> bool:
        keep = sum(bit(value) for value in group)
        return any(cands[unit[p]] & ~keep for p in range(len(unit)) if where >> p & 1)

    return first_confined(few, acts)


def _hidden_step(board: Board, u: int, group: tuple[int, ...], where: int) -> Step:
    cands, unit = board.cands, board.geo.units[u]
    keep = sum(bit(value) for value in group)
    cells = [unit[p] for p in range(len(unit)) if where >> p & 1]
    gone = [(c, v) for c in cells for v in values_of(cands[c] & ~keep)]
    name = f"hidden {SUBSET_NAMES[len(group)]}"
    return Step(
        name,
        unsaid(_hidden_said, board.words, name, u, group, tuple(cells), tuple(gone)),
        eliminations=tuple(gone),
        cells=tuple(cells),
    )


def _hidden_said(
    words: Words,
    name: str,
    u: int,
    group: tuple[int, ...],
    cells: tuple[int, ...],
    gone: tuple[Move, ...],
) -> Message:
    return _(
        "in {unit}, {values} can only go in {cells}, so those cells hold nothing else: "
        "{removals}: {technique}",
        unit=unit_called(words.size, u),
        values=words.syms(group),
        cells=words.names(cells),
        removals=words.removals(gone),
        technique=technique_name(name),
    )
