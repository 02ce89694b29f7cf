"""Filling the tree of shapes with a roll's words: every distinct solution, most likely
shapes first.

The search runs in two stages, as in the Daily Q-less write-up. The shapes (every way to lay
out N cells legally) are enumerated once and stored as a tree of steps (tree.py); for a roll,
each step writes its word into the partial grids before it, with the candidates the word
index gives (words.py) that the letters left over can still pay for. A branch needing a word
length the roll cannot make is never tried, and a partial grid leaving a letter that no word
of the lengths still to write can hold is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from operator import itemgetter

from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.qless.puzzle import Roll
from puzzles.qless.shapes import Shape
from puzzles.qless.tree import Branch, CompactLeaf, leaf_shape, shape_tree
from puzzles.qless.words import GUARD, Crossing, WordIndex, no_letters, packed, roll_words

MAX_BATCH = 256  # partial grids written into at a time, once a step is read far

# letters written so far (by cell number), letters left (packed, each letter's guard bit set)
Partial = tuple[str, int]


class Grown:
    """Every way to write a step's word into each of the partial grids before it that the
    letters left allow, in that order, worked out only as far as someone has read.

    The leaves below a step read all of it, but the first solution only needs the first
    way through each step, so a roll whose first shapes are fillable answers at once.
    Read twice, it is worked out once. The partial grids before it are taken in batches
    that double in size (from `batch`), so the bookkeeping costs little when everything
    is read."""

    def __init__(self, before: Grown | Start, branch: Branch, index: WordIndex, batch: int = 1):
        self.done: list[Partial] = []
        self._last = not branch[5]  # the step fills the last cells of every shape below it
        self._before = before
        self._read = 0  # how many of the partial grids before have been written into
        self._batch = batch
        self._step = branch[:3]  # word length, positions crossed, cells crossed
        self._index = index
        self._crossing = _crossing_reader(branch[2])
        self._choices = (index.last_choices if self._last else index.choices)(*branch[:2])
        # A letter that no word of the lengths still to write holds can never be placed: a
        # partial grid with one of those left over leads nowhere (the roll's Z in WALTZ
        # alone, and only 3- and 4-letter words to come). Its letter counts' bits:
        self._stranded = index.stranded(branch[6])

    def __iter__(self) -> Iterator[Partial]:
        done = self.done
        read = 0
        while read < len(done) or self.grow():
            yield done[read]
            read += 1

    def __bool__(self) -> bool:
        return bool(self.done) or self.grow()

    def grow(self) -> bool:
        """Work out at least one more partial grid; False: there are no more."""
        length, positions, _ = self._step
        choices, crossing_of, done, before = self._choices, self._crossing, self.done, self._before
        guard, dead_end = GUARD, GUARD | self._stranded
        while True:
            if self._read == len(before.done) and not before.grow():
                return False
            batch = before.done[self._read : self._read + self._batch]
            self._read += len(batch)
            self._batch = min(2 * self._batch, MAX_BATCH)
            count = len(done)
            if self._last:
                self._write_last(batch)
                if len(done) > count:
                    return True
                continue
            for grid, left in batch:
                crossing = crossing_of(grid)
                options = choices.get(crossing)
                if options is None:
                    options = choices[crossing] = self._index.words_through(
                        length, positions, crossing
                    )
                for need, letters in options:
                    rest = left - need  # a letter short clears its guard bit
                    if rest & dead_end == guard:  # no letter short, none stranded
                        done.append((grid + letters, rest))
            if len(done) > count:
                return True

    def _write_last(self, batch: list[Partial]) -> None:
        """A last word uses every letter left: only the words needing exactly them."""
        length, positions, _ = self._step
        choices, crossing_of, done = self._choices, self._crossing, self.done
        for grid, left in batch:
            crossing = crossing_of(grid)
            by_need = choices.get(crossing)
            if by_need is None:
                by_need = choices[crossing] = self._index.words_using(length, positions, crossing)
            for letters in by_need.get(left, ()):
                done.append((grid + letters, GUARD))


def _crossing_reader(cells: bytes) -> Callable[[str], Crossing]:
    """A partial grid's letters in these cells: one letter, or a tuple of them."""
    if not cells:
        return no_letters
    return itemgetter(*cells)


class Start:
    """The empty grid with every letter left: what the first step writes into."""

    def __init__(self, letters: str):
        self.done: list[Partial] = [("", packed(letters) | GUARD)]

    def grow(self) -> bool:
        return False


# --- the solutions of a roll ------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """One solution: the shape, its letters (in shape.cells order), and how many shapes were
    tried up to and including this one (the shape's rank for this roll)."""

    shape: Shape
    letters: tuple[str, ...]
    shape_rank: int

    def rows(self) -> tuple[str, ...]:
        rows = [["."] * self.shape.width for _ in range(self.shape.height)]
        for (r, c), letter in zip(self.shape.cells, self.letters, strict=True):
            rows[r][c] = letter
        return tuple("".join(row) for row in rows)

    def words(self) -> tuple[str, ...]:
        letters = self.letters
        return tuple("".join([letters[i] for i in slot]) for slot in _slot_places(self.shape))


@cache
def _slot_places(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Each slot of the shape as the places of its cells in shape.cells (where a solution's
    letters are), in the order of shape.slots."""
    place = {cell: i for i, cell in enumerate(shape.cells)}
    return tuple(tuple(place[cell] for cell in slot.cells) for slot in shape.slots)


def solutions(
    roll: Roll,
    tier: Tier,
    dictionary: Lexicon | None = None,
    words: list[str] | None = None,
    reading_all: bool = False,
) -> Iterator[Found]:
    """Every distinct solution, shape by shape, most likely shapes first (a grid and its
    mirror image across the diagonal count once). `words`: the roll's words in the tier,
    when the caller has them already (roll_words). `reading_all`: the caller means to read
    (nearly) every solution, so each step works out partial grids MAX_BATCH at a time from
    the start: the same solutions in the same order, with a tenth less bookkeeping, but
    slower to the first."""
    dictionary = dictionary or lexicon()
    if words is None:
        words = roll_words(roll.letters, dictionary, tier)
    if set(roll.letters) - set("".join(words)):
        return  # a letter no word can hold (a Q without a U, say): nothing to search
    index = WordIndex(words, dictionary)
    tried = 0
    batch = MAX_BATCH if reading_all else 1

    def walk(branch: Branch, partials: Grown | Start) -> Iterator[Found]:
        nonlocal tried
        for child in _ranked(branch, index):
            grown = Grown(partials, child, index, batch)
            if not grown:
                tried += child[3]  # none of its shapes can be filled
                continue
            for leaf in child[4]:
                tried += 1
                yield from _solutions_of(leaf, grown, tried)
            if child[5]:
                yield from walk(child, grown)

    yield from walk(shape_tree(len(roll.letters)), Start(roll.letters))


def _solutions_of(leaf: CompactLeaf, grown: Grown, rank: int) -> Iterator[Found]:
    cells, at, mirror = leaf
    seen: set[str] = set()
    for grid, _ in grown:
        letters = "".join([grid[i] for i in at])
        if mirror is not None:
            if "".join([grid[i] for i in mirror]) in seen:
                continue
            seen.add(letters)
        yield Found(leaf_shape(cells), tuple(letters), rank)


def _ranked(branch: Branch, index: WordIndex) -> list[Branch]:
    """Branches whose word length the roll can make, most likely to lead to solutions first."""
    return [child for child in branch[5] if child[0] in index.lengths]
