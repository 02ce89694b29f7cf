"""Solving a codeword the way a person does, with the reasons written down.

The Solver (deduction.py) takes sure deductions one at a time, logged, then guesses and
backtracks to learn whether the answer is unique. A letter counts as proven when sure
deductions give it, or when the search has tried every alternative and all solutions agree
on it; the final word is only reported when all its letters are proven.

Everything is relative to a word list: newspaper codewords use ordinary words, so the
common words are tried first, then the standard list, then the large one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzles.codeword.deduction import Contradiction, Solver, State, Step
from puzzles.codeword.puzzle import Codeword
from puzzles.core import TIERS, either, tier_name
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.lexicon import Lexicon, lexicon

AUTO_TIERS = tuple(TIERS)  # smallest first
DEFAULT_TIME_LIMIT = 20.0


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
    def no_answer(self) -> bool:
        return self.solutions_found == 0

    @property
    def solved_by_deduction(self) -> bool:
        return self.guesses == 0 and self.solutions_found == 1

    def text(self, language: str = ENGLISH) -> str:
        said = [self.final_line(language)] if self.puzzle.final else []
        if self.solutions_found == 0:
            said.append(
                ngettext(
                    "No fill of the grid uses only words from the word list; {count} number "
                    "could still be proven.",
                    "No fill of the grid uses only words from the word list; {count} numbers "
                    "could still be proven.",
                    len(self.proven),
                )
            )
        said.append(self.uniqueness_line())
        said.append(_("Key: {key}", key=self._key_line()))
        said.append(_("Words: {words}", words=" ".join(word.upper() for word in self.words)))
        said += [
            _(
                "Taken to be a word outside the word list (a name?): {clue}.",
                clue=self._clue_words(index),
            )
            for index in self.unknown_clues
        ]
        said.append(_("Deductions:"))
        lines = [render(line, language) for line in said]
        lines += [f"{i}. {step.text(language)}" for i, step in enumerate(self.steps, start=1)]
        return "\n".join(lines)

    def _clue_words(self, index: int) -> Message:
        if index == len(self.puzzle.clues):
            return _("the final word {word}", word=_spell(self.puzzle.final, self.key).upper())
        return _("{clue} {word}", clue=self.puzzle.clue_name(index), word=self.words[index].upper())

    def final_line(self, language: str = ENGLISH) -> str:
        if self.final_word:
            said = _("Final word: {word}", word=self.final_word.upper())
        elif self.final_options:
            options = either([word.upper() for word in self.final_options])
            said = _("Final word: not certain ({words} fit)", words=options)
        else:
            said = _("Final word: not found")
        return render(said, language)

    def uniqueness_line(self) -> Message:
        tier = tier_name(self.tier)
        if self.solutions_found == 0:
            return _("Unsolved.")
        if self.solved_by_deduction:
            return _("Unique: solved by sure deductions alone ({tier} words).", tier=tier)
        if self.unique:
            return ngettext(
                "Unique: after {count} guess every other choice led to a contradiction "
                "({tier} words).",
                "Unique: after {count} guesses every other choice led to a contradiction "
                "({tier} words).",
                self.guesses,
                tier=tier,
            )
        if self.search_complete:
            return _(
                "Not unique: {fills} fills fit ({tier} words); letters marked ? differ "
                "between them.",
                fills=self.solutions_found,
                tier=tier,
            )
        return ngettext(
            "Not proven unique: the search stopped after {count} guess and {fills}; letters "
            "marked ? are guesses.",
            "Not proven unique: the search stopped after {count} guesses and {fills}; letters "
            "marked ? are guesses.",
            self.guesses,
            fills=ngettext("{count} fill", "{count} fills", self.solutions_found),
        )

    def _key_line(self) -> str:
        key = self.key
        parts = []
        for n in sorted(self.puzzle.numbers):
            letter = key.get(n)
            shown = "?" if letter is None else letter.upper() + ("" if n in self.proven else "?")
            parts.append(f"{n}={shown}")
        return " ".join(parts)


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
    dictionary = dictionary or lexicon(puzzle.language)
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
        stuck = _("Stuck: {reason}", reason=contradiction.reason)
        root.steps.append(Step("contradiction", (), stuck))
        solver.stuck = root
        return solver, None
    solver.search(root.copy())
    return solver, root


def _best_with_one_outsider(
    puzzle: Codeword, tier: str, dictionary: Lexicon, deadline: float
) -> tuple[Solver, State] | None:
    """Allow each clue in turn to be outside the word list; the fill that needs fewest guesses,
    is unique and is commonest wins. A clue is only let out when the other words spell at least
    half of it: a word nothing else crosses would be taken as anything, which solves nothing."""
    found = []
    for index in range(len(puzzle.clues) + bool(puzzle.final)):
        solver, root = _attempt(puzzle, tier, dictionary, deadline, frozenset({index}))
        if solver.solutions and _spelled_by_the_others(puzzle, index, solver.solutions):
            rank = (
                solver.complete and len(solver.solutions) == 1,
                -solver.guesses,
                len(root.letters),
            )
            found.append((rank, index, solver, root))
    if not found:
        return None
    _found, _dropped, solver, root = max(found, key=lambda item: (item[0], -item[1]))
    return solver, root


def _spelled_by_the_others(puzzle: Codeword, index: int, fills: list[State]) -> bool:
    """Whether every fill gives letters to at least half the clue that was let out (a name
    such as AMER?CA is read from its crossings; a word that nothing crosses is not)."""
    numbers = puzzle.final if index == len(puzzle.clues) else puzzle.clues[index]
    return all(2 * sum(n in fill.letters for n in numbers) >= len(numbers) for fill in fills)


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
            Step(
                "proven",
                (),
                _("Every other guess led to a contradiction, so the fill is unique"),
            )
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
    """With every number in use and one left unknown, it is the one letter left."""
    missing = [n for n in puzzle.numbers if n not in letters]
    spare = sorted(set(puzzle.letters) - set(letters.values()))
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
