"""Fish: X-Wing, Swordfish and Jellyfish, one value across two to four lines."""

from __future__ import annotations

from puzzles.sudoku.board import Board, Step, bit, listing
from puzzles.sudoku.techniques.subsets import confined

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(board: Board, size: int) -> Step | None:
    """`size` lines whose only places for a value lie in `size` cross lines: the rest of those
    cross lines lose the value."""
    looks = ((f"fish {size}", value, size) for value in range(1, board.n + 1))
    return board.first_step(zip(looks, board.value_changes[1:], strict=True), _fish_of)


def _fish_of(board: Board, value: int, size: int) -> Step | None:
    """A fish of one value: reads only where that value is still possible."""
    n = board.n
    geo = board.geo
    cands = board.cands
    table = board.places()
    name = FISH_NAMES[size]
    b = bit(value)
    for base_lines, cover_lines, base_kind, cover_kind, first_unit in (
        (geo.rows, geo.cols, "rows", "columns", n),
        (geo.cols, geo.rows, "columns", "rows", 2 * n),
    ):
        spots: dict[int, int] = {}  # base line -> bitmask of cross lines
        for index in range(n):
            mask = table[first_unit + index][value]
            if 2 <= mask.bit_count() <= size:
                spots[index] = mask
        if len(spots) < size:
            continue
        for group, cover in confined(spots, size):
            crosses = [p for p in range(n) if cover >> p & 1]
            gone = [
                (cell, value)
                for p in crosses
                for position, cell in enumerate(cover_lines[p])
                if position not in group and cands[cell] & b
            ]
            if gone:
                corners = [
                    base_lines[i][p] for i in group for p in crosses if cands[base_lines[i][p]] & b
                ]
                sym = board.sym(value)
                return Step(
                    name,
                    f"in {base_kind} {listing([str(i + 1) for i in group])}, {sym} can only "
                    f"go in {cover_kind} {listing([str(p + 1) for p in crosses])} "
                    f"({board.names(corners)}), so no other cell of those {cover_kind} can "
                    f"be {sym}: {board.removals(gone)}: {name}",
                    eliminations=tuple(gone),
                    cells=tuple(corners),
                )
    return None
