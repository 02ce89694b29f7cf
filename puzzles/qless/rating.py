"""Difficulty on the Daily Q-less weekday scale.

The write-up rates a roll by how many shapes its solver must try (most likely first)
before it has ten distinct solutions: few shapes means answers are everywhere. Under
10 is too easy to publish, 10-20 is a Monday, 21-150 a Tuesday, 151-600 a Wednesday;
Thursday and Friday continue the scale (thresholds below); a roll with fewer than ten
solutions in all is a weekend puzzle.
"""

from __future__ import annotations

TEN = 10
TOO_EASY = "too easy"
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# (most shapes tried before the tenth solution, day), in order.
WEEKDAY_LIMITS = ((9, TOO_EASY), (20, "monday"), (150, "tuesday"), (600, "wednesday"))
THURSDAY_LIMIT = 1500
# Weekend rolls have fewer than ten solutions; Sunday's have only a handful.
SUNDAY_MOST_SOLUTIONS = 4


def day_for(shapes_to_ten: int | None, solution_count: int) -> str | None:
    """The weekday for a roll; None when it has no solution at all."""
    if solution_count == 0:
        return None
    if shapes_to_ten is None:
        return "sunday" if solution_count <= SUNDAY_MOST_SOLUTIONS else "saturday"
    for limit, day in WEEKDAY_LIMITS:
        if shapes_to_ten <= limit:
            return day
    return "thursday" if shapes_to_ten <= THURSDAY_LIMIT else "friday"
