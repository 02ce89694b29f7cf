"""Chains: X-Chain, XY-Chain and the alternating chain.

A chain alternates two kinds of link between candidates (a value in a cell):
strong, "if this is false, that is true" (a cell with two candidates, or a value with two
places in a unit), and weak, "if this is true, that is false" (same cell, or same value in
cells that see each other). Starting from "s is false" and ending on "e is true" proves
that s or e is true, so any candidate that sees both is false. X-Chains follow one value,
XY-Chains hop between two-candidate cells; an alternating chain may do both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache, reduce
from operator import or_

from puzzles.core import Joined, joined
from puzzles.i18n import Message, _
from puzzles.sudoku.board import (
    Board,
    Move,
    Step,
    Words,
    bit_positions,
    technique_name,
    unsaid,
    values_of,
)

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


def _chain_links(
    board: Board, mode: str, pairs: frozenset[tuple[int, int]] | None = None
) -> tuple[dict[int, int], dict[int, int]]:
    """Strong links and weak links (node -> bitset of nodes) usable in `mode` (an XY-Chain
    or an alternating chain; X-Chains have their own, _x_chain_of); `pairs`, the strong
    links when already known (_strong_pairs)."""
    strong: dict[int, int] = {}
    _link_all(strong, _strong_pairs(board, mode) if pairs is None else pairs, 0)
    return strong, _conflicts(board)


def _strong_pairs(board: Board, mode: str) -> frozenset[tuple[int, int]]:
    """The strong links usable in `mode` (an XY-Chain or an alternating chain; X-Chains
    have their own, _x_chain_of), as pairs of nodes."""
    pairs = []
    if mode != "XY-Chain":
        for value in range(1, board.n + 1):
            offset = _node(board, 0, value)
            pairs += [(a + offset, b + offset) for a, b in board.conjugate_pairs(value)]
    cells = len(board.cands)
    for cell, m in enumerate(board.cands):
        if m.bit_count() == 2:
            low = m & -m  # the two values' nodes, as _node numbers them
            pairs.append(
                ((low.bit_length() - 1) * cells + cell, ((m ^ low).bit_length() - 1) * cells + cell)
            )
    return frozenset(pairs)


def _link_all(strong: dict[int, int], pairs: Iterable[tuple[int, int]], offset: int) -> None:
    """Link each pair both ways, its nodes shifted by `offset`."""
    for first, second in pairs:
        a, b = first + offset, second + offset
        strong[a] = strong.get(a, 0) | 1 << b
        strong[b] = strong.get(b, 0) | 1 << a


def _in_order(strong: dict[int, int]) -> dict[int, list[int]]:
    """Strong links as node -> nodes ascending, the order _chain_from follows them in
    (each node's worked out when first asked for: one search reads few of them)."""
    return _InOrder(strong)


class _InOrder(dict[int, list[int]]):
    def __init__(self, strong: dict[int, int]):
        super().__init__()
        self.strong = strong

    def get(self, node: int, default: list[int] | tuple[()] = ()) -> list[int]:  # type: ignore[override]
        found = dict.get(self, node)
        if found is None:
            if node not in self.strong:
                return default  # type: ignore[return-value]
            found = self[node] = bit_positions(self.strong[node])
        return found


def _conflicts(board: Board) -> dict[int, int]:
    """For every candidate, the bitset of candidates that cannot be true together with it:
    the same value in cells it sees, and the other values of its cell."""
    if "conflicts" not in board.memo:
        board.memo["conflicts"] = _work_out_conflicts(board)
    return board.memo["conflicts"]


def _work_out_conflicts(board: Board) -> dict[int, int]:
    cells = len(board.cands)
    cands, peer_masks = board.cands, board.geo.peer_masks
    in_cell = _in_cell(cells)
    # each cell's candidates as nodes
    whole_cells = [in_cell(mask) << cell if mask else 0 for cell, mask in enumerate(cands)]
    conflicts: dict[int, int] = {}
    for value in range(1, board.n + 1):
        where = board.cells_with(value)
        offset = (value - 1) * cells
        left = where
        while left:
            low = left & -left
            left ^= low
            cell = low.bit_length() - 1
            node = offset + cell
            conflicts[node] = (peer_masks[cell] & where) << offset | whole_cells[cell] ^ 1 << node
    return conflicts


@cache
def _in_cell(cells: int) -> Callable[[int], int]:
    """A cell's candidates (a value mask) as nodes of cell 0: shifted by the cell, those of
    any cell. Kept per mask (a grid has few)."""

    @lru_cache(maxsize=4096)
    def nodes(mask: int) -> int:
        return sum(1 << (value - 1) * cells for value in values_of(mask))

    return nodes


def chain(board: Board, mode: str) -> Step | None:
    if mode == "X-Chain":
        looks = (("X-Chain", value) for value in range(1, board.n + 1))
        return board.first_step(zip(looks, board.value_changes[1:], strict=True), _x_chain_of)
    pairs = _strong_pairs(board, mode)
    return board.unless_fruitless(mode, pairs, lambda: _chain_of(board, mode, pairs))


def _chain_of(board: Board, mode: str, pairs: frozenset[tuple[int, int]]) -> Step | None:
    strong, weak = _chain_links(board, mode, pairs)
    return _first_chain(board, mode, strong, weak, weak, board.memo.setdefault("ends", {}))


def _x_chain_of(board: Board, value: int) -> Step | None:
    """X-Chains of one value, from its candidates in cell order: they read only where the
    value is still possible (so a value that has not changed need not be looked at again).

    The candidates that see both ends are of the value too (the other values of a cell
    see only that cell), so the value's own links serve as what each candidate sees."""
    pairs = frozenset(board.conjugate_pairs(value))
    return board.unless_fruitless(
        ("X-Chain", value), pairs, lambda: _x_chain_with(board, value, pairs)
    )


def _x_chain_with(board: Board, value: int, pairs: frozenset[tuple[int, int]]) -> Step | None:
    strong: dict[int, int] = {}
    _link_all(strong, pairs, _node(board, 0, value))
    if not strong:
        return None
    where = board.cells_with(value)
    offset = _node(board, 0, value)
    peer_masks = board.geo.peer_masks
    weak = {offset + cell: (peer_masks[cell] & where) << offset for cell in bit_positions(where)}
    return _first_chain(board, "X-Chain", strong, weak, weak, {})


def _first_chain(
    board: Board,
    mode: str,
    strong: dict[int, int],
    weak: dict[int, int],
    sees: dict[int, int],
    ends: dict[int, int],
) -> Step | None:
    """The step of the first start (ascending) with a chain that concludes something;
    `ends`, what _Reach keeps of the ends per start."""
    reach = _Reach(strong, weak, sees, ends)
    in_order = _in_order(strong)
    for start in _concluding(sorted(strong), reach, board.solution):
        step = _chain_from(board, mode, start, in_order, weak, sees)
        if step is not None:
            return step
    return None


def _concluding(starts: list[int], reach: _Reach, solution: int | None) -> Iterator[int]:
    """The starts whose chains conclude something (_concludes), in order.

    With a known solution, the search can skip most starts: a chain proves that its start
    or its end is true, so one of them is in the solution; and read backwards, from its
    end, it is a chain as long that concludes the same. So whenever some start's chain
    concludes, so does a start in the solution; only those need a look until the first
    of them that concludes, and before it only the other starts can."""
    if solution is None:
        yield from (start for start in starts if _concludes(start, reach))
        return
    first = next(
        (start for start in starts if solution >> start & 1 and _concludes(start, reach)), None
    )
    if first is None:
        return
    for start in starts:
        if start < first:
            if not solution >> start & 1 and _concludes(start, reach):
                yield start
        elif start == first or _concludes(start, reach):
            yield start


class _Reach:
    """The links of one chain search as bit sets, for _concludes, with what it works out
    along the way: "on" nodes one weak and one strong link away from an "on" node, and the
    ends that conclude something from a start (kept by the board while nothing changes
    when `sees` is the board's conflicts, shared by XY-Chains and alternating chains)."""

    def __init__(
        self,
        strong: dict[int, int],
        weak: dict[int, int],
        sees: dict[int, int],
        ends: dict[int, int] | None = None,
    ):
        self.strong = strong
        self.weak = weak
        self.sees = sees
        # every node with a strong link: links go both ways, so the nodes they reach
        self.has_strong = reduce(or_, strong.values(), 0)
        self.onward: dict[int, int] = {}
        self.ends = {} if ends is None else ends


def _concludes(start: int, reach: _Reach) -> bool:
    """Does _chain_from(start) find a step? The same breadth first search level by level on
    bit sets, without the order and the way back that only the step's wording needs: most
    starts lead nowhere, and this says so several times faster. (An "off" node seen before
    had its strong links followed then, so going from "on" to "on" reaches the same.)

    A reached "on" node ends a chain when it is the start, or when something sees both it
    and the start; seeing is symmetric, so those ends are what the start's sees see."""
    ends = reach.ends.get(start)
    if ends is None:
        sees = reach.sees
        ends = 1 << start
        near = sees[start]
        while near:
            low = near & -near
            near ^= low
            ends |= sees[low.bit_length() - 1]
        reach.ends[start] = ends
    strong, weak, has_strong, onward = reach.strong, reach.weak, reach.has_strong, reach.onward
    reached = strong[start]
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
            on = low.bit_length() - 1
            found = onward.get(on)
            if found is None:  # the strong links of the "off" nodes it rules out
                found = 0
                offs = weak[on] & has_strong
                while offs:
                    low = offs & -offs
                    offs ^= low
                    found |= strong[low.bit_length() - 1]
                onward[on] = found
            fresh |= found
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
    links = tuple(_cell_value(board, node) for node in chain)  # (cell, value), false first
    cells = tuple(dict.fromkeys(cell for cell, _value in links))
    if placement:
        return Step(
            mode,
            unsaid(_contradiction_said, board.words, mode, links),
            placements=(links[0],),
            cells=cells,
        )
    eliminations = tuple(_cell_value(board, node) for node in gone)
    return Step(
        mode,
        unsaid(_either_end_said, board.words, mode, links, eliminations),
        eliminations=eliminations,
        cells=cells,
    )


def _contradiction_said(words: Words, mode: str, links: tuple[Move, ...]) -> Message:
    """The chain leads from "start is false" back to "start is true"."""
    return _(
        "if {start}, then {chain}; that contradicts the start, so {conclusion}: {technique}",
        start=_candidate_said(words, links[0], False),
        chain=_links_said(words, links),
        conclusion=_candidate_said(words, links[0], True),
        technique=technique_name(mode),
    )


def _either_end_said(
    words: Words, mode: str, links: tuple[Move, ...], eliminations: tuple[Move, ...]
) -> Message:
    """The chain proves its start or its end: what sees both goes."""
    return _(
        "if {start}, then {chain}; so {start_true} or {end_true}, and whatever would rule out "
        "both is false: {removals}: {technique}",
        start=_candidate_said(words, links[0], False),
        chain=_links_said(words, links),
        start_true=_candidate_said(words, links[0], True),
        end_true=_candidate_said(words, links[-1], True),
        removals=words.removals(eliminations),
        technique=technique_name(mode),
    )


def _links_said(words: Words, links: tuple[Move, ...]) -> Joined:
    """What follows from the start, link by link: "r1c2 is 5, so r3c2 is not 5, so ..."
    (the candidates alternate true and false after the start, which is false)."""
    said = [_candidate_said(words, links[1], True)]
    said += [
        _("so {candidate}", candidate=_candidate_said(words, link, position % 2 == 1))
        for position, link in enumerate(links[2:], start=2)
    ]
    return joined(said, ", ")


def _candidate_said(words: Words, candidate: Move, true: bool) -> Message:
    cell, value = candidate
    if true:
        return _("{cell} is {value}", cell=words.name(cell), value=words.sym(value))
    return _("{cell} is not {value}", cell=words.name(cell), value=words.sym(value))
