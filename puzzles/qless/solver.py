"""Filling the legal shapes with words from a roll's letters.

The search runs in two stages, as in the Daily Q-less write-up. The shapes (every way
to lay out N cells legally) are enumerated once and stored; for a roll, each shape is
filled slot by slot with the words its letters can make. A slot's candidates are the
words of its length that agree with the letters already placed where it crosses earlier
slots, and that the letters left over can still pay for.

Shapes that begin with the same words in the same places share those steps, so the
shapes form a tree and a branch's words are placed once for every shape below it. The
branches are tried most likely first: in order of how many of 300 sample rolls of the
dice their shapes solved, per shape (data/odds.txt.gz). A branch needing a word length
the roll cannot make is never tried, and a partial grid leaving a letter that no word of
the lengths still to write can hold is dropped. The tree is built at build time into
data/tree.bin (see compact()).

Letter counts are packed five bits a letter into one integer, with a guard bit per
letter, so "can the letters left pay for this word?" is one subtraction and one mask.
"""

from __future__ import annotations

import itertools
import re
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter

from puzzles.core import TIERS, plural
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.qless.puzzle import Roll
from puzzles.qless.rating import TEN, day_for
from puzzles.qless.shapes import MIN_WORD_LENGTH, Cell, Shape, shapes, stored_odds
from puzzles.stored import encode_parts, part, read_parts

DEFAULT_MAX_SOLUTIONS = 1000
TREE_FILE = "tree.bin"  # the shape trees, compact (see compact())
MAX_BATCH = 256  # partial grids written into at a time, once a step is read far

_BITS = 5
_GUARD = sum(16 << (_BITS * i) for i in range(26))
_LETTER = {chr(97 + i): 1 << (_BITS * i) for i in range(26)}


# the letters a word crosses, as a step reads them from a partial grid: one letter, or a tuple
Crossing = str | tuple[str, ...]


def _packed(letters: Crossing) -> int:
    """Letter counts packed five bits a letter (a count of 12 or fewer fits in four)."""
    return sum(map(_LETTER.__getitem__, letters))


# --- the words a roll can make ------------------------------------------------------------


@cache
def _anagram_index(dictionary: Lexicon, tier: Tier) -> dict[str, tuple[str, ...]]:
    """Sorted letters -> the words of the tier spelled with exactly them."""
    groups: dict[str, list[str]] = defaultdict(list)
    for word in dictionary.words(tier):
        if len(word) >= MIN_WORD_LENGTH and word.isascii() and word.isalpha():
            groups["".join(sorted(word))].append(word)
    return {key: tuple(words) for key, words in groups.items()}


def roll_words(letters: str, dictionary: Lexicon, tier: Tier) -> list[str]:
    """Every word of 3+ letters in the tier spelled from some of the roll's letters, sorted.

    A process that has the word sets (a bot worker) looks the roll's letter choices up in an
    index of the words by their sorted letters, built once in a few tenths of a second. A
    one-off command instead runs one regular expression over the tier's text for the words
    made of the roll's letters alone, and leaves out those needing more of a letter than
    the roll has: a few milliseconds, and no word set or index at all."""
    if len(letters) < MIN_WORD_LENGTH:
        return []
    indexed = max(tier, Tier.STANDARD)  # the common list is the standard one filtered
    if not dictionary.has_word_set(indexed):
        return _words_from_text(letters, dictionary.text(tier))
    index = _anagram_index(dictionary, indexed)
    words = [word for key in _sorted_choices(letters) for word in index.get(key, ())]
    if tier < Tier.STANDARD:
        words = [word for word in words if dictionary.contains(word, tier)]
    return sorted(words)


def _sorted_choices(letters: str) -> list[str]:
    """Every choice of some of the (sorted) letters, once each, as sorted letters: the
    roll's letters one kind at a time, each taken none, once, twice... as often as rolled."""
    choices = [""]
    for letter, count in Counter(letters).items():
        takes = [letter * times for times in range(count + 1)]
        choices = [choice + take for choice in choices for take in takes]
    return choices


def _words_from_text(letters: str, text: str) -> list[str]:
    # A pattern opening with the line break before each word lets the matcher skip from
    # line to line (a '^' one tries every place): twice as fast.
    only_these = re.compile(
        f"\n([{''.join(sorted(set(letters)))}]{{{MIN_WORD_LENGTH},{len(letters)}}})(?![^\n])"
    )
    available = Counter(letters)
    found = only_these.findall("\n" + text)  # (the first word has no line break before it)
    return sorted(word for word in found if not Counter(word) - available)


class WordIndex:
    """A roll's words by length, with bit sets of the words holding letter X at position i.

    A length's table is built the first time a slot of that length is filled: an easy
    roll is solved before most lengths are needed."""

    def __init__(self, words: list[str], dictionary: Lexicon):
        self._zipf = dictionary.zipfs(words)
        self._unsorted: dict[int, list[str]] = defaultdict(list)  # alphabetical
        for word in words:
            self._unsorted[len(word)].append(word)
        self.lengths = frozenset(self._unsorted)
        # letter -> bits 1 << n of the lengths n of the words holding it
        self.letter_lengths: dict[str, int] = defaultdict(int)
        for length, of_length in self._unsorted.items():
            for letter in set("".join(of_length)):
                self.letter_lengths[letter] |= 1 << length
        # bits of the word lengths still to write -> the count bits of the letters that none
        # of those lengths holds (see Grown)
        self._stranded: dict[int, int] = {}
        # length -> (its words, most frequent first; their letters packed; bits of the
        # words with each (position, letter))
        self._tables: dict[int, tuple[tuple[str, ...], tuple[int, ...], dict]] = {}
        # (length, crossing positions) -> letters there -> [(letters used, letters written)]
        self._choices: dict[tuple[int, bytes], dict[Crossing, list[tuple[int, str]]]] = {}
        # the same for a last word: letters there -> letters used -> [letters written]
        self._last_choices: dict[tuple[int, bytes], dict[Crossing, dict[int, list[str]]]] = {}

    def choices(self, length: int, positions: bytes) -> dict[Crossing, list[tuple[int, str]]]:
        """What words_through() answered for a step, by the letters crossed (filled in by the
        step as it meets new ones)."""
        return self._choices.setdefault((length, positions), {})

    def last_choices(self, length: int, positions: bytes) -> dict[Crossing, dict[int, list[str]]]:
        """The same for a last step, from words_using()."""
        return self._last_choices.setdefault((length, positions), {})

    def _table(self, length: int) -> tuple[tuple[str, ...], tuple[int, ...], dict]:
        table = self._tables.get(length)
        if table is None:
            # most frequent first, alphabetical among equals (the sort is stable)
            found = tuple(sorted(self._unsorted[length], key=self._zipf.__getitem__, reverse=True))
            with_letter: dict[tuple[int, str], int] = defaultdict(int)
            for number, word in enumerate(found):
                for position, letter in enumerate(word):
                    with_letter[position, letter] |= 1 << number
            table = self._tables[length] = (found, tuple(map(_packed, found)), with_letter)
        return table

    def stranded(self, lengths: int) -> int:
        """The count bits of the roll's letters that no word of these lengths (bits 1 << n)
        holds: with one of those letters left, a partial grid leads nowhere."""
        found = self._stranded.get(lengths)
        if found is None:
            found = self._stranded[lengths] = sum(
                15 << (_BITS * (ord(letter) - 97))
                for letter, holding in self.letter_lengths.items()
                if not holding & lengths
            )
        return found

    def words_through(
        self, length: int, positions: bytes, crossing: Crossing
    ) -> list[tuple[int, str]]:
        """Words of this length with these letters at these positions, as what each costs
        from the letters left and the letters it writes into new cells."""
        words, packed, with_letter = self._table(length)
        candidates = (1 << len(words)) - 1
        for position, letter in zip(positions, crossing, strict=True):
            candidates &= with_letter.get((position, letter), 0)
        fixed = _packed(crossing)
        fresh = _fresh_reader(length, positions)
        options = []
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            number = low.bit_length() - 1
            options.append((packed[number] - fixed, fresh(words[number])))
        return options

    def words_using(
        self, length: int, positions: bytes, crossing: Crossing
    ) -> dict[int, list[str]]:
        """words_through() by the letters each uses (with the guard bits, as a partial
        grid keeps its letters left), for a last word: it must use exactly the letters
        left, so one look-up replaces trying every word."""
        by_need: dict[int, list[str]] = defaultdict(list)
        for need, letters in self.words_through(length, positions, crossing):
            by_need[need | _GUARD].append(letters)
        return by_need


# --- the shapes as a tree of steps -----------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """Write one word: its length and the cells it crosses, already written; its other
    letters go to new cells. Cells are numbered in the order they are first written, so
    shapes that start with the same words in the same places share their first steps."""

    length: int
    positions: tuple[int, ...]  # where the word crosses letters already written...
    cells: tuple[int, ...]  # ...and the numbers of those cells


@dataclass(frozen=True)
class Leaf:
    """A shape completed by a step, with its cells in the order the steps write them."""

    shape: Shape
    cells: tuple[Cell, ...]
    odds: int  # sample rolls it solved (see scripts/enumerate_qless_shapes.py --odds)


@dataclass
class Node:
    """A prefix of steps shared by several shapes; the root has no step."""

    step: Step | None = None
    children: dict[Step, Node] = field(default_factory=dict)
    leaves: list[Leaf] = field(default_factory=list)
    size: int = 0  # shapes completed in this subtree
    odds: int = 0  # sample rolls solved, summed over the shapes in this subtree
    ranked: tuple[Node, ...] = ()  # the children, best odds per shape first


def fill_order(shape: Shape) -> tuple[list[Step], list[Cell]]:
    """Longest slot first (fewest candidates), then always the slot crossing most written
    cells, ties to the longer slot, then to the earlier one."""
    number: dict[Cell, int] = {}
    slots = list(enumerate(shape.slots))
    steps = []
    while slots:
        best = max(
            slots,
            key=lambda item: (
                sum(c in number for c in item[1].cells),
                len(item[1].cells),
                -item[0],
            ),
        )
        slots.remove(best)
        cells = best[1].cells
        crossed = [(p, number[c]) for p, c in enumerate(cells) if c in number]
        for c in cells:
            number.setdefault(c, len(number))
        steps.append(Step(len(cells), tuple(p for p, _ in crossed), tuple(c for _, c in crossed)))
    return steps, sorted(number, key=number.__getitem__)


def built_tree(n: int) -> Node:
    """Every stored shape of n cells as a path of steps from the root."""
    root = Node()
    odds = stored_odds(n) or [0] * len(shapes(n))
    for shape, shape_odds in zip(shapes(n), odds, strict=True):
        steps, cells = fill_order(shape)
        node = root
        for step in steps:
            node = node.children.setdefault(step, Node(step))
        node.leaves.append(Leaf(shape, tuple(cells), shape_odds))
    _rank(root)
    return root


def _rank(node: Node) -> None:
    """Order every node's leaves and children by sample rolls solved per shape, best first:
    the search goes through a whole branch before the next, so a branch is worth its
    solutions per shape tried (ties keep the stored order)."""
    for child in node.children.values():
        _rank(child)
    node.leaves.sort(key=lambda leaf: -leaf.odds)
    children = node.children.values()
    node.size = len(node.leaves) + sum(child.size for child in children)
    node.odds = sum(leaf.odds for leaf in node.leaves) + sum(child.odds for child in children)
    node.ranked = tuple(sorted(children, key=lambda child: -child.odds / child.size))


# The tree as the search reads it, in tuples of ints and bytes (what marshal stores, so that
# it loads in one call; building it takes seconds): a branch is
#     (word length, positions crossed, cells crossed, shapes below, leaves, branches below,
#      bits 1 << n of the word lengths n written anywhere below)
# with the branches below in ranked order, and a leaf is
#     (shape cells as bytes of 16 * row + column, where each shape cell's letter was
#      written, the same for the shape's mirror image or None when it is not symmetric)
Branch = tuple[int, bytes, bytes, int, tuple, tuple, int]
CompactLeaf = tuple[bytes, bytes, bytes | None]


def compact(node: Node) -> Branch:
    step = node.step or Step(0, (), ())
    below = tuple(map(compact, node.ranked))
    return (
        step.length,
        bytes(step.positions),
        bytes(step.cells),
        node.size,
        tuple(map(_compact_leaf, node.leaves)),
        below,
        _lengths_below(below),
    )


def _lengths_below(branches: tuple[Branch, ...]) -> int:
    """Bits 1 << n of the lengths n of every word written below: the branches and theirs."""
    found = 0
    for branch in branches:
        found |= 1 << branch[0] | branch[6]
    return found


def _compact_leaf(leaf: Leaf) -> CompactLeaf:
    written = {cell: i for i, cell in enumerate(leaf.cells)}
    shape = leaf.shape
    at = bytes(written[cell] for cell in shape.cells)
    mirror = bytes(written[c, r] for r, c in shape.cells) if shape.symmetric else None
    return bytes(16 * r + c for r, c in shape.cells), at, mirror


def encode_trees(trees: dict[int, Node]) -> bytes:
    """The data file: cells -> that tree, compact."""
    return encode_parts({n: compact(tree) for n, tree in trees.items()})


@cache
def shape_tree(n: int) -> Branch:
    """The tree of the shapes of n cells: from data/ (scripts/enumerate_qless_shapes.py
    writes it), or built when it is not there."""
    stored = read_parts(__package__, TREE_FILE) or {}
    try:
        return part(stored[n])
    except (KeyError, ValueError, EOFError, TypeError, zlib.error):
        return compact(built_tree(n))


@cache
def _shape(cells: bytes) -> Shape:
    return Shape(tuple(divmod(cell, 16) for cell in cells))


# --- filling the tree ------------------------------------------------------------------------

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
        guard, dead_end = _GUARD, _GUARD | self._stranded
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
                done.append((grid + letters, _GUARD))


@cache
def _fresh_reader(length: int, positions: bytes) -> Callable[[str], str]:
    """A word's letters outside these positions: those it writes into new cells."""
    fresh = [p for p in range(length) if p not in positions]
    if not fresh:
        return _no_letters  # (a word closing a loop writes no new cell)
    if len(fresh) == length:
        return str
    if len(fresh) == 1:
        return itemgetter(fresh[0])
    getter = itemgetter(*fresh)
    return lambda word: "".join(getter(word))


def _crossing_reader(cells: bytes) -> Callable[[str], Crossing]:
    """A partial grid's letters in these cells: one letter, or a tuple of them."""
    if not cells:
        return _no_letters
    return itemgetter(*cells)


def _no_letters(word: str) -> str:
    return ""


class Start:
    """The empty grid with every letter left: what the first step writes into."""

    def __init__(self, letters: str):
        self.done: list[Partial] = [("", _packed(letters) | _GUARD)]

    def grow(self) -> bool:
        return False


# --- a roll --------------------------------------------------------------------------------


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
        yield Found(_shape(cells), tuple(letters), rank)


def _ranked(branch: Branch, index: WordIndex) -> list[Branch]:
    """Branches whose word length the roll can make, most likely to lead to solutions first."""
    return [child for child in branch[5] if child[0] in index.lengths]


# --- the answer ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """The write-up's measure, taken with common words: the rank of the shape that gave the
    tenth solution (None: fewer than ten), and the solutions seen up to then."""

    shapes_to_ten: int | None
    solutions: int  # up to TEN
    first: Found | None  # the first solution in common words

    @property
    def day(self) -> str | None:
        return day_for(self.shapes_to_ten, self.solutions)


def rate(
    roll: Roll, dictionary: Lexicon | None = None, common_words: list[str] | None = None
) -> Rating:
    """Search with common words until the tenth solution (or every shape, if fewer).
    `common_words`: the roll's common words, when the caller has them already."""
    first = None
    count = 0
    for found in solutions(roll, Tier.COMMON, dictionary, common_words):
        count += 1
        if first is None or (_repeats_a_word(first.words()) and not _repeats_a_word(found.words())):
            first = found
        if count == TEN:
            return Rating(found.shape_rank, count, first)
    return Rating(None, count, first)


@dataclass(frozen=True)
class QlessSolution:
    roll: Roll
    rows: tuple[str, ...]  # the best solution found, '.' for empty; () when there is none
    words: tuple[str, ...]
    all_common: bool  # every word of `rows` is in the common word list
    solution_count: int  # distinct solutions with `tier` words (a grid and its mirror once)
    count_is_capped: bool  # True: at least solution_count
    shapes_to_ten: int | None  # with common words: shapes tried to the tenth solution
    day: str | None  # the difficulty on the write-up's weekday scale (common words)
    tier: str

    @property
    def no_answer(self) -> bool:
        return not self.rows

    def text(self) -> str:
        if not self.rows:
            return f"No solution for {self.roll.text()} with {self.tier} words."
        count = plural(self.solution_count, "solution")
        if self.count_is_capped:
            count = "at least " + count
        if self.day is None:
            rating = "not rated: no solution in common words"
        elif self.shapes_to_ten is None:
            rating = f"difficulty {self.day} (fewer than ten solutions in common words)"
        else:
            rating = (
                f"difficulty {self.day} (tenth solution in common words after "
                f"{plural(self.shapes_to_ten, 'shape')})"
            )
        lines = [row.upper().replace(".", " ").rstrip() for row in self.rows]
        lines.append(f"Words: {' '.join(word.upper() for word in self.words)}")
        lines.append(f"{count} with {self.tier} words; {rating}.")
        return "\n".join(lines)


def solve(
    roll: Roll,
    tier: str = "standard",
    max_solutions: int = DEFAULT_MAX_SOLUTIONS,
    dictionary: Lexicon | None = None,
) -> QlessSolution:
    """The most common-worded solution among the first max_solutions with `tier` words,
    their count, and the roll's rating (always with common words, as players see it)."""
    dictionary = dictionary or lexicon()
    # The roll's common words, found once: they rate the roll, and a solution's words are
    # common when they hold them (no index of the whole common list is needed).
    common_words = roll_words(roll.letters, dictionary, Tier.COMMON)
    words = common_words if tier == "common" else None
    # (a hint's few solutions come sooner read lazily; a count reads most rolls through)
    every = solutions(roll, TIERS[tier], dictionary, words, reading_all=max_solutions > TEN)
    found = list(itertools.islice(every, max_solutions + 1))
    capped = len(found) > max_solutions
    found = found[:max_solutions]
    if tier == "common":
        tenth = found[TEN - 1].shape_rank if len(found) >= TEN else None
        rating = Rating(tenth, min(len(found), TEN), found[0] if found else None)
        if len(found) < TEN and capped:
            rating = rate(roll, dictionary, common_words)  # the cap stopped short of ten
    else:
        rating = rate(roll, dictionary, common_words)
    words_of = [solution.words() for solution in found]
    zipf = dictionary.zipfs({word for words in words_of for word in words})
    common = frozenset(common_words)
    best, best_words = max(
        zip(found, words_of, strict=True),
        key=lambda pair: _commonness(pair[1], zipf, common),
        default=(None, ()),
    )
    # the cap cut off every all-common answer: show one anyway, unless it repeats a word
    first = rating.first
    if best is not None and not common.issuperset(best_words) and first:
        best = first if _repeats_a_word(best_words) or not _repeats_a_word(first.words()) else best
    return QlessSolution(
        roll=roll,
        rows=best.rows() if best else (),
        words=best.words() if best else (),
        all_common=bool(best) and common.issuperset(best.words()),
        solution_count=len(found),
        count_is_capped=capped,
        shapes_to_ten=rating.shapes_to_ten,
        day=rating.day,
        tier=tier,
    )


def _commonness(
    words: tuple[str, ...], zipf: dict[str, float], common: frozenset[str]
) -> tuple[bool, bool, float, float]:
    """No word twice first (FOGGY HOC FOB HOC GYM is a poor answer to show), then all words
    common, then the rarest word most common, then the average."""
    zipfs = [zipf[word] for word in words]
    return not _repeats_a_word(words), common.issuperset(words), min(zipfs), sum(zipfs) / len(zipfs)


def _repeats_a_word(words: tuple[str, ...]) -> bool:
    return len(set(words)) < len(words)
