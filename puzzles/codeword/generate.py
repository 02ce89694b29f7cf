"""New codewords: a symmetric grid filled with common words, numbered, with few starters.

1. The grid looks like a newspaper codeword's: black squares placed in pairs with
   180-degree symmetry, never four in a 2x2 block, cutting the rows and columns into
   words of 3 to MAX_WORD letters, with nearly every white cell in an across and a down
   word (at most UNCHECKED_SHARE in only one) and all of them connected.
2. The fill places words one slot at a time, always the slot with the fewest words that
   still fit (backtracking when a crossing slot has none left), from ordinary words.
3. A codeword should use every letter of its language's alphabet (26, or Spanish's 27 with
   Ñ; French and Spanish words are filled without their accents). The unshared letters of a word
   can change without touching any other word, so missing letters are brought in by
   swapping a word for another with the same shared letters.
4. The letters get random numbers, and starter letters are added one at a time, each
   the one that lets sure deductions settle the most numbers, until deductions alone
   solve the grid; then any starter the others make unnecessary is taken out again.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache

from puzzles.codeword.deduction import Contradiction, Solver, State, Step
from puzzles.codeword.puzzle import Codeword, grid_slots
from puzzles.core import PuzzleError, Usage, known_difficulty
from puzzles.i18n import _
from puzzles.lexicon import Lexicon, Tier, alphabet, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

DIFFICULTIES = ("easy", "medium", "hard")
# Starter letters beyond the fewest that make the grid solvable by sure deductions alone
# (the fewest is often none: the blocked grids are tightly knit).
EXTRA_STARTERS = {"easy": 4, "medium": 2, "hard": 0}
DEFAULT_SIZE = 13
MIN_WORD = 3
MAX_WORD = 7
FILL_ZIPF = 3.0  # fill words are at least this common (wordfreq zipf)
FILL_STEPS = 1_500  # placements per fill attempt before starting over
MAX_ATTEMPTS = 40  # grids and fills tried before settling for the best fill found
TIME_LIMIT = 20.0
# Starters are chosen so that sure deductions solve the grid even against this larger word
# list: a player who thinks of a rarer word than the fill's is never led astray.
CHECK_TIER = "standard"
BRANCHING = 12  # words tried per slot before backtracking further
SEED_WORDS = 40  # words holding a missing letter tried in each slot
SEEDED_FILLS = 3  # fills of one grid, each seeded with the letters the one before missed
# How much a fill prefers a word bringing a letter the grid lacks, by how rare the letter is
# among the language's fill words: in under RARE_SHARE of them (English J Q X Z; French W K J
# Q Z; Spanish W K X Y Ñ Q), or under SCARCE_SHARE (English K V W Y F B).
RARE_SHARE, SCARCE_SHARE = 0.025, 0.12
RARE_WEIGHT, SCARCE_WEIGHT = 6, 2
# The grid's look, as in a newspaper: about a quarter of the squares black, and at most
# this share of the white cells in only one word (the rest are checked across and down).
BLACK_SHARE = (0.28, 0.34)
UNCHECKED_SHARE = 0.25
MAX_BLACK_RUN = 3  # black squares in a row: longer bars look like dead areas
LATTICE_TRIES = 20
TRIES_PER_CELL = 4

Cell = tuple[int, int]


@dataclass(frozen=True)
class FillSlot:
    cells: tuple[Cell, ...]


# --- the grid ---------------------------------------------------------------------------------


def lattice(size: int, rng: random.Random) -> list[list[bool]]:
    """White (True) cells of a newspaper-style grid: black squares placed with 180-degree
    symmetry, never four in a 2x2 block, every run MIN_WORD..MAX_WORD long, the white
    cells all connected, and nearly all of them in an across and a down word."""
    for _lattice_tried in range(LATTICE_TRIES):
        white = _random_lattice(size, rng)
        if white is not None:
            return white
    raise PuzzleError(
        _("could not lay out a {size} x {size} codeword grid; try another seed", size=size)
    )


def _random_lattice(size: int, rng: random.Random) -> list[list[bool]] | None:
    """Black squares added in symmetric pairs, cutting runs that are too long first,
    until BLACK_SHARE of the grid is black; None if it gets stuck."""
    white = [[True] * size for _row in range(size)]
    target = size * size * rng.uniform(*BLACK_SHARE)
    blacks, long = 0, _cells_in_long_runs(white)
    for _black_tried in range(TRIES_PER_CELL * size * size):
        if blacks >= target and not long:
            return white
        r, c = rng.choice(long or [cell for cell in _CELLS[size] if white[cell[0]][cell[1]]])
        if _try_black(white, r, c):
            blacks = sum(row.count(False) for row in white)
            long = _cells_in_long_runs(white)
    return None


_CELLS = {size: [(r, c) for r in range(size) for c in range(size)] for size in range(1, 32)}


def _try_black(white: list[list[bool]], r: int, c: int) -> bool:
    """Black out (r, c) and its mirror cell if the grid stays a good one; else leave it."""
    size = len(white)
    pair = {(r, c), (size - 1 - r, size - 1 - c)}
    for cell_r, cell_c in pair:
        white[cell_r][cell_c] = False
    if _good_lattice(white, pair):
        return True
    for cell_r, cell_c in pair:
        white[cell_r][cell_c] = True
    return False


def _run_lengths(white: list[list[bool]]) -> tuple[list[list[int]], list[list[int]]]:
    """For every cell, the length of the across and of the down run of white cells it is in."""
    size = len(white)
    across = [[0] * size for _row in range(size)]
    down = [[0] * size for _row in range(size)]
    for r in range(size):
        for run in _runs_of(white[r]):
            for c in run:
                across[r][c] = len(run)
    for c in range(size):
        for run in _runs_of([white[r][c] for r in range(size)]):
            for r in run:
                down[r][c] = len(run)
    return across, down


def _runs_of(line: list[bool]) -> list[list[int]]:
    runs, current = [], []
    for index, cell in enumerate([*line, False]):
        if cell:
            current.append(index)
        elif current:
            runs.append(current)
            current = []
    return runs


def _good_lattice(white: list[list[bool]], changed: set[Cell]) -> bool:
    """No 2x2 black block or bar of over MAX_BLACK_RUN at the changed cells; no run of
    two (a word is 3+ letters); every white cell in a word, at most UNCHECKED_SHARE of
    them in only one; all connected."""
    size = len(white)
    for r, c in changed:
        if (
            _black_run(white[r], c) > MAX_BLACK_RUN
            or _black_run([row[c] for row in white], r) > MAX_BLACK_RUN
        ):
            return False
        for top in (r - 1, r):
            for left in (c - 1, c):
                block = [(top + i, left + j) for i in (0, 1) for j in (0, 1)]
                if all(0 <= y < size and 0 <= x < size and not white[y][x] for y, x in block):
                    return False
    across, down = _run_lengths(white)
    whites = unchecked = 0
    for r in range(size):
        for c in range(size):
            if not white[r][c]:
                continue
            whites += 1
            a, d = across[r][c], down[r][c]
            if a == 2 or d == 2 or (a < MIN_WORD and d < MIN_WORD):
                return False
            unchecked += a == 1 or d == 1
    return unchecked <= UNCHECKED_SHARE * whites and _connected(white, whites)


def _black_run(line: list[bool], index: int) -> int:
    """Length of the run of black squares through line[index] (which is black)."""
    start, end = index, index
    while start > 0 and not line[start - 1]:
        start -= 1
    while end + 1 < len(line) and not line[end + 1]:
        end += 1
    return end - start + 1


def _connected(white: list[list[bool]], whites: int) -> bool:
    size = len(white)
    start = next((r, c) for r in range(size) for c in range(size) if white[r][c])
    reached, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= y < size and 0 <= x < size and white[y][x] and (y, x) not in reached:
                reached.add((y, x))
                stack.append((y, x))
    return len(reached) == whites


def _cells_in_long_runs(white: list[list[bool]]) -> list[Cell]:
    """White cells in a run longer than MAX_WORD, where a black square must go."""
    across, down = _run_lengths(white)
    size = len(white)
    return [
        (r, c)
        for r in range(size)
        for c in range(size)
        if across[r][c] > MAX_WORD or down[r][c] > MAX_WORD
    ]


def _runs_ok(white: list[list[bool]]) -> bool:
    """Every run of two or more white cells is MIN_WORD..MAX_WORD long."""
    size = len(white)
    for lines in (white, [list(col) for col in zip(*white, strict=True)]):
        for line in lines:
            run = 0
            for cell in [*line, False]:
                if cell:
                    run += 1
                    continue
                if run >= 2 and not MIN_WORD <= run <= MAX_WORD:
                    return False
                run = 0
    return size > 0


# --- the fill ---------------------------------------------------------------------------------


@cache
def fill_words(dictionary: Lexicon, length: int) -> tuple[str, ...]:
    """Common words of `length` spelled in the lexicon's alphabet, at least FILL_ZIPF common."""
    letters = alphabet(dictionary.language)
    return tuple(
        word
        for word in dictionary.words_of_length(length, Tier.COMMON)
        if letters.is_word(word) and dictionary.zipf(word) >= FILL_ZIPF
    )


@cache
def rarity(dictionary: Lexicon) -> dict[str, int]:
    """Each letter's weight when a fill brings in missing letters (RARE_SHARE, SCARCE_SHARE),
    measured on the language's own fill words: French W and Spanish Ñ are rare, English's
    weights come out J Q X Z and K V W Y F B."""
    words = [
        word for length in range(MIN_WORD, MAX_WORD + 1) for word in fill_words(dictionary, length)
    ]
    weights = {}
    for letter in alphabet(dictionary.language).letters:
        share = sum(letter in word for word in words) / max(1, len(words))
        weights[letter] = (
            RARE_WEIGHT if share < RARE_SHARE else SCARCE_WEIGHT if share < SCARCE_SHARE else 1
        )
    return weights


@cache
def _position_index(dictionary: Lexicon, length: int) -> dict[tuple[int, str], frozenset[int]]:
    """(position, letter) -> indexes into fill_words(length) of the words with that letter there."""
    index: dict[tuple[int, str], set[int]] = {}
    for i, word in enumerate(fill_words(dictionary, length)):
        for position, letter in enumerate(word):
            index.setdefault((position, letter), set()).add(i)
    return {key: frozenset(value) for key, value in index.items()}


@cache
def _all_indexes(dictionary: Lexicon, length: int) -> frozenset[int]:
    return frozenset(range(len(fill_words(dictionary, length))))


class Filler:
    """Fills slots with distinct common words, fewest-options slot first, with backtracking."""

    def __init__(self, slots: list[FillSlot], dictionary: Lexicon, rng: random.Random):
        self.slots = slots
        self.dictionary = dictionary
        self.rng = rng
        self.alphabet = alphabet(dictionary.language).letters
        self.rarity = rarity(dictionary)
        self.letters: dict[Cell, str] = {}
        self.words: dict[int, str] = {}
        self.steps = 0
        self.crossing: dict[int, list[int]] = {i: [] for i in range(len(slots))}
        owners: dict[Cell, list[int]] = {}
        for i, slot in enumerate(slots):
            for cell in slot.cells:
                owners.setdefault(cell, []).append(i)
        for shared in owners.values():
            for i in shared:
                self.crossing[i] += [j for j in shared if j != i]

    def options(self, i: int) -> frozenset[int]:
        """Indexes into fill_words of the words that fit the letters already in slot i."""
        cells = self.slots[i].cells
        index = _position_index(self.dictionary, len(cells))
        fitting = [
            index.get((position, self.letters[cell]), frozenset())
            for position, cell in enumerate(cells)
            if cell in self.letters
        ]
        if not fitting:
            return _all_indexes(self.dictionary, len(cells))
        fitting.sort(key=len)
        found = fitting[0]
        for more in fitting[1:]:
            found = found & more
        return found

    def fill(self) -> bool:
        open_slots = [i for i in range(len(self.slots)) if i not in self.words]
        if not open_slots:
            return True
        self.steps += 1
        if self.steps > FILL_STEPS:
            return False
        counted = [(len(self.options(i)), i) for i in open_slots]
        _fewest, i = min(counted)
        words = fill_words(self.dictionary, len(self.slots[i].cells))
        used = set(self.words.values())
        choices = sorted(words[k] for k in self.options(i) if words[k] not in used)
        self.rng.shuffle(choices)
        present = set(self.letters.values())
        # Words bringing letters the grid lacks go first, rare letters most: all are needed.
        choices.sort(key=lambda word: -sum(self.rarity[ch] for ch in set(word) - present))
        for word in choices[:BRANCHING]:
            placed = self._place(i, word)
            if self._crossings_still_fillable(i) and self.fill():
                return True
            self._unplace(i, placed)
            if self.steps > FILL_STEPS:
                return False
        return False

    def _crossings_still_fillable(self, i: int) -> bool:
        return all(len(self.options(j)) for j in self.crossing[i] if j not in self.words)

    def _place(self, i: int, word: str) -> list[Cell]:
        placed = [cell for cell in self.slots[i].cells if cell not in self.letters]
        for cell, letter in zip(self.slots[i].cells, word, strict=True):
            self.letters[cell] = letter
        self.words[i] = word
        return placed

    def _unplace(self, i: int, placed: list[Cell]) -> None:
        for cell in placed:
            del self.letters[cell]
        del self.words[i]

    def bring_in_missing_letters(self) -> None:
        """Swap words for others with the same shared letters until every letter is used."""
        shared = {cell for i in self.crossing for cell in self._shared_cells(i)}
        for _letter in range(len(self.alphabet)):
            counts = Counter(self.letters.values())
            missing = [letter for letter in self.alphabet if not counts[letter]]
            if not missing:
                return
            swap = self._best_swap(missing, counts, shared)
            if swap is None:
                return
            i, word = swap
            self._place(i, word)

    def seed(self, letters: list[str]) -> None:
        """Before filling: a word holding each of `letters` (ones an earlier fill of this
        grid missed, such as Q), placed where it leaves its crossing slots the most words."""
        for letter in letters:
            best = None
            for i in range(len(self.slots)):
                if i in self.words:
                    continue
                fitting = fill_words(self.dictionary, len(self.slots[i].cells))
                used = set(self.words.values())
                words = [fitting[k] for k in sorted(self.options(i)) if letter in fitting[k]]
                words = [word for word in words if word not in used]
                for word in self.rng.sample(words, min(SEED_WORDS, len(words))):
                    placed = self._place(i, word)
                    room = min(
                        (len(self.options(j)) for j in self.crossing[i] if j not in self.words),
                        default=0,
                    )
                    self._unplace(i, placed)
                    if room and (best is None or room > best[0]):
                        best = (room, i, word)
            if best is not None:
                self._place(best[1], best[2])

    def _shared_cells(self, i: int) -> set[Cell]:
        cells = set(self.slots[i].cells)
        return {cell for j in self.crossing[i] for cell in self.slots[j].cells if cell in cells}

    def _same_at(self, old: str, free: list[int]) -> list[str]:
        """Fill words with old's letters everywhere but at the `free` positions."""
        index = _position_index(self.dictionary, len(old))
        keep = [index.get((p, old[p]), frozenset()) for p in range(len(old)) if p not in free]
        if not keep:
            return list(fill_words(self.dictionary, len(old)))
        keep.sort(key=len)
        found = keep[0].intersection(*keep[1:])
        words = fill_words(self.dictionary, len(old))
        return [words[k] for k in sorted(found)]

    def _best_swap(self, missing, counts, shared) -> tuple[int, str] | None:
        used = set(self.words.values())
        best = None
        for i in sorted(self.words):
            slot = self.slots[i]
            old = self.words[i]
            free = [p for p, cell in enumerate(slot.cells) if cell not in shared]
            if not free:
                continue
            lost = Counter(old[p] for p in free)
            for word in self._same_at(old, free):
                if word in used:
                    continue
                gained = Counter(word[p] for p in free)
                after = counts - lost + gained
                if any(counts[letter] and not after[letter] for letter in self.alphabet):
                    continue  # would lose a letter only this word had
                score = sum(1 for letter in missing if after[letter])
                if score and (best is None or score > best[0]):
                    best = (score, i, word)
        return None if best is None else (best[1], best[2])


def fill_grid(
    size: int, rng: random.Random, dictionary: Lexicon, deadline: float
) -> tuple[list[list[bool]], dict[Cell, str]]:
    """The fill using the most letters of the alphabet found in the attempts allowed."""
    best: tuple[int, list[list[bool]], dict[Cell, str]] | None = None
    for _attempt in range(MAX_ATTEMPTS):
        if time.monotonic() > deadline and best:
            break
        white = lattice(size, rng)
        if not _runs_ok(white):
            continue
        grid = tuple(tuple(int(cell) for cell in row) for row in white)
        slots = [FillSlot(slot.cells()) for slot in grid_slots(grid)]
        missing: list[str] = []
        for _fill in range(SEEDED_FILLS):
            filler = Filler(slots, dictionary, rng)
            filler.seed(missing)
            if not filler.fill():
                break
            filler.bring_in_missing_letters()
            used = set(filler.letters.values())
            if best is None or len(used) > best[0]:
                best = (len(used), white, dict(filler.letters))
            missing = [letter for letter in filler.alphabet if letter not in used]
            if not missing:
                return white, dict(filler.letters)
    if best is None:
        raise PuzzleError(
            _("could not fill a {size} x {size} codeword grid; try another seed", size=size)
        )
    return best[1], best[2]


# --- numbers and starters ---------------------------------------------------------------------


def number_letters(rng: random.Random, letters: str) -> dict[str, int]:
    """A number for each letter of the alphabet, shuffled."""
    numbers = list(range(1, len(letters) + 1))
    rng.shuffle(numbers)
    return dict(zip(letters, numbers, strict=True))


def fewest_starters(puzzle: Codeword, key: dict[int, str], dictionary: Lexicon) -> list[int]:
    """Numbers whose letters, given as starters, let sure deductions alone solve the grid.

    Greedy: add the starter after which deductions settle the most numbers; then drop any
    starter the others make unnecessary. Minimal (none can be left out), not always minimum.
    """
    solver = Solver(puzzle, CHECK_TIER, dictionary, time.monotonic() + TIME_LIMIT)
    needed = set(puzzle.numbers)
    chosen: list[int] = []
    state = _deduced(solver, solver.start(), {})
    while state is None or not needed <= set(state.letters):
        base = state or solver.start()
        best = None
        for n in sorted(needed - set(base.letters)):
            after = _deduced(solver, base, {n: key[n]})
            settled = len(after.letters) if after else -1
            if best is None or settled > best[0]:
                best = (settled, n, after)
        _settled, n, state = best
        chosen.append(n)
    for n in list(chosen):
        rest = {m: key[m] for m in chosen if m != n}
        after = _deduced(solver, solver.start(rest), {})
        if after is not None and needed <= set(after.letters):
            chosen.remove(n)
    return sorted(chosen)


def _deduced(solver: Solver, state: State, letters: dict[int, str]) -> State | None:
    state = state.copy()
    try:
        if letters:
            solver.assign(state, tuple(letters.items()), Step("given", (), ""))
        solver.propagate(state)
    except Contradiction:
        return None
    return state


def check_request(
    difficulty: str | None = None, grid_size: int = DEFAULT_SIZE, language: str = DEFAULT_LANGUAGE
) -> None:
    """A PuzzleError, before any work, for a grade or grid size that cannot be made."""
    if difficulty is not None:
        known_difficulty("codeword", difficulty, DIFFICULTIES, "easy")
    if grid_size % 2 == 0:
        raise PuzzleError(
            _("{option} must be odd, not {value}", option="grid_size", value=grid_size),
            example=Usage(options=(("grid_size", 13),)),
        )


def generate(
    rng: random.Random,
    difficulty: str | None = None,
    grid_size: int = DEFAULT_SIZE,
    dictionary: Lexicon | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Codeword:
    """A filled, numbered grid with the fewest starters (plus a few for easier levels), in
    common words of the language ('en', 'fr' or 'es')."""
    difficulty = difficulty or "medium"
    check_request(difficulty, grid_size)
    language = alphabet(language).language
    dictionary = dictionary or lexicon(language)
    white, letters = fill_grid(grid_size, rng, dictionary, time.monotonic() + TIME_LIMIT)
    number_of = number_letters(rng, alphabet(language).letters)
    grid = tuple(
        tuple(number_of[letters[(r, c)]] if white[r][c] else 0 for c in range(grid_size))
        for r in range(grid_size)
    )
    key = {number: letter for letter, number in number_of.items()}
    bare = Codeword(
        tuple(tuple(grid[r][c] for r, c in slot.cells()) for slot in grid_slots(grid)),
        grid=grid,
        language=language,
    )
    starters = fewest_starters(bare, key, dictionary)
    extra = [n for n in sorted(bare.numbers) if n not in starters]
    rng.shuffle(extra)
    starters += extra[: EXTRA_STARTERS[difficulty]]
    return Codeword(bare.clues, tuple(sorted((n, key[n]) for n in starters)), (), grid, language)
