"""Daily puzzles end to end: the real bot on the local Discord server, with a clock the test
moves through four days (server time zone Europe/London, posts at 09:00)."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
import sqlite3
import time

import pytest
from PIL import Image

from bot.app import PuzzleBot
from bot.config import Config
from bot.daily.scheduler import CLOSE_ATTEMPTS
from bot.database import Database
from localdiscord import CommandHidden, LocalDiscord
from localdiscord.models import SEND_MESSAGES
from puzzles import all_kinds, get_kind
from tests.cogs.test_puzzle_commands import (
    BOX,
    REPLY_TIMEOUT,
    described,
    only_the_member_saw,
    test_config,
)

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
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


async def next_round(bot: PuzzleBot, timeout: float = REPLY_TIMEOUT) -> None:
    """Wake the scheduler and wait until it has finished a whole round."""
    finished = await bot.daily_scheduler.round_after_now(timeout)
    assert finished, "the scheduler did not finish a round"


def posts(server: LocalDiscord, needle: str):
    return [m for m in server.channel_messages(server.channel) if needle in m.content]


def code_block(text: str) -> str:
    return re.search(r"```\n(.*?)\n```", text, re.DOTALL).group(1)


def answer_for(puzzle_text: str, language: str = "en") -> str:
    kind = get_kind("letterboxed")
    return " ".join(kind.solve(kind.parse(puzzle_text, language)).words)


def shows_answer(text: str, answer: str) -> bool:
    """Whether `text` gives `answer` away: its words in a row, or one of them in capitals, as
    the bot writes answers. One word alone in lower case proves nothing: it may be part of
    the text's own words ("lace" of "placings"), which made the check fail by chance."""
    words = answer.split()
    in_capitals = (re.search(rf"\b{re.escape(word.upper())}\b", text) for word in words)
    return answer.lower() in text.lower() or any(in_capitals)


async def answer_daily(server, answer: str, user=None, kind: str = "letterboxed") -> str:
    """/daily answer, the member's reply; a member who has not opened the puzzle is shown it
    first (not checked), so the answer is sent again then."""
    options = {"kind": kind, "answer": answer}
    handle = await server.send_slash_command("daily answer", options=options, user=user)
    reply = (await handle.reply(timeout=REPLY_TIMEOUT)).content
    if "did not check" in reply:
        handle = await server.send_slash_command("daily answer", options=options, user=user)
        reply = (await handle.reply(timeout=REPLY_TIMEOUT)).content
    return reply


async def play_and_answer(server, post, user, answers: list[str]) -> list[str]:
    """Press Play, then Answer, typing each answer in turn; the private replies."""
    play = await server.click_button(post, label="Play", user=user)
    opened = await play.reply(timeout=REPLY_TIMEOUT)
    assert opened.ephemeral and opened.attachments
    assert described(opened, "Letter Boxed", "unsolved", code_block(opened.content).upper())
    replies = []
    for text in answers:
        pressed = await server.click_button(opened, label="Answer", user=user)
        submitted = await pressed.submit_modal({"answer": text}, user=user)
        replies.append((await submitted.reply(timeout=REPLY_TIMEOUT)).content)
    return replies


async def test_a_week_of_daily_letter_boxed(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), LONDON_WINTER))
    # A week of play in seconds of real time: the per-member limit must not get in the way.
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)

        # Only someone who can manage the server sets it up: members are not even shown it.
        options = {"channel": server.channel, "time": "9:00", "timezone": "Europe/London"}
        with pytest.raises(CommandHidden):
            await server.send_slash_command("puzzle-settings setup", options=options, user=alice)
        setup = await server.send_slash_command(
            "puzzle-settings setup", options={**options, "kinds": "lb"}, user=server.owner
        )
        status = await setup.reply(timeout=REPLY_TIMEOUT)
        assert status.ephemeral and "09:00 Europe/London" in status.content

        await next_round(bot)
        assert not posts(server, "Letter Boxed #"), "posted before 09:00"

        # Monday 09:00: the post arrives: a card saying what the puzzle is, and Play.
        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        (monday_post,) = posts(server, "Letter Boxed #")
        number = int(re.search(r"#(\d+)", monday_post.content).group(1))
        assert not monday_post.attachments and monday_post.embeds, "the puzzle is not public"
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
        assert share.startswith(f"Letter Boxed #{number}:") and not shows_answer(share, right)
        assert "Solved" in await answer_daily(server, right, user=bob)

        board = await server.send_slash_command("leaderboard", options={"period": "today"})
        shown = await board.reply(timeout=REPLY_TIMEOUT)
        with Image.open(io.BytesIO(shown.attachments[0].data)) as image:
            assert image.format == "PNG" and image.width >= 400
        # 100 points beat 90
        assert described(shown, "Leaderboard", "today", "1. Bob, 100 pts", "2. Alice, 90 pts")

        # Midnight: the solution, behind a spoiler, and the results; the how behind a button.
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(bot)
        (closing,) = posts(server, "has closed")
        assert right.split()[0].upper() not in closing.content.upper()
        assert [a.filename.startswith("SPOILER_") for a in closing.attachments] == [True]
        assert described(closing, "Letter Boxed", "solution drawn in", daily.puzzle_text.upper())
        assert closing.content.index("Bob") < closing.content.index("Alice")
        how = await (await server.click_button(closing, label="Show how")).reply(REPLY_TIMEOUT)
        assert how.ephemeral and right.split()[0].upper() in how.content.upper()

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
                if offset == 3:  # a hint first, its picture described like the others
                    opened = await (await server.click_button(post, label="Play")).reply(
                        REPLY_TIMEOUT
                    )
                    hint = await server.click_button(opened, label="Hint (-20 points)")
                    hinted = await hint.reply(timeout=REPLY_TIMEOUT)
                    assert hinted.ephemeral and hinted.attachments, hinted.content
                    assert described(hinted, "Letter Boxed", puzzle.puzzle_text.upper())
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
        assert card.attachments and described(card, "Alice", "played 3", "longest 2")
    server.assert_no_violations()


def letter_boxed_posts(server: LocalDiscord, channel, day_number: int | None = None) -> list:
    """The daily Letter Boxed posts in the channel (of one puzzle number, if given)."""
    needle = f"Letter Boxed #{day_number}" if day_number else "Letter Boxed #"
    return [
        m
        for m in server.channel_messages(channel)
        if needle in m.content and "has closed" not in m.content
    ]


async def set_up_daily_letter_boxed(server: LocalDiscord, bot: PuzzleBot, channel) -> None:
    await bot.sync_commands(server.guild.id)
    options = {"channel": channel, "time": "09:00", "timezone": "Europe/London"}
    setup = await server.send_slash_command(
        "puzzle-settings setup", options={**options, "kinds": "letterboxed"}, user=server.owner
    )
    await setup.reply(timeout=REPLY_TIMEOUT)


async def test_restarts_neither_post_twice_nor_skip_and_a_lost_channel_is_reported(
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

    # The channel is deleted: Tuesday's post fails, /daily status says why, and it is retried
    # hourly, not every round (Discord counts failed requests); Monday's answer cannot be
    # posted anywhere, so its close is given up at once.
    await server.delete_channel(puzzles_channel)
    clock.set(MONDAY + dt.timedelta(days=1), 9, 0, 5)
    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)

        def calls_to_the_channel() -> int:
            return sum(f"/channels/{puzzles_channel.id}" in r.path for r in server.requests)

        await next_round(bot)
        after_first_round = calls_to_the_channel()
        for _ in range(3):
            await next_round(bot)
        assert calls_to_the_channel() == after_first_round, "tried again every round"
        shown = await status_text(server)
        assert "no longer exists" in shown and "keep retrying" in shown
        assert "Monday 23 November was not posted" in shown and "after 1 try." in shown

        server.guild.channels.append(puzzles_channel)  # say, permissions given back
        await next_round(bot)
        assert posted(number + 1) == [], "retried before the hour was up"
        clock.set(MONDAY + dt.timedelta(days=1), 10, 0, 6)
        await next_round(bot)
        assert len(posted(number + 1)) == 1
        closing = [m for m in server.channel_messages(puzzles_channel) if "has closed" in m.content]
        assert closing == [], "a given-up close was posted after all"
        assert "keep retrying" not in await status_text(server)
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


async def test_every_kind_is_posted_in_one_message_and_opens_with_its_picture(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    # Generous deadlines: a busy machine makes and solves seven kinds in one round.
    config = test_config(
        tmp_path, daily_poll_seconds=0.1, deadline_seconds=20, generate_deadline_seconds=120
    )
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)
        options = {"channel": server.channel, "time": "09:00", "timezone": "Europe/London"}
        setup = await server.send_slash_command(
            "puzzle-settings setup", options=options, user=server.owner
        )
        await setup.reply(timeout=REPLY_TIMEOUT)
        await next_round(bot, timeout=config.generate_deadline_seconds)  # makes every kind
        (post,) = [m for m in server.channel_messages(server.channel) if m.components]
        titles = {kind.title for kind in all_kinds()}
        assert {embed["title"].split(" #")[0] for embed in post.embeds} == titles
        assert not post.attachments, "the puzzles are shown by Play only"
        for title in titles:
            pressed = await server.click_button(post, label=f"Play {title}")
            opened = await pressed.reply(REPLY_TIMEOUT)
            assert opened.ephemeral and opened.attachments, opened.content
            assert opened.attachments[0].png_size()[0] >= 400
    server.assert_no_violations()


MANAGE_GUILD = 1 << 5
ADMIN_SUBCOMMANDS = (
    "setup", "kinds", "posts", "difficulty", "pause", "resume", "forget-member", "notify-role",
    "threads", "export", "language",
)  # fmt: skip


async def test_server_settings_are_hidden_from_members_and_still_checked_when_run(server, tmp_path):
    alice, moderator = server.user, server.add_user("mod")
    role = server.guild.add_role("mods", permissions=MANAGE_GUILD)
    server.guild.members[moderator.id].role_ids.append(role.id)
    bot = PuzzleBot(test_config(tmp_path), guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)
        settings = server.command("puzzle-settings")
        assert settings["default_member_permissions"] == str(MANAGE_GUILD)
        assert {option["name"] for option in settings["options"]} == set(ADMIN_SUBCOMMANDS)
        daily = server.command("daily")
        assert {option["name"] for option in daily["options"]} == {"answer", "status", "archive"}

        shown = set(server.visible_command_names(alice))
        assert {"daily", "leaderboard", "stats", "delete-my-data", "solve"} <= shown
        assert "puzzle-settings" not in shown
        for name in ADMIN_SUBCOMMANDS:
            with pytest.raises(CommandHidden):
                await server.send_slash_command(f"puzzle-settings {name}", user=alice)

        # A moderator's override shows it to Alice; the bot still asks for Manage Server.
        server.guild.command_users["puzzle-settings"] = {alice.id}
        refused = await server.send_slash_command("puzzle-settings pause", user=alice)
        reply = await refused.reply(timeout=REPLY_TIMEOUT)
        assert reply.ephemeral and "Manage Server" in reply.content

        # A member whose role has Manage Server sets it up.
        options = {"channel": server.channel, "time": "09:00", "timezone": "Europe/London"}
        setup = await server.send_slash_command(
            "puzzle-settings setup", options=options, user=moderator
        )
        assert "09:00 Europe/London" in (await setup.reply(timeout=REPLY_TIMEOUT)).content
    server.assert_no_violations()


async def status_text(server: LocalDiscord) -> str:
    status = await server.send_slash_command("daily status", user=server.owner)
    return (await status.reply(timeout=REPLY_TIMEOUT)).content


async def test_a_day_posted_after_a_channel_change_closes_where_it_was_posted(server, tmp_path):
    closed = next(c for c in server.guild.channels if c.name == "puzzles")
    closed.deny(server.bot_user.id, SEND_MESSAGES)  # the bot may not post there
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    bot = PuzzleBot(test_config(tmp_path, daily_poll_seconds=0.1), clock=clock,
                    guild_ready_timeout=0.05)  # fmt: skip
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)
        # Set up after today's post time: it says (and does) "now", not "tomorrow".
        options = {"time": "09:00", "timezone": "Europe/London", "kinds": "letterboxed"}
        setup = await server.send_slash_command(
            "puzzle-settings setup", options={**options, "channel": closed}, user=server.owner
        )
        said = (await setup.reply(timeout=REPLY_TIMEOUT)).content
        assert "going out now" in said and "give me Send Messages" in said
        await next_round(bot)
        assert "may not post" in await status_text(server)

        def tried_closed() -> int:
            return len(server.requests_to("POST", f"/channels/{closed.id}/messages"))

        setup = await server.send_slash_command(
            "puzzle-settings setup",
            options={**options, "channel": server.channel},
            user=server.owner,
        )
        said = (await setup.reply(timeout=REPLY_TIMEOUT)).content
        assert "may not post" not in said and "Before it can work" not in said
        tries_before = tried_closed()
        await next_round(bot)
        assert len(letter_boxed_posts(server, server.channel)) == 1
        tuesday_post = dt.datetime.combine(MONDAY + dt.timedelta(days=1), dt.time(9), dt.UTC)
        shown = await status_text(server)
        assert f"<t:{int(tuesday_post.timestamp())}:F>" in shown and "problem" not in shown

        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        for _ in range(3):
            await next_round(bot)
        closing = [m for m in server.channel_messages(server.channel) if "has closed" in m.content]
        assert len(closing) == 1
        assert tried_closed() <= tries_before + 1, "the close was sent to the old channel"
        assert "problem" not in await status_text(server)
    server.assert_no_violations(allow=("forbidden",))  # the closed channel, on purpose


async def posted_letter_boxed(server: LocalDiscord, bot: PuzzleBot) -> tuple:
    """Set up daily Letter Boxed, post today's; (the post, a right answer)."""
    await set_up_daily_letter_boxed(server, bot, server.channel)
    await next_round(bot)
    (post,) = letter_boxed_posts(server, server.channel)
    daily = await bot.daily.store.puzzle("letterboxed", MONDAY, "easy")
    return post, answer_for(daily.puzzle_text)


async def test_an_answer_box_opened_before_a_restart_is_answered_after_it(server, tmp_path):
    alice = server.user
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1)

    def new_bot() -> PuzzleBot:
        return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)

    async with server.run_bot(new_bot(), ready_timeout=60) as bot:
        post, right = await posted_letter_boxed(server, bot)
        opened = await (await server.click_button(post, label="Play", user=alice)).reply(
            REPLY_TIMEOUT
        )
        pressed = await server.click_button(opened, label="Answer", user=alice)
        box = await pressed.wait_for_modal()
        assert box["custom_id"] == f"puzzlebot:answerbox:letterboxed:{MONDAY.isoformat()}"

    async with server.run_bot(new_bot(), ready_timeout=60):
        submitted = await pressed.submit_modal({"answer": right}, user=alice)
        reply = await submitted.reply(timeout=REPLY_TIMEOUT)
        assert reply.ephemeral and "Solved" in reply.content
    server.assert_no_violations()


async def test_twenty_simultaneous_right_answers_are_one_solve_and_say_so_once(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50, queue_size=40)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        _, right = await posted_letter_boxed(server, bot)
        options = {"kind": "letterboxed", "answer": right}
        await answer_daily(server, "not yet")  # opens the puzzle (Play), then a wrong answer
        sent = [await server.send_slash_command("daily answer", options=options) for _ in range(20)]
        replies = [(await handle.reply(timeout=REPLY_TIMEOUT)).content for handle in sent]
        assert sum("Solved" in reply for reply in replies) == 1, replies
        assert sum("already solved" in reply for reply in replies) == 19, replies
    with sqlite3.connect(config.database) as database:
        assert database.execute(
            "SELECT count(*), sum(attempts) FROM daily_plays WHERE solved_at IS NOT NULL"
        ).fetchone() == (1, 2)
        assert database.execute(
            "SELECT solved, points FROM daily_totals WHERE kind = '*'"
        ).fetchone() == (1, 90)
    server.assert_no_violations()


async def test_boards_and_stats_wait_for_a_full_pool_like_solve(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(
        tmp_path, daily_poll_seconds=0.1, workers=1, queue_size=1, deadline_seconds=10
    )
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await posted_letter_boxed(server, bot)

        # The pool is full: forty boards in a row get forty private "busy" replies.
        blockers = [asyncio.create_task(bot.pool.run(time.sleep, 4)) for _ in range(2)]
        while not bot.pool.full:
            await asyncio.sleep(0.01)
        boards = [await server.send_slash_command("leaderboard") for _ in range(40)]
        for handle in boards:
            reply = await handle.reply(timeout=REPLY_TIMEOUT)
            assert reply.ephemeral and "busy" in reply.content, reply.content
        await asyncio.gather(*blockers)
    server.assert_no_violations()


async def test_reads_and_solving_work_are_limited_apart_and_say_what_and_when(server, tmp_path):
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=2, reads_per_user=5)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        post, right = await posted_letter_boxed(server, bot)

        # Two solves use up the member's solving window; a hint is solving work too.
        for _ in range(2):
            solve = await server.send_slash_command("solve letterboxed", options={"puzzle": BOX})
            assert (await solve.reply(timeout=REPLY_TIMEOUT)).attachments
        opened = await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
        hint = await server.click_button(opened, label="Hint (-20 points)")
        refused = (await hint.reply(timeout=REPLY_TIMEOUT)).content
        assert "2 solves, hints, new puzzles and pictures read" in refused, refused
        assert re.search(r"try again in \d+ s \(<t:\d+:R>\)", refused), refused

        # Reads are counted apart: a check, a board, stats and two answers still go through.
        check = await server.send_slash_command(
            "check ladder", options={"puzzle": "cold warm", "answer": "cord card ward warm"}
        )
        assert "Solved" in (await check.reply(timeout=REPLY_TIMEOUT)).content
        for command in ("leaderboard", "stats"):
            handle = await server.send_slash_command(command)
            assert (await handle.reply(timeout=REPLY_TIMEOUT)).attachments, command
        assert "Not yet" in await answer_daily(server, "able bodied")
        assert "Solved" in await answer_daily(server, right)
        # ...up to their own window, which names what it counts.
        stats = await server.send_slash_command("stats")
        refused = (await stats.reply(timeout=REPLY_TIMEOUT)).content
        assert "5 looks at stats, boards, checks and daily answers" in refused, refused
        play = await bot.daily.store.play(server.guild.id, server.user.id, "letterboxed", MONDAY)
        assert play.hints == 0 and play.solved_at is not None
    server.assert_no_violations()


async def test_the_default_limits_let_a_member_explore_and_play_without_a_cooldown(
    server, tmp_path
):
    """The issue's session: stats, boards, solves, hints and a daily play, all in a minute."""
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    defaults = Config()
    config = test_config(
        tmp_path,
        daily_poll_seconds=0.1,
        per_user=defaults.per_user,
        per_guild=defaults.per_guild,
        reads_per_user=defaults.reads_per_user,
        window_seconds=defaults.window_seconds,
    )
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        post, right = await posted_letter_boxed(server, bot)
        replies = []
        for _ in range(4):
            for command in ("stats", "leaderboard"):
                handle = await server.send_slash_command(command)
                replies.append((await handle.reply(timeout=REPLY_TIMEOUT)).content)
        for _ in range(5):
            solve = await server.send_slash_command("solve letterboxed", options={"puzzle": BOX})
            replies.append((await solve.reply(timeout=REPLY_TIMEOUT)).content)
        opened = await (await server.click_button(post, label="Play")).reply(REPLY_TIMEOUT)
        for _ in range(2):
            hint = await server.click_button(opened, label="Hint (-20 points)")
            replies.append((await hint.reply(timeout=REPLY_TIMEOUT)).content)
        for answer in ("able bodied", "bodied able", right):
            replies.append(await answer_daily(server, answer))
        assert not [reply for reply in replies if "try again" in reply], replies
        assert "Solved" in replies[-1]
    server.assert_no_violations()


async def test_a_daily_post_rush_is_answered_past_the_servers_solve_window(server, tmp_path):
    """The server's window (3 here) bounds /solve; every member's daily answer still lands."""
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_guild=3)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        _, right = await posted_letter_boxed(server, bot)
        members = [server.add_user(f"player{n}") for n in range(8)]
        for member in members:  # each opens the puzzle first (Play): answers are timed from it
            await answer_daily(server, "not yet", user=member)
        sent = await asyncio.gather(
            *(
                server.send_slash_command(
                    "daily answer", options={"kind": "letterboxed", "answer": right}, user=member
                )
                for member in members
            )
        )
        replies = [await handle.reply(timeout=REPLY_TIMEOUT) for handle in sent]
        assert all("Solved" in reply.content for reply in replies), replies
        # The server's window is untouched by them: /solve still has its 3, then a refusal.
        solves = [
            await server.send_slash_command(
                "solve letterboxed", options={"puzzle": "vro wal eth bdi"}, user=member
            )
            for member in members[:4]
        ]
        texts = [(await handle.reply(timeout=REPLY_TIMEOUT)).content for handle in solves]
        assert ["one server" in text for text in texts] == [False] * 3 + [True], texts
    with sqlite3.connect(config.database) as database:
        assert database.execute(
            "SELECT count(*) FROM daily_plays WHERE solved_at IS NOT NULL"
        ).fetchone() == (8,)
    server.assert_no_violations()


async def eventually(check, seconds: float = 5.0) -> None:
    """Wait until `check()` holds (a write that follows the reply, such as the command log)."""
    for _ in range(int(seconds / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    assert check()


def rows(database_path: str, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(database_path) as database:
        return database.execute(sql, params).fetchall()


async def test_members_delete_their_own_data_and_admins_a_departed_members(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)

    def kept_about(user) -> tuple[int, int, int]:
        """(daily results, totals rows, logged commands) kept about `user` in the server."""
        return tuple(
            rows(config.database, f"SELECT count(*) FROM {table} WHERE user_id = ?", user.id)[0][0]
            for table in ("daily_plays", "daily_totals", "command_log")
        )

    async with server.run_bot(bot, ready_timeout=60):
        _, right = await posted_letter_boxed(server, bot)
        for who in (alice, bob):
            assert "Solved" in await answer_daily(server, right, user=who)
            solve = await server.send_slash_command(
                "solve letterboxed", options={"puzzle": BOX}, user=who
            )
            await solve.reply(timeout=REPLY_TIMEOUT)
        await eventually(lambda: all(c > 0 for c in (*kept_about(alice), *kept_about(bob))))

        # Bob changes his mind: nothing is deleted.
        asked = await server.send_slash_command("delete-my-data", user=bob)
        question = await asked.reply(timeout=REPLY_TIMEOUT)
        assert question.ephemeral
        kept = await server.click_button(question, label="Cancel", user=bob)
        assert "Nothing was deleted" in (await kept.reply(timeout=REPLY_TIMEOUT)).content

        # Alice confirms: her results, streaks and logged commands go; Bob's stay.
        asked = await server.send_slash_command("delete-my-data", user=alice)
        question = await asked.reply(timeout=REPLY_TIMEOUT)
        done = await server.click_button(question, label="Delete for good", user=alice)
        assert "deleted: 1 daily result" in (await done.reply(timeout=REPLY_TIMEOUT)).content
        assert kept_about(alice) == (0, 0, 0)
        assert all(count > 0 for count in kept_about(bob))
        board = await server.send_slash_command("leaderboard", options={"period": "today"})
        text = (await board.reply(timeout=REPLY_TIMEOUT)).attachments[0].description
        assert "Bob" in text and "Alice" not in text

        # Bob leaves; an admin deletes his data by his user id.
        bad = await server.send_slash_command(
            "puzzle-settings forget-member", options={"user_id": "bob"}, user=server.owner
        )
        assert "not a Discord user id" in (await bad.reply(timeout=REPLY_TIMEOUT)).content
        asked = await server.send_slash_command(
            "puzzle-settings forget-member", options={"user_id": str(bob.id)}, user=server.owner
        )
        question = await asked.reply(timeout=REPLY_TIMEOUT)
        done = await server.click_button(question, label="Delete for good", user=server.owner)
        assert "Done" in (await done.reply(timeout=REPLY_TIMEOUT)).content
        assert kept_about(bob) == (0, 0, 0)
    server.assert_no_violations()


async def test_the_command_log_is_pruned_after_its_retention(server, tmp_path):
    config = test_config(tmp_path, command_log_days=30)
    database = await Database.open(config.database)
    for days_ago in (31, 29):
        await database.connection.execute(
            "INSERT INTO command_log (at, guild_id, user_id, command, kind, outcome,"
            " elapsed_ms) VALUES (?, 1, 2, 'solve', 'letterboxed', 'ok', 5)",
            time.time() - days_ago * 86400,
        )
    await database.close()

    async with server.run_bot(PuzzleBot(config, guild_ready_timeout=0.05), ready_timeout=60):
        await eventually(lambda: len(rows(config.database, "SELECT at FROM command_log")) == 1)
    (kept,) = rows(config.database, "SELECT at FROM command_log")
    assert time.time() - kept[0] < 30 * 86400


async def test_a_close_the_bot_may_not_post_is_given_up_after_its_tries_and_results_stay(
    server, tmp_path
):
    alice = server.user
    puzzles_channel = next(c for c in server.guild.channels if c.name == "puzzles")
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(9, 30), LONDON_WINTER))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up_daily_letter_boxed(server, bot, puzzles_channel)
        await next_round(bot)
        daily = await bot.daily.store.puzzle("letterboxed", MONDAY, "easy")
        assert "Solved" in await answer_daily(server, answer_for(daily.puzzle_text), user=alice)

        # Someone takes Send Messages from the bot there before midnight, and Discord sends
        # the bot no update: the close is refused, once (Discord counts every refusal, and
        # bars a bot that collects too many), and given up like a channel that is gone.
        puzzles_channel.deny(server.bot_user.id, SEND_MESSAGES)
        posts_there = f"/channels/{puzzles_channel.id}/messages"
        sent_before = len(server.requests_to("POST", posts_there))
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(bot)
        for _ in range(CLOSE_ATTEMPTS + 3):
            await next_round(bot)
        assert len(server.requests_to("POST", posts_there)) - sent_before == 1

        shown = await status_text(server)
        assert "The answer to Letter Boxed of Monday 23 November was not posted" in shown
        assert "after 1 try" in shown and "keep retrying" not in shown
        assert "may not post" in shown  # the reason, kept with the day

        # Alice's result is still hers: on the board, in her stats and in the database.
        board = await server.send_slash_command("leaderboard", options={"period": "week"})
        assert "Alice" in (await board.reply(timeout=REPLY_TIMEOUT)).attachments[0].description
        stats = await server.send_slash_command("stats", user=alice)
        assert "played 1, solved 1" in (await stats.reply(timeout=REPLY_TIMEOUT)).content
    assert rows(config.database, "SELECT points FROM daily_plays") == [(100,)]
    server.assert_no_violations(allow=("forbidden",))  # the closed channel, on purpose


async def test_a_board_or_stats_card_that_fails_after_the_public_defer_is_told_privately(
    server, tmp_path
):
    # Every drawing runs past a deadline this short, after the command deferred publicly.
    config = test_config(tmp_path, deadline_seconds=0.001)
    bot = PuzzleBot(config, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        await bot.sync_commands(server.guild.id)
        for command in ("leaderboard", "stats"):
            handle = await server.send_slash_command(command)
            reply = await handle.reply(timeout=REPLY_TIMEOUT)
            assert "took too long" in reply.content, reply.content
            callback = await handle.initial_response()
            assert callback.callback_type == 5 and not callback.ephemeral  # public "thinking"
            assert only_the_member_saw(server, handle), command
    server.assert_no_violations()
