"""Three bot processes, shards 0, 1 and 2 of 3, on one PostgreSQL, as a bot past a few
thousand servers runs: the local Discord server in this process sends each of 30 servers'
events on its shard's connection (Discord's rule, (guild_id >> 22) % 3), and the processes
share one clock (bench/bot_process.py FileClock) that the test moves to the post time.

Each server's daily puzzle is posted once even though a process is SIGKILLed while it posts
and started again; then 600 members answer at once across the processes and each answer is
recorded once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import signal

import pytest

from bench.bot_process import BotProcesses
from bench.scale import answer, set_up_daily_letter_boxed
from bot.daily.store import DailyStore
from bot.database import Database
from bot.shards import shard_of
from localdiscord import FakeGuild, LocalDiscord, RecordedRequest, StoredMessage
from tests.cogs.test_daily import MONDAY, answer_for

SHARDS = 3
SERVERS = 30
MEMBERS = 20  # in each server: 600 answers
VICTIM = 1  # the shard whose process is killed while it posts
POST_ROUTE = "/channels/{channel_id}/messages"
# Discord wants the first response in 3 s; three bots, the server and PostgreSQL sharing
# two cores can take longer for 200 answers arriving at once at each bot. Answer latency is
# measured by bench/scale.py; this test is about each answer being recorded once.
LOADED_MACHINE_DEADLINE = 60.0


def at(hour: int, minute: int = 0, second: int = 0) -> dt.datetime:
    return dt.datetime.combine(MONDAY, dt.time(hour, minute, second), dt.UTC)


def daily_posts(server: LocalDiscord, guild: FakeGuild) -> list[StoredMessage]:
    """The day's Letter Boxed posts in the server's channel (its first)."""
    posts = server.channel_messages(guild.channels[0])
    return [message for message in posts if "Letter Boxed #" in message.content]


def victim_channels(guilds) -> set[int]:
    return {guild.channels[0].id for guild in guilds if shard_of(guild.id, SHARDS) == VICTIM}


class KillOnArrival(list):
    """The server's request log, which SIGKILLs a bot process the moment the first post to
    one of `channels` arrives: the server still stores it, but the process never hears it
    went out, so never records it (a crash between sending and recording)."""

    def __init__(self, server: LocalDiscord, pid: int, channels: set[int]):
        super().__init__(server.requests)
        server.requests = self
        self.server, self.pid, self.channels = server, pid, channels
        self.post: RecordedRequest | None = None
        self.guild: FakeGuild | None = None

    def append(self, request: RecordedRequest) -> None:
        super().append(request)
        if self.post is None and request.method == "POST" and request.route == POST_ROUTE:
            channel_id = int(request.path.split("/")[2])
            if channel_id in self.channels:
                os.kill(self.pid, signal.SIGKILL)
                self.post = request
                self.guild = next(g for g in self.server.guilds if g.channels[0].id == channel_id)


async def until(check, timeout: float, what: str) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not check():
                await asyncio.sleep(0.1)
    except TimeoutError:
        raise AssertionError(f"no {what} after {timeout} s") from None


@pytest.fixture
async def world():
    async with LocalDiscord(
        heartbeat_interval=1.0, interaction_deadline=LOADED_MACHINE_DEADLINE
    ) as server:
        guilds = [
            server.add_guild(f"Server {n}", shard=(n % SHARDS, SHARDS)) for n in range(SERVERS)
        ]
        members = [
            (guild, server.add_user(f"m{n}", guild=guild))
            for guild in guilds
            for n in range(MEMBERS)
        ]
        yield server, guilds, members


@pytest.fixture
async def store(postgres_url):
    database = await Database.open(postgres_url)
    try:
        yield DailyStore(database.connection)
    finally:
        await database.close()


async def test_three_shard_processes_post_once_survive_a_kill_and_record_each_answer_once(
    world, store, postgres_url, tmp_path
):
    server, guilds, members = world
    unlimited = {"limits": {"per_user": 1000, "per_guild": 100_000}}
    processes = BotProcesses(server.url, server.token, postgres_url, tmp_path, SHARDS, **unlimited)
    processes.clock.set(at(8))
    async with processes:
        await processes.start_all()
        assert sorted(p["shard"] for p in server.identify_payloads) == [[0, 3], [1, 3], [2, 3]]
        synced = server.requests_to("PUT", "/applications/{application_id}/commands")
        assert len(synced) == 1  # by shard 0's process alone

        # Each server's owner sets up daily Letter Boxed at 09:00: each on its shard's bot.
        setups = [await set_up_daily_letter_boxed(server, guild) for guild in guilds]
        for reply in await asyncio.gather(*(setup.reply(timeout=30) for setup in setups)):
            assert "09:00 UTC" in reply.content

        # 09:00: the three post; shard 1's process is killed the moment its first post
        # reaches Discord, so the post goes out but its process never hears it did.
        killed = KillOnArrival(server, processes.children[VICTIM].pid, victim_channels(guilds))
        processes.clock.set(at(9, 0, 5))
        await until(lambda: killed.post is not None, 120, "shard 1's first post")
        await processes.children[VICTIM].wait()
        survivors = [guild for guild in guilds if shard_of(guild.id, SHARDS) != VICTIM]
        await until(lambda: all(daily_posts(server, g) for g in survivors), 120, "20 posts")
        assert sum(bool(daily_posts(server, g)) for g in guilds) == len(survivors) + 1
        (sent,) = daily_posts(server, killed.guild)
        cut_short = await store.post(killed.guild.id, "letterboxed", MONDAY)
        assert cut_short.message_id is None  # sent, not recorded: the crash this test is about

        # Started again, it takes over once its dead predecessor's claims run out (2 min).
        await processes.start(VICTIM)
        processes.clock.set(at(9, 3))
        await until(lambda: all(daily_posts(server, g) for g in guilds), 120, "30 posts")
        await asyncio.sleep(3)  # three more rounds of each scheduler: nothing posted again
        assert [len(daily_posts(server, guild)) for guild in guilds] == [1] * SERVERS
        for guild in guilds:
            post = await store.post(guild.id, "letterboxed", MONDAY)
            assert post.message_id == daily_posts(server, guild)[0].id  # recorded, once
        assert daily_posts(server, killed.guild) == [sent]  # found, not sent again

        # 600 members answer at once, 200 at each process.
        daily = await store.puzzle("letterboxed", MONDAY, post.difficulty)
        right = answer_for(daily.puzzle_text)
        # Each opens the puzzle first: an answer before Play opens it, unchecked and untimed.
        opening = await asyncio.gather(
            *(answer(server, guild, member, "open") for guild, member in members)
        )
        opened = await asyncio.gather(*(handle.reply(timeout=120) for handle in opening))
        assert all("did not check" in reply.content for reply in opened)
        answers = await asyncio.gather(
            *(answer(server, guild, member, right) for guild, member in members)
        )
        replies = await asyncio.gather(*(handle.reply(timeout=120) for handle in answers))
        assert all("Solved" in reply.content for reply in replies)
        rows = await store.db.fetch_all(
            "SELECT guild_id, user_id FROM daily_plays"
            " WHERE kind = 'letterboxed' AND day = ? AND solved_at IS NOT NULL",
            MONDAY.isoformat(),
        )
        recorded = sorted((row["guild_id"], row["user_id"]) for row in rows)
        assert recorded == sorted((guild.id, member.id) for guild, member in members)
    server.assert_no_violations()
