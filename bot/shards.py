"""Which shard a server belongs to: Discord's rule, in one place.

Discord sends each server's events (its interactions too) on the gateway connection of one
shard, chosen from the server's id; a bot process that runs some shards sees only their
servers, so it does their timed work (the daily posts) and no other's.
"""

from __future__ import annotations

from collections.abc import Collection


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard (0 to shard_count - 1) whose connection carries the server's events."""
    return (guild_id >> 22) % shard_count


def runs_server(guild_id: int, shard_count: int | None, shard_ids: Collection[int] | None) -> bool:
    """Whether a process running `shard_ids` of `shard_count` shards serves the server (None:
    not sharded, or every shard in this one process)."""
    if not shard_count or shard_ids is None:
        return True
    return shard_of(guild_id, shard_count) in shard_ids
