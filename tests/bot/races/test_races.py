"""Races without Discord, on a real SQLite file and a real PostgreSQL: the limits, placing,
and ratings (openskill's) that change only when a race counts."""

from __future__ import annotations

import asyncio
import datetime as dt
from types import SimpleNamespace

import pytest

from bot.database import Database
from bot.puzzle_service import Refusal
from bot.races import rules, timer
from bot.races.rules import RaceLimits
from bot.races.service import RaceService, race_difficulty
from bot.races.store import RaceStore
from puzzles import PuzzleError, get_kind

GUILD = 1
START = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)


class Clock:
    def __init__(self):
        self.now = START

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += dt.timedelta(seconds=seconds)


@pytest.fixture
async def races(database_where):
    database = await Database.open(database_where)
    # No worker pool: these tests make no puzzle and check no answer (the cog tests do).
    yield RaceService(RaceStore(database.connection), None, Clock(), RaceLimits(max_players=3))
    await database.close()


LETTER_BOXED = get_kind("letterboxed")


async def open_race(races: RaceService, channel: int = 10, starter: int = 100):
    race = await races.reserve(GUILD, channel, starter, f"p{starter}", LETTER_BOXED, None, 30, 5)
    await races.store.save_puzzle(race.id, "vro wal eth bdi", "solution", None, None)
    race = await races.count_down(race)
    return await races.posted(race, message_id=5000 + race.id)


async def finish(races: RaceService, race, user: int, seconds: float) -> None:
    at = race.started_at + dt.timedelta(seconds=seconds)
    assert await races.store.finish(race.id, user, at, seconds, "answer")


async def started(races: RaceService, race):
    races.clock.advance(race.start_in_seconds)
    (due,) = [r for r in await races.store.due_to_start(races.clock()) if r.id == race.id]
    return await races.start(due)


def test_places_share_ties_and_non_finishers_come_last_together():
    assert rules.places([30.0, None, 10.0, 30.0, None]) == [2, 4, 1, 2, 4]
    assert rules.places([None, None]) == [1, 1]


def test_bounds_are_told_with_an_example():
    with pytest.raises(PuzzleError, match="1 to 60 minutes, not 90"):
        rules.check_bounds(RaceLimits(), 60, 90)
    with pytest.raises(PuzzleError, match="10 to 300 seconds"):
        rules.check_bounds(RaceLimits(), 5, 10)


def test_a_difficulty_is_one_of_the_kinds_and_the_easiest_by_default():
    assert race_difficulty(LETTER_BOXED, None) == "easy"
    assert race_difficulty(LETTER_BOXED, " Hard ") == "hard"
    with pytest.raises(PuzzleError, match="easy, medium, hard, not 'tricky'"):
        race_difficulty(LETTER_BOXED, "tricky")
    assert race_difficulty(get_kind("spelling"), None) == ""
    with pytest.raises(PuzzleError, match="one difficulty"):
        race_difficulty(get_kind("spelling"), "hard")


async def test_one_open_race_per_channel_and_a_members_races_per_hour(races):
    making = await races.reserve(GUILD, 10, 100, "ann", LETTER_BOXED, None, 30, 5)
    with pytest.raises(Refusal, match="being set up in this channel right now"):
        await races.reserve(GUILD, 10, 101, "bea", LETTER_BOXED, None, 30, 5)
    await races.cancel(making)  # its puzzle could not be made: the channel is free again
    race = await open_race(races, channel=10)
    with pytest.raises(Refusal, match="about to start: press its \\*\\*Join\\*\\*"):
        await open_race(races, channel=10, starter=101)
    await open_race(races, channel=11)
    await open_race(races, channel=12)
    with pytest.raises(Refusal, match="started 3 races in the last hour; the limit is 3"):
        await open_race(races, channel=13)
    races.clock.advance(3601)
    await open_race(races, channel=13)

    # Once it has ended, the channel is free again.
    await started(races, race)
    races.clock.advance(race.limit_seconds)
    assert await races.end(await races.race(race.id))
    await open_race(races, channel=10, starter=101)


async def test_a_full_race_a_started_race_and_joining_twice_are_refused(races):
    race = await open_race(races)
    await races.join(race.id, 101, "bea")
    with pytest.raises(Refusal, match="in already"):
        await races.join(race.id, 101, "bea")
    await races.join(race.id, 102, "cal")
    with pytest.raises(Refusal, match="full \\(3 players\\)"):
        await races.join(race.id, 103, "dan")
    assert await races.store.players(race.id) == 3
    await started(races, race)
    with pytest.raises(Refusal, match="has started"):
        await races.join(race.id, 104, "eve")


async def test_a_race_rates_its_players_by_place_and_only_once(races):
    race = await open_race(races)
    for user, name in ((101, "bea"), (102, "cal")):
        await races.join(race.id, user, name)
    race = await started(races, race)
    assert race is not None and await races.start(race) is None, "started twice"
    await finish(races, race, 101, 40)
    await finish(races, race, 100, 70)
    assert await races.due_to_end() == [], "ended while a player was still solving"
    races.clock.advance(race.limit_seconds)
    (due,) = await races.due_to_end()
    assert await races.end(due)
    assert not await races.end(due), "rated twice"

    board = await races.board(GUILD)
    assert [row.user_id for row in board] == [101, 100, 102]
    assert [row.races for row in board] == [1, 1, 1] and [row.wins for row in board] == [1, 0, 0]
    assert board[0].ordinal > 0 > board[2].ordinal
    await races.member_left(GUILD, 101)  # hidden from the board, kept
    assert [row.user_id for row in await races.board(GUILD)] == [100, 102]
    await races.member_left(GUILD, 101, left=False)
    assert [row.user_id for row in await races.board(GUILD)] == [101, 100, 102]
    entries = {entry.user_id: entry for entry in await races.entries(race)}
    assert [entries[user].place for user in (101, 100, 102)] == [1, 2, 3]
    assert entries[101].rating_before == pytest.approx(0.0)
    assert entries[101].rating_after == pytest.approx(board[0].ordinal)


async def test_a_race_alone_or_with_no_finisher_changes_no_rating(races):
    alone = await open_race(races, channel=10)
    alone = await started(races, alone)
    await finish(races, alone, 100, 20)
    (due,) = await races.due_to_end()  # everyone (one player) finished: it ends at once
    assert await races.end(due)

    nobody = await open_race(races, channel=11, starter=101)
    await races.join(nobody.id, 102, "cal")
    nobody = await started(races, nobody)
    races.clock.advance(nobody.limit_seconds)
    (due,) = await races.due_to_end()
    assert await races.end(due)

    assert await races.board(GUILD) == []
    assert not (await races.race(alone.id)).rated and not (await races.race(nobody.id)).rated
    assert await races.rating(GUILD, 100) is None


async def test_a_member_who_asks_is_forgotten_in_that_server_only(races):
    race = await open_race(races)
    await races.join(race.id, 101, "bea")
    race = await started(races, race)
    await finish(races, race, 101, 30)
    races.clock.advance(race.limit_seconds)
    assert await races.end(await races.race(race.id))
    elsewhere = await races.reserve(2, 20, 101, "bea", LETTER_BOXED, None, 30, 5)

    assert await races.forget_member(GUILD, 101) == 1
    assert [entry.user_id for entry in await races.entries(race)] == [100]
    assert await races.rating(GUILD, 101) is None and await races.rating(GUILD, 100) is not None
    assert [entry.user_id for entry in await races.entries(elsewhere)] == [101]


async def test_two_races_ending_at_once_with_a_shared_player_both_count(races):
    """Each race reads its players' ratings, rates them and writes them back: done by two
    races at the same instant without a lock, the second write loses the first update."""
    first = await open_race(races, channel=10, starter=100)
    second = await open_race(races, channel=11, starter=101)
    for race in (first, second):
        await races.join(race.id, 200, "shared")
    first, second = await started(races, first), await started(races, second)
    for race in (first, second):
        await finish(races, race, 200, 20)  # the shared player wins both
    races.clock.advance(first.limit_seconds)
    due = await races.due_to_end()
    assert [race.id for race in due] == [first.id, second.id]

    assert all(await asyncio.gather(*(races.end(race) for race in due)))

    shared = await races.rating(GUILD, 200)
    assert (shared.races, shared.wins) == (2, 2)
    (in_first,) = [e for e in await races.entries(first) if e.user_id == 200]
    (in_second,) = [e for e in await races.entries(second) if e.user_id == 200]
    earlier, later = sorted((in_first, in_second), key=lambda entry: entry.rating_before)
    assert earlier.rating_before == pytest.approx(0.0)
    assert later.rating_before == pytest.approx(earlier.rating_after), "an update was lost"
    assert shared.ordinal == pytest.approx(later.rating_after)


class ShownAt:
    """The Discord side of the races' clock: when each request it would send went out."""

    def __init__(self):
        self.times: list[float] = []

    async def _sent(self, race, entries) -> None:
        self.times.append(asyncio.get_running_loop().time())

    show_board = started = post_results = _sent


async def test_many_scoreboards_at_once_stay_within_the_races_share_of_the_global_limit(races):
    """Discord's global limit counts every scoreboard edit and results post; 50 races that
    change at once in 50 servers must not send them all in the same second."""
    for n in range(3 * timer.REQUESTS_PER_SECOND):
        await open_race(races, channel=100 + n, starter=1000 + n)  # each behind its board
    sent = ShownAt()
    clock = timer.RaceTimer(SimpleNamespace(shard_count=None), races, sent, edit_gap=0.0)
    await clock.run_once()

    assert len(sent.times) == 3 * timer.REQUESTS_PER_SECOND
    # Spaced evenly, 1/REQUESTS_PER_SECOND apart: a second holds both its ends at most.
    busiest = max(sum(start <= t <= start + 1.0 for t in sent.times) for start in sent.times)
    assert busiest <= timer.REQUESTS_PER_SECOND + 1 < 50


async def test_a_rush_of_joins_is_written_in_a_few_commits_each_join_told_its_own(races):
    """Each commit waits for the disk: 60 members pressing Join at once must not make 60
    of them, yet each is told whether they joined, and a join that fails fails alone."""
    races.limits = RaceLimits(max_players=250)
    race = await open_race(races)
    commits = []
    if races.store.db.dialect == "sqlite":  # SQLite's own trace of what it ran
        await races.store.db.raw.set_trace_callback(
            lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None
        )

    members = range(1000, 1060)
    joins = [races.store.join(race.id, user, f"m{user}", START) for user in members]
    again = races.store.join(race.id, 1000, "m1000", START)  # the same member, twice
    *joined, twice = await asyncio.gather(*joins, again)

    assert joined == [True] * len(members) and twice is False
    assert await races.store.players(race.id) == 1 + len(members)
    assert (await races.race(race.id)).board_version > race.board_version, "board not behind"
    if races.store.db.dialect == "sqlite":
        assert len(commits) <= 3, f"{len(commits)} commits for {len(members)} joins"

    gone = await open_race(races, channel=11, starter=101)
    await races.store.db.execute("DELETE FROM races WHERE id = ?", gone.id)
    late = [races.store.join(race.id, user, f"m{user}", START) for user in range(2000, 2010)]
    lost = races.store.join(gone.id, 3000, "late", START)  # its race was just deleted
    *joined, failed = await asyncio.gather(*late, lost, return_exceptions=True)
    assert joined == [True] * 10 and isinstance(failed, Exception)


async def test_members_joining_at_the_same_moment_cannot_overfill_a_race(races):
    race = await open_race(races)  # the starter and room for 2 more (max_players=3)
    tried = await asyncio.gather(
        *(races.join(race.id, user, f"m{user}") for user in range(101, 106)),
        return_exceptions=True,
    )
    refused = [str(outcome) for outcome in tried if isinstance(outcome, Refusal)]
    assert len(refused) == 3 and all("full (3 players)" in why for why in refused), tried
    assert await races.store.players(race.id) == 3


async def test_races_ending_at_once_with_players_in_common_neither_wait_for_ever_nor_lose(races):
    """Three races sharing players both old (rated before) and new, ended at once: each
    locks its players' rows in the same order, so none waits on another for ever."""
    races.limits = RaceLimits(max_players=10)
    warm_up = await open_race(races, channel=9, starter=300)
    await races.join(warm_up.id, 301, "old")
    warm_up = await started(races, warm_up)
    await finish(races, warm_up, 301, 10)
    races.clock.advance(warm_up.limit_seconds)
    assert await races.end(await races.race(warm_up.id))

    shared = [300, 301, 400, 401]  # two rated before, two newcomers
    opened = [await open_race(races, channel=20 + n, starter=500 + n) for n in range(3)]
    for race in opened:
        for user in shared:
            await races.join(race.id, user, f"m{user}")
    opened = [await started(races, race) for race in opened]
    for race in opened:
        await finish(races, race, 400, 30)
    races.clock.advance(opened[0].limit_seconds)

    ended = await asyncio.wait_for(
        asyncio.gather(*(races.end(race) for race in await races.due_to_end())), 60
    )
    assert ended == [True, True, True]
    board = {row.user_id: row for row in await races.board(GUILD)}
    assert [board[user].races for user in shared] == [4, 4, 3, 3]
    assert board[400].wins == 3
