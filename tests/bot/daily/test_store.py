"""The daily store on a real SQLite file and a real PostgreSQL: results, the board's order,
privacy between servers."""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3

import pytest

from bot.daily.store import DailyPuzzle, DailyStore, Post
from bot.database import MIGRATIONS, Database

DAY = dt.date(2026, 11, 23)
START = dt.datetime(2026, 11, 23, 9, 0, tzinfo=dt.UTC)
GUILD, OTHER_GUILD = 1, 2
LEASE = dt.timedelta(minutes=2)


@pytest.fixture
async def store(database_where):
    database = await Database.open(database_where)
    yield DailyStore(database.connection)
    await database.close()


async def solve(store, guild, user, name, *, minutes, wrong=0, hints=0, on_time=True, points=100):
    await store.remember_member(guild, user, name)
    play = await store.start_play(guild, user, "letterboxed", DAY, START)
    for _ in range(wrong):
        await store.count_attempt(play)
    for _ in range(hints):
        await store.count_hint(play)
    play = await store.play(guild, user, "letterboxed", DAY)
    at = START + dt.timedelta(minutes=minutes)
    return await store.record_solve(play, at, on_time, points, "answer", 2)


async def test_the_board_ranks_by_points_then_solves_then_time(store):
    await solve(store, GUILD, 10, "slow", minutes=9)
    await solve(store, GUILD, 11, "fast", minutes=3)
    await solve(store, GUILD, 12, "hinted", minutes=1, hints=1, points=80)
    await solve(store, GUILD, 13, "late", minutes=1, on_time=False)
    board = await store.leaderboard(GUILD, None, DAY, DAY)
    assert [row.name for row in board] == ["fast", "slow", "hinted"]  # late: stats only
    assert board[0].best_seconds == 180


async def test_one_result_per_player_and_the_first_solve_stands(store):
    assert await solve(store, GUILD, 10, "ann", minutes=5, wrong=2, points=80)
    play = await store.play(GUILD, 10, "letterboxed", DAY)
    assert (play.attempts, play.seconds, play.points) == (3, 300, 80)
    assert not await store.record_solve(play, START, True, 100, "again", 2)
    await store.count_attempt(play)  # after the solve nothing changes
    assert await store.play(GUILD, 10, "letterboxed", DAY) == play


async def test_servers_never_see_each_others_results_and_leavers_are_hidden_not_lost(store):
    await solve(store, GUILD, 10, "ann", minutes=5)
    await solve(store, OTHER_GUILD, 11, "bea", minutes=5)
    assert [r.name for r in await store.leaderboard(GUILD, None, None, DAY)] == ["ann"]
    await store.member_departed(GUILD, 10)
    assert await store.leaderboard(GUILD, None, None, DAY) == []
    assert len(await store.plays_of(GUILD, 10, None)) == 1  # kept
    await store.member_departed(GUILD, 10, departed=False)
    assert [r.name for r in await store.leaderboard(GUILD, "letterboxed", DAY, DAY)] == ["ann"]


async def test_running_totals_agree_with_counting_every_play(store):
    await solve(store, GUILD, 10, "ann", minutes=5, wrong=1, points=90)
    await solve(store, GUILD, 11, "bea", minutes=2)
    await solve(store, GUILD, 12, "cal", minutes=1, on_time=False)
    await store.start_play(GUILD, 13, "letterboxed", DAY, START)  # played, not solved
    counted = await store.leaderboard(GUILD, "letterboxed", DAY - dt.timedelta(days=999), DAY)
    assert await store.leaderboard(GUILD, None, None, DAY) == counted
    await store.rebuild_totals()
    assert await store.leaderboard(GUILD, "letterboxed", None, DAY) == counted
    assert [row.name for row in counted] == ["bea", "ann"]


async def test_forgetting_a_member_deletes_only_their_data_in_that_server(store):
    await solve(store, GUILD, 10, "ann", minutes=5)
    await solve(store, GUILD, 11, "bea", minutes=6)
    await solve(store, OTHER_GUILD, 10, "ann", minutes=7)
    assert await store.forget_member(GUILD, 10) == 1
    assert await store.play(GUILD, 10, "letterboxed", DAY) is None
    assert [r.name for r in await store.leaderboard(GUILD, None, None, DAY)] == ["bea"]
    assert [r.name for r in await store.leaderboard(OTHER_GUILD, None, None, DAY)] == ["ann"]


async def reserved(store) -> Post:
    await store.reserve_post(GUILD, "letterboxed", DAY, "easy", 10, START + dt.timedelta(days=1))
    return await store.post(GUILD, "letterboxed", DAY)


async def test_processes_racing_for_a_post_get_one_claim_between_them(store):
    post = await reserved(store)
    owners = [f"process-{n}" for n in range(5)]
    won = await asyncio.gather(*(store.claim(post, owner, START, LEASE) for owner in owners))
    assert sum(won) == 1
    winner = owners[won.index(True)]
    assert await store.claim(post, winner, START, LEASE)  # a holder may renew its claim
    assert not await store.claim(post, "latecomer", START + LEASE / 2, LEASE)


async def test_a_claim_passes_on_when_released_or_when_its_holder_is_gone(store):
    post = await reserved(store)
    assert await store.claim(post, "first", START, LEASE)
    await store.release(post, "someone else")  # only the holder can release it
    assert not await store.claim(post, "second", START, LEASE)
    await store.release(post, "first")
    assert await store.claim(post, "second", START, LEASE)
    # "second" dies holding it: once the lease has run out, another process takes over.
    assert not await store.claim(post, "third", START + LEASE - dt.timedelta(seconds=1), LEASE)
    assert await store.claim(post, "third", START + LEASE + dt.timedelta(seconds=1), LEASE)


async def test_a_give_up_ends_the_play_once_and_a_solve_after_it_is_not_recorded(store):
    await store.remember_member(GUILD, 20, "quitter")
    play = await store.start_play(GUILD, 20, "letterboxed", DAY, START)
    await store.count_attempt(play)
    assert await store.give_up(play, START + dt.timedelta(minutes=4))
    assert not await store.give_up(play, START + dt.timedelta(minutes=5)), "given up once"
    await store.count_attempt(play)  # an answer after giving up is not a wrong try
    assert not await store.record_solve(play, START + dt.timedelta(minutes=6), True, 100, "x", 2)
    kept = await store.play(GUILD, 20, "letterboxed", DAY)
    assert kept.gave_up_at == START + dt.timedelta(minutes=4) and kept.over
    assert (kept.attempts, kept.solved_at) == (1, None)

    await solve(store, GUILD, 21, "solver", minutes=2)
    assert await store.played_counts(GUILD, DAY) == {"letterboxed": 2}
    assert await store.gave_up_days(GUILD, [20, 21], None, DAY) == {20: [DAY], 21: []}
    assert await store.gave_up_days(GUILD, [20], "sudoku", DAY) == {20: []}


async def test_archive_plays_are_kept_apart_from_the_daily_and_its_board(store):
    await solve(store, GUILD, 10, "ann", minutes=5)
    later = START + dt.timedelta(days=3)
    play = await store.start_play(GUILD, 11, "letterboxed", DAY, later, archive=True)
    assert play.archive and await store.play(GUILD, 11, "letterboxed", DAY) is None
    await store.count_attempt(play)
    await store.count_hint(play)
    assert await store.record_solve(play, later + dt.timedelta(minutes=2), False, 0, "x", 2)
    kept = await store.play(GUILD, 11, "letterboxed", DAY, archive=True)
    assert (kept.attempts, kept.hints, kept.seconds, kept.on_time) == (2, 1, 120, False)
    assert [r.name for r in await store.leaderboard(GUILD, None, None, DAY)] == ["ann"]
    assert await store.played_counts(GUILD, DAY) == {"letterboxed": 1}, "the post's count"
    assert await store.plays_of(GUILD, 11, None) == []
    assert await store.plays_of(GUILD, 11, None, archive=True) == [kept]
    assert await store.forget_member(GUILD, 11) == 0  # no daily result, but the archive goes
    assert await store.play(GUILD, 11, "letterboxed", DAY, archive=True) is None


async def test_results_for_an_export_carry_names_and_both_kinds_of_play(store):
    await solve(store, GUILD, 10, "ann", minutes=5)
    await solve(store, OTHER_GUILD, 12, "other", minutes=5)
    await store.remember_member(GUILD, 11, "=bea")
    await store.start_play(GUILD, 11, "letterboxed", DAY, START, archive=True)
    everyone = await store.results(GUILD)
    assert [(r["name"], r["user_id"], r["archive"], r["solved_at"]) for r in everyone] == [
        ("ann", 10, 0, (START + dt.timedelta(minutes=5)).isoformat()),
        ("=bea", 11, 1, None),
    ]
    assert [r["name"] for r in await store.results(GUILD, 11)] == ["=bea"]


async def test_the_archive_offers_the_days_posted_and_closed_and_the_notify_role_is_kept(store):
    await store.save_settings(GUILD, 5, "09:00", "Europe/London", ["letterboxed"])
    await store.set_notify_role(GUILD, 77)
    assert (await store.settings(GUILD)).notify_role_id == 77
    await store.set_notify_role(GUILD, None)
    assert (await store.settings(GUILD)).notify_role_id is None
    for back in range(3):
        day = DAY - dt.timedelta(days=back)
        closes = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), dt.UTC)
        await store.reserve_post(GUILD, "letterboxed", day, "easy", 5, closes)
        await store.mark_posted(GUILD, "letterboxed", day, 5, 100 + back, START)
    await store.reserve_post(GUILD, "sudoku", DAY - dt.timedelta(days=1), "", 5, START)
    now = dt.datetime.combine(DAY, dt.time(12), dt.UTC)  # today's is still open
    assert await store.closed_days(GUILD, "letterboxed", now) == [
        DAY - dt.timedelta(days=1),
        DAY - dt.timedelta(days=2),
    ]
    assert await store.closed_days(GUILD, "sudoku", now) == [], "reserved, never sent"


async def test_only_sent_open_posts_of_servers_with_threads_on_wait_for_a_thread(store):
    for guild in (GUILD, OTHER_GUILD):
        await store.save_settings(guild, 100 + guild, "09:00", "UTC", ["letterboxed", "sudoku"])
        for kind in ("letterboxed", "sudoku"):
            closes = START + dt.timedelta(days=1)
            await store.reserve_post(guild, kind, DAY, "easy", 100 + guild, closes)
    await store.set_threads(GUILD, True)
    await store.mark_posted(GUILD, "letterboxed", DAY, 101, 555, START)  # sudoku: not yet sent
    await store.mark_posted(OTHER_GUILD, "letterboxed", DAY, 102, 556, START)  # threads off
    (waiting,) = await store.posts_without_thread()
    assert (waiting.guild_id, waiting.kind, waiting.thread_id) == (GUILD, "letterboxed", None)
    await store.set_thread(waiting, 555)
    assert await store.posts_without_thread() == []
    assert (await store.post(GUILD, "letterboxed", DAY)).thread_id == 555
    assert (await store.settings(GUILD)).threads and not (await store.settings(OTHER_GUILD)).threads


def daily_puzzle(language: str, text: str) -> DailyPuzzle:
    return DailyPuzzle(
        "letterboxed", DAY, "easy", 7, text, "x", "par 4", 2, b"\x89PNG", None, language
    )


async def test_a_day_keeps_one_puzzle_per_language_and_a_post_knows_its_own(store):
    await store.save_puzzle(daily_puzzle("en", "ABC DEF GHI JKL"), seed=1)
    await store.save_puzzle(daily_puzzle("fr", "ECR AIT OUL SNM"), seed=2)
    await store.save_puzzle(daily_puzzle("fr", "XYZ XYZ XYZ XYZ"), seed=3)  # the first stays
    english = await store.puzzle("letterboxed", DAY, "easy")
    french = await store.puzzle("letterboxed", DAY, "easy", "fr")
    assert (english.puzzle_text, english.language) == ("ABC DEF GHI JKL", "en")
    assert (french.puzzle_text, french.language) == ("ECR AIT OUL SNM", "fr")
    assert await store.puzzle("letterboxed", DAY, "easy", "es") is None
    closes = START + dt.timedelta(days=1)
    await store.reserve_post(GUILD, "letterboxed", DAY, "easy", 10, closes, "fr")
    await store.reserve_post(OTHER_GUILD, "letterboxed", DAY, "easy", 20, closes)
    assert await store.puzzle_of(await store.post(GUILD, "letterboxed", DAY)) == french
    assert await store.puzzle_of(await store.post(OTHER_GUILD, "letterboxed", DAY)) == english


async def test_puzzles_and_posts_made_before_languages_are_english(tmp_path):
    path = tmp_path / "puzzlebot.sqlite3"
    with sqlite3.connect(path) as plain:  # a database as migration 13 left it
        for number, script in enumerate(MIGRATIONS[:13], start=1):
            plain.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        plain.execute(
            "INSERT INTO daily_puzzles (kind, day, difficulty, number, seed, puzzle_text,"
            " solution_text, about, fewest, image, created_at) VALUES ('letterboxed', ?,"
            " 'easy', 7, 1, 'ABC DEF GHI JKL', 'x', 'par 4', 2, x'89', ?)",
            (DAY.isoformat(), START.isoformat()),
        )
        plain.execute(
            "INSERT INTO daily_posts (guild_id, kind, day, difficulty, channel_id, message_id,"
            " closes_at) VALUES (?, 'letterboxed', ?, 'easy', 10, 99, ?)",
            (GUILD, DAY.isoformat(), START.isoformat()),
        )
    database = await Database.open(path)
    store = DailyStore(database.connection)
    post = await store.post(GUILD, "letterboxed", DAY)
    daily = await store.puzzle_of(post)
    assert post.language == "en" and daily.puzzle_text == "ABC DEF GHI JKL"
    assert daily.language == "en" and daily.image == b"\x89"
    await database.close()
