"""How daily posts are sent, end to end against the local server with Discord's limits: a
channel shut to the bot costs one failed request an hour, not one a round (Discord bars a bot
after too many); permissions Discord already told the bot about cost none; servers are posted
to at the same time; posts wait while the bot's failed requests pile up."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.app import PuzzleBot
from bot.daily.scheduler import CLOSE_ATTEMPTS
from bot.failed_requests import FailedRequests
from localdiscord import LocalDiscord
from localdiscord.models import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL
from localdiscord.ratelimits import RateLimits
from tests.cogs.test_daily import (
    LONDON_WINTER,
    MONDAY,
    Clock,
    letter_boxed_posts,
    next_round,
    set_up_daily_letter_boxed,
    status_text,
)
from tests.cogs.test_puzzle_commands import test_config

INVALID_LIMIT = 15  # the local server's ban comes after this many failed requests


@pytest.fixture
async def server():
    limits = RateLimits(invalid_limit=INVALID_LIMIT, ban_seconds=600)
    async with LocalDiscord(heartbeat_interval=0.25, rate_limits=limits) as server:
        yield server


def new_bot(tmp_path, clock: Clock) -> PuzzleBot:
    config = test_config(tmp_path, daily_poll_seconds=0.1)
    return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)


def posts_to(server: LocalDiscord, channel) -> int:
    return len(server.requests_to("POST", f"/channels/{channel.id}/messages"))


@pytest.mark.parametrize(
    ("taken", "code"), [(SEND_MESSAGES, 50013), (VIEW_CHANNEL, 50001)], ids=["send", "view"]
)
async def test_a_channel_shut_to_the_bot_is_tried_hourly_and_never_earns_a_ban(
    server, tmp_path, taken, code
):
    puzzles = server.guild.channel("puzzles")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, puzzles)
        # Taken away while the bot runs, and Discord sends no update the bot could check
        # beforehand: the post itself is refused.
        puzzles.deny(server.bot_user.id, taken)
        clock.set(MONDAY, 9, 0, 5)
        for _ in range(INVALID_LIMIT + 5):
            await next_round(bot)
        refused = [r for r in server.requests if r.status == 403]
        assert [r.response["code"] for r in refused] == [code], "retried every round"
        assert bot.failed_requests.recent() == 1
        shown = await status_text(server)
        assert "may not post" in shown and "I try again <t:" in shown

        puzzles.overwrites.clear()  # an admin gives it back; the bot learns at the next try
        await next_round(bot)
        assert letter_boxed_posts(server, puzzles) == []
        clock.set(MONDAY, 10, 0, 10)
        await next_round(bot)
        assert len(letter_boxed_posts(server, puzzles)) == 1
    assert not server.rate_limits.banned
    server.assert_no_violations(allow=("forbidden",))  # the shut channel, on purpose


async def test_missing_permissions_discord_told_the_bot_of_cost_no_request(server, tmp_path):
    puzzles = server.guild.channel("puzzles")
    puzzles.deny(server.bot_user.id, ATTACH_FILES)  # in GUILD_CREATE: the bot knows
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, puzzles)
        clock.set(MONDAY, 9, 0, 5)
        for _ in range(3):
            await next_round(bot)
        assert posts_to(server, puzzles) == 0
        assert "give me Attach Files there" in await status_text(server)

        # Given back: Discord tells the bot (CHANNEL_UPDATE), and the next round posts.
        puzzles.overwrites.clear()
        await server.dispatch("CHANNEL_UPDATE", puzzles.payload())
        await next_round(bot)
        assert len(letter_boxed_posts(server, puzzles)) == 1
    assert server.rate_limits.invalid_total == 0
    server.assert_no_violations()


async def test_one_slow_channel_does_not_hold_up_the_other_servers(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    others = [server.add_guild(f"Server {n}") for n in range(3)]
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, server.channel)
        for guild in others:  # the same settings, saved as setup saves them
            settings = await bot.daily.store.settings(server.guild.id)
            await bot.daily.store.save_settings(
                guild.id, guild.channel("general").id, settings.post_time, settings.timezone,
                list(settings.kinds),
            )  # fmt: skip
        # The first server's channel is slow: Discord has it wait 3 s (429, then a retry).
        slow = f"/channels/{server.channel.id}/messages"
        server.rate_limit("POST", slow, retry_after=3.0)
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)

    def posted_at(channel) -> float:
        (post,) = [r for r in server.requests_to("POST", f"/channels/{channel.id}/messages")
                   if r.status == 200]  # fmt: skip
        return post.received_at

    slow_post = posted_at(server.channel)
    assert all(posted_at(guild.channel("general")) < slow_post for guild in others)
    server.assert_no_violations()


async def test_posts_wait_while_failed_requests_pile_up(server, tmp_path):
    now = [0.0]
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, server.channel)
        counted = FailedRequests(slow_down_at=3, clock=lambda: now[0])
        bot.daily_scheduler.failed_requests = counted
        for _ in range(3):
            counted.record()
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        await next_round(bot)
        assert letter_boxed_posts(server, server.channel) == []

        now[0] = 601.0  # ten minutes on, the failures have left the count
        await next_round(bot)
        assert len(letter_boxed_posts(server, server.channel)) == 1
    server.assert_no_violations()


async def test_a_close_the_bot_knows_it_may_not_send_is_given_up_without_a_request(
    server, tmp_path
):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, server.channel)
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        assert len(letter_boxed_posts(server, server.channel)) == 1
        server.channel.deny(server.bot_user.id, SEND_MESSAGES)
        await server.dispatch("CHANNEL_UPDATE", server.channel.payload())
        posts_before = posts_to(server, server.channel)

        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)  # the day closes
        for _ in range(CLOSE_ATTEMPTS + 2):
            await next_round(bot)
        assert posts_to(server, server.channel) == posts_before
        shown = await status_text(server)
        assert "was not posted" in shown and "give me Send Messages" in shown
        assert f"I stopped trying after {CLOSE_ATTEMPTS} tries" in shown
    assert server.rate_limits.invalid_total == 0
    server.assert_no_violations()
