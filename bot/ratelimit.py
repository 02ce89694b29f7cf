"""Per-member and per-server limits on solves: a sliding window of recent starts."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable


class SlidingWindow:
    """At most `limit` events per `window` seconds for each key."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self._clock = clock
        self._events: defaultdict[object, deque[float]] = defaultdict(deque)

    def retry_after(self, key: object) -> float:
        """Seconds until `key` may start again; 0 when it may start now."""
        events = self._recent(key)
        if len(events) < self.limit:
            return 0.0
        return max(0.0, events[0] + self.window - self._clock())

    def record(self, key: object) -> None:
        self._recent(key).append(self._clock())

    def _recent(self, key: object) -> deque[float]:
        events = self._events[key]
        horizon = self._clock() - self.window
        while events and events[0] <= horizon:
            events.popleft()
        return events


class SolveLimits:
    """The member's window and their server's window; a start counts against both."""

    def __init__(
        self,
        per_user: int,
        per_guild: int,
        window: float,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.users = SlidingWindow(per_user, window, clock)
        self.guilds = SlidingWindow(per_guild, window, clock)

    def try_start(self, user_id: int, guild_id: int | None) -> float:
        """Record a start and return 0, or return the seconds to wait (nothing recorded)."""
        wait = self.users.retry_after(user_id)
        if guild_id is not None:
            wait = max(wait, self.guilds.retry_after(guild_id))
        if wait > 0:
            return wait
        self.users.record(user_id)
        if guild_id is not None:
            self.guilds.record(guild_id)
        return 0.0
