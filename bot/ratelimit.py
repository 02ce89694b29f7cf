"""Per-member and per-server limits on solves: a sliding window of recent starts.

Memory is bounded by who is active: only a start creates an entry (asking does not), and
a key whose last start has left the window is forgotten, so a server with 200,000 members
holds entries only for those who started something in the last `window` seconds.
"""

from __future__ import annotations

import bisect
import time
from collections import OrderedDict
from collections.abc import Callable


class SlidingWindow:
    """At most `limit` events per `window` seconds for each key."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self._clock = clock
        # Each key's starts inside the window, at most `limit` (a list: a deque costs 760 bytes);
        # keys in the order of their latest start, oldest first, so expired ones are in front.
        self._events: OrderedDict[object, list[float]] = OrderedDict()

    def __len__(self) -> int:
        """How many keys are remembered (those with a start inside the window)."""
        return len(self._events)

    def retry_after(self, key: object) -> float:
        """Seconds until `key` may start again; 0 when it may start now. Records nothing."""
        now = self._clock()
        self._forget_expired(now)
        events = self._events.get(key)
        if events is None or len(events) < self.limit:
            return 0.0
        return max(0.0, events[0] + self.window - now)  # when the oldest leaves the window

    def record(self, key: object) -> None:
        now = self._clock()
        events = self._events.get(key)
        if events is None:
            events = self._events[key] = []
        else:
            self._events.move_to_end(key)
        events.append(now)
        # Only starts inside the window count, and of those only the last `limit`.
        expired = bisect.bisect_right(events, now - self.window)
        del events[: max(expired, len(events) - self.limit)]
        self._forget_expired(now)

    def _forget_expired(self, now: float) -> None:
        horizon = now - self.window
        while self._events:
            oldest_key, events = next(iter(self._events.items()))
            if events[-1] > horizon:
                return
            del self._events[oldest_key]


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
