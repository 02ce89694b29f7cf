"""Checking a player's Q-less grid against the rules and the roll.

A grid is typed as rows, one line each, with spaces or dots for empty squares:

    .P.M
    .L.ACT
    BAND
    .N
    .T

The rules: the letters are exactly the roll's; they form one connected group; every
run of two or more letters, across or down, is a word of three or more letters.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from puzzles.core import PuzzleError, Said, Verdict, not_solved, shown
from puzzles.i18n import ENGLISH, Message, _, ngettext, render
from puzzles.lexicon import Lexicon, Tier, lexicon
from puzzles.qless.puzzle import Roll
from puzzles.qless.shapes import MIN_WORD_LENGTH, Cell, runs
from puzzles.qless.solver import solve

EMPTY = " ._-"
MAX_SIDE = 30
TEN_FOR_HINTS = 10  # a few solutions to pick the most common-worded from
# Translators: how to type a Q-less grid; the letters stay as they are.
GRID_EXAMPLE = _(".P.M / .L.ACT / BAND / .N / .T (one row a line, or rows split by / )")
ROW_BREAK = re.compile(r" ?/ ?")
_BETWEEN_WORDS = r"(?:[ \t]*[,;][ \t]*|[ \t]+)"  # on one line
WORD_LIST = re.compile(
    rf"[A-Za-z]{{2,}}{_BETWEEN_WORDS}[A-Za-z]{{2,}}(?:{_BETWEEN_WORDS}[A-Za-z]+)*"
)


def _refuse_a_word_list(text: str) -> None:
    """Words on one line ("plant cab dam", "PLANT, CAB, DAM") are a list of the grid's words,
    not the grid: say so, rather than count its letters as one row with gaps."""
    if WORD_LIST.fullmatch(text.strip()):
        raise PuzzleError(
            _(
                "that is a list of words; a Q-less answer is the crossword grid itself: type "
                "it row by row, each letter in its column, with spaces or dots for empty squares"
            ),
            example=GRID_EXAMPLE,
        )


@dataclass(frozen=True)
class QlessHint:
    """A word of a common-words solution the player's grid does not have yet; the text
    shows only its length and first letter, and so does the picture."""

    rows: tuple[str, ...]  # the player's grid so far, '.' for empty squares; () if none
    word: str

    @property
    def shown(self) -> str:
        """The word half hidden: 'T _ _ _ _'."""
        return self.word[0].upper() + " _" * (len(self.word) - 1)

    def text(self, language: str = ENGLISH) -> str:
        return render(self.message(), language)

    def message(self) -> Message:
        word = {"length": len(self.word), "letter": self.word[0].upper(), "shown": self.shown}
        if len(self.word) in (8, 11, 18):  # English says "an eight-letter word"
            return _("Try an {length}-letter word starting with {letter} ({shown}).", **word)
        return _("Try a {length}-letter word starting with {letter} ({shown}).", **word)


def grid_rows(letters: dict[Cell, str]) -> tuple[str, ...]:
    """The letters as rows of text, '.' for empty squares, trimmed to the letters' extent."""
    if not letters:
        return ()
    top = min(r for r, _column in letters)
    left = min(c for _row, c in letters)
    bottom = max(r for r, _column in letters)
    right = max(c for _row, c in letters)
    return tuple(
        "".join(letters.get((r, c), ".") for c in range(left, right + 1))
        for r in range(top, bottom + 1)
    )


def parse_grid(text: str) -> dict[Cell, str]:
    """Rows of letters, spaces or dots -> {(row, column): letter}; code fences are ignored.
    Rows come one a line, or split by " / " on a line (a command option has one line)."""
    _refuse_a_word_list(text)
    lines = [line.rstrip() for line in ROW_BREAK.sub("\n", text.replace("\t", " ")).splitlines()]
    lines = [line for line in lines if not line.lstrip().startswith("```")]
    while lines and not lines[0].strip(" "):
        lines.pop(0)
    while lines and not lines[-1].strip(" "):
        lines.pop()
    indent = min((len(line) - len(line.lstrip(" ")) for line in lines if line.strip()), default=0)
    letters: dict[Cell, str] = {}
    for r, line in enumerate(lines):
        for c, ch in enumerate(line[indent:]):
            if ch in EMPTY:
                continue
            if not ch.isascii() or not ch.isalpha():
                raise PuzzleError(
                    _(
                        "{character} is not a letter; type letters, with spaces or dots for "
                        "empty squares",
                        character=shown(ch),
                    ),
                    where=_("row {row}, column {column}", row=r + 1, column=c + 1),
                    example=GRID_EXAMPLE,
                )
            letters[r, c] = ch.lower()
    if len(lines) > MAX_SIDE or any(len(line) - indent > MAX_SIDE for line in lines):
        raise PuzzleError(_("a grid can be at most {most} squares across and down", most=MAX_SIDE))
    return letters


def letter_problems(roll: Roll, letters: dict[Cell, str]) -> list[Message]:
    placed = Counter(letters.values())
    missing = roll.counts - placed
    extra = placed - roll.counts
    problems = []
    if missing:
        problems.append(_("letters of the roll not placed: {letters}", letters=_letters(missing)))
    if extra:
        problems.append(
            _(
                "letters placed that the roll does not have (or not so many): {letters}",
                letters=_letters(extra),
            )
        )
    return problems


def _letters(counts: Counter[str]) -> str:
    return ", ".join(letter.upper() for letter in sorted(counts.elements()))


def word_problems(letters: dict[Cell, str], dictionary: Lexicon) -> list[Message]:
    """Two-letter runs and runs that are not words, each with where it is."""
    problems = []
    for across in (True, False):
        for run in runs(letters, across):
            if len(run) == 1:
                continue
            word = "".join(letters[cell] for cell in run).upper()
            square = _square(run[0])
            where = (
                _("across from {square}", square=square)
                if across
                else _("down from {square}", square=square)
            )
            if len(run) < MIN_WORD_LENGTH:
                problems.append(
                    _(
                        "{word} ({where}) is a two-letter word; words need 3+ letters",
                        word=word,
                        where=where,
                    )
                )
            elif not dictionary.contains(word, Tier.LARGE):
                problems.append(
                    _("{word} ({where}) is not in the word list", word=word, where=where)
                )
    return problems


def pieces(letters: dict[Cell, str]) -> int:
    """How many separate groups the letters form (side by side or one above the other)."""
    unvisited = set(letters)
    count = 0
    while unvisited:
        count += 1
        stack = [unvisited.pop()]
        while stack:
            r, c = stack.pop()
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in unvisited:
                    unvisited.remove(cell)
                    stack.append(cell)
    return count


def _square(cell: Cell) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def check(roll: Roll, answer: str, dictionary: Lexicon | None = None) -> Verdict:
    """Every rule the grid breaks, or a win listing its words."""
    dictionary = dictionary or lexicon()
    letters = parse_grid(answer)
    if not letters:
        return Verdict(
            False,
            (_("the grid is empty"),),
            _("Type your grid as rows: {example}", example=GRID_EXAMPLE),
        )
    problems = letter_problems(roll, letters)
    problems += word_problems(letters, dictionary)
    count = pieces(letters)
    if count > 1:
        problems.append(
            _(
                "the letters are in {count} separate pieces; they must all connect",
                count=count,
            )
        )
    if problems:
        return not_solved(problems)
    words = [
        "".join(letters[cell] for cell in run).upper()
        for across in (True, False)
        for run in runs(letters, across)
        if len(run) >= MIN_WORD_LENGTH
    ]
    solved = ngettext(
        "Solved with {count} word: {words}.",
        "Solved with {count} words: {words}.",
        len(words),
        words=" ".join(words),
    )
    return Verdict(True, (), solved)


def hint(roll: Roll, progress: str = "", dictionary: Lexicon | None = None) -> QlessHint | Said:
    """A word of a common-words solution that the player's grid does not have yet, half hidden."""
    dictionary = dictionary or lexicon()
    letters = parse_grid(progress) if progress.strip() else {}
    if letters and check(roll, progress, dictionary).solved:
        return Said(_("You have already solved it!"))
    played = {
        "".join(letters[cell] for cell in run)
        for across in (True, False)
        for run in runs(letters, across)
        if len(run) >= MIN_WORD_LENGTH
    }
    solution = solve(roll, tier="common", max_solutions=TEN_FOR_HINTS, dictionary=dictionary)
    if not solution.rows:
        solution = solve(roll, tier="standard", max_solutions=TEN_FOR_HINTS, dictionary=dictionary)
    if not solution.rows:
        return Said(_("This roll has no solution, even with less common words."))
    fresh = sorted((w for w in solution.words if w not in played), key=lambda w: (-len(w), w))
    if not fresh:
        return Said(_("Every word of a solution is on your board: rearrange how they cross."))
    return QlessHint(grid_rows(letters), fresh[0])
