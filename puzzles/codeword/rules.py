"""Checking a player's letters against the rules of a codeword, and hints one sure step at a time.

The rules: every number is one letter and different numbers are different letters; the
starter letters stand; every clue spells a word. A player answers with letters
(`1=A 2=B 12=E`, any separators, any lines) or, when the puzzle has one, the final word.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from puzzles.codeword.deduction import Contradiction, Solver, clue_shape
from puzzles.codeword.puzzle import Codeword, add_letters, numbered_lines
from puzzles.codeword.solver import DEFAULT_TIME_LIMIT, CodewordSolution, solve
from puzzles.core import Said, Verdict, joined, listed, not_solved
from puzzles.i18n import ENGLISH, Message, _, render
from puzzles.lexicon import Lexicon, Tier, alphabet, lexicon
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE

# Translators: how to answer a codeword: letters, or the final word when it has one.
ANSWER_EXAMPLE = _("1=A 2=B 12=E (or just the final word)")
LETTERS_ONLY = re.compile(r"^[A-Za-z]+$")


def parse_letters(text: str, language: str = DEFAULT_LANGUAGE) -> dict[int, str]:
    """A player's letters, '1=A 2=B, 12=E' over any lines -> {1: 'a', 2: 'b', 12: 'e'}, in
    the letters of the puzzle's language (Spanish 27=Ñ)."""
    letters: dict[int, str] = {}
    for number, line in numbered_lines(text):
        if line.strip():
            add_letters(letters, line.strip(), number, alphabet(language))
    return letters


@dataclass(frozen=True)
class CodewordHint:
    """A hint the renderer can draw: the letters known with it, and which ones it adds."""

    puzzle: Codeword
    letters: tuple[tuple[int, str], ...]  # starters, the player's letters and the hint's
    new: tuple[int, ...]  # numbers the hint settles
    said: Message | str

    @property
    def message(self) -> str:
        """What the hint says, in English (the picture draws it); text() in any language."""
        return self.text()

    def text(self, language: str = ENGLISH) -> str:
        return render(self.said, language)


# --- check ------------------------------------------------------------------------------------


def check(
    puzzle: Codeword,
    answer: str,
    dictionary: Lexicon | None = None,
    solution: CodewordSolution | None = None,
) -> Verdict:
    """Letters: every rule they break. A single word: whether it is the final word."""
    answer = answer.strip()
    if not answer:
        return Verdict(False, (_("no answer given"),), _type_your_letters())
    solution = solution or solve(puzzle, dictionary=dictionary)
    word = alphabet(puzzle.language).as_played(answer)
    if LETTERS_ONLY.match(word) or alphabet(puzzle.language).is_word(word.lower()):
        return _check_final_word(puzzle, word.lower(), solution)
    dictionary = dictionary or lexicon(puzzle.language)
    return check_letters(puzzle, parse_letters(answer, puzzle.language), solution, dictionary)


def _check_final_word(puzzle: Codeword, word: str, solution: CodewordSolution) -> Verdict:
    if not puzzle.final:
        return Verdict(
            False,
            (_("this puzzle has no final word; answer with letters"),),
            _type_your_letters(),
        )
    if len(word) != len(puzzle.final):
        wrong_length = _(
            "the final word has {letters} letters, not {count}",
            letters=len(puzzle.final),
            count=len(word),
        )
        return Verdict(False, (wrong_length,), _("Not solved."))
    accepted = (solution.final_word,) if solution.final_word else solution.final_options
    if word in accepted:
        return Verdict(True, (), _solved_with_final_word(word))
    return Verdict(False, (_("{word} is not the final word", word=word.upper()),), _("Not solved."))


def _type_your_letters() -> Message:
    return _("Type your letters, e.g. {example}", example=ANSWER_EXAMPLE)


def _solved_with_final_word(word: str) -> Message:
    return _("Solved: the final word is {word}.", word=word.upper())


def check_letters(
    puzzle: Codeword, letters: dict[int, str], solution: CodewordSolution, dictionary: Lexicon
) -> Verdict:
    """Every rule the letters break; solved when every clue is complete and breaks none."""
    problems = rule_problems(puzzle, letters)
    problems += _word_problems(puzzle, letters, solution, dictionary)
    needed = sorted(n for clue in (*puzzle.clues, puzzle.final) for n in clue)
    missing = sorted({n for n in needed if n not in letters and n not in puzzle.given})
    if missing:
        if len(missing) == 1:
            problems.append(_("no letter yet for number {number}", number=missing[0]))
        else:
            problems.append(_("no letter yet for numbers {numbers}", numbers=_numbers(missing)))
    if problems:
        return not_solved(problems)
    if puzzle.final:
        return Verdict(True, (), _solved_with_final_word(_spell(puzzle.final, letters)))
    return Verdict(True, (), _("Solved: every clue is a word."))


def rule_problems(puzzle: Codeword, letters: dict[int, str]) -> list[Message]:
    problems = []
    for n, letter in puzzle.starters:
        if letters.get(n, letter) != letter:
            problems.append(
                _(
                    "{number} is the starter letter {letter}, not {mine}",
                    number=n,
                    letter=letter.upper(),
                    mine=letters[n].upper(),
                )
            )
    numbers_of: dict[str, list[int]] = {}
    for n, letter in sorted((puzzle.given | letters).items()):
        numbers_of.setdefault(letter, []).append(n)
    for letter, numbers in sorted(numbers_of.items()):
        if len(numbers) > 1:
            problems.append(
                _(
                    "{letter} is given to numbers {numbers}; different numbers are different "
                    "letters",
                    letter=letter.upper(),
                    numbers=_numbers(numbers),
                )
            )
    unused = sorted(n for n in letters if n not in puzzle.numbers)
    if len(unused) == 1:
        problems.append(_("number {number} is not in this puzzle", number=unused[0]))
    elif unused:
        problems.append(_("numbers {numbers} are not in this puzzle", numbers=_numbers(unused)))
    return problems


def _word_problems(
    puzzle: Codeword, letters: dict[int, str], solution: CodewordSolution, dictionary: Lexicon
) -> list[str]:
    """Complete clues that spell no word (the solver's own outsiders, such as names, pass)."""
    known = puzzle.given | letters
    problems = []
    for index, clue in enumerate(puzzle.clues):
        word = _spell(clue, known)
        if index in solution.unknown_clues or word.count("?") == len(word):
            continue  # the solver's own outsiders (names) pass; empty clues say nothing
        if "?" in word:
            if not _some_word_fits(clue, known, dictionary):
                shown = word.upper().replace("?", ".")
                problems.append(
                    _("no word fits {clue} as {word}", clue=puzzle.clue_name(index), word=shown)
                )
        elif not dictionary.contains(word, Tier.LARGE):
            problems.append(
                _(
                    "{clue} spells {word}, not a word I know",
                    clue=puzzle.clue_name(index),
                    word=word.upper(),
                )
            )
    return problems


def _some_word_fits(clue: tuple[int, ...], known: dict[int, str], dictionary: Lexicon) -> bool:
    """Whether a word of the clue's shape has the known letters in place (and no known
    letter where an unknown number is)."""
    shape = clue_shape(clue)
    taken = set(known.values())
    return any(
        all(word[k] == known[n] if n in known else word[k] not in taken for k, n in enumerate(clue))
        for word in dictionary.matching_pattern(shape.pattern, Tier.LARGE)
    )


def _numbers(numbers: list[int]) -> Message | str:
    return listed([str(number) for number in numbers])


def _spell(numbers: tuple[int, ...], letters: dict[int, str]) -> str:
    return "".join(letters.get(n, "?") for n in numbers)


# --- hint -------------------------------------------------------------------------------------


def hint(
    puzzle: Codeword, progress: str = "", dictionary: Lexicon | None = None
) -> CodewordHint | Said:
    """The next sure deduction from the starters and the player's letters so far."""
    dictionary = dictionary or lexicon(puzzle.language)
    letters = parse_letters(progress, puzzle.language) if progress.strip() else {}
    broken = rule_problems(puzzle, letters)
    if broken:
        return Said(_("Fix your letters first: {problems}", problems=joined(broken)))
    solution = solve(puzzle, dictionary=dictionary)
    wrong = sorted(
        n for n, letter in letters.items() if n in solution.proven and solution.key[n] != letter
    )
    if wrong:
        n = wrong[0]
        return CodewordHint(
            puzzle,
            tuple(sorted((puzzle.given | letters).items())),
            (n,),
            _(
                "Number {number} is not {letter}: think again about the clues it is in.",
                number=n,
                letter=letters[n].upper(),
            ),
        )
    return _next_sure_step(puzzle, letters, solution, dictionary)


def _next_sure_step(
    puzzle: Codeword, letters: dict[int, str], solution: CodewordSolution, dictionary: Lexicon
) -> CodewordHint | Said:
    solver = Solver(
        puzzle,
        solution.tier,
        dictionary,
        time.monotonic() + DEFAULT_TIME_LIMIT,
        frozenset(solution.unknown_clues),
    )
    state = solver.start(letters)
    before = len(state.steps)
    try:
        solver.propagate(state)
    except Contradiction as contradiction:
        return Said(
            _("Your letters lead to a contradiction: {reason}.", reason=contradiction.reason)
        )
    known = puzzle.given | letters
    if len(state.steps) > before:
        step = state.steps[before]
        new_letters = known | dict(step.assignments)
        return CodewordHint(
            puzzle,
            tuple(sorted(new_letters.items())),
            tuple(n for n, _letter in step.assignments),
            _("{step}.", step=step.message()),
        )
    if all(n in known for n in puzzle.numbers if solver.clues_of[n]):
        return Said(_("Every clue is filled in: check your answer."))
    return _reveal_a_letter(puzzle, known, solution, solver)


def _reveal_a_letter(
    puzzle: Codeword, known: dict[int, str], solution: CodewordSolution, solver: Solver
) -> CodewordHint | Said:
    """No sure step is left: give the proven letter whose number is in the most clues."""
    open_numbers = [n for n in solution.proven if n not in known]
    if not open_numbers:
        return Said(
            _("No sure step from here, and the rest is not certain: the puzzle has several fills.")
        )
    n = max(open_numbers, key=lambda m: (len(solver.clues_of[m]), -m))
    letter = solution.key[n]
    return CodewordHint(
        puzzle,
        tuple(sorted((known | {n: letter}).items())),
        (n,),
        _(
            "No sure step from here; a free letter: {number} = {letter}.",
            number=n,
            letter=letter.upper(),
        ),
    )
