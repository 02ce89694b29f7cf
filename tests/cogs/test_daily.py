"""Daily puzzles end to end: the real bot on the local Discord server, with a clock the test
moves through four days (server time zone Europe/London, posts at 09:00)."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
import sqlite3

import pytest
from PIL import Image

from bot.app import PuzzleBot
from puzzles import all_kinds, get_kind
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, test_config
from tests.fakediscord import FakeDiscord

MONDAY = dt.date(2026, 11, 23)
LONDON_WINTER = dt.UTC  # London is on UTC in November: local 09:00 is 09:00 UTC


class Clock:
    def __init__(self, now: dt.datetime):
        self.now = now

    def __call__(self) -> dt.datetime:
        return self.now

    def set(self, day: dt.date, hour: int, minute: int = 0, second: int = 0) -> None:
        self.now = dt.datetime.combine(day, dt.time(hour, minute, second), LONDON_WINTER)


@pytest.fixture
async def server():
    async with FakeDiscord(heartbeat_interval=0.25) as server:
        yield server


async def next_round(bot: PuzzleBot) -> None:
    """Wake the scheduler and wait until it has finished a whole round."""
    scheduler = bot.daily_scheduler
    before = scheduler.rounds
    scheduler.wake()
    for _ in range(int(REPLY_TIMEOUT * 20)):
        if scheduler.rounds >= before + 2:  # a round that started after the wake-up
            return
        scheduler.wake()
        await asyncio.sleep(0.05)
    raise AssertionError("the scheduler did not finish a round")


def posts(server: FakeDiscord, needle: str):
    return [m for m in server.channel_messages(server.channel) if needle in m.content]


def code_block(text: str) -> str:
    return re.search(r"```\n(.*?)\n```", text, re.DOTALL).group(1)


def answer_for(puzzle_text: str) -> str:
    kind = get_kind("letterboxed")
    return " ".join(kind.solve(kind.parse(puzzle_text)).words)


async def play_and_answer(server, post, user, answers: list[str]) -> list[str]:
    """Press Play, then Answer, typing each answer in turn; the private replies."""
    play = await server.click_button(post, label="Play", user=user)
    opened = await play.reply(timeout=REPLY_TIMEOUT)
    assert opened.ephemeral and opened.attachments
    replies = []
    for text in answers:
        pressed = await server.click_button(opened, label="Answer", user=user)
        submitted = await pressed.submit_modal({"answer": text}, user=user)
        replies.append((await submitted.reply(timeout=REPLY_TIMEOUT)).content)
    return replies


async def test_a_week_of_daily_letter_boxed(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)

        # Only someone who can manage the server sets it up.
        options = {"channel": server.channel, "time": "9:00", "timezone": "Europe/London"}
        refused = await server.send_slash_command("daily setup", options=options, user=alice)
        assert "Manage Server" in (await refused.reply(timeout=REPLY_TIMEOUT)).content
        setup = await server.send_slash_command(
            "daily setup", options={**options, "kinds": "lb"}, user=server.owner
        )
        status = await setup.reply(timeout=REPLY_TIMEOUT)
        assert status.ephemeral and "09:00 Europe/London" in status.content

        await next_round(bot)
        assert not posts(server, "Letter Boxed #"), "posted before 09:00"

        # Monday 09:00: the post arrives with its picture and a Play button.
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        (monday_post,) = posts(server, "Letter Boxed #")
        number = int(re.search(r"#(\d+)", monday_post.content).group(1))
        assert monday_post.attachments and monday_post.attachments[0].png_size()[0] >= 400
        await next_round(bot)
        assert len(posts(server, "Letter Boxed #")) == 1, "posted twice"

        # The puzzle text is stored; a solve of it here is refused until the day closes.
        daily = await bot.daily.store.puzzle("letterboxed", MONDAY, "easy")
        shuffled = " ".join(reversed(daily.puzzle_text.split())).upper()
        guard = await server.send_slash_command("solve letterboxed", options={"puzzle": shuffled})
        refusal = await guard.reply(timeout=REPLY_TIMEOUT)
        assert refusal.ephemeral and "no spoilers" in refusal.content

        # Alice tries a wrong answer first, then solves it; Bob solves at once.
        right = answer_for(daily.puzzle_text)
        clock.set(MONDAY, 9, 10)
        first, second = await play_and_answer(server, monday_post, alice, ["able bodied", right])
        assert "Not yet" in first and "Solved" in second
        share = code_block(second)
        assert share.startswith(f"Letter Boxed #{number}:") and right.split()[0] not in share
        bob_answer = await server.send_slash_command(
            "daily answer", options={"kind": "letterboxed", "answer": right}, user=bob
        )
        assert "Solved" in (await bob_answer.reply(timeout=REPLY_TIMEOUT)).content

        board = await server.send_slash_command("leaderboard", options={"period": "today"})
        shown = await board.reply(timeout=REPLY_TIMEOUT)
        text = shown.embeds[0]["description"]
        assert text.index("Bob") < text.index("Alice"), text  # 100 points beat 90
        with Image.open(io.BytesIO(shown.attachments[0].data)) as image:
            assert image.format == "PNG" and image.width >= 400

        # Midnight: the solution and the results.
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(bot)
        (closing,) = posts(server, "has closed")
        assert right.split()[0].upper() in closing.content.upper()
        assert closing.content.index("Bob") < closing.content.index("Alice")

        # Tuesday Alice solves again (streak 2); Wednesday she misses; Thursday she solves.
        for offset, plays in ((1, True), (2, False), (3, True)):
            day = MONDAY + dt.timedelta(days=offset)
            clock.set(day, 9, 0, 5)
            await next_round(bot)
            post = posts(server, f"Letter Boxed #{number + offset}")[0]
            if plays:
                stored = (await bot.daily.store.open_posts(server.guild.id))[0]
                puzzle = await bot.daily.store.puzzle("letterboxed", day, stored.difficulty)
                clock.set(day, 12)
                (reply,) = await play_and_answer(
                    server, post, alice, [answer_for(puzzle.puzzle_text)]
                )
                assert "Solved" in reply
            if offset == 1:
                stats = await server.send_slash_command("stats", options={})
                assert "streak 2" in (await stats.reply(timeout=REPLY_TIMEOUT)).content
            clock.set(day + dt.timedelta(days=1), 0, 0, 5)
            await next_round(bot)

        stats = await server.send_slash_command("stats", options={"member": alice})
        card = await stats.reply(timeout=REPLY_TIMEOUT)
        assert "streak 1 (longest 2)" in card.content
        assert "played 3, solved 3" in card.content
        assert card.attachments
    server.assert_no_violations()


def letter_boxed_posts(server: FakeDiscord, channel, day_number: int | None = None) -> list:
    """The daily Letter Boxed posts in the channel (of one puzzle number, if given)."""
    needle = f"Letter Boxed #{day_number}" if day_number else "Letter Boxed #"
    return [
        m
        for m in server.channel_messages(channel)
        if needle in m.content and "has closed" not in m.content
    ]


async def set_up_daily_letter_boxed(server: FakeDiscord, bot: PuzzleBot, channel) -> None:
    await bot.sync_commands(server.guild.id)
    options = {"channel": channel, "time": "09:00", "timezone": "Europe/London"}
    setup = await server.send_slash_command(
        "daily setup", options={**options, "kinds": "letterboxed"}, user=server.owner
    )
    await setup.reply(timeout=REPLY_TIMEOUT)


async def test_restarts_neither_post_twice_nor_skip_and_a_lost_channel_is_reported_and_retried(
    server, tmp_path
):
    puzzles_channel = next(c for c in server.guild.channels if c.name == "puzzles")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1)

    def new_bot() -> PuzzleBot:
        return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)

    def posted(day_number: int | None = None) -> list:
        return letter_boxed_posts(server, puzzles_channel, day_number)

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, puzzles_channel)

    # The bot was down at 09:00: it posts as soon as it is back, once, across restarts.
    clock.set(MONDAY, 9, 30)
    for _ in range(2):
        async with server.run_bot(new_bot(), ready_timeout=60) as bot:
            await next_round(bot)
            await next_round(bot)
        assert len(posted()) == 1
    number = int(re.search(r"#(\d+)", posted()[0].content).group(1))

    # The channel is deleted: Tuesday's post fails, /daily status says why, and it is retried.
    server.guild.channels.remove(puzzles_channel)
    clock.set(MONDAY + dt.timedelta(days=1), 9, 0, 5)
    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        await next_round(bot)
        status = await server.send_slash_command("daily status", user=server.owner)
        shown = (await status.reply(timeout=REPLY_TIMEOUT)).content
        assert "no longer exists" in shown and "keep retrying" in shown

        server.guild.channels.append(puzzles_channel)
        await next_round(bot)
        assert len(posted(number + 1)) == 1
        closing = [m for m in server.channel_messages(puzzles_channel) if "has closed" in m.content]
        assert len(closing) == 1 and f"#{number} has closed" in closing[0].content
        status = await server.send_slash_command("daily status", user=server.owner)
        assert "no longer exists" not in (await status.reply(timeout=REPLY_TIMEOUT)).content
    server.assert_no_violations(allow=("unknown_resource",))  # the deleted channel, on purpose


async def test_a_post_sent_but_not_recorded_before_a_crash_is_found_not_sent_again(
    server, tmp_path
):
    puzzles_channel = next(c for c in server.guild.channels if c.name == "puzzles")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1)

    def new_bot() -> PuzzleBot:
        return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await set_up_daily_letter_boxed(server, bot, puzzles_channel)
        await next_round(bot)
    [monday] = letter_boxed_posts(server, puzzles_channel)

    # What a crash between sending the post and recording it leaves: the post reserved and
    # sent, its message unrecorded.
    with sqlite3.connect(config.database) as database:
        database.execute("UPDATE daily_posts SET message_id = NULL, posted_at = NULL")

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await next_round(bot)
        assert letter_boxed_posts(server, puzzles_channel) == [monday]
        with sqlite3.connect(config.database) as database:
            recorded = database.execute("SELECT message_id FROM daily_posts").fetchall()
        assert recorded == [(monday.id,)]

        clock.set(MONDAY + dt.timedelta(days=1), 9, 0, 5)  # the found post closes as usual
        await next_round(bot)
        closing = [m for m in server.channel_messages(puzzles_channel) if "has closed" in m.content]
        assert len(closing) == 1 and len(letter_boxed_posts(server, puzzles_channel)) == 2
    server.assert_no_violations()


async def test_every_kind_is_posted_with_its_picture_and_opens_for_a_player(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, generate_deadline_seconds=120)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)
        options = {"channel": server.channel, "time": "09:00", "timezone": "Europe/London"}
        setup = await server.send_slash_command("daily setup", options=options, user=server.owner)
        await setup.reply(timeout=REPLY_TIMEOUT)
        await next_round(bot)
        daily_posts = [m for m in server.channel_messages(server.channel) if m.components]
        titles = {kind.title for kind in all_kinds()}
        assert {m.content.split("**")[1].split(" #")[0] for m in daily_posts} == titles
        for post in daily_posts:
            assert post.attachments and post.attachments[0].png_size()[0] >= 400
            opened = await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
            assert opened.ephemeral and opened.attachments, opened.content
    server.assert_no_violations()
