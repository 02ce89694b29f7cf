"""The races' clock: starts each race when its countdown ends, ends it when everyone has
finished or its time is up, posts its results, and keeps each scoreboard up to date.

Every timer it keeps is in the database (a race's starts_at, its started_at plus its limit,
results not yet posted, a scoreboard behind its race), so a restarted bot picks up where the
last one stopped. Only how recently each scoreboard was edited is kept in memory: edits to
one message are coalesced to at most one every EDIT_GAP seconds, whatever happens meanwhile.

Why EDIT_GAP: Discord rate-limits message routes per channel (the bucket's major parameter
is the channel id; https://discord.com/developers/docs/topics/rate-limits), observed as 5
requests per 5 s per channel shared by sends and edits, and says not to hard-code the
numbers. One edit per 3 s uses a third of that bucket, which leaves room for the results
post and everyone else in the channel; discord.py still honours the headers on top.
"""

from __future__ import annotations

import logging
import time
from typing import Protocol

import discord

from bot.background import BackgroundLoop, Pace, is_permanent
from bot.daily.scheduler import REQUESTS_PER_SECOND as DAILY_REQUESTS_PER_SECOND
from bot.races.service import RaceService
from bot.races.store import Entry, Race

log = logging.getLogger(__name__)

EDIT_GAP = 3.0  # seconds between two edits of one scoreboard, at least
POLL_SECONDS = 1.0  # how often the clock looks for a countdown or a time limit that ran out
# Something Discord refused (a permission taken away, an outage) is tried again this often,
# and at most MAX_TRIES times in all: Discord counts failed requests, and bars a bot that
# makes too many of them for a while.
RETRY_SECONDS = 30.0
MAX_TRIES = 10
# The races' share of Discord's global limit of 50 requests per second
# (https://discord.com/developers/docs/topics/rate-limits#global-rate-limit), which counts
# scoreboards and results but not interaction replies: what the daily scheduler leaves.
# discord.py only waits once refused, and 50 races ending at once would go past it.
REQUESTS_PER_SECOND = 50 - DAILY_REQUESTS_PER_SECOND


class RacePresenter(Protocol):
    """What the race cog shows in Discord (bot/ never imports cogs)."""

    async def show_board(self, race: Race, entries: list[Entry]) -> None:
        """Edit the race's public scoreboard to show `race` and `entries`."""

    async def started(self, race: Race, entries: list[Entry]) -> None:
        """Hand each player the puzzle privately, at the start."""

    async def post_results(self, race: Race, entries: list[Entry]) -> None:
        """Post the solution and the final placings."""


class RaceTimer(BackgroundLoop):
    name = "race timer"

    def __init__(
        self, bot: discord.Client, races: RaceService, presenter: RacePresenter,
        poll_seconds: float = POLL_SECONDS, edit_gap: float = EDIT_GAP,
    ):  # fmt: skip
        super().__init__(bot, poll_seconds)
        self.races = races
        self.presenter = presenter
        self.edit_gap = edit_gap
        self.retry_seconds = RETRY_SECONDS
        self._edited: dict[int, float] = {}  # race id -> time.monotonic() of its last edit
        # (what, race id) -> (tries Discord refused, time.monotonic() of the next try)
        self._refused: dict[tuple[str, int], tuple[int, float]] = {}
        # A board this process has not edited yet may have been edited by the process before
        # it, a moment before a restart: its first edit waits a gap from this one's start.
        self._began = time.monotonic()
        self.pace = Pace(REQUESTS_PER_SECOND)  # every scoreboard post, edit and result
        races.changed = self.wake

    def start(self) -> None:
        self.pace = Pace(REQUESTS_PER_SECOND * self.shards_share())
        super().start()

    def board_sent(self, race_id: int) -> None:
        """The scoreboard was just posted: that counts as its latest edit."""
        self._edited[race_id] = time.monotonic()

    async def run_once(self) -> float:
        """One round; how soon the next is needed (a scoreboard edit held back by the gap)."""
        store = self.races.store
        for race in await store.due_to_start(self.races.clock()):
            if self.serves(race.guild_id):
                started = await self.races.start(race)
                if started is not None:
                    await self._present("start", self.presenter.started, started)
        for race in await self.races.due_to_end():
            if self.serves(race.guild_id):
                await self.races.end(race)
        for race in await store.unannounced_results():
            if self._due("results", race) and await self._present_paced(
                "results", self.presenter.post_results, race
            ):
                await self.races.results_posted(race)
        return await self._update_boards()

    async def _update_boards(self) -> float:
        """Edit each scoreboard that is behind, unless it was edited less than the gap ago;
        how long until the next held-back edit may go."""
        soonest = self.poll_seconds
        for race in await self.races.store.boards_behind():
            if not self._due("scoreboard", race):
                continue
            since = time.monotonic() - self._edited.get(race.id, self._began)
            if since < self.edit_gap:
                soonest = min(soonest, self.edit_gap - since)
                continue
            shown = await self._present_paced("scoreboard", self.presenter.show_board, race)
            # The gap runs from the edit's answer: a slow request never brings two closer.
            self._edited[race.id] = time.monotonic()
            if shown:
                await self.races.store.board_shown(race.id, race.board_version)
        return soonest

    def _due(self, what: str, race: Race) -> bool:
        """Whether this process shows `what` of the race now: the race's server is on its
        shards, and no refusal of it by Discord is waiting for its retry time."""
        _, next_try = self._refused.get((what, race.id), (0, 0.0))
        return self.serves(race.guild_id) and time.monotonic() >= next_try

    async def _present_paced(self, what: str, show, race: Race) -> bool:
        """_present a request the global limit counts, within the races' share of it."""
        await self.pace.wait()
        return await self._present(what, show, race)

    async def _present(self, what: str, show, race: Race) -> bool:
        """Show something of the race: True when done, or when it never will be (the
        channel gone or hidden, or refused MAX_TRIES times: logged, and not tried again);
        False when Discord refused it and it is tried again after retry_seconds."""
        key = (what, race.id)
        try:
            await show(race, await self.races.entries(race))
        except discord.HTTPException as error:
            tries = self._refused.get(key, (0, 0.0))[0] + 1
            log.warning(
                "race %s in guild %s: the %s failed (try %d): %s",
                race.id, race.guild_id, what, tries, error,
            )  # fmt: skip
            if is_permanent(error) or tries >= MAX_TRIES:
                self._refused.pop(key, None)
                return True
            self._refused[key] = (tries, time.monotonic() + self.retry_seconds)
            return False
        self._refused.pop(key, None)
        return True
