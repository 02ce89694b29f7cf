"""Shards on the local server, as Discord shards a bot's gateway connections.

A connection that identifies with ``shard: [id, count]`` carries the servers whose id puts
them on that shard (``(guild_id >> 22) % count == id``): its READY lists only them, and
every event of theirs (an interaction too) comes on it. Several bots, each running some
shards (as several processes do), therefore see disjoint servers between them.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord.ext import commands

from bot.shards import shard_of
from localdiscord import LocalDiscord

SHARDS = 3


class ShardedBot(commands.AutoShardedBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify every shard at once: discord.py waits 5 s between shards, as Discord's
        identify rate limit asks; the local server has none."""


def sharded_bot(name: str, **shards) -> ShardedBot:
    bot = ShardedBot(
        command_prefix=commands.when_mentioned,
        intents=discord.Intents(guilds=True),
        guild_ready_timeout=0.05,
        help_command=None,
        **shards,
    )

    @bot.tree.command(description="Which bot answers")
    async def where(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(name)

    return bot


def servers_on_every_shard(server: LocalDiscord, per_shard: int = 2) -> None:
    for number in range(SHARDS * per_shard):
        server.add_guild(f"Server {number}", shard=(number % SHARDS, SHARDS))


@contextlib.asynccontextmanager
async def one_bot_per_shard(server: LocalDiscord) -> AsyncIterator[list[ShardedBot]]:
    """Three bots, bot k running shard k of 3: three processes' worth, in this one."""
    async with contextlib.AsyncExitStack() as stack:
        bots = []
        for shard_id in range(SHARDS):
            bot = sharded_bot(f"bot {shard_id}", shard_count=SHARDS, shard_ids=[shard_id])
            bots.append(await stack.enter_async_context(server.run_bot(bot)))
        await bots[0].tree.sync()
        yield bots


async def test_each_shard_s_bot_sees_only_the_servers_on_its_shard():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        servers_on_every_shard(server)
        async with one_bot_per_shard(server) as bots:
            for shard_id, bot in enumerate(bots):
                expected = {guild.id for guild in server.shard_guilds((shard_id, SHARDS))}
                assert {guild.id for guild in bot.guilds} == expected
                assert all(shard_of(guild.id, SHARDS) == shard_id for guild in bot.guilds)
            seen = [guild.id for bot in bots for guild in bot.guilds]
            assert sorted(seen) == sorted(guild.id for guild in server.guilds)  # each once
            shards = sorted(payload["shard"] for payload in server.identify_payloads)
            assert shards == [[0, SHARDS], [1, SHARDS], [2, SHARDS]]
        server.assert_no_violations()


async def test_a_server_s_interactions_come_on_its_shard_s_connection():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        servers_on_every_shard(server)
        async with one_bot_per_shard(server):
            for guild in server.guilds:
                asked = await server.send_slash_command("where", guild=guild)
                assert (await asked.reply()).content == f"bot {shard_of(guild.id, SHARDS)}"
        server.assert_no_violations()


async def test_a_bot_without_a_shard_count_runs_as_many_as_the_gateway_recommends():
    async with LocalDiscord(heartbeat_interval=0.25, shards=2) as server:
        servers_on_every_shard(server, per_shard=1)
        bot = sharded_bot("all")  # shard_count None: asks GET /gateway/bot
        async with server.run_bot(bot):
            await bot.tree.sync()
            assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
            assert {guild.id for guild in bot.guilds} == {guild.id for guild in server.guilds}
            for guild in server.guilds:
                asked = await server.send_slash_command("where", guild=guild)
                assert (await asked.reply()).content == "all"
        assert sorted(payload["shard"] for payload in server.identify_payloads) == [[0, 2], [1, 2]]
        assert server.requests_to("GET", "/gateway/bot")


async def test_a_dropped_shard_resumes_alone_and_gets_what_it_missed():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        servers_on_every_shard(server)
        bot = sharded_bot("all", shard_count=SHARDS)
        async with server.run_bot(bot):
            await bot.tree.sync()
            await server.drop_gateway(shard=1)
            resumed = await server.wait_for_gateway_frame(lambda frame: frame["op"] == 6)
            assert len(server.identify_payloads) == SHARDS  # the others kept their sessions
            on_shard_1 = server.shard_guilds((1, SHARDS))[0]
            asked = await server.send_slash_command("where", guild=on_shard_1)
            assert (await asked.reply()).content == "all"
            assert resumed["d"]["session_id"]
        server.assert_no_violations()


async def identify(server: LocalDiscord, shard: object) -> int | str:
    """IDENTIFY on a raw gateway socket: the close code, or the first event sent."""
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(server.gateway_url)
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": server.token, "intents": 1, "shard": shard, "properties": {}}
        await ws.send_json({"op": 2, "d": identify})
        answer = await ws.receive()
        await ws.close()
    if answer.type is aiohttp.WSMsgType.CLOSE:
        return answer.data
    return json.loads(answer.data)["t"]


@pytest.mark.parametrize("shard", [[3, 3], [-1, 3], [0, 0], [0], "0,1", [True, 2]])
async def test_a_shard_that_cannot_exist_is_refused_with_4010(shard):
    async with LocalDiscord() as server:
        assert await identify(server, shard) == 4010
        assert await identify(server, [1, 3]) == "READY"


async def test_a_shard_of_more_than_2500_servers_is_refused_with_4011():
    async with LocalDiscord() as server:
        for number in range(2500):  # and the default server: 2,501
            server.add_guild(f"Server {number}", shard=(number % 2, 2))
        assert await identify(server, [0, 1]) == 4011  # sharding required
        assert await identify(server, [0, 2]) == "READY"


def test_a_server_made_on_a_shard_has_an_id_on_that_shard():
    server = LocalDiscord()
    for shard_id in range(5):
        guild = server.add_guild(f"Server {shard_id}", shard=(shard_id, 5))
        assert shard_of(guild.id, 5) == shard_id
    ids = [guild.id for guild in server.guilds]
    assert len(set(ids)) == len(ids)
    with pytest.raises(ValueError, match="no shard 3 among 3"):
        server.add_guild("Nowhere", shard=(3, 3))
