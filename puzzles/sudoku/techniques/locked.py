"""Locked candidates: a value confined to where a box and a line meet.

Pointing: a box's only places for it share a line. Claiming: a line's only places for it
share a box. Either way the rest of the other unit loses the value.
"""

from __future__ import annotations

from puzzles.sudoku.board import Board, Step, bit_positions


def pointing(board: Board) -> Step | None:
    """A box's only places for a value share a row or column: the rest of that line loses it."""
    geo, n = board.geo, board.n
    places = board.places()
    for box_index, box in enumerate(geo.boxes):
        for value in range(1, n + 1):
            mask = places[box_index][value]
            if mask.bit_count() < 2:
                continue
            inside = [box[p] for p in bit_positions(mask)]
            for kind, first_unit, line_of in (("row", n, _row_of), ("column", 2 * n, _col_of)):
                index = line_of(inside[0], n)
                if any(line_of(cell, n) != index for cell in inside):
                    continue
                line = geo.units[first_unit + index]
                spots = bit_positions(places[first_unit + index][value])
                gone = [line[p] for p in spots if geo.box_of[line[p]] != box_index]
                if gone:
                    sym = board.sym(value)
                    return Step(
                        "pointing",
                        f"in box {box_index + 1}, {sym} can only go in {kind} {index + 1} "
                        f"({board.names(inside)}), so no other cell of that {kind} can be {sym}: "
                        f"{board.removals([(c, value) for c in gone])}: pointing",
                        eliminations=tuple((c, value) for c in gone),
                        cells=tuple(inside),
                    )
    return None


def _row_of(cell: int, n: int) -> int:
    return cell // n


def _col_of(cell: int, n: int) -> int:
    return cell % n


def claiming(board: Board) -> Step | None:
    """A line's only places for a value share a box: the rest of that box loses it."""
    geo, n = board.geo, board.n
    places = board.places()
    for kind, first_unit, line_of in (("row", n, _row_of), ("column", 2 * n, _col_of)):
        for index in range(n):
            line = geo.units[first_unit + index]
            for value in range(1, n + 1):
                mask = places[first_unit + index][value]
                if mask.bit_count() < 2:
                    continue
                inside = [line[p] for p in bit_positions(mask)]
                box_index = geo.box_of[inside[0]]
                if any(geo.box_of[c] != box_index for c in inside):
                    continue
                box = geo.boxes[box_index]
                spots = bit_positions(places[box_index][value])
                gone = [box[p] for p in spots if line_of(box[p], n) != index]
                if gone:
                    sym = board.sym(value)
                    return Step(
                        "claiming",
                        f"in {kind} {index + 1}, {sym} can only go in box {box_index + 1} "
                        f"({board.names(inside)}), so no other cell of that box can be {sym}: "
                        f"{board.removals([(c, value) for c in gone])}: claiming",
                        eliminations=tuple((c, value) for c in gone),
                        cells=tuple(inside),
                    )
    return None
