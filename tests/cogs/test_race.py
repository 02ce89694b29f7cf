"""Races end to end: the real bot on the local Discord server, members joining, answering
privately, the public scoreboard and the results, ratings, limits and a restart. The bot's
clock is moved by the test to start and end races; scoreboard edits are spaced in real time.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import re
import sqlite3

import pytest

from bot.app import PuzzleBot
from bot.races.timer import EDIT_GAP
from localdiscord import LocalDiscord
from localdiscord.models import SEND_MESSAGES
from puzzles import all_kinds
from tests.cogs.test_daily import Clock, answer_for, code_block, shows_answer
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, test_config

NOW = dt.datetime(2026, 11, 28, 12, 0, tzinfo=dt.UTC)
WRONG = "able bodied"  # real words, not this box's answer
TOLERANCE = 0.1  # seconds: the local server stamps a request a moment after the bot sends it


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def new_bot(tmp_path, clock: Clock) -> PuzzleBot:
    # A checking deadline with room for a worker's first look into a French or Spanish word
    # list (about a second alone, more on a busy machine): a race checks in its own language.
    config = test_config(tmp_path, per_user=50, deadline_seconds=10.0)
    return PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)


@contextlib.asynccontextmanager
async def racing_bot(server: LocalDiscord, tmp_path):
    """The bot on the server with its commands synced, and the clock it follows."""
    clock = Clock(NOW)
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await bot.sync_commands(server.guild.id)
        yield bot, clock


async def timer_round(bot: PuzzleBot) -> None:
    """Wake the races' clock and wait for a whole round (what is due by now is done)."""
    assert await bot.get_cog("Races").timer.round_after_now(REPLY_TIMEOUT)


async def eventually(check, seconds: float = REPLY_TIMEOUT):
    """Wait until `check()` returns something true (an edit held back by the gap)."""
    for _ in range(int(seconds / 0.05)):
        found = check()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"never came true: {check}")


def scoreboard(server: LocalDiscord, channel=None):
    (board,) = [
        m
        for m in server.channel_messages(channel or server.channel)
        if m.content.startswith("**Race:") and "is over.**" not in m.content
    ]
    return board


async def running_board(server: LocalDiscord):
    """The scoreboard once it shows the race running (its edit may wait for the gap)."""
    return await eventually(
        lambda: "My puzzle" in str(scoreboard(server).components) and scoreboard(server)
    )


def results(server: LocalDiscord, channel=None):
    found = [
        m for m in server.channel_messages(channel or server.channel) if "is over.**" in m.content
    ]
    return found[0] if found else None


def board_edits(server: LocalDiscord, board) -> list:
    return server.requests_to("PATCH", f"/channels/{board.channel_id}/messages/{board.id}")


async def start_race(server, user, channel=None, **options) -> tuple:
    """/race letterboxed by `user`: (the handle, the private reply, the scoreboard)."""
    handle = await server.send_slash_command(
        "race", options={"kind": "letterboxed", "start_in": 30, "minutes": 5, **options},
        user=user, channel=channel,
    )  # fmt: skip
    reply = await handle.reply(timeout=REPLY_TIMEOUT)
    return handle, reply, scoreboard(server, channel) if "posted" in reply.content else None


async def join(server, board, user):
    handle = await server.click_button(board, label="Join", user=user)
    reply = await handle.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral and "You're in" in reply.content, reply.content
    return handle


async def handed_puzzle(handle):
    """The puzzle the bot handed a player privately at the start (through their Join)."""
    message = await handle.wait_for_message(
        lambda m: "clock is running" in m.content, timeout=REPLY_TIMEOUT
    )
    assert message.ephemeral and message.attachments
    return message


async def answer(server, puzzle_message, user, text: str) -> str:
    pressed = await server.click_button(puzzle_message, label="Answer", user=user)
    submitted = await pressed.submit_modal({"answer": text}, user=user)
    reply = await submitted.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral
    return reply.content


async def race_answer(bot: PuzzleBot) -> str:
    (race,) = await bot.get_cog("Races").races.store.running()
    return answer_for(race.puzzle_text, race.language)  # the server's words, when it chose


def assert_spaced(edits: list) -> None:
    times = [edit.received_at for edit in edits]
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert all(gap >= EDIT_GAP - TOLERANCE for gap in gaps), gaps


async def test_three_members_race_from_join_to_placings_and_ratings(server, tmp_path):
    alice, bob, cal = server.user, server.add_user("bob"), server.add_user("cal")
    async with racing_bot(server, tmp_path) as (bot, clock):
        started, reply, board = await start_race(server, alice)
        assert reply.ephemeral and "You're in" in reply.content
        assert "Join" in str(board.components) and "```" not in board.content  # no puzzle shown
        joins = {
            alice: started,
            bob: await join(server, board, bob),
            cal: await join(server, board, cal),
        }
        await eventually(lambda: "cal" in scoreboard(server).content.lower())
        assert "3 players" in scoreboard(server).content

        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        puzzles = {user: await handed_puzzle(handle) for user, handle in joins.items()}
        right = await race_answer(bot)
        assert {code_block(p.content) for p in puzzles.values()} == {
            code_block(puzzles[alice].content)
        }, "everyone gets the same puzzle"

        clock.now += dt.timedelta(seconds=40)
        said = await answer(server, puzzles[cal], cal, WRONG)
        assert "Not yet (wrong try 1)" in said
        said = await answer(server, puzzles[bob], bob, right)
        assert "Finished in 0:40" in said
        clock.now += dt.timedelta(seconds=20)
        assert "Finished in 1:00" in await answer(server, puzzles[alice], alice, right)
        shown = await eventually(lambda: "finished in 1:00" in scoreboard(server).content)
        assert "Cal: solving, 1 wrong try" in scoreboard(server).content
        clock.now += dt.timedelta(seconds=30)
        assert "after 1 wrong try" in await answer(server, puzzles[cal], cal, right)
        assert shown

        # Everyone has finished: the race ends, the solution and the placings are posted.
        posted = await eventually(lambda: results(server))
        lines = posted.content.splitlines()
        placings = [line for line in lines if re.match(r"\d\. ", line)]
        assert [line.split(":")[0] for line in placings] == ["1. Bob", "2. Alice", "3. Cal"]
        assert "1:30, 1 wrong try" in placings[2] and "rating" in placings[0]
        assert right.split()[0].upper() in posted.content.upper()
        assert posted.attachments, "the solution drawn"
        final = await eventually(
            lambda: "is over" in scoreboard(server).content and scoreboard(server)
        )
        assert final.components == [], "no buttons on a finished race"

        # The scoreboard never showed an answer, and its edits were spaced.
        edits = board_edits(server, board)
        assert edits and not any(shows_answer(str(edit.json), right) for edit in edits)
        assert_spaced(edits)

        ratings = await server.send_slash_command("leaderboard", options={"board": "races"})
        text = (await ratings.reply(timeout=REPLY_TIMEOUT)).embeds[0]["description"]
        assert text.index("Bob") < text.index("Alice") < text.index("Cal"), text
        stats = await server.send_slash_command("stats", options={"member": bob})
        assert "race rating" in (await stats.reply(timeout=REPLY_TIMEOUT)).content

        # Bob's race results and rating go with the rest of his data when he asks.
        asked = await server.send_slash_command("delete-my-data", user=bob)
        question = await asked.reply(timeout=REPLY_TIMEOUT)
        done = await server.click_button(question, label="Delete for good", user=bob)
        assert "1 race result" in (await done.reply(timeout=REPLY_TIMEOUT)).content
        ratings = await server.send_slash_command("leaderboard", options={"board": "races"})
        text = (await ratings.reply(timeout=REPLY_TIMEOUT)).embeds[0]["description"]
        assert "Bob" not in text and "Alice" in text
    server.assert_no_violations()


async def test_a_race_survives_a_restart_in_the_middle(server, tmp_path):
    alice, bob, cal = server.user, server.add_user("bob"), server.add_user("cal")
    async with racing_bot(server, tmp_path) as (bot, clock):
        started, _, board = await start_race(server, alice)
        bob_join = await join(server, board, bob)
        await join(server, board, cal)
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        right = await race_answer(bot)
        alice_puzzle = await handed_puzzle(started)
        bob_puzzle = await handed_puzzle(bob_join)
        clock.now += dt.timedelta(seconds=10)
        assert "Not yet" in await answer(server, alice_puzzle, alice, WRONG)
        assert "Finished in 0:10" in await answer(server, alice_puzzle, alice, "  " + right)
        bob_box = await server.click_button(bob_puzzle, label="Answer", user=bob)
        await bob_box.wait_for_modal()
    edits_before = len(board_edits(server, board))

    # A new process: Bob's box, opened before, is answered; Cal, whose puzzle went with
    # the old process's memory, presses My puzzle; the race ends and the board follows.
    clock.now += dt.timedelta(seconds=20)
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        submitted = await bob_box.submit_modal({"answer": right}, user=bob)
        assert "Finished in 0:30" in (await submitted.reply(timeout=REPLY_TIMEOUT)).content
        mine = await server.click_button(await running_board(server), label="My puzzle", user=cal)
        cal_puzzle = await mine.reply(timeout=REPLY_TIMEOUT)
        assert cal_puzzle.ephemeral and "```" in cal_puzzle.content
        assert "Finished in 0:30" in await answer(server, cal_puzzle, cal, right)
        posted = await eventually(lambda: results(server))
        placings = [line for line in posted.content.splitlines() if re.match(r"\d\. ", line)]
        assert placings[0].startswith("1. Alice: finished in 0:10, 1 wrong try")
        assert {line.split(":")[0] for line in placings[1:]} == {"2. Bob", "2. Cal"}  # a tie
        await eventually(lambda: "is over" in scoreboard(server).content)
        assert len(board_edits(server, board)) > edits_before
    with sqlite3.connect(tmp_path / "puzzlebot.sqlite3") as database:
        assert database.execute("SELECT count(*) FROM race_ratings").fetchone() == (3,)
        assert database.execute("SELECT sum(wrong) FROM race_entries").fetchone() == (1,)
    server.assert_no_violations()


async def test_a_race_alone_changes_no_rating(server, tmp_path):
    async with racing_bot(server, tmp_path) as (bot, clock):
        started, _, _ = await start_race(server, server.user)
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        puzzle = await handed_puzzle(started)
        assert "Finished" in await answer(server, puzzle, server.user, await race_answer(bot))
        posted = await eventually(lambda: results(server))
        assert "Ratings are unchanged: one player." in posted.content
        board = await server.send_slash_command("leaderboard", options={"board": "races"})
        text = (await board.reply(timeout=REPLY_TIMEOUT)).embeds[0]["description"]
        assert "No rated races yet" in text
    server.assert_no_violations()


async def test_limits_are_refused_privately_with_what_to_do(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    puzzles_channel = server.guild.channel("puzzles")
    third = server.guild.add_text_channel("races")
    fourth = server.guild.add_text_channel("more-races")
    async with racing_bot(server, tmp_path) as (bot, clock):
        _, _, board = await start_race(server, alice)

        # One open race per channel.
        _, refused, _ = await start_race(server, bob)
        assert refused.ephemeral and "press its **Join** button" in refused.content

        # Joining twice, and joining after the start.
        await join(server, board, bob)
        again = await server.click_button(board, label="Join", user=bob)
        said = await again.reply(timeout=REPLY_TIMEOUT)
        assert said.ephemeral and "You're in already" in said.content

        # Three races an hour each: the fourth is refused, saying the limit.
        for channel in (puzzles_channel, third):
            _, reply, _ = await start_race(server, alice, channel=channel)
            assert "posted" in reply.content
        _, refused, _ = await start_race(server, alice, channel=fourth)
        assert refused.ephemeral and "the limit is 3 an hour" in refused.content
        assert not [m for m in server.channel_messages(fourth) if m.content.startswith("**Race:")]

        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        late = server.add_user("late")
        mine = await server.click_button(await running_board(server), label="My puzzle", user=late)
        said = await mine.reply(timeout=REPLY_TIMEOUT)
        assert said.ephemeral and "not in this race" in said.content
    server.assert_no_violations()


async def test_a_rush_of_joins_is_shown_in_few_spaced_edits(server, tmp_path):
    members = [server.add_user(f"player{n}") for n in range(12)]
    async with racing_bot(server, tmp_path) as _:
        _, _, board = await start_race(server, server.user)
        began = asyncio.get_running_loop().time()
        await asyncio.gather(*(join(server, board, member) for member in members))
        await eventually(lambda: "13 players" in scoreboard(server).content)
        edits = board_edits(server, board)
        elapsed = edits[-1].received_at - began
        # Twelve changes, but one edit per gap at most (plus the one a gap after the post).
        assert len(edits) <= elapsed / EDIT_GAP + 2, (len(edits), elapsed)
        assert_spaced(edits)
        assert all(f"Player{n}" in scoreboard(server).content for n in range(12))
    server.assert_no_violations()


async def test_a_restart_in_the_countdown_and_a_time_limit_that_runs_out(server, tmp_path):
    alice, bob = server.user, server.add_user("bob")
    async with racing_bot(server, tmp_path) as (bot, clock):
        _, _, board = await start_race(server, alice, minutes=2)
        bob_join = await join(server, board, bob)

    # The countdown ends while the bot is down: the next one starts the race when it is
    # back, and each player takes their puzzle from the scoreboard.
    clock.now = NOW + dt.timedelta(seconds=45)
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        await timer_round(bot)
        running = await running_board(server)
        puzzles = {}
        for user in (alice, bob):
            mine = await server.click_button(running, label="My puzzle", user=user)
            puzzles[user] = await mine.reply(timeout=REPLY_TIMEOUT)
            assert "time is up" in puzzles[user].content
        assert not [m for m in bob_join.messages if "clock is running" in m.content]
        clock.now += dt.timedelta(seconds=50)
        assert "Finished in 0:50" in await answer(
            server, puzzles[alice], alice, await race_answer(bot)
        )
        assert "Not yet" in await answer(server, puzzles[bob], bob, WRONG)

        # Two minutes after the start, Bob is still solving: the race ends without him.
        clock.now += dt.timedelta(seconds=71)
        await timer_round(bot)
        posted = await eventually(lambda: results(server))
        assert "1. Alice: finished in 0:50" in posted.content
        assert "2. Bob: did not finish, 1 wrong try" in posted.content
        assert "Ratings are unchanged" not in posted.content  # two players, one finisher
        late = await answer(server, puzzles[bob], bob, WRONG)
        assert "Time is up" in late
    server.assert_no_violations()


async def test_twenty_members_race_with_right_and_wrong_answers_and_a_restart(server, tmp_path):
    alice = server.user
    members = [server.add_user(f"racer{n:02}") for n in range(19)]
    async with racing_bot(server, tmp_path) as (bot, clock):
        started, _, board = await start_race(server, alice, minutes=10)
        joins = await asyncio.gather(*(join(server, board, member) for member in members))
        await eventually(lambda: "20 players" in scoreboard(server).content)
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        handed = await asyncio.gather(*(handed_puzzle(handle) for handle in (started, *joins)))
        puzzles = dict(zip([alice, *members], handed, strict=True))
        right = await race_answer(bot)

        # Ten answer at once, five of them wrong first.
        clock.now += dt.timedelta(seconds=60)

        async def solve(user, wrong_first: bool) -> list[str]:
            said = [await answer(server, puzzles[user], user, WRONG)] if wrong_first else []
            return [*said, await answer(server, puzzles[user], user, right)]

        first = await asyncio.gather(*(solve(m, n % 2 == 0) for n, m in enumerate(members[:10])))
        assert all("Finished in 1:00" in said[-1] for said in first), first
        assert sum("Not yet" in said[0] for said in first) == 5

    # After a restart five more finish from the scoreboard's My puzzle; four never do.
    clock.now += dt.timedelta(seconds=60)
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60) as bot:
        running = await running_board(server)

        async def solve_after(user) -> str:
            mine = await server.click_button(running, label="My puzzle", user=user)
            return await answer(server, await mine.reply(timeout=REPLY_TIMEOUT), user, right)

        after = await asyncio.gather(*(solve_after(m) for m in members[10:15]))
        assert all("Finished in 2:00" in said for said in after), after
        assert "Finished" in await answer(server, puzzles[alice], alice, right)
        clock.now = NOW + dt.timedelta(seconds=31 + 600)
        await timer_round(bot)
        posted = await eventually(lambda: results(server))
        assert posted.content.count("did not finish") == 4
        await eventually(lambda: "is over" in scoreboard(server).content)
    edits = board_edits(server, board)
    assert_spaced(edits)  # across the restart too
    with sqlite3.connect(tmp_path / "puzzlebot.sqlite3") as database:
        assert database.execute(
            "SELECT count(*), count(finished_at), sum(wrong) FROM race_entries"
        ).fetchone() == (20, 16, 5)
        assert database.execute("SELECT count(*) FROM race_ratings").fetchone() == (20,)
    server.assert_no_violations()


async def test_every_kind_can_be_raced_and_reaches_its_players_with_its_picture(server, tmp_path):
    kinds = [kind.name for kind in all_kinds()]
    starters = [server.add_user(f"starter{n}") for n in range(len(kinds))]
    channels = [server.guild.add_text_channel(f"race-{name}") for name in kinds]
    async with racing_bot(server, tmp_path) as (bot, clock):
        for name, starter, channel in zip(kinds, starters, channels, strict=True):
            handle = await server.send_slash_command(
                "race", options={"kind": name, "start_in": 10}, user=starter, channel=channel
            )
            reply = await handle.reply(timeout=REPLY_TIMEOUT)
            assert "posted" in reply.content, (name, reply.content)
        clock.now = NOW + dt.timedelta(seconds=11)
        await timer_round(bot)
        for channel in channels:
            board = await eventually(
                lambda channel=channel: (
                    "My puzzle" in str(scoreboard(server, channel).components)
                    and scoreboard(server, channel)
                )
            )
            starter = starters[channels.index(channel)]
            mine = await server.click_button(board, label="My puzzle", user=starter)
            puzzle = await mine.reply(timeout=REPLY_TIMEOUT)
            assert puzzle.ephemeral and puzzle.attachments[0].png_size()[0] >= 300, board.content
    server.assert_no_violations()


async def test_results_the_bot_may_not_post_are_given_up_not_retried(server, tmp_path):
    """Missing Permissions will not pass by itself, and Discord counts every refusal: the
    results are tried once; the scoreboard, which the bot may still edit, shows the end."""
    channel = server.guild.channel("puzzles")
    posts_there = f"/channels/{channel.id}/messages"
    async with racing_bot(server, tmp_path) as (bot, clock):
        started, _, _ = await start_race(server, server.user, channel=channel)
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        puzzle = await handed_puzzle(started)

        # Someone takes Send Messages from the bot there before the race ends.
        channel.deny(server.bot_user.id, SEND_MESSAGES)
        sent_before = len(server.requests_to("POST", posts_there))
        assert "Finished" in await answer(server, puzzle, server.user, await race_answer(bot))

        def given_up() -> bool:
            with sqlite3.connect(tmp_path / "puzzlebot.sqlite3") as database:
                (posted,) = database.execute("SELECT results_posted_at FROM races").fetchone()
            return posted is not None

        await eventually(given_up)
        for _ in range(5):
            await timer_round(bot)
        assert len(server.requests_to("POST", posts_there)) - sent_before == 1
        await eventually(lambda: "is over" in scoreboard(server, channel).content)
    server.assert_no_violations(allow=("forbidden",))  # the closed channel, on purpose
