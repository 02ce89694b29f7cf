"""The longest chain of one-letter changes from a start word, never repeating a word.

This is the longest simple path from a node, an NP-hard problem, so it is searched
within a time budget in three phases:

1. Build a long chain fast and improve it: walk on, always to the word with the fewest
   onward moves (Warnsdorff's rule, as for a knight's tour) but into the largest region
   where the free words fall apart; grow the chain by splicing detours of unused words
   into its steps, and by Pósa rotations (when the last word touches an earlier one,
   reverse the tail so a different word is last and the walk can go on).
2. Search exhaustively, depth first, cutting every branch that cannot beat the best
   chain: a chain can go on through at most the unused words it can still reach, and
   of those, words with at most one free neighbour can only end it. If the search
   finishes, the best chain is proven longest. Small groups end here.
3. Otherwise, spend the rest of the budget on phase 1 again with other random choices,
   keeping the longest chain.
"""

from __future__ import annotations

import random
import time
from collections.abc import Container, Sequence
from dataclasses import dataclass

from puzzles.ladder.graph import WordGraph

# Phase 1 gives up after this many rotations without growth, per word of the group.
ROTATIONS_PER_WORD = 4
PROOF_SHARE = 0.25  # of the budget, for phase 2
MAX_DETOUR = 12  # unused words spliced into one step at a time, at most


@dataclass(frozen=True)
class Chain:
    """The longest chain found: node numbers from the start, whether it is proven, and the
    bound: no chain from the start can hold more than `most_possible` words."""

    nodes: tuple[int, ...]
    proven: bool
    group_size: int
    most_possible: int


def longest_chain(
    graph: WordGraph, start: str, seconds: float, started: float | None = None
) -> Chain:
    """The longest chain from `start` that can be found (and perhaps proven) in `seconds`
    from `started` (a time.perf_counter(); default now): a caller that built the graph for
    this solve counts that time too."""
    deadline = (time.perf_counter() if started is None else started) + seconds
    root = graph.index[start]
    group = graph.component_sizes[graph.component[root]]
    ceiling = _most_possible(graph.neighbours, root, group)
    rng = random.Random(start)

    def improved_chain() -> list[int]:
        search = _Improver(graph.neighbours, root, rng, deadline)
        return search.run(patience=ROTATIONS_PER_WORD * group, target=ceiling)

    best = improved_chain()
    if len(best) >= ceiling:
        return Chain(tuple(best), True, group, ceiling)
    proof_until = min(deadline, time.perf_counter() + seconds * PROOF_SHARE)
    found, finished = _exhaustive(graph.neighbours, root, len(best), proof_until)
    if finished:
        return Chain(tuple(found or best), True, group, len(found or best))
    best = found or best
    while time.perf_counter() < deadline and len(best) < ceiling:
        best = max(best, improved_chain(), key=len)
    return Chain(tuple(best), len(best) >= ceiling, group, ceiling)


def _most_possible(neighbours: Sequence[Sequence[int]], root: int, group: int) -> int:
    """A chain holds every word of its group at most, and of the words with a single
    neighbour (dead ends) it can hold only one besides its start."""
    dead_ends = sum(1 for node in _reachable(neighbours, root, set()) if len(neighbours[node]) == 1)
    dead_ends -= len(neighbours[root]) == 1  # the start may be one: it is not the end
    return group - max(0, dead_ends - 1)


def _reachable(neighbours: Sequence[Sequence[int]], root: int, used: Container[int]) -> set[int]:
    """The nodes reachable from `root` without passing through `used` (root included)."""
    found = {root}
    stack = [root]
    while stack:
        for v in neighbours[stack.pop()]:
            if v not in found and v not in used:
                found.add(v)
                stack.append(v)
    return found


class _Improver:
    """Phase 1: a chain kept as a list plus each node's position, grown by walking on,
    splicing and rotating; when stuck, it starts again from the best chain with its end cut.

    Between those restarts words only get used up, so a step of the chain that had no
    detour through unused words never gains one: only new steps (at the end, at a
    rotation) are looked at."""

    def __init__(
        self, neighbours: Sequence[Sequence[int]], root: int, rng: random.Random, deadline: float
    ):
        self.neighbours = neighbours
        self.rng = rng
        self.deadline = deadline
        self.path = [root]
        self.position = {root: 0}

    def out_of_time(self) -> bool:
        return time.perf_counter() > self.deadline

    def run(self, patience: int, target: int) -> list[int]:
        best = list(self.path)
        idle = 0
        while idle < patience and len(best) < target and not self.out_of_time():
            before = len(self.path)
            self._walk_on()
            self._splice_in_unused(before - 1, len(self.path) - 1)
            if len(self.path) > len(best):
                best, idle = list(self.path), 0
            else:
                idle += 1
            pivot = self._rotate()
            if pivot is None:
                self._restart_from(best)
            else:
                self._splice_in_unused(pivot, pivot + 1)
        return best

    def _restart_from(self, best: list[int]) -> None:
        """Stuck at a dead end: go back to the best chain with a random piece of its end cut
        off, so the walk can try another way."""
        keep = len(best) - self.rng.randint(1, max(1, len(best) // 4))
        self.path = best[: max(keep, 1)]
        self.position = {node: index for index, node in enumerate(self.path)}

    def _free(self, node: int) -> list[int]:
        return [v for v in self.neighbours[node] if v not in self.position]

    def _walk_on(self) -> None:
        """Extend the end while it has free neighbours (see _next_word)."""
        while not self.out_of_time():
            options = self._free(self.path[-1])
            if not options:
                return
            chosen = self._next_word(options)
            self.position[chosen] = len(self.path)
            self.path.append(chosen)

    def _next_word(self, options: list[int]) -> int:
        """Where the free words fall apart into separate regions, into the largest (the
        chain can never come back for the others); within one region, Warnsdorff's rule:
        the word with the fewest free neighbours, but a dead end only as the last move."""
        if len(options) > 1:
            sizes = self._region_sizes(options)
            if sizes is not None:
                largest = max(sizes.values())
                options = [v for v in options if sizes[v] == largest]
        return min(options, key=self._walk_order)

    def _walk_order(self, node: int) -> tuple[bool, int, float]:
        onward = len(self._free(node))
        return (onward == 0, onward, self.rng.random())

    def _region_sizes(self, options: list[int]) -> dict[int, int] | None:
        """None when the options are all in one region of free words (found breadth first,
        so near options end the search early); else each option's region size."""
        pending = set(options[1:])
        seen = {options[0]}
        frontier = [options[0]]
        while frontier and pending:
            following = []
            for u in frontier:
                for v in self.neighbours[u]:
                    if v not in seen and v not in self.position:
                        seen.add(v)
                        pending.discard(v)
                        following.append(v)
            frontier = following
        if not pending:
            return None
        sizes: dict[int, int] = {}
        for option in options:
            if option not in sizes:
                region = _reachable(self.neighbours, option, self.position)
                sizes.update(dict.fromkeys((v for v in options if v in region), len(region)))
        return sizes

    def _splice_in_unused(self, first: int, stop: int) -> None:
        """Put unused words into the steps first..stop-1 (step i joins path[i] and path[i+1]).

        A word next to both ends of a step changes the same letter as the step (all three
        share a wildcard bucket); two words can make a detour: COLD COLT BOLT BOLD."""
        i = max(first, 0)
        grown = False
        while i < stop and not self.out_of_time():
            detour = self._detour(self.path[i], self.path[i + 1])
            if detour:
                self.path[i + 1 : i + 1] = detour
                for node in detour:
                    self.position[node] = -1  # taken; positions are renumbered below
                stop += len(detour)
                grown = True
            else:
                i += 1
        if grown:
            for index in range(max(first, 0), len(self.path)):
                self.position[self.path[index]] = index

    def _detour(self, a: int, b: int) -> list[int]:
        """The fewest unused words that lead from a to b other than the step itself (up to
        MAX_DETOUR of them), found breadth first; [] when there is none."""
        next_to_b = set(self.neighbours[b])
        came_from = {a: a}
        frontier = [a]
        for _ in range(MAX_DETOUR):
            following = []
            for u in frontier:
                for v in self.neighbours[u]:
                    if v in came_from or v in self.position:
                        continue
                    came_from[v] = u
                    if v in next_to_b:
                        detour = [v]
                        while came_from[detour[-1]] != a:
                            detour.append(came_from[detour[-1]])
                        return detour[::-1]
                    following.append(v)
            frontier = following
        return []

    def _rotate(self) -> int | None:
        """Pósa rotation: if the end touches an earlier word, reverse the words after that
        word, so another word is last. Returns the pivot's position (None: no rotation)."""
        end = self.path[-1]
        pivots = [
            self.position[v]
            for v in self.neighbours[end]
            if v in self.position and self.position[v] < len(self.path) - 2
        ]
        if not pivots:
            return None
        pivot = self.rng.choice(pivots)
        tail = self.path[pivot + 1 :][::-1]
        self.path[pivot + 1 :] = tail
        for index, node in enumerate(tail, start=pivot + 1):
            self.position[node] = index
        return pivot


def _exhaustive(
    neighbours: Sequence[Sequence[int]], root: int, to_beat: int, deadline: float
) -> tuple[list[int] | None, bool]:
    """Phase 2: depth first over every chain from root that could hold more than `to_beat`
    words. Returns the best chain found (None if none beat it) and whether it finished."""
    path = [root]
    used = {root}
    best: list[int] | None = None
    stack = [iter(_onward(neighbours, root, used))]
    while stack:
        if time.perf_counter() > deadline:
            return best, False
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            used.discard(path.pop())
            continue
        if node in used or len(path) + _reach_bound(neighbours, node, used) <= to_beat:
            continue
        path.append(node)
        used.add(node)
        if len(path) > to_beat:
            best, to_beat = list(path), len(path)
        stack.append(iter(_onward(neighbours, node, used)))
    return best, True


def _onward(neighbours: Sequence[Sequence[int]], node: int, used: set[int]) -> list[int]:
    free = [v for v in neighbours[node] if v not in used]
    return sorted(free, key=lambda v: sum(1 for w in neighbours[v] if w not in used))


def _reach_bound(neighbours: Sequence[Sequence[int]], node: int, used: set[int]) -> int:
    """At most how many words a chain continuing at `node` can still add (node included)."""
    region = _reachable(neighbours, node, used)
    dead_ends = sum(
        1 for v in region if v != node and sum(1 for w in neighbours[v] if w in region) <= 1
    )
    return len(region) - max(0, dead_ends - 1)
