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
                    where = (f"box {box_index + 1}", f"{kind} {index + 1}", kind)
                    return _locked_step(board, "pointing", value, where, inside, gone)
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
                    where = (f"{kind} {index + 1}", f"box {box_index + 1}", "box")
                    return _locked_step(board, "claiming", value, where, inside, gone)
    return None


def _locked_step(
    board: Board,
    technique: str,
    value: int,
    where: tuple[str, str, str],
    inside: list[int],
    gone: list[int],
) -> Step:
    """`where`: the unit the value is confined in, the unit it is locked into, and what kind
    of unit that is ("in box 1, 5 can only go in row 2, so no other cell of that row...")."""
    unit, locked_into, kind = where
    sym = board.sym(value)
    eliminations = tuple((cell, value) for cell in gone)
    return Step(
        technique,
        f"in {unit}, {sym} can only go in {locked_into} ({board.names(inside)}), so no other "
        f"cell of that {kind} can be {sym}: {board.removals(eliminations)}: {technique}",
        eliminations=eliminations,
        cells=tuple(inside),
    )
