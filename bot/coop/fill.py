"""The rules of a shared fill-in: which squares a co-op puzzle has, and which letters may go in.

A square ("cell") is a cipher letter of a cryptogram ('Q') or a number of a codeword ('12');
a letter is always upper case here. A letter that breaks the puzzle's rules is refused with
the reason; a wrong but legal letter stays until someone changes it, as on paper. Whether the
filled puzzle is right is the kind's own check's to say (puzzles/<kind>/rules.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.codeword.rules import rule_problems
from puzzles.core import Puzzle, PuzzleError, joined
from puzzles.i18n import Message, _
from renderers.common import Filled

ERASE = "?_-"  # 'A=?' clears a square
_PAIR = re.compile(r"([A-Za-z]|\d{1,2})\s*[=:]\s*([A-Za-z?_\-]?)(?=[\s,;]|$)")
MAX_PAIRS = 26


@dataclass(frozen=True)
class Pair:
    """One square and what to write in it (None: clear it)."""

    cell: str
    letter: str | None

    def text(self) -> str:
        return f"{self.cell}={self.letter or '?'}"


class FillRules:
    """What every co-op kind answers: its squares, its given letters, and why a letter may
    not go in a square (None when it may)."""

    name = ""
    example = ""  # a /guess that fits the kind

    def cells(self, puzzle: Puzzle) -> list[str]:
        raise NotImplementedError

    def given(self, puzzle: Puzzle) -> dict[str, str]:
        raise NotImplementedError

    def refusal(self, puzzle: Puzzle, fill: dict[str, str], pair: Pair) -> Message | str | None:
        """Why the pair cannot go in, None when it can."""
        raise NotImplementedError

    def answer(self, fill: dict[str, str]) -> str:
        """The filled squares as the kind's check reads an answer: 'A=E B=T' or '1=A 2=B'."""
        return " ".join(f"{cell}={letter}" for cell, letter in sorted(fill.items(), key=_order))

    def drawn(self, fill: dict[str, str], new: tuple[str, ...], message: str) -> Filled:
        """What the kind's renderer draws for this fill (squares named as it names them)."""
        key = self.square
        return Filled(tuple((key(c), p) for c, p in fill.items()), tuple(map(key, new)), message)

    def square(self, cell: str) -> str | int:
        return cell

    def parse(self, text: str) -> list[Pair]:
        """'A=T B=H' (any separators, any case) -> pairs; a PuzzleError names a bad one."""
        text = text.strip()
        pairs, used = [], 0
        for match in _PAIR.finditer(text):
            if text[used : match.start()].strip(" ,;"):
                break
            letter = match.group(2).upper()
            pairs.append(Pair(match.group(1).upper(), None if letter in ERASE else letter))
            used = match.end()
        rest = text[used:].strip(" ,;")
        if rest or not pairs:
            shown = repr(rest.split()[0] if rest else text) if (rest or text) else _("nothing")
            raise PuzzleError(
                _("{shown} is not a square and a letter", shown=shown),
                example=f"/guess {self.example}",
            )
        if len(pairs) > MAX_PAIRS:
            raise PuzzleError(
                _("at most {count} letters at a time", count=MAX_PAIRS), example=self.example
            )
        return pairs

    def erase_refusal(self, puzzle: Puzzle, fill: dict[str, str], pair: Pair) -> Message | None:
        if pair.cell in self.given(puzzle):
            return _(
                "{square} is given by the puzzle; it stays {letter}",
                square=pair.cell, letter=self.given(puzzle)[pair.cell],
            )  # fmt: skip
        if pair.cell not in fill:
            return _("{square} is empty already", square=pair.cell)
        return None


def _order(item: tuple[str, str]) -> tuple[int, str]:
    cell = item[0]
    return (int(cell), "") if cell.isdigit() else (0, cell)


class CryptogramFill(FillRules):
    """Each cipher letter stands for one plain letter, never itself, and no two cipher
    letters stand for the same plain letter; the puzzle's hint letters stand."""

    name, example = "cryptogram", "A=T B=H"

    def cells(self, puzzle) -> list[str]:
        return sorted(set(puzzle.letters))

    def given(self, puzzle) -> dict[str, str]:
        return dict(puzzle.hints)

    def refusal(self, puzzle, fill, pair) -> Message | None:
        if pair.letter is None:
            return self.erase_refusal(puzzle, fill, pair)
        square = pair.cell
        if square not in puzzle.letters:
            if square.isdigit():
                return _(
                    "{square} is a number; a cryptogram's squares are its cipher letters",
                    square=square,
                )
            return _("{square} is not in this cryptogram", square=square)
        given = self.given(puzzle)
        if square in given and given[square] != pair.letter:
            return _(
                "{square} is given by the puzzle as {letter}; it cannot change",
                square=square, letter=given[square],
            )  # fmt: skip
        if square == pair.letter:
            return _(
                "{square} cannot stand for itself: no letter stands for itself here",
                square=square,
            )
        twin = next((c for c, p in fill.items() if p == pair.letter and c != square), None)
        if twin is not None:
            return _(
                "{letter} is already {twin}'s letter; two cipher letters never stand for the "
                "same letter (clear {twin} first with {twin}=?)",
                letter=pair.letter, twin=twin,
            )  # fmt: skip
        return None


class CodewordFill(FillRules):
    """The codeword's own rules (puzzles/codeword/rules.py): every number one letter,
    different numbers different letters, the starter letters stand."""

    name, example = "codeword", "12=E 3=T"

    def square(self, cell: str) -> str | int:
        return int(cell)

    def cells(self, puzzle) -> list[str]:
        return [str(n) for n in sorted(puzzle.numbers)]

    def given(self, puzzle) -> dict[str, str]:
        return {str(n): letter.upper() for n, letter in puzzle.starters}

    def refusal(self, puzzle, fill, pair) -> Message | str | None:
        if pair.letter is None:
            return self.erase_refusal(puzzle, fill, pair)
        if not pair.cell.isdigit():
            return _(
                "{square} is a letter; this codeword's squares are numbered 1 to {last}",
                square=pair.cell,
                last=puzzle.number_range[-1],
            )
        letters = {int(cell): letter.lower() for cell, letter in fill.items()}
        letters[int(pair.cell)] = pair.letter.lower()
        before = set(rule_problems(puzzle, {int(c): p.lower() for c, p in fill.items()}))
        problems = [p for p in rule_problems(puzzle, letters) if p not in before]
        return joined(problems) if problems else None


RULES: dict[str, FillRules] = {rules.name: rules for rules in (CryptogramFill(), CodewordFill())}


def rules_for(kind_name: str) -> FillRules:
    return RULES[kind_name]


def co_op_kinds() -> tuple[str, ...]:
    return tuple(RULES)
