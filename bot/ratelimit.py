"""Per-member and per-server limits: a sliding window of recent starts.

Two kinds of work are counted apart, so that looking things up never uses up solving:
solving work (solve, hint, generate, reading a picture) has a member's window and a
server's window; cheap reads (stats, the leaderboard, checks, a daily answer checked
against a stored puzzle) have a member's own, wider window. Both are also bounded by the
worker pool's room (admission), which is what protects the pool; these windows only keep
one member or one server from taking all of it.

Memory is bounded by who is active: only a start creates an entry (asking does not), and
a key whose last start has left the window is forgotten, so a server with 200,000 members
holds entries only for those who started something in the last `window` seconds.
"""

from __future__ import annotations

import bisect
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


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


SOLVING = "solving"  # solve, hint, generate, reading a picture: work for the pool
READING = "reading"  # stats, boards, checks, daily answers: a stored puzzle, a quick look
WORK = (SOLVING, READING)
READS_PER_USER = 30  # a member's reads per window, unless configured


@dataclass(frozen=True)
class Limited:
    """A start refused: which window was full (the member's or the server's), for which
    work, and the seconds until it has room."""

    work: str
    whose: str  # "member" or "server"
    limit: int
    window: float
    wait: float


class SolveLimits:
    """The member's window and their server's window for solving work (a start counts
    against both), and the member's window for reads."""

    def __init__(
        self,
        per_user: int,
        per_guild: int,
        window: float,
        clock: Callable[[], float] = time.monotonic,
        reads_per_user: int = READS_PER_USER,
    ):
        self.users = SlidingWindow(per_user, window, clock)
        self.guilds = SlidingWindow(per_guild, window, clock)
        self.reads = SlidingWindow(reads_per_user, window, clock)

    def try_start(self, user_id: int, guild_id: int | None) -> float:
        """Record a solving start and return 0, or return the seconds to wait (nothing
        recorded)."""
        refused = self.start(user_id, guild_id)
        return refused.wait if refused else 0.0

    def start(self, user_id: int, guild_id: int | None, work: str = SOLVING) -> Limited | None:
        """Record a start of `work` (guild_id None: no server window) and return None, or
        return what was full (nothing recorded)."""
        if work == READING:
            wait = self.reads.retry_after(user_id)
            if wait > 0:
                return Limited(READING, "member", self.reads.limit, self.reads.window, wait)
            self.reads.record(user_id)
            return None
        member_wait = self.users.retry_after(user_id)
        server_wait = self.guilds.retry_after(guild_id) if guild_id is not None else 0.0
        if server_wait > member_wait:
            return Limited(SOLVING, "server", self.guilds.limit, self.guilds.window, server_wait)
        if member_wait > 0:
            return Limited(SOLVING, "member", self.users.limit, self.users.window, member_wait)
        self.users.record(user_id)
        if guild_id is not None:
            self.guilds.record(guild_id)
        return None
