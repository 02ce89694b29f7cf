"""Chains: X-Chain, XY-Chain and the alternating chain.

A chain alternates two kinds of link between candidates (a value in a cell):
strong, "if this is false, that is true" (a cell with two candidates, or a value with two
places in a unit), and weak, "if this is true, that is false" (same cell, or same value in
cells that see each other). Starting from "s is false" and ending on "e is true" proves
that s or e is true, so any candidate that sees both is false. X-Chains follow one value,
XY-Chains hop between two-candidate cells; an alternating chain may do both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzles.sudoku.board import Board, Step, bit, bit_positions, values_of

# Links in a chain at most: keeps the explanation readable and the search bounded.
MAX_CHAIN_LINKS = 12
CHAIN_MODES = ("X-Chain", "XY-Chain", "alternating chain")


def _node(board: Board, cell: int, value: int) -> int:
    """Candidates are numbered value-major, so one value's candidates form a run of bits
    laid out like the cells, and a cell bitset shifts straight into a candidate bitset."""
    return (value - 1) * len(board.cands) + cell


def _cell_value(board: Board, node: int) -> tuple[int, int]:
    index, cell = divmod(node, len(board.cands))
    return cell, index + 1


def _chain_links(board: Board, mode: str) -> tuple[dict[int, int], dict[int, int]]:
    """Strong links and weak links (node -> bitset of nodes) usable in `mode` (an XY-Chain
    or an alternating chain; X-Chains have their own, _x_chain_of)."""
    strong: dict[int, int] = {}
    if mode != "XY-Chain":
        for value in range(1, board.n + 1):
            _link_all(strong, board.conjugate_pairs(value), _node(board, 0, value))
    bivalue = []
    for cell, m in enumerate(board.cands):
        if m.bit_count() == 2:
            a, b = values_of(m)
            bivalue.append((_node(board, cell, a), _node(board, cell, b)))
    _link_all(strong, bivalue, 0)
    return strong, _conflicts(board)


def _link_all(strong: dict[int, int], pairs: Iterable[tuple[int, int]], offset: int) -> None:
    """Link each pair both ways, its nodes shifted by `offset`."""
    for first, second in pairs:
        a, b = first + offset, second + offset
        strong[a] = strong.get(a, 0) | 1 << b
        strong[b] = strong.get(b, 0) | 1 << a


def _in_order(strong: dict[int, int]) -> dict[int, list[int]]:
    """Strong links as node -> nodes ascending, the order _chain_from follows them in."""
    return {a: bit_positions(bs) for a, bs in strong.items()}


def _conflicts(board: Board) -> dict[int, int]:
    """For every candidate, the bitset of candidates that cannot be true together with it:
    the same value in cells it sees, and the other values of its cell."""
    if "conflicts" not in board.memo:
        board.memo["conflicts"] = _work_out_conflicts(board)
    return board.memo["conflicts"]


def _work_out_conflicts(board: Board) -> dict[int, int]:
    cells = len(board.cands)
    where = [0] * (board.n + 1)  # value -> bitset of cells where it is a candidate
    cell_values = []  # per cell: its values, each with its node's offset
    for cell, m in enumerate(board.cands):
        found = [(value, (value - 1) * cells) for value in values_of(m)]
        for value, _offset in found:
            where[value] |= 1 << cell
        cell_values.append(found)
    peer_masks = board.geo.peer_masks
    conflicts: dict[int, int] = {}
    for cell, found in enumerate(cell_values):
        near = peer_masks[cell]
        whole_cell = 0  # the cell's candidates as nodes
        for _value, offset in found:
            whole_cell |= 1 << (offset + cell)
        for value, offset in found:
            node = offset + cell
            conflicts[node] = (near & where[value]) << offset | (whole_cell & ~(1 << node))
    return conflicts


def chain(board: Board, mode: str) -> Step | None:
    if mode == "X-Chain":
        looks = (("X-Chain", value) for value in range(1, board.n + 1))
        return board.first_step(zip(looks, board.value_changes[1:], strict=True), _x_chain_of)
    strong, weak = _chain_links(board, mode)
    sees = weak if mode == "alternating chain" else _conflicts(board)
    reach = _Reach(strong, weak, sees)
    for start in sorted(strong):
        if not _concludes(start, reach):
            continue
        step = _chain_from(board, mode, start, _in_order(strong), weak, sees)
        if step is not None:
            return step
    return None


def _x_chain_of(board: Board, value: int) -> Step | None:
    """X-Chains of one value, from its candidates in cell order: they read only where the
    value is still possible (so a value that has not changed need not be looked at again).

    The candidates that see both ends are of the value too (the other values of a cell
    see only that cell), so the value's own links serve as what each candidate sees."""
    strong: dict[int, int] = {}
    _link_all(strong, board.conjugate_pairs(value), _node(board, 0, value))
    if not strong:
        return None
    b = bit(value)
    where = sum(1 << cell for cell, m in enumerate(board.cands) if m & b)
    offset = _node(board, 0, value)
    peer_masks = board.geo.peer_masks
    weak = {
        offset + cell: (peer_masks[cell] & where) << offset
        for cell in range(len(board.cands))
        if where >> cell & 1
    }
    reach = _Reach(strong, weak, weak)
    for start in sorted(strong):
        if not _concludes(start, reach):
            continue
        step = _chain_from(board, "X-Chain", start, _in_order(strong), weak, weak)
        if step is not None:
            return step
    return None


class _Reach:
    """The links of one chain search as bit sets, for _concludes."""

    def __init__(self, strong: dict[int, int], weak: dict[int, int], sees: dict[int, int]):
        self.strong = strong
        self.weak = weak
        self.sees = sees
        self.has_strong = sum(1 << a for a in strong)
        self._onward: dict[int, int] = {}

    def onward(self, on: int) -> int:
        """The "on" nodes one weak and one strong link away from `on`."""
        found = self._onward.get(on)
        if found is None:
            found = 0
            offs = self.weak[on] & self.has_strong
            while offs:
                low = offs & -offs
                offs ^= low
                found |= self.strong[low.bit_length() - 1]
            self._onward[on] = found
        return found


def _concludes(start: int, reach: _Reach) -> bool:
    """Does _chain_from(start) find a step? The same breadth first search level by level on
    bit sets, without the order and the way back that only the step's wording needs: most
    starts lead nowhere, and this says so several times faster. (An "off" node seen before
    had its strong links followed then, so going from "on" to "on" reaches the same.)

    A reached "on" node ends a chain when it is the start, or when something sees both it
    and the start; seeing is symmetric, so those ends are what the start's sees see."""
    sees = reach.sees
    ends = 1 << start
    near = sees[start]
    while near:
        low = near & -near
        near ^= low
        ends |= sees[low.bit_length() - 1]
    onward = reach.onward
    reached = reach.strong[start]
    seen_on = 0
    links = 2
    while True:
        reached &= ~seen_on
        if reached & ends:
            return True
        if not reached or links >= MAX_CHAIN_LINKS:
            return False
        seen_on |= reached
        links += 2
        fresh = 0
        while reached:
            low = reached & -reached
            reached ^= low
            fresh |= onward(low.bit_length() - 1)
        reached = fresh


def _chain_from(
    board: Board,
    mode: str,
    start: int,
    strong: dict[int, list[int]],
    weak: dict[int, int],
    sees: dict[int, int],
) -> Step | None:
    """Breadth first from "start is false", so the first conclusion has the shortest chain."""
    came_from_off: dict[int, int] = {}  # on node -> the off node before it
    came_from_on: dict[int, int] = {}  # off node -> the on node before it
    seen_off = 1 << start
    seen_on: set[int] = set()
    start_sees = sees[start]  # a candidate never sees itself: no need to take start or on out
    frontier = [start]
    links = 0
    while frontier and links < MAX_CHAIN_LINKS:
        reached = []
        for off in frontier:
            for on in strong.get(off, ()):
                if on in seen_on:
                    continue
                seen_on.add(on)
                came_from_off[on] = off
                reached.append(on)
                if on == start:  # "start is false" led to "start is true"
                    chain = _trace(start, on, came_from_off, came_from_on)
                    return _chain_step(board, mode, chain, (), placement=True)
                gone = start_sees & sees[on]
                if gone:
                    chain = _trace(start, on, came_from_off, came_from_on)
                    return _chain_step(board, mode, chain, bit_positions(gone))
        links += 2
        frontier = []
        for on in reached:
            fresh = weak[on] & ~seen_off
            seen_off |= fresh
            while fresh:
                low = fresh & -fresh
                fresh ^= low
                off = low.bit_length() - 1
                came_from_on[off] = on
                frontier.append(off)
    return None


def _trace(start: int, end: int, from_off: dict[int, int], from_on: dict[int, int]) -> list[int]:
    """The chain's nodes from start (false) to end (true), alternating false and true."""
    chain = [end]
    node, is_on = end, True
    while not (node == start and not is_on):
        node = from_off[node] if is_on else from_on[node]
        is_on = not is_on
        chain.append(node)
    return chain[::-1]


def _chain_step(
    board: Board, mode: str, chain: list[int], gone: Sequence[int], placement: bool = False
) -> Step:
    def said(node: int, true: bool) -> str:
        cell, value = _cell_value(board, node)
        return f"{board.name(cell)} {'is' if true else 'is not'} {board.sym(value)}"

    start, end = chain[0], chain[-1]
    steps = [said(node, position % 2 == 1) for position, node in enumerate(chain)]
    reasoning = f"if {steps[0]}, then " + ", so ".join(steps[1:])
    cells = tuple(dict.fromkeys(_cell_value(board, node)[0] for node in chain))
    if placement:
        return Step(
            mode,
            f"{reasoning}; that contradicts the start, so {said(start, True)}: {mode}",
            placements=(_cell_value(board, start),),
            cells=cells,
        )
    eliminations = tuple(_cell_value(board, node) for node in gone)
    return Step(
        mode,
        f"{reasoning}; so {said(start, True)} or {said(end, True)}, and whatever would rule "
        f"out both is false: {board.removals(eliminations)}: {mode}",
        eliminations=eliminations,
        cells=cells,
    )
