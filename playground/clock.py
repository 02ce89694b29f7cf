"""The playground's clock: real time, jumped forward when the page asks for the next daily
post or the end of the day, so a day of daily puzzles can be seen in a minute."""

from __future__ import annotations

import datetime as dt

from bot.app import PuzzleBot

ROUND_TIMEOUT = 120.0  # a round may have to generate the day's puzzles first
JUST_AFTER = dt.timedelta(seconds=1)
SETUP_EXAMPLE = "/puzzle-settings setup channel:#puzzles time:09:00 timezone:Europe/London"


class PlaygroundClock:
    """What the bot takes for the time now (UTC): real time plus the jumps asked for."""

    def __init__(self) -> None:
        self.ahead = dt.timedelta()

    def __call__(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC) + self.ahead

    def jump_to(self, moment: dt.datetime) -> None:
        """Move forward to `moment` (never back: plays and posts are stamped in order)."""
        self.ahead += max(moment - self(), dt.timedelta())


async def advance_to_next_post(bot: PuzzleBot, clock: PlaygroundClock) -> str:
    """Jump to the next time any server's daily puzzles are due and let them be posted."""
    assert bot.daily is not None and bot.daily_scheduler is not None
    active = [s for s in await bot.daily.store.all_settings() if not s.paused]
    if not active:
        return (
            "No daily puzzles are set up yet. As morgan (Manage Server), type "
            f"{SETUP_EXAMPLE}, then come back here."
        )
    due = min([await bot.daily.next_post(settings) for settings in active])
    clock.jump_to(due + JUST_AFTER)
    await bot.daily_scheduler.round_after_now(ROUND_TIMEOUT)  # what the jump made due
    return f"It is now {clock():%A %d %B, %H:%M} UTC: the puzzles due then are posted."


async def end_the_day(bot: PuzzleBot, clock: PlaygroundClock) -> str:
    """Jump to when the earliest open daily puzzle closes and let its answer be posted."""
    assert bot.daily is not None and bot.daily_scheduler is not None
    open_posts = [
        post
        for settings in await bot.daily.store.all_settings()
        for post in await bot.daily.store.open_posts(settings.guild_id)
    ]
    if not open_posts:
        return "No daily puzzle is open: advance to the next post first."
    clock.jump_to(min(post.closes_at for post in open_posts) + JUST_AFTER)
    await bot.daily_scheduler.round_after_now(ROUND_TIMEOUT)  # what the jump made due
    return f"It is now {clock():%A %d %B, %H:%M} UTC: the day is over, its answers posted."
