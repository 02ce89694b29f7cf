"""The bot's own count of its failed requests to Discord, so it slows down long before a ban.

Discord bars an IP for a while after 10,000 invalid requests (401, 403 or 429) in 10 minutes,
and the bar covers everything, interaction replies included
(https://discord.com/developers/docs/topics/rate-limits#invalid-request-limit-aka-cloudflare-bans).
Every response discord.py receives passes through `trace_config()`; work the bot can put off
(the daily posts) waits while the count is past `slow_down_at`, a tenth of Discord's limit, so
shard processes sharing one IP stay far from it too.
"""

from __future__ import annotations

import collections
import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

DISCORD_LIMIT = 10_000  # invalid requests per WINDOW before Discord's ban
WINDOW = 600.0  # seconds
INVALID_STATUSES = (401, 403, 429)


class FailedRequests:
    """Invalid requests (401, 403, 429) in the last WINDOW seconds, counted as they happen."""

    def __init__(
        self, slow_down_at: int = DISCORD_LIMIT // 10, clock: Callable[[], float] = time.monotonic
    ):
        self.slow_down_at = slow_down_at
        self._clock = clock
        self._times: collections.deque[float] = collections.deque()
        self._warned = False

    def trace_config(self) -> aiohttp.TraceConfig:
        """For discord.Client(http_trace=...): sees the status of every HTTP response."""
        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._on_request_end)
        return trace

    async def _on_request_end(self, _session: Any, _context: Any, params: Any) -> None:
        response = params.response
        # A 429 of a shared resource is Discord's own limit, not counted against the bot.
        if response.status in INVALID_STATUSES and (
            response.headers.get("X-RateLimit-Scope") != "shared"
        ):
            self.record()

    def record(self) -> None:
        self._times.append(self._clock())

    def recent(self) -> int:
        """How many failed within the last WINDOW seconds."""
        horizon = self._clock() - WINDOW
        while self._times and self._times[0] <= horizon:
            self._times.popleft()
        return len(self._times)

    @property
    def too_many(self) -> bool:
        """Whether work that can wait should: the count is past `slow_down_at` (logged once
        each time it gets there)."""
        crowded = self.recent() >= self.slow_down_at
        if crowded and not self._warned:
            log.warning(
                "%d requests to Discord failed in the last %d minutes (Discord bars the bot at "
                "%d): daily posts wait until that falls",
                self.recent(), WINDOW // 60, DISCORD_LIMIT,
            )  # fmt: skip
        self._warned = crowded
        return crowded
