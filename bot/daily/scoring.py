"""How a daily result scores, and the streaks and stats built from a player's results.

The rule (the README repeats it): an on-time solve scores 100 points, minus 10 for each
wrong attempt before it and 20 for each hint, and for Letter Boxed minus 10 for each word
beyond the fewest possible; never below 10. A period's board ranks by total points, then
by solves, then by the lower total time. Unsolved puzzles score nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from puzzles.i18n import Message, _

SOLVE_POINTS = 100
WRONG_ATTEMPT_COST = 10
HINT_COST = 20
EXTRA_WORD_COST = 10
LEAST_POINTS = 10


# Kinds whose solve also loses points for each word beyond the fewest possible.
EXTRA_WORD_KINDS = frozenset({"letterboxed"})


def words_used(kind_name: str, answer: str) -> int | None:
    """The answer's length in words, for kinds scored by it (EXTRA_WORD_KINDS); else None."""
    return len(answer.split()) if kind_name in EXTRA_WORD_KINDS else None


def extra_words(used: int | None, fewest: int | None) -> int:
    """Words beyond the fewest possible (0 when the kind is not scored by words)."""
    if used is None or fewest is None:
        return 0
    return max(0, used - fewest)


def rule_text(kind_name: str | None) -> Message:
    """The scoring rule under a leaderboard: the part every kind shares, plus a kind's own
    part only on that kind's board (kind_name None: the board of all puzzles)."""
    costs = {"solve": SOLVE_POINTS, "wrong": WRONG_ATTEMPT_COST, "hint": HINT_COST}
    if kind_name in EXTRA_WORD_KINDS:
        return _(
            "{solve} a solve, -{wrong} a wrong try, -{hint} a hint, -{word} a word over the fewest",
            word=EXTRA_WORD_COST,
            **costs,
        )
    return _("{solve} a solve, -{wrong} a wrong try, -{hint} a hint", **costs)


def points(attempts: int, hints: int, extra_words: int = 0) -> int:
    """Points for a solve on the `attempts`-th try (1 = first) with `hints` hints used."""
    lost = WRONG_ATTEMPT_COST * (attempts - 1) + HINT_COST * hints + EXTRA_WORD_COST * extra_words
    return max(LEAST_POINTS, SOLVE_POINTS - lost)


def clock_text(seconds: float) -> str:
    """3:41, or 1:02:03 past an hour."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


DAYS_PER_FREEZE = 7  # days in a row solved on time that earn one streak freeze
MOST_FREEZES = 2  # freezes a member may hold at once


@dataclass(frozen=True)
class Streaks:
    current: int
    longest: int
    freezes: int = 0  # held now, for the next missed day
    saved: tuple[dt.date, ...] = ()  # missed days a freeze covered


def streaks(
    solved_days: Iterable[dt.date], today: dt.date, gave_up_days: Iterable[dt.date] = ()
) -> Streaks:
    """Runs of consecutive days with an on-time solve, with streak freezes.

    Every DAYS_PER_FREEZE days in a row solved earn a freeze (at most MOST_FREEZES held). A
    missed day uses one, if held: the run goes on (the day itself adds nothing to it) and
    the count towards the next freeze starts again. A day the member gave up (and solved
    nothing) ends the run whatever they hold: they saw the answer, they did not miss the
    day. Today still unsolved breaks nothing yet (the day is not over), unless given up.
    """
    solved, gave_up = set(solved_days), set(gave_up_days) - set(solved_days)
    if not solved:
        return Streaks(0, 0)
    run = longest = in_a_row = freezes = 0
    saved: list[dt.date] = []
    day = min(solved)
    while day <= today:
        if day in solved:
            run, in_a_row = run + 1, in_a_row + 1
            longest = max(longest, run)
            if in_a_row % DAYS_PER_FREEZE == 0:
                freezes = min(MOST_FREEZES, freezes + 1)
        elif day in gave_up:
            run = in_a_row = 0
        elif day < today:  # missed
            in_a_row = 0
            if run and freezes:
                freezes -= 1
                saved.append(day)
            else:
                run = 0
        day += dt.timedelta(days=1)
    return Streaks(run, longest, freezes, tuple(saved))
