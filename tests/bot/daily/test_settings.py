"""A server's daily settings through the service: what a bad value says, and what is kept
about a day whose answer could not be posted."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.daily.game import DailyService
from bot.daily.store import DailyStore
from bot.database import Database
from bot.puzzle_service import Refusal
from puzzles import PuzzleError, get_kind
from puzzles.core import DISCORD

GUILD, CHANNEL = 1, 10
DAY = dt.date(2026, 11, 23)
NOON = dt.datetime.combine(DAY, dt.time(12), dt.UTC)


@pytest.fixture
async def daily(database_where):
    database = await Database.open(database_where)
    yield DailyService(DailyStore(database.connection), puzzles=None, clock=lambda: NOON)
    await database.close()


async def test_nothing_can_be_changed_before_setup_and_the_refusal_says_how_to_start(daily):
    for change in (
        daily.set_kinds(GUILD, ["sudoku"]),
        daily.set_paused(GUILD, True),
        daily.set_difficulty(GUILD, get_kind("sudoku"), "hard"),
    ):
        with pytest.raises(Refusal, match="/puzzle-settings setup"):
            await change
    assert await daily.settings(GUILD) is None


@pytest.mark.parametrize(
    ("time", "zone", "kinds", "message"),
    [
        ("25:00", "Europe/London", ["sudoku"], "is not a time of day"),
        ("nine", "Europe/London", ["sudoku"], "Example: 09:00"),
        ("09:00", "Europe/Londn", ["sudoku"], "Europe/London"),
        ("09:00", "Europe/London", ["sudokku"], "sudokku"),
    ],
)
async def test_setup_refuses_a_bad_time_zone_or_kind_saying_the_right_form(
    daily, time, zone, kinds, message
):
    with pytest.raises(PuzzleError) as refused:
        await daily.set_up(GUILD, CHANNEL, time, zone, kinds)
    assert message in refused.value.message_for(DISCORD)
    assert await daily.settings(GUILD) is None


async def test_a_difficulty_is_one_of_the_kinds_or_the_weekly_schedule(daily):
    settings = await daily.set_up(GUILD, CHANNEL, "9:00", "Europe/London", ["Sudoku", "lb"])
    assert (settings.post_time, settings.kinds) == ("09:00", ("sudoku", "letterboxed"))
    sudoku = get_kind("sudoku")
    await daily.set_difficulty(GUILD, sudoku, " Hard ")
    assert (await daily.settings(GUILD)).difficulties == {"sudoku": "hard"}
    with pytest.raises(PuzzleError) as refused:
        await daily.set_difficulty(GUILD, sudoku, "impossible")
    assert all(level in refused.value.message_for(DISCORD) for level in sudoku.difficulties)
    await daily.set_difficulty(GUILD, sudoku, "schedule")
    assert (await daily.settings(GUILD)).difficulties == {}


async def test_a_given_up_close_keeps_its_reason_and_the_days_results(daily):
    await daily.set_up(GUILD, CHANNEL, "09:00", "Europe/London", ["letterboxed"])
    store = daily.store
    closes = dt.datetime.combine(DAY + dt.timedelta(days=1), dt.time(0), dt.UTC)
    await store.reserve_post(GUILD, "letterboxed", DAY, "easy", CHANNEL, closes)
    await store.mark_posted(GUILD, "letterboxed", DAY, CHANNEL, 99, NOON)
    play = await store.start_play(GUILD, 7, "letterboxed", DAY, NOON)
    await store.record_solve(play, NOON, True, 100, "answer", 2)
    (post,) = await store.posts_to_close(closes)

    assert await store.count_close_failure(post, "first reason") == 1
    assert await store.count_close_failure(post, "the channel is gone") == 2
    assert await daily.unposted_closes(GUILD) == []  # still being tried
    await store.give_up_close(post, closes)

    assert await store.posts_to_close(closes + dt.timedelta(days=1)) == []
    (given_up,) = await daily.unposted_closes(GUILD)
    assert (given_up.close_failures, given_up.close_error) == (2, "the channel is gone")
    kept = await store.play(GUILD, 7, "letterboxed", DAY)
    assert kept.solved_at is not None and kept.points == 100
