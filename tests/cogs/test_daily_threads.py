"""Daily threads, end to end: the real bot on the local Discord server (issue 33). With
threads on, each daily post gets a thread; Share posts a member's result there; the close
posts the answers there too and archives it. The thread is opened once, whatever restarts
come between the post and the thread.
"""

from __future__ import annotations

import re
import sqlite3

import pytest

from bot.app import PuzzleBot
from localdiscord import LocalDiscord
from localdiscord.threads import CREATE_PUBLIC_THREADS
from tests.cogs.test_daily import MONDAY, answer_for, status_text
from tests.cogs.test_daily import next_round as scheduler_round
from tests.cogs.test_daily_play import (
    TWO_KINDS_IN_A_ROUND,
    daily_bot,
    day_posts,
    set_up,
    todays_puzzle,
)
from tests.cogs.test_daily_pull import TUESDAY, reply_to
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def set_threads(server, threads: str) -> str:
    said = await reply_to(server, "puzzle-settings threads", user=server.owner, threads=threads)
    assert said.ephemeral
    return said.content


async def solve_and_share(server, post, daily, user):
    """Play the day's puzzle, answer it rightly, press Share; the reply to Share."""
    opened = await (await server.click_button(post, label="Play", user=user)).reply(REPLY_TIMEOUT)
    pressed = await server.click_button(opened, label="Answer", user=user)
    box = await pressed.submit_modal({"answer": answer_for(daily.puzzle_text)}, user=user)
    solved = await box.reply(timeout=REPLY_TIMEOUT)
    assert "Solved" in solved.content
    return await (await server.click_button(solved, label="Share", user=user)).reply(REPLY_TIMEOUT)


def forget_thread(database: str) -> None:
    """As if the bot stopped after Discord opened the thread, before it was recorded."""
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE daily_posts SET thread_id = NULL")


async def test_threads_on_open_one_thread_per_post_for_shares_and_the_close_archives_it(
    server, tmp_path
):
    bob = server.add_user("bob")
    server.channel.deny(server.bot_user.id, CREATE_PUBLIC_THREADS)
    bot, clock = daily_bot(tmp_path, hour=8)
    guild = server.guild.id
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        # Setup says at once what the bot lacks for threads.
        said = await set_threads(server, "on")
        assert "Before it can work" in said and "Create Public Threads" in said
        assert "gets a thread" in await status_text(server)

        # Posted while the bot may not open threads: the post, no thread, and status says why.
        clock.set(MONDAY, 9, 0, 5)
        await scheduler_round(bot)
        (post,) = day_posts(server)
        assert server.threads_of(server.channel) == []
        assert "cannot open the daily thread" in await status_text(server)

    # An admin grants it; the restarted bot opens the thread on the post.
    del server.channel.overwrites[server.bot_user.id]
    again = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(again, ready_timeout=60):
        await scheduler_round(again)
        (thread,) = server.threads_of(server.channel)
        assert thread.id == post.id and re.fullmatch(
            r"Letter Boxed #\d+ · Monday 23 November", thread.name
        )
        assert (await again.daily.store.post(guild, "letterboxed", MONDAY)).thread_id == thread.id

    # Stopped after Discord opened the thread but before the record: no second thread,
    # whether the thread is active (the bot is told of it) or a moderator archived it
    # (Discord refuses a second one, 160004).
    for archived_by_a_moderator in (False, True):
        forget_thread(bot.config.database)
        if archived_by_a_moderator:
            await server.archive_thread(thread)
        third = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
        async with server.run_bot(third, ready_timeout=60):
            await scheduler_round(third)
            assert server.threads_of(server.channel) == [thread]
            recorded = await third.daily.store.post(guild, "letterboxed", MONDAY)
            assert recorded.thread_id == thread.id
    # A second thread asked for once (after the archive), then the one there is recorded.
    assert [v.kind for v in server.violations] == ["thread"]

    third = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(third, ready_timeout=60):
        # Bob solves and shares: his line goes to the thread, and he is told where.
        daily = await todays_puzzle(third, server)
        shared = await solve_and_share(server, post, daily, bob)
        assert shared.ephemeral and f"<#{thread.id}>" in shared.content
        (line,) = server.channel_messages(thread)
        assert re.fullmatch(r"\*\*Bob\*\* · Letter Boxed #\d+: 2 words, 0:00", line.content)
        assert not [m for m in server.channel_messages(server.channel) if "**Bob**" in m.content]

        # A moderator locks the thread: Alice's share cannot go there, she gets the line.
        await server.archive_thread(thread, locked=True)
        shared = await solve_and_share(server, post, daily, server.user)
        assert shared.ephemeral and "gone or locked" in shared.content
        assert "Letter Boxed #" in shared.content and len(server.channel_messages(thread)) == 1
        thread.archived = thread.locked = False  # and unlocks it again

        # The day closes: the answer in the channel and in the thread, which is archived.
        clock.set(TUESDAY, 0, 0, 5)
        await scheduler_round(third)
        in_channel = [m for m in server.channel_messages(server.channel) if "closed" in m.content]
        in_thread = [m for m in server.channel_messages(thread) if "closed" in m.content]
        assert len(in_channel) == 1 and len(in_thread) == 1
        (picture,) = in_thread[0].attachments
        assert picture.filename.startswith("SPOILER_")
        assert thread.archived
    server.assert_no_violations(allow=("thread",))


async def test_threads_off_shares_in_the_channel_and_opens_no_thread(server, tmp_path):
    bot, clock = daily_bot(tmp_path, hour=8)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        assert "gets a thread" in await set_threads(server, "on")
        assert "no thread" in await set_threads(server, "off")
        clock.set(MONDAY, 9, 0, 5)
        await scheduler_round(bot)
        (post,) = day_posts(server)
        await scheduler_round(bot)
        assert server.threads_of(server.channel) == []
        shared = await solve_and_share(server, post, await todays_puzzle(bot, server), server.user)
        assert not shared.ephemeral and shared.channel_id == server.channel.id
        clock.set(TUESDAY, 0, 0, 5)
        await scheduler_round(bot)
        assert server.threads_of(server.channel) == []
    server.assert_no_violations()


async def test_posts_one_by_one_get_a_thread_each_and_each_close_answers_in_its_own(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path, hour=8, **TWO_KINDS_IN_A_ROUND)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed, ladder")
        await reply_to(server, "puzzle-settings posts", user=server.owner, layout="separate")
        await set_threads(server, "on")
        clock.set(MONDAY, 9, 0, 5)
        await scheduler_round(bot, timeout=120)
        posts = day_posts(server)
        threads = server.threads_of(server.channel)
        assert len(posts) == 2 and sorted(t.id for t in threads) == sorted(p.id for p in posts)
        assert sorted(t.name.split(" #")[0] for t in threads) == ["Letter Boxed", "Word Ladder"]

        clock.set(TUESDAY, 0, 0, 5)
        await scheduler_round(bot)
        for thread in threads:
            (close,) = [m for m in server.channel_messages(thread) if "closed" in m.content]
            assert thread.name.split(" · ")[0] in close.content and thread.archived
    server.assert_no_violations()


async def test_a_thread_discord_refuses_is_said_in_status_and_not_asked_for_every_round(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path, hour=8)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        assert "Before it can work" not in await set_threads(server, "on")
        # Taken away without the bot being told: it learns it from Discord's refusal.
        server.channel.deny(server.bot_user.id, CREATE_PUBLIC_THREADS)
        clock.set(MONDAY, 9, 0, 5)
        await scheduler_round(bot)
        assert len(day_posts(server)) == 1  # the post goes out all the same
        for _ in range(3):
            await scheduler_round(bot)
        assert server.threads_of(server.channel) == []
        assert "cannot open the daily thread" in await status_text(server)
        # Asked once: Discord counts refusals, and too many bar the bot for a while.
        assert [v.kind for v in server.violations] == ["forbidden"]
    server.assert_no_violations(allow=("forbidden",))
