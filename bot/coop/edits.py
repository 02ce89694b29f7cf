"""Redraws of a board message, coalesced so they stay within Discord's rate limits.

Discord limits edits of messages per channel (a bucket of about 5 edits every 5 s, read from
the X-RateLimit-* headers: https://discord.com/developers/docs/topics/rate-limits). A group
filling in letters asks for a redraw at every letter; here a redraw asked for while one is
waiting is folded into it, and redraws of one board are at least `interval` seconds apart.
Each redraw draws the board as it is when it runs (from the database), so the latest state
always wins and nothing is lost by folding.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

DEFAULT_INTERVAL = 1.2  # seconds between edits of one board: 5 edits take 6 s, under 5 per 5 s


class CoalescedEdits:
    """Per key (a thread), at most one edit waiting and one running; edits `interval` apart."""

    def __init__(
        self,
        edit: Callable[[int], Awaitable[None]],
        interval: float = DEFAULT_INTERVAL,
        clock: Callable[[], float] | None = None,
    ):
        self._edit = edit
        self.interval = interval
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        self._wanted: set[int] = set()
        self._last: dict[int, float] = {}
        self._tasks: dict[int, asyncio.Task] = {}
        self.edits = 0  # how many edits were sent (for tests and figures)

    def request(self, key: int) -> None:
        """Ask for a redraw of `key`'s board soon; returns at once."""
        self._wanted.add(key)
        if key not in self._tasks:
            self._tasks[key] = asyncio.create_task(self._run(key))

    async def flush(self, key: int) -> None:
        """Redraw `key`'s board now (within the interval) and wait until it is sent: before
        the thread is archived, after which its messages cannot be edited."""
        self._wanted.add(key)
        task = self._tasks.get(key)
        if task is not None:
            with contextlib.suppress(Exception):
                await task
        if key in self._wanted:
            self._tasks[key] = task = asyncio.create_task(self._run(key))
            await task

    async def _run(self, key: int) -> None:
        try:
            while key in self._wanted:
                wait = self._last.get(key, -self.interval) + self.interval - self._clock()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._wanted.discard(key)  # asks from here on need another edit
                self._last[key] = self._clock()
                try:
                    await self._edit(key)
                    self.edits += 1
                except Exception as error:  # a lost redraw is redone by the next letter
                    log.warning("could not redraw the co-op board of %s: %s", key, error)
        finally:
            self._tasks.pop(key, None)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
