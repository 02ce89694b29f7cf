"""The state of a solve and the Solver that narrows it: sure deductions, logged, then guesses.

Each clue is a letter pattern: 25 3 3 4 24 7 must be a word shaped like ABBCDE. Three
rules narrow every clue's candidate words:

1. letters already known must be where their numbers are;
2. different numbers are different letters (a letter known for one number is in no other);
3. a repeated number repeats its letter (the shape of the word).

From the candidates come *sure deductions*, taken one at a time and logged:
a clue with one candidate left ("Clue D.AR can only be DEAR: 12 = E"), a number whose
clues all allow only one letter, and, when every number is in use (26, or Spanish's 27), a
letter that only one number can still be. When no sure step is left, the solver guesses a
word for the clue with the fewest candidates and backtracks on contradiction, searching on to learn
whether the answer is unique.
"""

from __future__ import annotations

import string
import time
from dataclasses import dataclass, field

from puzzles.codeword.puzzle import Codeword
from puzzles.codeword.words import filtered, letters_at, letters_by_position, words_of_shape
from puzzles.core import SolveTimeout
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.lexicon import Lexicon

# The search stops after this many solutions (2 already says "not unique") or guesses.
MAX_SOLUTIONS = 12
MAX_GUESSES = 5_000


class Contradiction(Exception):
    """The letters so far cannot all be right; `reason` says where it shows."""

    def __init__(self, reason: Message | str):
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True)
class Step:
    """One line of the deduction log."""

    rule: str  # "given", "clue", "number", "letter", "guess", "proven"
    assignments: tuple[tuple[int, str], ...]  # (number, letter) this step settles
    reason: Message | str  # the words before the assignments: "Clue D.AR can only be DEAR"
    guess_depth: int = 0  # 0: sure; 1+: follows from that many guesses

    def text(self, language: str = ENGLISH) -> str:
        return render(self.message(), language)

    def message(self) -> Message | str:
        settled = ", ".join(f"{n} = {letter.upper()}" for n, letter in self.assignments)
        follows = self.guess_depth and self.rule != "guess"
        if not settled:
            return self.reason
        if follows:
            return _(
                "{reason}: {settled} (follows from the guess)",
                reason=self.reason,
                settled=settled,
            )
        return _("{reason}: {settled}", reason=self.reason, settled=settled)


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
    names = {n: string.ascii_uppercase[i] for i, n in enumerate(distinct)}
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
        self.letters = puzzle.letters  # the puzzle's alphabet: A-Z, and Ñ in Spanish
        self.clues_of: dict[int, list[int]] = {n: [] for n in puzzle.number_range}
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
            else words_of_shape(self.dictionary, shape.pattern, self.tier)
            for index, shape in enumerate(self.shapes)
        ]
        used = set(given.values())
        domains = {n: frozenset(self.letters) - used for n in self.puzzle.numbers if n not in given}
        letters_of = {
            index: {
                n: letters_by_position(self.dictionary, shape.pattern, self.tier)[position]
                for n, position in zip(shape.distinct, shape.first_position, strict=True)
            }
            for index, shape in enumerate(self.shapes)
            if index not in self.dropped
        }
        steps = []
        if self.puzzle.given:
            steps.append(Step("given", self.puzzle.starters, _("Starter letters")))
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
                raise Contradiction(_("no word fits {clue}", clue=self.shown(state, index)))
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
        return filtered(words, "".join(classes) + "\n")

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
                n: letters_at(state.candidates[index], position, width)
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
                clue = {
                    "clue": self._clue_label(index),
                    "shown": self.shown(state, index),
                    "word": word.upper(),
                }
                if self._words_with_known_letters(state, index) > 1:
                    reason = _(
                        "{clue} {shown} can only be {word} (every other word that fits "
                        "clashes with other clues)",
                        **clue,
                    )
                else:
                    reason = _("{clue} {shown} can only be {word}", **clue)
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
        free = f"[^{taken}\n]" if taken else f"[{self.letters}]"
        pattern = "".join(state.letters.get(n, free) for n in shape.numbers) + "\n"
        records = filtered(words_of_shape(self.dictionary, shape.pattern, self.tier), pattern)
        return len(records) // (len(shape.numbers) + 1)

    def _single_letter_number(self, state: State):
        for n in sorted(state.domains):
            if n not in state.letters and len(state.domains[n]) == 1:
                (letter,) = state.domains[n]
                count = len(self.clues_of[n])
                only = {"number": n, "letter": letter.upper()}
                if count == 1:
                    reason = _(
                        "Number {number} can only be {letter}: no other letter fits its clue",
                        **only,
                    )
                elif count:
                    reason = ngettext(
                        "Number {number} can only be {letter}: no other letter fits all "
                        "{count} of its clues",
                        "Number {number} can only be {letter}: no other letter fits all "
                        "{count} of its clues",
                        count,
                        **only,
                    )
                else:
                    reason = _(
                        "Number {number} can only be {letter}: it is the last letter left", **only
                    )
                return reason, ((n, letter),), "number"
        return None

    def _single_number_letter(self, state: State):
        """Every letter is used once when every number appears: a letter with one home."""
        if not self.bijective:
            return None
        used = set(state.letters.values())
        for letter in self.letters:
            if letter in used:
                continue
            homes = [
                n
                for n, allowed in state.domains.items()
                if n not in state.letters and letter in allowed
            ]
            if not homes:
                raise Contradiction(_("no number can be {letter}", letter=letter.upper()))
            if len(homes) == 1:
                reason = _(
                    "Only number {number} can be {letter}, and every letter is used",
                    number=homes[0],
                    letter=letter.upper(),
                )
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
                        _(
                            "number {number} cannot be both {first} and {second}",
                            number=n,
                            first=known.upper(),
                            second=letter.upper(),
                        )
                    )
                continue
            if letter not in state.domains[n]:
                raise Contradiction(
                    _("number {number} cannot be {letter}", number=n, letter=letter.upper())
                )
            state.letters[n] = letter
            state.domains[n] = frozenset(letter)
            touched.update(self.clues_of[n])
            for other, allowed in state.domains.items():
                if other != n and other not in state.letters and letter in allowed:
                    allowed = allowed - {letter}
                    if not allowed:
                        raise Contradiction(
                            _("no letter is left for number {number}", number=other)
                        )
                    state.domains[other] = allowed
                    touched.update(self.clues_of[other])
        state.steps.append(step)
        return touched

    # --- guessing -------------------------------------------------------------------------

    def search(self, state: State) -> None:
        """Depth-first over the words of the clue with fewest candidates, collecting fills."""
        if time.monotonic() > self.deadline:
            raise SolveTimeout(
                _("the codeword solve ran out of time"),
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
            reason = _(
                "Guess: {clue} {shown} is {word} (one of {count})",
                clue=self._clue_label(index),
                shown=self.shown(state, index),
                word=word.upper(),
                count=len(words),
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

    def _clue_label(self, index: int) -> Message:
        if index == len(self.puzzle.clues):
            return _("The final word")
        if not self.puzzle.slots:
            return _("Clue")
        slot = self.puzzle.slots[index]
        cell = f"r{slot.row + 1}c{slot.column + 1}"
        return _("Across at {cell}", cell=cell) if slot.across else _("Down at {cell}", cell=cell)
