"""Discord's shard rule: a server's events come on shard (guild_id >> 22) % shard_count."""

from __future__ import annotations

import pytest

from bot.shards import runs_server, shard_of


def test_a_server_s_shard_comes_from_the_timestamp_bits_of_its_id():
    # Serenity's documented example: server 81384788765712384 is on shard 7 of 17.
    assert shard_of(81384788765712384, 17) == 7
    assert shard_of(81384788765712384, 1) == 0
    low_bits = (1 << 22) - 1  # the id's worker, process and increment: not read
    assert shard_of((5 << 22) | low_bits, 3) == shard_of(5 << 22, 3) == 2


@pytest.mark.parametrize(
    ("count", "ids", "runs"),
    [
        (None, None, True),  # not sharded: every server
        (3, None, True),  # all three shards in this process
        (3, [2], True),
        (3, [0, 1], False),
        (0, [], True),
    ],
)
def test_a_process_runs_the_servers_on_its_shards(count, ids, runs):
    on_shard_2 = 5 << 22
    assert runs_server(on_shard_2, count, ids) is runs
