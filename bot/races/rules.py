"""A race's rules without Discord or the database: its bounds and how players are placed.

The README repeats them: a race has 2 to MAX_PLAYERS players (one may race alone, unrated);
its puzzle starts START_IN seconds after it is posted and it lasts LIMIT minutes, both set by
the starter within the bounds; a member starts at most RACES_PER_HOUR races an hour; a
channel holds one open race at a time. Finishers are placed by time (a tie shares the
place); everyone who did not finish shares the place after the last finisher.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzles import PuzzleError
from puzzles.i18n import _


@dataclass(frozen=True)
class RaceLimits:
    max_players: int = 250
    races_per_hour: int = 3  # races one member may start in an hour, per server
    start_in: tuple[int, int] = (10, 300)  # seconds from the post to the start
    minutes: tuple[int, int] = (1, 60)  # the time limit
    default_start_in: int = 60
    default_minutes: int = 10


def check_bounds(limits: RaceLimits, start_in: int, minutes: int) -> None:
    """A PuzzleError naming the bound a starter's choice is outside of."""
    low, high = limits.start_in
    if not low <= start_in <= high:
        raise PuzzleError(
            _(
                "a race starts {low} to {high} seconds after it is posted, not {asked}",
                low=low,
                high=high,
                asked=start_in,
            ),
            example=f"start_in:{limits.default_start_in}",
        )
    low, high = limits.minutes
    if not low <= minutes <= high:
        raise PuzzleError(
            _(
                "a race lasts {low} to {high} minutes, not {asked}",
                low=low,
                high=high,
                asked=minutes,
            ),
            example=f"minutes:{limits.default_minutes}",
        )


def places(seconds: Sequence[float | None]) -> list[int]:
    """Each player's place (1 = first) from their finishing times (None: not finished).
    Equal times share a place; the next place skips as many as shared (1, 1, 3)."""
    finished = sorted(s for s in seconds if s is not None)
    last = len(finished) + 1
    return [last if s is None else 1 + sum(other < s for other in finished) for s in seconds]


def rated(players: int, finishers: int) -> bool:
    """Whether a race changes ratings: it needs someone to beat and someone who finished."""
    return players >= 2 and finishers >= 1
