"""Which shard a server belongs to: Discord's rule, in one place.

Discord sends each server's events (its interactions too) on the gateway connection of one
shard, chosen from the server's id; a bot process that runs some shards sees only their
servers, so it does their timed work (the daily posts) and no other's.
"""

from __future__ import annotations

import math
from collections.abc import Collection

IDENTIFY_INTERVAL = 5.0  # Discord: max_concurrency identifies per rate limit key every 5 s
IDENTIFY_MARGIN = 0.5  # for clocks and networks that are not exact


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard (0 to shard_count - 1) whose connection carries the server's events."""
    return (guild_id >> 22) % shard_count


def runs_server(guild_id: int, shard_count: int | None, shard_ids: Collection[int] | None) -> bool:
    """Whether a process running `shard_ids` of `shard_count` shards serves the server (None:
    not sharded, or every shard in this one process)."""
    if not shard_count or shard_ids is None:
        return True
    return shard_of(guild_id, shard_count) in shard_ids


def identify_delay(shard_id: int, shard_count: int, max_concurrency: int, now: float) -> float:
    """Seconds a shard process waits before it identifies, so that processes started
    together (each with some shard ids) never identify two sessions of one rate limit key in
    the same 5 seconds.

    Discord lets a bot identify `max_concurrency` sessions every 5 s, one per rate limit key
    `shard_id % max_concurrency`; one more is answered with Invalid Session and has to start
    over (https://discord.com/developers/docs/events/gateway#sharding-max-concurrency).
    So shard `s` waits for its turn, `s // max_concurrency`, in a cycle of windows of a
    little over 5 s on the wall clock (`now`, seconds since the epoch): every process reads
    the same clock, so they need not talk to each other nor start at the same moment.
    """
    concurrency = max(1, max_concurrency)
    turns = -(-shard_count // concurrency)  # ceil
    if turns <= 1:
        return 0.0
    window = IDENTIFY_INTERVAL + IDENTIFY_MARGIN
    next_window = math.ceil(now / window)
    next_window += (shard_id // concurrency - next_window) % turns
    return next_window * window - now
