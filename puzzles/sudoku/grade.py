"""Difficulty of a sudoku: the hardest technique a human solve needs, and how often.

The score is the weight of the hardest technique used (hidden single 1.0 ... alternating
chain 5.7, roughly the Sudoku Explainer order), plus a bonus below 1 for how much non-single
work the solve takes. A grid that logic alone cannot finish scores from 7 up to 11 by how
much of it is still empty when the techniques run out: it needs guessing.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from puzzles.core import joined
from puzzles.i18n import ENGLISH, Message, _, one_decimal, pgettext
from puzzles.sudoku.board import technique_name
from puzzles.sudoku.grid import EMPTY, Grid
from puzzles.sudoku.logic import TECHNIQUES, LogicResult, solve_by_logic

GRADES: tuple[str, ...] = ("easy", "medium", "hard", "expert", "beyond-logic")

# Technique -> weight; the order matches logic.TECHNIQUES (simplest first).
WEIGHTS: dict[str, float] = {
    "hidden single": 1.0,
    "naked single": 1.5,
    "pointing": 2.0,
    "claiming": 2.2,
    "naked pair": 2.6,
    "hidden pair": 2.8,
    "naked triple": 3.0,
    "hidden triple": 3.2,
    "X-Wing": 3.4,
    "naked quad": 3.6,
    "hidden quad": 3.8,
    "XY-Wing": 4.0,
    "XYZ-Wing": 4.2,
    "Swordfish": 4.4,
    "simple colouring": 4.6,
    "Jellyfish": 5.0,
    "X-Chain": 5.2,
    "XY-Chain": 5.4,
    "alternating chain": 5.7,
}
assert tuple(WEIGHTS) == TECHNIQUES, "every technique needs a weight, in order"


SINGLES_WEIGHT = WEIGHTS["naked single"]
# Lowest score of each grade after easy: medium needs locked candidates or a pair,
# hard a triple, X-Wing, a quad or XY-Wing, expert anything from XYZ-Wing up (Swordfish,
# colouring, Jellyfish, chains); the bonus lifts a grid one grade at most, and never past
# expert (the highest weight plus the bonus stays under BEYOND_LOGIC).
THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("medium", 1.9),
    ("hard", 3.0),
    ("expert", 4.2),
    ("beyond-logic", 7.0),
)
BEYOND_LOGIC = 7.0
MAX_BONUS = 0.99
assert max(WEIGHTS.values()) + MAX_BONUS < BEYOND_LOGIC
GUESSING = "guessing"
NOTHING_TO_DO = "nothing to do"  # the hardest technique of a grid that is already full
# The grades as a player reads them (the difficulties of the daily puzzles, and two more).
GRADE_NAMES: dict[str, Message] = {
    "easy": pgettext("difficulty", "easy"),
    "medium": pgettext("difficulty", "medium"),
    "hard": pgettext("difficulty", "hard"),
    "expert": pgettext("difficulty", "expert"),
    "beyond-logic": pgettext("difficulty", "beyond-logic"),
}
assert tuple(GRADE_NAMES) == GRADES


@dataclass(frozen=True)
class Grade:
    name: str  # one of GRADES
    score: float  # 1.0 (hidden singles only) to 11 (logic gets nowhere)
    hardest: str  # the hardest technique used, or "guessing" when logic gets stuck
    counts: tuple[tuple[str, int], ...]  # (technique, times used), simplest first

    def text(self, language: str = ENGLISH) -> str:
        return self.message.render(language)

    @property
    def message(self) -> Message:
        """'expert (score 4.6; hardest: XY-Wing; used: hidden single x30, XY-Wing x1)'."""
        used = [
            _("{technique} x{times}", technique=technique_name(name), times=times)
            for name, times in self.counts
        ]
        return _(
            "{grade} (score {score}; hardest: {hardest}; used: {used})",
            grade=GRADE_NAMES[self.name],
            score=OneDecimal(value=round(self.score, 1)),
            hardest=_hardest_said(self.hardest),
            used=joined(used, ", ") if used else _("nothing"),
        )


@dataclass(frozen=True)
class OneDecimal(Message):
    """A score to one decimal place, written the language's way: 4.0, 4,0."""

    id: str = ""
    value: float = 0.0

    def render(self, language: str = ENGLISH) -> str:
        return one_decimal(self.value, language)


def _hardest_said(hardest: str) -> Message:
    if hardest == GUESSING:
        # Translators: what a sudoku needs when the techniques run out: trial and error.
        return pgettext("sudoku technique", "guessing")
    if hardest == NOTHING_TO_DO:
        return _("nothing to do")
    return technique_name(hardest)


def grade(grid: Grid, result: LogicResult | None = None) -> Grade:
    """The grade of `grid`; `result`, its logic solve when the caller already has it."""
    if result is None:
        result = solve_by_logic(grid)
    times = Counter(step.technique for step in result.steps)
    counts = tuple((name, times[name]) for name in TECHNIQUES if times[name])
    hardest = max(times, key=WEIGHTS.__getitem__, default="")
    if not result.solved:
        empty = result.grid.cells.count(EMPTY) / len(grid.cells)
        return Grade("beyond-logic", round(BEYOND_LOGIC + 4 * empty, 3), GUESSING, counts)
    score = round(WEIGHTS.get(hardest, WEIGHTS["hidden single"]) + _work_bonus(times), 3)
    return Grade(grade_for_score(score), score, hardest or NOTHING_TO_DO, counts)


def _work_bonus(times: Counter[str]) -> float:
    """Grows with the number and weight of non-single steps, slowly (log), below 1 so that
    how often never outweighs a harder technique by more than one grade."""
    work = sum(
        (WEIGHTS[name] - SINGLES_WEIGHT) * count
        for name, count in times.items()
        if WEIGHTS[name] > SINGLES_WEIGHT
    )
    return min(MAX_BONUS, 0.3 * math.log1p(work))


def grade_for_score(score: float) -> str:
    name = GRADES[0]
    for grade_name, lowest in THRESHOLDS:
        if score >= lowest:
            name = grade_name
    return name
