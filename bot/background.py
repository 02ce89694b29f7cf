"""A loop of rounds in the background of the bot: the daily scheduler and the races' clock.

A round runs `poll_seconds` after the last one, or sooner: when woken (a setup change, a
race joined, a clock moved in the playground and tests) or when the round itself asks (an
edit held back by a gap). A round that fails is logged and the loop goes on: a timer must
outlive any one bad round. Each bot process does the timed work of the servers on its own
shards (DESIGN.md, "Shards") and paces its requests to their share of Discord's global limit
(Pace); both loops give up on a channel Discord shuts to them the same way (is_permanent).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord

from bot.shards import runs_server

SHORTEST_WAIT = 0.05  # seconds between two rounds at least, however soon one asks for the next


class BackgroundLoop:
    """Rounds of `run_once`, from start() (once the bot is ready) until stop()."""

    name = "background loop"  # the task's name, and the log's: "<name> round failed"

    def __init__(self, bot: discord.Client, poll_seconds: float):
        self.bot = bot
        self.poll_seconds = poll_seconds
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.rounds = 0  # finished rounds, so tests and status can tell the loop is alive
        self._log = logging.getLogger(type(self).__module__)  # the loop's own module's log

    async def run_once(self) -> float | None:
        """One round; how soon the next is needed, when sooner than poll_seconds."""
        raise NotImplementedError

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def wake(self) -> None:
        """Run a round now rather than at the next poll (after a change, or in tests)."""
        self._wake.set()

    async def round_after_now(self, timeout: float) -> bool:
        """Wake the loop and wait until a round that started after this call has finished, so
        what is due by now (a moved clock, in the playground and tests) is done; False when
        none finished within `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        before = self.rounds  # the round under way, if any, may have begun before the call
        while self.rounds < before + 2:
            if loop.time() >= deadline:
                return False
            self.wake()
            await asyncio.sleep(0.05)
        return True

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            wait = self.poll_seconds
            try:
                sooner = await self.run_once()
                if sooner is not None:
                    wait = min(wait, sooner)
            except Exception:  # the loop must outlive any one bad round
                self._log.exception("%s round failed", self.name)
            self.rounds += 1
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(wait, SHORTEST_WAIT))

    def serves(self, guild_id: int) -> bool:
        """Whether the server's timed work is this process's: the server is on one of the
        shards it runs (every server, when it runs them all)."""
        return runs_server(guild_id, self.bot.shard_count, getattr(self.bot, "shard_ids", None))

    def shards_share(self) -> float:
        """This process's share of the bot's global limit: shard processes of one bot share
        it, each taking its shards' part."""
        shard_ids, shard_count = getattr(self.bot, "shard_ids", None), self.bot.shard_count
        return len(shard_ids) / shard_count if shard_ids and shard_count else 1.0


class Pace:
    """At most `per_second` requests a second, spaced evenly, however many tasks ask."""

    def __init__(self, per_second: float):
        self.gap = 1.0 / per_second
        self._next = 0.0

    async def wait(self) -> None:
        now = asyncio.get_running_loop().time()
        at = max(now, self._next)
        self._next = at + self.gap  # reserved before sleeping: the next caller queues behind
        if at > now:
            await asyncio.sleep(at - now)


# Discord's error codes for a channel shut to the bot: it cannot see it (Missing Access), or
# sees it but may not post (Missing Permissions).
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013


def is_permanent(error: discord.HTTPException) -> bool:
    """Whether trying again soon cannot help: the channel is gone, hidden from the bot, or
    shut to it (until someone changes it; Discord counts every refusal meanwhile)."""
    return isinstance(error, discord.NotFound) or (
        isinstance(error, discord.Forbidden) and error.code in (MISSING_ACCESS, MISSING_PERMISSIONS)
    )
