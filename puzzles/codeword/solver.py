"""Solving a codeword the way a person does, with the reasons written down.

Each clue is a letter pattern: 25 3 3 4 24 7 must be a word shaped like ABBCDE. Three
rules narrow every clue's candidate words:

1. letters already known must be where their numbers are;
2. different numbers are different letters (a letter known for one number is in no other);
3. a repeated number repeats its letter (the shape of the word).

From the candidates come *sure deductions*, taken one at a time and logged:
a clue with one candidate left ("Clue D.AR can only be DEAR: 12 = E"), a number whose
clues all allow only one letter, and, when all 26 numbers are in use, a letter that only
one number can still be. When no sure step is left, the solver guesses a word for the
clue with the fewest candidates and backtracks on contradiction, searching on to learn
whether the answer is unique. A letter counts as proven when sure deductions give it,
or when the search has tried every alternative and all solutions agree on it; the final
word is only reported when all its letters are proven.

Everything is relative to a word list: newspaper codewords use ordinary words, so the
common words are tried first, then the standard list, then the large one.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import cache, lru_cache

from puzzles.codeword.puzzle import ALPHABET, NUMBERS, Codeword
from puzzles.core import SolveTimeout, plural
from puzzles.lexicon import Lexicon, Tier, lexicon

TIERS = {"common": Tier.COMMON, "standard": Tier.STANDARD, "large": Tier.LARGE}
AUTO_TIERS = ("common", "standard", "large")
# The search stops after this many solutions (2 already says "not unique") or guesses.
MAX_SOLUTIONS = 12
MAX_GUESSES = 5_000
DEFAULT_TIME_LIMIT = 20.0
BIG_LIST_CHARS = 20_000


class Contradiction(Exception):
    """The letters so far cannot all be right; `reason` says where it shows."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """One line of the deduction log."""

    rule: str  # "given", "clue", "number", "letter", "guess", "proven"
    assignments: tuple[tuple[int, str], ...]  # (number, letter) this step settles
    reason: str  # the words before the assignments, e.g. "Clue D.AR can only be DEAR"
    guess_depth: int = 0  # 0: sure; 1+: follows from that many guesses

    def text(self) -> str:
        settled = ", ".join(f"{n} = {letter.upper()}" for n, letter in self.assignments)
        line = f"{self.reason}: {settled}" if settled else self.reason
        if self.guess_depth and self.rule != "guess":
            line += " (follows from the guess)"
        return line


@dataclass(frozen=True)
class CodewordSolution:
    puzzle: Codeword
    letters: tuple[tuple[int, str], ...]  # the best fill found: (number, letter), sorted
    proven: frozenset[int]  # numbers whose letter is certain (given the word list)
    words: tuple[str, ...]  # each clue spelled with that fill; '?' where a number is unknown
    final_word: str | None  # only when every letter of it is proven
    final_options: tuple[str, ...]  # final words of the fills found, when not proven
    solutions_found: int
    search_complete: bool  # True: every possibility was tried, so solutions_found is exact
    guesses: int
    steps: tuple[Step, ...]  # sure deductions, then the path of guesses to the shown fill
    tier: str
    unknown_clues: tuple[int, ...] = ()  # clues no word in the list fits (left out)

    @property
    def key(self) -> dict[int, str]:
        return dict(self.letters)

    @property
    def unique(self) -> bool:
        return self.search_complete and self.solutions_found == 1

    @property
    def solved_by_deduction(self) -> bool:
        return self.guesses == 0 and self.solutions_found == 1

    def text(self) -> str:
        lines = [self.final_line()] if self.puzzle.final else []
        if self.solutions_found == 0:
            lines.append(
                "No fill of the grid uses only words from the word list; "
                f"{plural(len(self.proven), 'number')} could still be proven."
            )
        lines.append(self.uniqueness_line())
        lines.append("Key: " + self._key_line())
        lines.append("Words: " + " ".join(word.upper() for word in self.words))
        for index in self.unknown_clues:
            lines.append(
                f"Taken to be a word outside the word list (a name?): {self._clue_words(index)}."
            )
        lines.append("Deductions:")
        lines += [f"{i}. {step.text()}" for i, step in enumerate(self.steps, start=1)]
        return "\n".join(lines)

    def _clue_words(self, index: int) -> str:
        if index == len(self.puzzle.clues):
            return f"the final word {_spell(self.puzzle.final, self.key).upper()}"
        return f"{self.puzzle.clue_name(index)} {self.words[index].upper()}"

    def final_line(self) -> str:
        if self.final_word:
            return f"Final word: {self.final_word.upper()}"
        if self.final_options:
            options = " or ".join(word.upper() for word in self.final_options)
            return f"Final word: not certain ({options} fit)"
        return "Final word: not found"

    def uniqueness_line(self) -> str:
        if self.solutions_found == 0:
            return "Unsolved."
        if self.solved_by_deduction:
            return f"Unique: solved by sure deductions alone ({self.tier} words)."
        if self.unique:
            return (
                f"Unique: after {plural(self.guesses, 'guess', 'guesses')} every other choice "
                f"led to a contradiction ({self.tier} words)."
            )
        if self.search_complete:
            return (
                f"Not unique: {self.solutions_found} fills fit ({self.tier} words); "
                "letters marked ? differ between them."
            )
        guesses = plural(self.guesses, "guess", "guesses")
        return (
            f"Not proven unique: the search stopped after {guesses} and "
            f"{plural(self.solutions_found, 'fill')}; letters marked ? are guesses."
        )

    def _key_line(self) -> str:
        key = self.key
        parts = []
        for n in sorted(self.puzzle.numbers):
            letter = key.get(n)
            shown = "?" if letter is None else letter.upper() + ("" if n in self.proven else "?")
            parts.append(f"{n}={shown}")
        return " ".join(parts)


# --- the state of a solve ---------------------------------------------------------------------


@dataclass(frozen=True)
class ClueShape:
    """A clue's numbers, its distinct numbers in order, and the position of each."""

    numbers: tuple[int, ...]
    distinct: tuple[int, ...]
    first_position: tuple[int, ...]  # of each distinct number
    pattern: str  # 'ABBCDE'


def clue_shape(numbers: tuple[int, ...]) -> ClueShape:
    distinct = tuple(dict.fromkeys(numbers))
    names = {n: ALPHABET[i].upper() for i, n in enumerate(distinct)}
    return ClueShape(
        numbers,
        distinct,
        tuple(numbers.index(n) for n in distinct),
        "".join(names[n] for n in numbers),
    )


@dataclass
class State:
    """Known letters, each clue's remaining words, and each number's possible letters."""

    letters: dict[int, str]
    # Per clue, its remaining words as one string of fixed-width records "word\n", so a
    # regular expression filters them in one call and text[i::len + 1] is every i-th letter.
    candidates: list[str]
    domains: dict[int, frozenset[str]]  # unknown numbers only
    steps: list[Step] = field(default_factory=list)
    depth: int = 0
    letters_of: dict[int, dict[int, frozenset[str]]] = field(default_factory=dict)  # a cache

    def copy(self) -> State:
        return State(
            dict(self.letters),
            list(self.candidates),
            dict(self.domains),
            list(self.steps),
            self.depth,
            dict(self.letters_of),
        )


class Solver:
    """Sure deductions and guesses for one puzzle against one word list."""

    def __init__(
        self,
        puzzle: Codeword,
        tier: str,
        dictionary: Lexicon,
        deadline: float,
        dropped: frozenset[int] = frozenset(),
    ):
        self.puzzle = puzzle
        self.tier = tier
        self.dictionary = dictionary
        self.deadline = deadline
        # The final word is a word too: it is checked like a clue (after the clues).
        self.shapes = [clue_shape(clue) for clue in (*puzzle.clues, puzzle.final) if clue]
        self.dropped = dropped  # clues assumed to be words outside the list (names...)
        self.clues_of: dict[int, list[int]] = {n: [] for n in NUMBERS}
        for index, shape in enumerate(self.shapes):
            if index not in dropped:
                for n in shape.distinct:
                    self.clues_of[n].append(index)
        self.bijective = puzzle.uses_whole_alphabet
        self.zipf = dictionary.zipf
        self.guesses = 0
        self.stuck: State | None = None  # the state where sure deductions contradicted
        self.solutions: list[State] = []
        self.complete = True

    # --- setting up -----------------------------------------------------------------------

    def start(self, known: dict[int, str] | None = None) -> State:
        """The starters (and any `known` letters) placed, each clue's words of the right
        shape, nothing deduced yet."""
        given = self.puzzle.given | (known or {})
        candidates = [
            ""
            if index in self.dropped
            else _words_of_shape(self.dictionary, shape.pattern, self.tier)
            for index, shape in enumerate(self.shapes)
        ]
        used = set(given.values())
        domains = {n: frozenset(ALPHABET) - used for n in self.puzzle.numbers if n not in given}
        letters_of = {
            index: {
                n: _letters_by_position(self.dictionary, shape.pattern, self.tier)[position]
                for n, position in zip(shape.distinct, shape.first_position, strict=True)
            }
            for index, shape in enumerate(self.shapes)
            if index not in self.dropped
        }
        steps = []
        if self.puzzle.given:
            steps.append(Step("given", self.puzzle.starters, "Starter letters"))
        if known:
            steps.append(Step("given", tuple(sorted(known.items())), "Your letters"))
        return State(dict(given), candidates, domains, steps, letters_of=letters_of)

    # --- sure deductions ------------------------------------------------------------------

    def propagate(self, state: State) -> None:
        """Apply sure deductions until none is left; Contradiction if the state is impossible."""
        dirty = set(range(len(self.shapes))) - self.dropped
        numbers = set(state.domains)
        while True:
            self._narrow(state, dirty, numbers)
            found, dirty = self._one_sure_step(state)
            numbers = set()
            if not found:
                return

    def _narrow(self, state: State, clues: set[int], numbers: set[int]) -> None:
        """Filter the clues' words by the numbers' possible letters and the numbers' letters
        by the words left, back and forth until nothing changes."""
        while clues or numbers:
            clues |= self._narrow_letters(state, numbers)
            numbers = self._narrow_words(state, clues)
            clues = set()

    def _narrow_words(self, state: State, clues: set[int]) -> set[int]:
        """Drop words that no longer fit; the numbers in clues that lost words."""
        changed: set[int] = set()
        for index in sorted(clues - self.dropped):
            words = self._fitting(state, index)
            if not words:
                raise Contradiction(f"no word fits {self.shown(state, index)}")
            if len(words) < len(state.candidates[index]):  # fewer records
                state.candidates[index] = words
                state.letters_of.pop(index, None)
                changed.update(self.shapes[index].distinct)
        return changed

    def _narrow_letters(self, state: State, numbers: set[int]) -> set[int]:
        """Drop letters no remaining word puts at a number; the clues of numbers that lost some."""
        clues: set[int] = set()
        for n in numbers:
            if n in state.letters:
                continue
            allowed = self._letters_allowed(state, n)
            if not allowed:
                raise Contradiction(f"no letter is left for number {n}")
            if allowed != state.domains[n]:
                state.domains[n] = allowed
                clues.update(self.clues_of[n])
        return clues

    def _fitting(self, state: State, index: int) -> str:
        shape = self.shapes[index]
        words = state.candidates[index]
        classes = []
        for n in shape.numbers:
            letter = state.letters.get(n)
            classes.append(letter if letter else "[" + "".join(sorted(state.domains[n])) + "]")
        return _filtered(words, "".join(classes) + "\n")

    def _letters_allowed(self, state: State, n: int) -> frozenset[str]:
        allowed = state.domains[n]
        for index in self.clues_of[n]:
            allowed = allowed & self._letters_of(state, index)[n]
        return allowed

    def _letters_of(self, state: State, index: int) -> dict[int, frozenset[str]]:
        """For each number in the clue, the letters its remaining words put there (kept
        until the clue loses words)."""
        found = state.letters_of.get(index)
        if found is None:
            shape = self.shapes[index]
            width = len(shape.numbers) + 1
            found = {
                n: _letters_at(state.candidates[index], position, width)
                for n, position in zip(shape.distinct, shape.first_position, strict=True)
            }
            state.letters_of[index] = found
        return found

    def _one_sure_step(self, state: State) -> tuple[bool, set[int]]:
        """Take the first sure deduction there is: whether there was one, and the clues it
        touches."""
        for rule in (
            self._single_word_clue,
            self._single_letter_number,
            self._single_number_letter,
        ):
            found = rule(state)
            if found:
                reason, assignments, rule_name = found
                step = Step(rule_name, assignments, reason, state.depth)
                return True, self.assign(state, assignments, step)
        return False, set()

    def _single_word_clue(self, state: State):
        for index, words in enumerate(state.candidates):
            if index in self.dropped:
                continue
            shape = self.shapes[index]
            unknown = [n for n in shape.distinct if n not in state.letters]
            if unknown and self.count(state, index) == 1:
                word = words[:-1]
                label = f"{self._clue_label(index)} {self.shown(state, index)}"
                reason = f"{label} can only be {word.upper()}"
                if self._words_with_known_letters(state, index) > 1:
                    reason += " (every other word that fits clashes with other clues)"
                return (
                    reason,
                    tuple(
                        (n, word[shape.first_position[shape.distinct.index(n)]]) for n in unknown
                    ),
                    "clue",
                )
        return None

    def _words_with_known_letters(self, state: State, index: int) -> int:
        """How many listed words fit the clue by its known letters alone, as a player sees it."""
        shape = self.shapes[index]
        taken = "".join(sorted(set(state.letters.values())))
        free = f"[^{taken}\n]" if taken else "[a-z]"
        pattern = "".join(state.letters.get(n, free) for n in shape.numbers) + "\n"
        records = _filtered(_words_of_shape(self.dictionary, shape.pattern, self.tier), pattern)
        return len(records) // (len(shape.numbers) + 1)

    def _single_letter_number(self, state: State):
        for n in sorted(state.domains):
            if n not in state.letters and len(state.domains[n]) == 1:
                (letter,) = state.domains[n]
                count = len(self.clues_of[n])
                if count:
                    reason = (
                        f"Number {n} can only be {letter.upper()}: no other letter fits "
                        f"{'its clue' if count == 1 else f'all {count} of its clues'}"
                    )
                else:
                    reason = f"Number {n} can only be {letter.upper()}: it is the last letter left"
                return reason, ((n, letter),), "number"
        return None

    def _single_number_letter(self, state: State):
        """Every letter is used once when all 26 numbers appear: a letter with one home."""
        if not self.bijective:
            return None
        used = set(state.letters.values())
        for letter in ALPHABET:
            if letter in used:
                continue
            homes = [
                n
                for n, allowed in state.domains.items()
                if n not in state.letters and letter in allowed
            ]
            if not homes:
                raise Contradiction(f"no number can be {letter.upper()}")
            if len(homes) == 1:
                reason = f"Only number {homes[0]} can be {letter.upper()}, and every letter is used"
                return reason, ((homes[0], letter),), "letter"
        return None

    def assign(self, state: State, assignments, step: Step) -> set[int]:
        """Settle numbers to letters; the clues to re-check. Contradiction if rules break."""
        touched: set[int] = set()
        for n, letter in assignments:
            known = state.letters.get(n)
            if known is not None:
                if known != letter:
                    raise Contradiction(
                        f"number {n} cannot be both {known.upper()} and {letter.upper()}"
                    )
                continue
            if letter not in state.domains[n]:
                raise Contradiction(f"number {n} cannot be {letter.upper()}")
            state.letters[n] = letter
            state.domains[n] = frozenset(letter)
            touched.update(self.clues_of[n])
            for other, allowed in state.domains.items():
                if other != n and other not in state.letters and letter in allowed:
                    allowed = allowed - {letter}
                    if not allowed:
                        raise Contradiction(f"no letter is left for number {other}")
                    state.domains[other] = allowed
                    touched.update(self.clues_of[other])
        state.steps.append(step)
        return touched

    # --- guessing -------------------------------------------------------------------------

    def search(self, state: State) -> None:
        """Depth-first over the words of the clue with fewest candidates, collecting fills."""
        if time.monotonic() > self.deadline:
            raise SolveTimeout(
                "the codeword solve ran out of time",
                example="add starter letters, e.g. 12=E",
            )
        try:
            self.propagate(state)
        except Contradiction:
            return
        open_clues = [
            i
            for i, shape in enumerate(self.shapes)
            if i not in self.dropped and any(n not in state.letters for n in shape.distinct)
        ]
        if not open_clues:
            self.solutions.append(state)
            return
        index = min(open_clues, key=lambda i: (self.count(state, i), i))
        words = state.candidates[index].split()
        for word in words:
            if len(self.solutions) >= MAX_SOLUTIONS or self.guesses >= MAX_GUESSES:
                self.complete = False
                return
            self.guesses += 1
            child = state.copy()
            child.depth += 1
            shape = self.shapes[index]
            assignments = tuple(
                (n, word[shape.first_position[k]])
                for k, n in enumerate(shape.distinct)
                if n not in state.letters
            )
            reason = (
                f"Guess: {self._clue_label(index)} {self.shown(state, index)} is "
                f"{word.upper()} (one of {len(words)})"
            )
            try:
                self.assign(child, assignments, Step("guess", assignments, reason, child.depth))
            except Contradiction:
                continue
            self.search(child)

    def count(self, state: State, index: int) -> int:
        """How many words clue `index` could still be."""
        return len(state.candidates[index]) // (len(self.shapes[index].numbers) + 1)

    # --- wording --------------------------------------------------------------------------

    def shown(self, state: State, index: int) -> str:
        """The clue as a player sees it: known letters, dots for the rest ('D.AR')."""
        return "".join(state.letters.get(n, ".").upper() for n in self.shapes[index].numbers)

    def _clue_label(self, index: int) -> str:
        if index == len(self.puzzle.clues):
            return "The final word"
        if not self.puzzle.slots:
            return "Clue"
        slot = self.puzzle.slots[index]
        return f"{'Across' if slot.across else 'Down'} at r{slot.row + 1}c{slot.column + 1}"


@cache
def _words_of_shape(dictionary: Lexicon, pattern: str, tier: str) -> str:
    """Words with this letter pattern as "word\n" records, most common first (the order
    guesses are tried in)."""
    words = dictionary.matching_pattern(pattern, TIERS[tier])
    return "".join(f"{word}\n" for word in sorted(words, key=lambda w: (-dictionary.zipf(w), w)))


@cache
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _filtered(records: str, pattern: str) -> str:
    """The "word\n" records matching a pattern of letter classes and a newline. A record is
    L letters then a newline, so such a pattern only matches whole records: no anchors."""
    if len(records) >= BIG_LIST_CHARS:
        return _filtered_big(records, pattern)
    return "".join(_compiled(pattern).findall(records))


def _letters_at(records: str, position: int, width: int) -> frozenset[str]:
    """The letters at `position` in any of the records (each `width` characters)."""
    return frozenset(records[position::width])


@cache
def _letters_by_position(dictionary: Lexicon, pattern: str, tier: str) -> tuple[frozenset, ...]:
    """The letters at each position of the words of this shape (before any narrowing)."""
    records = _words_of_shape(dictionary, pattern, tier)
    return tuple(_letters_at(records, i, len(pattern) + 1) for i in range(len(pattern)))


@lru_cache(maxsize=256)
def _filtered_big(records: str, pattern: str) -> str:
    # The first filtering of a long word list repeats in every attempt on a puzzle (each
    # tier, each clue left out): remember it. A str caches its hash, so lookups are cheap.
    return "".join(_compiled(pattern).findall(records))


# --- solving ----------------------------------------------------------------------------------


def solve(
    puzzle: Codeword,
    tier: str = "auto",
    dictionary: Lexicon | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> CodewordSolution:
    """The fill, what is proven about it, and the reasons; common words first unless `tier`.

    If no fill uses only listed words (a name, a rare word), each clue in turn is allowed
    to be a word outside the list, and the best such fill is reported with that clue named;
    only then is the next, larger list tried.
    """
    dictionary = dictionary or lexicon()
    deadline = time.monotonic() + time_limit
    tiers = AUTO_TIERS if tier == "auto" else (tier,)
    first_attempt = None
    for name in tiers:
        solver, root = _attempt(puzzle, name, dictionary, deadline, frozenset())
        first_attempt = first_attempt or (solver, root)
        if solver.solutions:
            return _solution(puzzle, solver, root)
        if not solver.complete:
            continue  # no fill within the guess budget: leaving clues out would only be slower
        best = _best_with_one_outsider(puzzle, name, dictionary, deadline)
        if best:
            return _solution(puzzle, *best)
    solver, root = first_attempt
    return _unsolved(puzzle, solver, root)


def _attempt(
    puzzle: Codeword, tier: str, dictionary: Lexicon, deadline: float, dropped: frozenset[int]
) -> tuple[Solver, State | None]:
    """Sure deductions, then the search; root is None when the deductions contradict."""
    solver = Solver(puzzle, tier, dictionary, deadline, dropped)
    root = solver.start()
    try:
        solver.propagate(root)
    except Contradiction as contradiction:
        root.steps.append(Step("contradiction", (), f"Stuck: {contradiction.reason}"))
        solver.stuck = root
        return solver, None
    solver.search(root.copy())
    return solver, root


def _best_with_one_outsider(
    puzzle: Codeword, tier: str, dictionary: Lexicon, deadline: float
) -> tuple[Solver, State] | None:
    """Allow each clue in turn to be outside the word list; the fill that needs fewest guesses,
    is unique and is commonest wins."""
    found = []
    for index in range(len(puzzle.clues) + bool(puzzle.final)):
        solver, root = _attempt(puzzle, tier, dictionary, deadline, frozenset({index}))
        if solver.solutions:
            rank = (
                solver.complete and len(solver.solutions) == 1,
                -solver.guesses,
                len(root.letters),
            )
            found.append((rank, index, solver, root))
    if not found:
        return None
    _, _, solver, root = max(found, key=lambda item: (item[0], -item[1]))
    return solver, root


def _solution(puzzle: Codeword, solver: Solver, root: State) -> CodewordSolution:
    fills = solver.solutions
    best = max(fills, key=lambda state: _commonness(solver, state))
    letters = _complete_key(puzzle, best.letters)
    proven = set(root.letters)
    if solver.complete:
        proven |= {
            n
            for n, letter in letters.items()
            if all(_complete_key(puzzle, fill.letters).get(n) == letter for fill in fills)
        }
    steps = list(best.steps)
    if solver.complete and len(fills) == 1 and solver.guesses:
        steps.append(
            Step("proven", (), "Every other guess led to a contradiction, so the fill is unique")
        )
    final_word, options = _final(puzzle, letters, proven, fills)
    return CodewordSolution(
        puzzle=puzzle,
        letters=tuple(sorted(letters.items())),
        proven=frozenset(proven),
        words=tuple(_spell(clue, letters) for clue in puzzle.clues),
        final_word=final_word,
        final_options=options,
        solutions_found=len(fills),
        search_complete=solver.complete,
        guesses=solver.guesses,
        steps=tuple(steps),
        tier=solver.tier,
        unknown_clues=tuple(sorted(solver.dropped)),
    )


def _unsolved(puzzle: Codeword, solver: Solver, root: State | None) -> CodewordSolution:
    state = root or solver.stuck
    letters = dict(state.letters)
    steps = [*state.steps]
    if root is not None:
        steps.append(Step("contradiction", (), "Stuck: every guess led to a contradiction"))
    return CodewordSolution(
        puzzle=puzzle,
        letters=tuple(sorted(letters.items())),
        proven=frozenset(letters),
        words=tuple(_spell(clue, letters) for clue in puzzle.clues),
        final_word=None,
        final_options=(),
        solutions_found=0,
        search_complete=solver.complete,
        guesses=solver.guesses,
        steps=tuple(steps),
        tier=solver.tier,
        unknown_clues=tuple(sorted(solver.dropped)),
    )


def _complete_key(puzzle: Codeword, letters: dict[int, str]) -> dict[int, str]:
    """With all 26 numbers in use and one left unknown, it is the one letter left."""
    missing = [n for n in puzzle.numbers if n not in letters]
    spare = sorted(set(ALPHABET) - set(letters.values()))
    if puzzle.uses_whole_alphabet and len(missing) == 1 and len(spare) == 1:
        return {**letters, missing[0]: spare[0]}
    return dict(letters)


def _commonness(solver: Solver, state: State) -> tuple[float, float]:
    """Rank fills by their rarest word, then by the average."""
    words = [_spell(clue, state.letters) for clue in solver.puzzle.clues]
    scores = [solver.zipf(word) for word in words] or [0.0]
    return min(scores), sum(scores) / len(scores)


def _final(
    puzzle: Codeword, letters: dict[int, str], proven: set[int], fills: list[State]
) -> tuple[str | None, tuple[str, ...]]:
    if not puzzle.final:
        return None, ()
    if all(n in proven for n in puzzle.final):
        return _spell(puzzle.final, letters), ()
    options = dict.fromkeys(
        _spell(puzzle.final, _complete_key(puzzle, fill.letters)) for fill in fills
    )
    return None, tuple(options)


def _spell(numbers: tuple[int, ...], letters: dict[int, str]) -> str:
    return "".join(letters.get(n, "?") for n in numbers)
