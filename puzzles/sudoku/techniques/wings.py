"""Wings: a pivot cell and two pincers that between them force a value (XY-Wing, XYZ-Wing)."""

from __future__ import annotations

from itertools import combinations

from puzzles.i18n import Message, _
from puzzles.sudoku.board import Board, Move, Step, Words, technique_name, unsaid, values_of


def xy_wing(board: Board) -> Step | None:
    """A two-value pivot xy seeing pincers xz and yz: whichever the pivot is, one pincer is z.

    A wing is made of two-value cells but for what it removes (which only shrinks): with no
    new two-value cell since it found nothing, it finds nothing."""
    cands = board.cands
    pairs = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    links = frozenset((cell, cands[cell]) for cell in pairs)
    return board.unless_fruitless("XY-Wing", links, lambda: _xy_wing(board, pairs))


def _xy_wing(board: Board, pairs: list[int]) -> Step | None:
    cands = board.cands
    geo = board.geo
    pair_set = set(pairs)
    for pivot in pairs:
        xy = cands[pivot]
        wings = [p for p in geo.peers[pivot] if p in pair_set and (cands[p] & xy).bit_count() == 1]
        for a, b in combinations(wings, 2):
            z = cands[a] & ~xy
            if cands[b] & ~xy != z or cands[a] & cands[b] & xy:
                continue
            gone = [
                (c, z.bit_length())
                for c in sorted(geo.peer_sets[a] & geo.peer_sets[b])
                if c != pivot and cands[c] & z
            ]
            if gone:
                wing = _wing(board, pivot, a, b)
                return Step(
                    "XY-Wing",
                    unsaid(_wing_said, board.words, "XY-Wing", wing, tuple(gone)),
                    eliminations=tuple(gone),
                    cells=(pivot, a, b),
                )
    return None


def xyz_wing(board: Board) -> Step | None:
    """A three-value pivot xyz seeing pincers xz and yz: one of the three is z."""
    cands = board.cands
    geo = board.geo
    for pivot, xyz in enumerate(cands):
        if xyz.bit_count() != 3:
            continue
        wings = [p for p in geo.peers[pivot] if cands[p].bit_count() == 2 and cands[p] & ~xyz == 0]
        for a, b in combinations(wings, 2):
            if cands[a] | cands[b] != xyz:
                continue
            z = cands[a] & cands[b]
            seen_by_all = geo.peer_sets[pivot] & geo.peer_sets[a] & geo.peer_sets[b]
            gone = [(c, z.bit_length()) for c in sorted(seen_by_all) if cands[c] & z]
            if gone:
                wing = _wing(board, pivot, a, b)
                return Step(
                    "XYZ-Wing",
                    unsaid(_wing_said, board.words, "XYZ-Wing", wing, tuple(gone)),
                    eliminations=tuple(gone),
                    cells=(pivot, a, b),
                )
    return None


# A wing as found: the pivot and its two pincers, each with its candidates then (the
# steps after it take some away).
_Wing = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


def _wing(board: Board, pivot: int, a: int, b: int) -> _Wing:
    cands = board.cands
    return (pivot, cands[pivot]), (a, cands[a]), (b, cands[b])


def _wing_said(words: Words, technique: str, wing: _Wing, gone: tuple[Move, ...]) -> Message:
    pivot, candidates = wing[0]
    said = {
        "pivot": words.name(pivot),
        "values": words.syms(values_of(candidates), "or"),
        "pincers": _pincers_said(words, wing),
        "value": words.sym(gone[0][1]),
        "removals": words.removals(gone),
        "technique": technique_name(technique),
    }
    if technique == "XY-Wing":
        return _(
            "{pivot} is {values}, and it sees {pincers}; whichever it is, one of those two is "
            "{value}, so no cell that sees both can be {value}: {removals}: {technique}",
            **said,
        )
    return _(
        "{pivot} is {values}, and it sees {pincers}; one of the three is {value}, so no cell "
        "that sees all three can be {value}: {removals}: {technique}",
        **said,
    )


def _pincers_said(words: Words, wing: _Wing) -> Message:
    """'r1c2 (3 or 7) and r5c2 (3 or 9)'."""
    first, second = (
        _("{cell} ({values})", cell=words.name(cell), values=words.syms(values_of(cands), "or"))
        for cell, cands in wing[1:]
    )
    return _("{items} and {last}", items=first, last=second)
