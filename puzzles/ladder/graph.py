"""The one-letter-change graph of a word list, and shortest ladders on it.

Words are nodes; two words are joined when they have the same length and differ in
exactly one position. The index puts every word in one wildcard bucket per position
('_old' holds bold, cold, fold, gold...: every word ?OLD): two words are
neighbours exactly when they share a bucket, and they share only one (the position
where they differ), so the buckets give each word's neighbours without comparing
pairs of words. Nodes are numbered so a search touches ints and lists, not strings.

`graph_for(length, tier)` builds the graph of one word length of the shipped lexicon
on first use and keeps it; `WordGraph.build(words)` takes any explicit word list.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from puzzles.lexicon import Lexicon, Tier, lexicon

# A sort key per word: smaller is more common (e.g. (tier, -zipf)).
Commonness = Callable[[str], Hashable]


@dataclass(frozen=True)
class Ladders:
    """The shortest ladders between two words: their length, how many, and the one to show."""

    steps: int
    count: int
    words: tuple[str, ...]  # the most common-worded shortest ladder, start to goal


@dataclass(frozen=True, eq=False)
class WordGraph:
    """Words numbered 0..n-1 in sorted order, with neighbour lists and connected components.

    rank[i] orders words by commonness (0 = most common), used to pick which of several
    shortest ladders to show. component[i] numbers the connected group word i is in.
    """

    words: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    rank: tuple[int, ...]
    component: tuple[int, ...]
    component_sizes: tuple[int, ...]

    @classmethod
    def build(cls, words: Iterable[str], commonness: Commonness | None = None) -> WordGraph:
        """The graph of `words` (any case; repeats and mixed lengths allowed)."""
        ordered = tuple(sorted({word.strip().lower() for word in words} - {""}))
        rank = [0] * len(ordered)
        if commonness is not None:
            keys = [commonness(word) for word in ordered]
            for position, node in enumerate(sorted(range(len(ordered)), key=keys.__getitem__)):
                rank[node] = position
        neighbours = _neighbour_lists(ordered)
        component, sizes = _components(neighbours)
        return cls(
            words=ordered,
            index={word: node for node, word in enumerate(ordered)},
            neighbours=neighbours,
            rank=tuple(rank),
            component=component,
            component_sizes=sizes,
        )

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.index

    def __len__(self) -> int:
        return len(self.words)

    @property
    def edge_count(self) -> int:
        return sum(map(len, self.neighbours)) // 2

    def neighbours_of(self, word: str) -> tuple[str, ...]:
        return tuple(self.words[j] for j in self.neighbours[self.index[word]])

    def group_size(self, word: str) -> int:
        """How many words (itself included) can be reached from `word` by one-letter steps."""
        return self.component_sizes[self.component[self.index[word]]]

    # --- shortest ladders ----------------------------------------------------------------------

    def shortest_ladders(self, start: str, goal: str) -> Ladders | None:
        """The length and number of shortest ladders, and the most common-worded one.

        A breadth-first search from both ends, growing the smaller frontier one whole
        layer at a time and carrying the number of shortest ways to reach each word.
        When a new layer touches the other side's last layer, every shortest ladder
        passes through exactly one of the touching words, so the count is the sum of
        (ways from the start) x (ways from the goal) over them. None: not connected.
        """
        s, t = self.index[start], self.index[goal]
        if s == t:
            return Ladders(0, 1, (start,))
        if self.component[s] != self.component[t]:
            return None
        forward: list[dict[int, int]] = [{s: 1}]
        backward: list[dict[int, int]] = [{t: 1}]
        seen_forward, seen_backward = {s}, {t}
        while True:
            if len(forward[-1]) <= len(backward[-1]):
                grown, seen, other = forward, seen_forward, backward[-1]
            else:
                grown, seen, other = backward, seen_backward, forward[-1]
            layer = _next_layer(self.neighbours, grown[-1], seen)
            grown.append(layer)
            meeting = [node for node in layer if node in other]
            if meeting:
                break
        count = sum(forward[-1][node] * backward[-1][node] for node in meeting)
        layers = self._ladder_layers(forward, backward, meeting)
        path = _most_common_path(self.neighbours, self.rank, layers)
        return Ladders(len(layers) - 1, count, tuple(self.words[node] for node in path))

    def _ladder_layers(
        self, forward: list[dict[int, int]], backward: list[dict[int, int]], meeting: list[int]
    ) -> list[set[int]]:
        """The words on some shortest ladder, layer by layer from start to goal.

        Walking back from the meeting words to each end keeps only the words of each
        search layer that lead on to the meeting; every link between two consecutive
        layers kept is then a step of some shortest ladder.
        """
        towards_start = _walk_back(self.neighbours, forward, set(meeting))
        towards_goal = _walk_back(self.neighbours, backward, set(meeting))
        return towards_start[::-1] + towards_goal[1:]

    def distances_from(self, word: str) -> dict[str, int]:
        """Every word reachable from `word` with its shortest ladder length in steps."""
        node = self.index[word]
        distance = {node: 0}
        frontier = [node]
        steps = 0
        while frontier:
            steps += 1
            following = []
            for u in frontier:
                for v in self.neighbours[u]:
                    if v not in distance:
                        distance[v] = steps
                        following.append(v)
            frontier = following
        return {self.words[node]: steps for node, steps in distance.items()}


def _neighbour_lists(words: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    buckets: dict[str, list[int]] = {}
    for node, word in enumerate(words):
        for i in range(len(word)):
            key = f"{word[:i]}_{word[i + 1 :]}"
            bucket = buckets.get(key)
            if bucket is None:
                buckets[key] = [node]
            else:
                bucket.append(node)
    adjacent: list[list[int]] = [[] for _ in words]
    for bucket in buckets.values():
        if len(bucket) > 1:
            for node in bucket:
                adjacent[node] += bucket
    return tuple(
        tuple(sorted(other for other in found if other != node))
        for node, found in enumerate(adjacent)
    )


def _components(neighbours: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A component number per node, and each component's size."""
    component = [-1] * len(neighbours)
    sizes: list[int] = []
    for root in range(len(neighbours)):
        if component[root] >= 0:
            continue
        number = len(sizes)
        component[root] = number
        stack = [root]
        size = 0
        while stack:
            u = stack.pop()
            size += 1
            for v in neighbours[u]:
                if component[v] < 0:
                    component[v] = number
                    stack.append(v)
        sizes.append(size)
    return tuple(component), tuple(sizes)


def _next_layer(
    neighbours: Sequence[Sequence[int]], frontier: dict[int, int], seen: set[int]
) -> dict[int, int]:
    """The words one step past the frontier, each with its number of shortest ways in."""
    layer: dict[int, int] = {}
    for u, ways in frontier.items():
        for v in neighbours[u]:
            if v in layer:
                layer[v] += ways
            elif v not in seen:
                layer[v] = ways
    seen.update(layer)
    return layer


def _walk_back(
    neighbours: Sequence[Sequence[int]], layers: list[dict[int, int]], last: set[int]
) -> list[set[int]]:
    """From the last layer back to the first, the words that lead on to `last`."""
    kept = [last]
    for layer in reversed(layers[:-1]):
        kept.append({v for u in kept[-1] for v in neighbours[u] if v in layer})
    return kept


def _most_common_path(
    neighbours: Sequence[Sequence[int]], rank: Sequence[int], layers: list[set[int]]
) -> list[int]:
    """The ladder through `layers` whose rarest word is most common, then whose words
    are most common in total (smallest sum of ranks); ties go to alphabetically earlier steps.

    Two passes because "rarest word" does not split into prefixes the way a sum does:
    first the best possible rarest rank, then the smallest sum among words no rarer.
    """
    rarest = {node: rank[node] for node in layers[0]}
    for before, layer in itertools.pairwise(layers):
        rarest = {
            v: max(rank[v], min(rarest[u] for u in neighbours[v] if u in before)) for v in layer
        }
    limit = rarest[next(iter(layers[-1]))]
    allowed = [{node for node in layer if rank[node] <= limit} for layer in layers]
    total = {node: rank[node] for node in allowed[0]}
    came_from: dict[int, int] = {}
    for layer in allowed[1:]:
        step: dict[int, int] = {}
        for v in layer:
            options = [(total[u], u) for u in neighbours[v] if u in total]
            if options:
                best, came_from[v] = min(options)
                step[v] = best + rank[v]
        total = step
    path = [next(iter(allowed[-1]))]
    while path[-1] in came_from:
        path.append(came_from[path[-1]])
    return path[::-1]


def word_commonness(dictionary: Lexicon) -> Commonness:
    """Smaller tiers first, then by zipf frequency: the order in which to prefer words."""

    def key(word: str) -> tuple[int, float]:
        return (dictionary.tier_of(word) or len(Tier) + 1, -dictionary.zipf(word))

    return key


def graph_for(length: int, tier: Tier = Tier.STANDARD, dictionary: Lexicon | None = None):
    """The graph of the lexicon's words of `length` in `tier`, built on first use and kept."""
    return _cached_graph(length, Tier(tier), dictionary or lexicon())


@cache
def _cached_graph(length: int, tier: Tier, dictionary: Lexicon) -> WordGraph:
    return WordGraph.build(dictionary.words_of_length(length, tier), word_commonness(dictionary))
