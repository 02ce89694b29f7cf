"""A fair, quiet daily, end to end: the real bot on the local Discord server (issue 29).

Fair play: the post never shows the puzzle, Play does and starts the member's timer, an
answer before Play opens it instead of being timed, giving up, a hint that says its cost,
an Answer button that says at once when there is nothing to answer, and Share. A quiet
channel: one post and one close a day carrying every kind (one each, as a setting), the
solutions as spoiler pictures with the how behind a button, a leaderboard that is one
picture. What is shown: Discord timestamps, and each kind's difficulty in /daily status.
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3

import pytest

from bot.app import PuzzleBot
from localdiscord import LocalDiscord
from localdiscord.models import ATTACH_FILES
from puzzles import get_kind
from tests.cogs.test_daily import (
    LONDON_WINTER,
    MONDAY,
    Clock,
    answer_daily,
    answer_for,
    code_block,
    eventually,
    next_round,
    status_text,
)
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, described, test_config


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def daily_bot(tmp_path, hour: int = 9, minute: int = 30, **changes) -> tuple[PuzzleBot, Clock]:
    """A bot whose clock stands on Monday at `hour`:`minute` (London, on UTC in November)."""
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(hour, minute), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50, **changes)
    return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05), clock


async def set_up(server, bot: PuzzleBot, kinds: str, **options) -> str:
    """Daily puzzles at 09:00 London in the server's channel; the setup's reply."""
    await bot.sync_commands(server.guild.id)
    chosen = {"channel": server.channel, "time": "09:00", "timezone": "Europe/London"}
    setup = await server.send_slash_command(
        "puzzle-settings setup", options={**chosen, "kinds": kinds, **options}, user=server.owner
    )
    return (await setup.reply(timeout=REPLY_TIMEOUT)).content


async def todays_puzzle(bot: PuzzleBot, server, kind: str = "letterboxed", day=MONDAY):
    post = await bot.daily.store.post(server.guild.id, kind, day)
    return await bot.daily.store.puzzle_of(post)  # in the language it was posted in


# Generous deadlines: a busy machine makes and solves two kinds in one round.
TWO_KINDS_IN_A_ROUND = {"generate_deadline_seconds": 120, "deadline_seconds": 20}


async def post_letter_boxed_and_ladder(server, bot: PuzzleBot):
    """Set up daily Letter Boxed and Word Ladder, post today's; the one post."""
    await set_up(server, bot, "letterboxed, ladder")
    await next_round(bot, timeout=120)
    (post,) = day_posts(server)
    return post


def day_posts(server) -> list:
    """The bot's daily posts (those with Play buttons) in the server's channel."""
    return [
        m
        for m in server.channel_messages(server.channel)
        if any(c.get("label", "").startswith("Play") for c in m.all_components())
    ]


async def test_the_post_hides_the_puzzle_and_an_answer_before_play_opens_it_untimed(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        (post,) = day_posts(server)
        daily = await todays_puzzle(bot, server)
        right = answer_for(daily.puzzle_text)

        # The post says what the puzzle is, not what it is made of.
        (shown,) = post.embeds
        assert shown["title"].startswith("Letter Boxed #") and "Easy" in shown["description"]
        assert "nobody has played yet" in shown["description"]
        public = (post.content + str(post.embeds)).upper()
        assert not post.attachments
        assert not any(side.upper() in public for side in daily.puzzle_text.split())
        bot.get_cog("Daily").cards.delay = 0  # count the players at once

        # An answer before Play is not checked, let alone timed: the puzzle opens instead.
        first = await server.send_slash_command(
            "daily answer", options={"kind": "letterboxed", "answer": right}
        )
        opened = await first.reply(timeout=REPLY_TIMEOUT)
        assert opened.ephemeral and "did not check" in opened.content
        assert code_block(opened.content) == daily.puzzle_text
        assert described(opened, "Letter Boxed", "unsolved", daily.puzzle_text.upper())
        play = await bot.daily.store.play(server.guild.id, server.user.id, "letterboxed", MONDAY)
        assert play.started_at == clock() and play.solved_at is None and play.attempts == 0

        # The post now counts the player.
        await eventually(lambda: "1 played" in server.messages[post.id].embeds[0]["description"])

        # Three minutes later the same answer is a solve of three minutes, not of a moment.
        clock.now += dt.timedelta(minutes=3, seconds=7)
        solved = await server.send_slash_command(
            "daily answer", options={"kind": "letterboxed", "answer": right}
        )
        reply = (await solved.reply(timeout=REPLY_TIMEOUT)).content
        assert "Solved" in reply and code_block(reply).endswith(", 3:07"), reply
    server.assert_no_violations()


async def test_giving_up_shows_the_answer_privately_and_ends_the_day_and_the_streak(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        monday = await todays_puzzle(bot, server)
        assert "Solved" in await answer_daily(server, answer_for(monday.puzzle_text))

        # Tuesday: Alice opens the puzzle, tries once, then gives up.
        tuesday = MONDAY + dt.timedelta(days=1)
        clock.set(tuesday, 9, 0, 5)
        await next_round(bot)
        post = day_posts(server)[-1]
        daily = await todays_puzzle(bot, server, day=tuesday)
        opened = await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
        assert "Not yet" in await answer_daily(server, "able bodied")
        asked = await (await server.click_button(opened, label="Give up")).reply(REPLY_TIMEOUT)
        assert asked.ephemeral and "not a wrong answer" in asked.content
        revealed = await server.click_button(asked, label="Show me the answer")
        answer = await revealed.reply(timeout=REPLY_TIMEOUT)
        assert answer.ephemeral and "You gave up" in answer.content
        assert daily.solution_text.splitlines()[0] in answer.content
        assert described(answer, "Letter Boxed", "solution drawn in")
        assert not [m for m in server.channel_messages(server.channel) if "gave up" in m.content]

        # Recorded as not solved, one wrong try (giving up is not another), streak over.
        play = await bot.daily.store.play(server.guild.id, server.user.id, "letterboxed", tuesday)
        assert play.gave_up_at is not None and play.solved_at is None and play.attempts == 1
        late = await answer_daily(server, answer_for(daily.puzzle_text))
        assert "gave up" in late and "Solved" not in late
        stats = await server.send_slash_command("stats")
        assert "streak 0 (longest 1)" in (await stats.reply(timeout=REPLY_TIMEOUT)).content
        pressed = await server.click_button(opened, label="Answer")
        said = await pressed.reply(timeout=REPLY_TIMEOUT)
        assert "gave up" in said.content and pressed.modal is None
    server.assert_no_violations()


async def test_a_hint_says_its_cost_a_solved_answer_says_so_at_once_and_share_is_public(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path)
    bob = server.add_user("bob")
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        (post,) = day_posts(server)
        daily = await todays_puzzle(bot, server)
        opened = await (await server.click_button(post, label="Play", user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert opened.button(label="Hint (-20 points)"), "the cost is on the button"
        clock.now += dt.timedelta(minutes=2, seconds=30)
        pressed = await server.click_button(opened, label="Answer", user=bob)
        box = await pressed.submit_modal({"answer": answer_for(daily.puzzle_text)}, user=bob)
        solved = await box.reply(timeout=REPLY_TIMEOUT)
        assert "Solved" in solved.content

        # Answer again: no text box, the reason at once.
        again = await server.click_button(opened, label="Answer", user=bob)
        said = await again.reply(timeout=REPLY_TIMEOUT)
        assert said.ephemeral and "already solved" in said.content and again.modal is None

        # Share posts the spoiler-free line in the channel, for everyone.
        shared = await (await server.click_button(solved, label="Share", user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert not shared.ephemeral and shared.channel_id == server.channel.id
        assert re.fullmatch(r"\*\*Bob\*\* · Letter Boxed #\d+: 2 words, 2:30", shared.content)
    server.assert_no_violations()


async def test_one_post_and_one_close_a_day_carry_every_kind_and_each_can_be_separate(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path, **TWO_KINDS_IN_A_ROUND)
    async with server.run_bot(bot, ready_timeout=60):
        post = await post_letter_boxed_and_ladder(server, bot)
        assert [e["title"].split(" #")[0] for e in post.embeds] == [
            get_kind("letterboxed").title,
            get_kind("ladder").title,
        ]
        lb = await todays_puzzle(bot, server)
        assert "Solved" in await answer_daily(server, answer_for(lb.puzzle_text))
        opened = await server.click_button(post, label=f"Play {get_kind('ladder').title}")
        assert (await opened.reply(REPLY_TIMEOUT)).attachments

        # Midnight: one close, each solution a picture behind a spoiler, and the results.
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(bot)
        (close,) = [m for m in server.channel_messages(server.channel) if "closed" in m.content]
        assert [a.filename.split("-")[0] for a in close.attachments] == [
            "SPOILER_letterboxed",
            "SPOILER_ladder",
        ]
        assert all(
            a.description and "solution drawn in" in a.description for a in close.attachments
        )
        assert "**Letter Boxed #" in close.content and "1 played, 1 solved" in close.content
        assert (
            f"**{get_kind('ladder').title} #" in close.content
            and "1 played, 0 solved" in close.content
        )
        assert lb.solution_text not in close.content and len(close.content) < 600
        how = await server.click_button(close, label="Show how Letter Boxed")
        shown = await how.reply(timeout=REPLY_TIMEOUT)
        assert shown.ephemeral and lb.solution_text.splitlines()[0] in shown.content

        # One post per kind, as a setting: Tuesday brings two posts, and later two closes.
        layout = await server.send_slash_command(
            "puzzle-settings posts", options={"layout": "separate"}, user=server.owner
        )
        assert "one post each" in (await layout.reply(timeout=REPLY_TIMEOUT)).content
        clock.set(MONDAY + dt.timedelta(days=1), 9, 0, 5)
        await next_round(bot, timeout=120)
        tuesday = day_posts(server)[1:]
        assert sorted(len(p.embeds) for p in tuesday) == [1, 1] and len(tuesday) == 2
        assert all(p.button(label="Play") for p in tuesday)
        clock.set(MONDAY + dt.timedelta(days=2), 0, 0, 5)
        await next_round(bot)
        closes = [m for m in server.channel_messages(server.channel) if "closed" in m.content]
        assert len(closes) == 3
    server.assert_no_violations()


async def test_the_leaderboard_is_one_picture_with_alt_text_or_text_where_pictures_cannot_go(
    server, tmp_path
):
    bot, _ = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        daily = await todays_puzzle(bot, server)
        assert "Solved" in await answer_daily(server, answer_for(daily.puzzle_text))

        board = await server.send_slash_command("leaderboard", options={"period": "today"})
        shown = await board.reply(timeout=REPLY_TIMEOUT)
        assert len(shown.attachments) == 1 and not shown.embeds and not shown.content
        assert described(shown, "Leaderboard", "1. Alice, 100 pts, solved 1 of 1")

        for role in server.guild.roles:  # no pictures for the bot here
            role.permissions &= ~ATTACH_FILES
        board = await server.send_slash_command("leaderboard", options={"period": "today"})
        shown = await board.reply(timeout=REPLY_TIMEOUT)
        assert not shown.attachments and "Alice" in shown.embeds[0]["description"]
    server.assert_no_violations()


async def test_status_shows_times_as_discord_timestamps_and_every_kinds_difficulty(
    server, tmp_path
):
    bot, _ = daily_bot(tmp_path, hour=8)
    async with server.run_bot(bot, ready_timeout=60):
        said = await set_up(server, bot, "letterboxed, sudoku, qless", timezone="America/New_York")
        nine_in_new_york = dt.datetime(2026, 11, 23, 14, 0, tzinfo=dt.UTC)  # EST is UTC-5
        assert f"<t:{int(nine_in_new_york.timestamp())}:t>" in said
        assert f"<t:{int(nine_in_new_york.timestamp())}:F>" in said
        assert "UTC" not in said and "14:00" not in said

        level = await server.send_slash_command(
            "puzzle-settings difficulty",
            options={"kind": "letterboxed", "level": "hard"},
            user=server.owner,
        )
        await level.reply(timeout=REPLY_TIMEOUT)
        shown = await status_text(server)
        assert "Letter Boxed: hard (fixed)" in shown
        assert re.search(r"Sudoku: \w+ \(follows the week\)", shown), shown
        assert "Q-less: monday (follows the week)" in shown, shown
    server.assert_no_violations()


async def test_the_answer_button_without_a_play_opens_play_instead_of_a_text_box(server, tmp_path):
    """A member whose play is gone (their data deleted) presses an old Answer button: the
    puzzle opens again, timed from now, rather than a text box that would time nothing."""
    bot, _ = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        (post,) = day_posts(server)
        opened = await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
        await bot.daily.forget_member(server.guild.id, server.user.id)
        pressed = await server.click_button(opened, label="Answer")
        reply = await pressed.reply(timeout=REPLY_TIMEOUT)
        assert pressed.modal is None and "Your timer is running" in reply.content
    server.assert_no_violations()


async def test_plays_and_give_ups_survive_a_restart(server, tmp_path):
    bot, clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "letterboxed")
        await next_round(bot)
        (post,) = day_posts(server)
        await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
        bob = server.add_user("bob")
        opened = await (await server.click_button(post, label="Play", user=bob)).reply(
            REPLY_TIMEOUT
        )
        asked = await (await server.click_button(opened, label="Give up", user=bob)).reply(
            REPLY_TIMEOUT
        )
        await (await server.click_button(asked, label="Show me the answer", user=bob)).reply(
            REPLY_TIMEOUT
        )
    started = clock()
    clock.now += dt.timedelta(minutes=1)
    again = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(again, ready_timeout=60):
        daily = await todays_puzzle(again, server)
        right = answer_for(daily.puzzle_text)
        reply = await answer_daily(server, right)
        assert "Solved" in reply and code_block(reply).endswith(", 1:00"), reply
        assert "gave up" in await answer_daily(server, right, user=bob)
        play = await again.daily.store.play(server.guild.id, server.user.id, "letterboxed", MONDAY)
        assert play.started_at == started
    server.assert_no_violations()


async def test_a_days_post_sent_but_not_recorded_before_a_crash_is_found_for_every_kind(
    server, tmp_path
):
    bot, clock = daily_bot(tmp_path, **TWO_KINDS_IN_A_ROUND)
    async with server.run_bot(bot, ready_timeout=60):
        post = await post_letter_boxed_and_ladder(server, bot)
    with sqlite3.connect(bot.config.database) as database:  # the crash: sent, not recorded
        database.execute("UPDATE daily_posts SET message_id = NULL, posted_at = NULL")

    again = PuzzleBot(bot.config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(again, ready_timeout=60):
        await next_round(again)
        assert day_posts(server) == [post], "sent again"
        with sqlite3.connect(bot.config.database) as database:
            recorded = database.execute("SELECT kind, message_id FROM daily_posts").fetchall()
        assert sorted(recorded) == [("ladder", post.id), ("letterboxed", post.id)]
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(again)
        closes = [m for m in server.channel_messages(server.channel) if "closed" in m.content]
        assert len(closes) == 1 and len(closes[0].attachments) == 2
    server.assert_no_violations()
