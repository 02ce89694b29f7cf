"""The one-letter-change graph of a word list, and shortest ladders on it.

Words are nodes; two words are joined when they have the same length and differ in
exactly one position. The index puts every word in one wildcard bucket per position
('_old' holds bold, cold, fold, gold...: every word ?OLD): two words are
neighbours exactly when they share a bucket, and they share only one (the position
where they differ), so the buckets give each word's neighbours without comparing
pairs of words. Nodes are numbered so a search touches ints and lists, not strings.

`graph_for(length, tier)` gives the graph of one word length of the shipped lexicon and
keeps it: read from data/ for the common and standard words (written at build time by
scripts/build_ladder_graphs.py, as a ladder query takes far less time than loading the
word sets and frequencies the graph is built from), built on first use otherwise.
`WordGraph.build(words)` takes any explicit word list.
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import cache
from itertools import repeat
from typing import NamedTuple

from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.stored import encode_parts, part, read_parts

# A sort key per word: smaller is more common (e.g. (tier, -zipf)).
Commonness = Callable[[str], Hashable]

STORED_TIERS = (Tier.COMMON, Tier.STANDARD)  # the tiers whose graphs are in data/


class Ladders(NamedTuple):
    """The shortest ladders between two words: their length, how many, and the one to show."""

    steps: int
    count: int
    words: tuple[str, ...]  # the most common-worded shortest ladder, start to goal


# Ladders made without the Python-level __new__ NamedTuple writes: a short query is a few
# microseconds, and calling that __new__ was a sizeable part of them.
_new_tuple = tuple.__new__


@dataclass(frozen=True, eq=False)
class WordGraph:
    """Words numbered 0..n-1 in sorted order, with neighbour lists and connected components.

    rank[i] orders words by commonness (0 = most common), used to pick which of several
    shortest ladders to show. component[i] numbers the connected group word i is in.
    """

    words: tuple[str, ...]
    index: dict[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    neighbour_sets: tuple[frozenset[int], ...]  # the same as sets: a search layer is one union
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
        return cls.from_parts((ordered, neighbours, tuple(rank), component, sizes))

    @classmethod
    def from_parts(cls, parts: tuple) -> WordGraph:
        """The graph from parts(): what the look-ups are made from."""
        words, neighbours, rank, component, sizes = parts
        # One int object per number below the word count, shared by the neighbour sets,
        # the index, the ranks and the component numbers (stored parts hold a copy per
        # mention): a search's set operations then match words by identity, and a query
        # touches one small block of ints rather than copies all over memory. (The
        # neighbour lists keep their copies: remaking them made loading a graph slower
        # by about half.)
        nodes = list(range(len(words)))
        shared = nodes.__getitem__
        return cls(
            words=words,
            index=dict(zip(words, nodes, strict=True)),
            neighbours=neighbours,
            neighbour_sets=tuple(map(frozenset, map(map, repeat(shared), neighbours))),
            rank=tuple(map(shared, rank)),
            component=tuple(map(shared, component)),
            component_sizes=sizes,
        )

    def parts(self) -> tuple:
        """Words, neighbour lists, ranks and components: all from_parts() needs, in tuples
        of strings and ints (what marshal stores)."""
        return (self.words, self.neighbours, self.rank, self.component, self.component_sizes)

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
        layer at a time (a layer is the union of its frontier's neighbour sets, less the
        words seen). When a new layer touches the other side's last layer, every shortest
        ladder passes through exactly one of the touching words. Walking back from them
        keeps the words on shortest ladders, and the number of ladders is counted over
        those alone. None: not connected.
        """
        s, t = self.index[start], self.index[goal]
        if s == t:
            return _new_tuple(Ladders, (0, 1, (start,)))
        if self.component[s] != self.component[t]:
            return None
        sets = self.neighbour_sets
        if t in sets[s]:
            return _new_tuple(Ladders, (1, 1, (start, goal)))
        layers = _layers_on_shortest_ladders(sets, s, t)
        steps = len(layers) - 1
        if steps + 1 == sum(map(len, layers)):
            # one word a layer: a single shortest ladder (every kept word is on one)
            count, path = 1, [node for (node,) in layers]
        else:
            count, path = _count_and_most_common(sets, self.rank, layers)
        return _new_tuple(Ladders, (steps, count, tuple(map(self.words.__getitem__, path))))

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


Neighbours = Sequence[frozenset[int]]


def _layers_on_shortest_ladders(neighbours: Neighbours, s: int, t: int) -> list[AbstractSet[int]]:
    """The words on shortest ladders from s to t (not joined directly), layer by layer
    from s: layers[i] holds the words i steps from s and the rest of the way from t."""
    forward: list[AbstractSet[int]] = [{s}, neighbours[s]]  # (t is not among them)
    backward: list[AbstractSet[int]] = [{t}]
    before_forward: AbstractSet[int] = forward[0]
    before_backward: AbstractSet[int] = frozenset()
    while True:  # grow the smaller side's last layer until it touches the other's
        if len(forward[-1]) <= len(backward[-1]):
            grown, other, before = forward, backward, before_forward
        else:
            grown, other, before = backward, forward, before_backward
        frontier = grown[-1]
        layer = _next_to(neighbours, frontier)
        # Neither side's words seen so far are in the other's last layer (they would have
        # met), so the words where they meet are found before taking those out.
        meeting = layer & other[-1]
        if meeting:  # the rest of either layer leads to no shortest ladder
            break
        if len(frontier) == 1:
            if before:  # (an end word's own neighbour set is its first layer as it is)
                layer = layer - before
        else:  # a new set: take the words seen out in place
            layer -= frontier
            layer -= before
        grown.append(layer)
        if grown is forward:
            before_forward = frontier
        else:
            before_backward = frontier
    grown.append(meeting)
    other[-1] = meeting
    # Walking back from the meeting words to each end keeps the words that lead to them;
    # both walks start from the words next to the meeting words.
    around = _next_to(neighbours, meeting)
    _keep_leading_to_last(neighbours, forward, around)
    _keep_leading_to_last(neighbours, backward, around)
    forward.extend(reversed(backward[:-1]))
    return forward


def _next_to(neighbours: Neighbours, words: AbstractSet[int]) -> AbstractSet[int]:
    """The words next to any of `words`: a new set unless `words` is one word."""
    if len(words) == 1:
        for v in words:
            return neighbours[v]
    return set().union(*map(neighbours.__getitem__, words))


def _keep_leading_to_last(
    neighbours: Neighbours, layers: list[AbstractSet[int]], around: AbstractSet[int]
) -> None:
    """Keep in each layer between the first and the last only the words that lead on to
    the last layer, given the words next to the last layer (`around`)."""
    for i in range(len(layers) - 2, 0, -1):
        layer = layers[i]
        if len(layer) > 1:  # (every word of a layer is next to one in the layer before)
            layer = layers[i] = around & layer
        if i > 1:
            around = _next_to(neighbours, layer)


def _count_and_most_common(
    neighbours: Neighbours, rank: Sequence[int], layers: list[AbstractSet[int]]
) -> tuple[int, list[int]]:
    """Over the layers of words on shortest ladders (from _layers_on_shortest_ladders): the
    number of ladders, and the one whose rarest word is most common, then whose words are
    most common in total (smallest sum of ranks); ties go to alphabetically earlier steps.

    Every word before a kept word on a shortest ladder is kept too, so counting ways
    over the kept words alone is exact. Two passes because "rarest word" does not split
    into prefixes the way a sum does: first the best possible rarest rank (with the
    count), then the smallest sum among words no rarer.
    """
    (start,) = layers[0]
    ways = {start: 1}
    rarest = {start: rank[start]}
    # each word after the start, in ladder order, with its neighbours in the layer before
    linked: list[tuple[int, AbstractSet[int]]] = []
    previous = layers[0]
    for layer in layers[1:]:
        # a lone word is reached from every word kept before it, every word from a lone one
        from_all = len(layer) == 1 or len(previous) == 1
        for v in layer:
            links = previous if from_all else neighbours[v] & previous
            if len(links) == 1:  # most words on short ladders: no sums to take
                for u in links:
                    ways[v], reached = ways[u], rarest[u]
            else:
                ways[v] = sum(map(ways.__getitem__, links))
                reached = min(map(rarest.__getitem__, links))
            rarest[v] = rank[v] if rank[v] > reached else reached
            linked.append((v, links))
        previous = layer
    (goal,) = layers[-1]
    return ways[goal], _least_total_path(rank, rarest[goal], start, linked)


def _least_total_path(
    rank: Sequence[int], limit: int, start: int, linked: list[tuple[int, AbstractSet[int]]]
) -> list[int]:
    """The path from start to the last linked word with the smallest sum of ranks, using
    words ranked `limit` or better; of equal sums, the one choosing smaller words first
    when walked back from the end."""
    total = {start: rank[start]}
    came_from: dict[int, int] = {}
    for v, links in linked:
        if rank[v] > limit:
            continue
        best = None
        for u in links:
            reached = total.get(u)
            if reached is not None and (
                best is None or reached < best or (reached == best and u < came_from[v])
            ):
                best, came_from[v] = reached, u
        if best is not None:
            total[v] = best + rank[v]
    path = [linked[-1][0]]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return path[::-1]


def word_commonness(dictionary: Lexicon) -> Commonness:
    """Smaller tiers first, then by zipf frequency: the order in which to prefer words."""

    def key(word: str) -> tuple[int, float]:
        return (dictionary.tier_of(word) or len(Tier) + 1, -dictionary.zipf(word))

    return key


def graph_for(length: int, tier: Tier = Tier.STANDARD, dictionary: Lexicon | None = None):
    """The graph of the lexicon's words of `length` in `tier`, read or built on first use
    and kept."""
    return _cached_graph(length, Tier(tier), dictionary or lexicon())


@cache
def _cached_graph(length: int, tier: Tier, dictionary: Lexicon) -> WordGraph:
    stored = _stored_graphs(tier) if dictionary is lexicon() else None
    if stored is None:
        return built_graph(length, tier, dictionary)
    data = stored.get(length)
    return _unpacked(data) if data else EMPTY


def _unpacked(data: bytes) -> WordGraph:
    """A stored graph, read with the garbage collector paused: its tens of thousands of new
    tuples and sets (none in a cycle) would set off collections that find nothing, which
    took as long as the reading."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return WordGraph.from_parts(part(data))
    finally:
        if collecting:
            gc.enable()


def built_graph(length: int, tier: Tier, dictionary: Lexicon) -> WordGraph:
    return WordGraph.build(dictionary.words_of_length(length, tier), word_commonness(dictionary))


EMPTY = WordGraph.build(())


# --- preferring the smaller word lists ------------------------------------------------------


def ladders_through(
    start: str, goal: str, tier: Tier, dictionary: Lexicon | None = None
) -> tuple[Ladders | None, tuple[str, ...]]:
    """The shortest ladders whose words between the ends are all in `tier`, when any exists;
    otherwise the ladder with the fewest words beyond `tier` between the ends, then the fewest
    steps (OHM → ... → ZZZ needs ZIZ, ZZZ's only neighbours being rare, but not OIS). Returns
    (ladders, the words beyond `tier` on the shown ladder, the ends left out).

    The ends may be in any tier: a player may ask for a ladder from a rare word."""
    dictionary = dictionary or lexicon()
    ends = {start, goal}
    ends_tier = max(tier, *(tier_of(word, dictionary) or Tier.LARGE for word in ends))
    if ends_tier == tier:
        return graph_for(len(start), tier, dictionary).shortest_ladders(start, goal), ()
    within = frozenset(graph_for(len(start), tier, dictionary).words)
    inner = WordGraph.build(within | ends, word_commonness(dictionary))
    found = inner.shortest_ladders(start, goal)
    if found is not None:
        return found, ()
    whole = graph_for(len(start), ends_tier, dictionary)
    found = _fewest_beyond(whole, start, goal, within | ends)
    beyond = () if found is None else tuple(w for w in found.words if w not in within | ends)
    return found, beyond


def _fewest_beyond(
    graph: WordGraph, start: str, goal: str, preferred: AbstractSet[str]
) -> Ladders | None:
    """The ladders with the fewest words outside `preferred`, then the fewest steps, counted,
    and one of them (the more common word where two reach a word alike).

    Each step costs (1 if its word is outside `preferred` else 0, 1): a Dijkstra search on
    (words outside, steps). Every step adds a step, so a word's predecessors on its best
    ladders are all settled before it, and its ladder count is theirs added up."""
    s, t = graph.index[start], graph.index[goal]
    if graph.component[s] != graph.component[t]:
        return None
    outside = [word not in preferred for word in graph.words]
    cost = {s: (0, 0)}
    count = {s: 1}
    before: dict[int, int] = {}
    settled: set[int] = set()
    queue = [(0, 0, s)]
    while queue:
        rare, steps, u = heapq.heappop(queue)
        if u in settled:
            continue
        settled.add(u)
        if u == t:
            break
        for v in graph.neighbours[u]:
            reach = (rare + outside[v], steps + 1)
            known = cost.get(v)
            if known is None or reach < known:
                cost[v], count[v], before[v] = reach, count[u], u
                heapq.heappush(queue, (*reach, v))
            elif reach == known:
                count[v] += count[u]
                if graph.rank[u] < graph.rank[before[v]]:
                    before[v] = u
    path = [t]
    while path[-1] != s:
        path.append(before[path[-1]])
    words = tuple(graph.words[node] for node in reversed(path))
    return Ladders(len(words) - 1, count[t], words)


def tier_of(word: str, dictionary: Lexicon) -> Tier | None:
    """dictionary.tier_of(word) for a lowercase word, from the stored graphs when they hold
    it: they load in a millisecond, the word sets in a tenth of a second."""
    if dictionary is not lexicon():
        return dictionary.tier_of(word)
    for tier in Tier:  # smallest first
        if tier in STORED_TIERS:
            if word in graph_for(len(word), tier, dictionary):
                return tier
        elif dictionary.contains(word, tier):
            return tier
    return None


def contains(word: str, tier: Tier, dictionary: Lexicon) -> bool:
    """dictionary.contains(word, tier) for a lowercase word, from the stored graphs if they can."""
    found = tier_of(word, dictionary)
    return found is not None and found <= tier


# --- the stored graphs ------------------------------------------------------------------------


def graphs_file(tier: Tier) -> str:
    return f"graphs-{tier.name.lower()}.bin"


def encode_graphs(graphs: dict[int, WordGraph]) -> bytes:
    """A data file: word length -> that graph's parts (a query reads only its own length's)."""
    return encode_parts({length: graph.parts() for length, graph in graphs.items() if len(graph)})


@cache
def _stored_graphs(tier: Tier) -> dict[int, bytes] | None:
    """The stored graphs of a tier by word length; None: not stored (or unreadable: built)."""
    return read_parts(__package__, graphs_file(tier)) if tier in STORED_TIERS else None
