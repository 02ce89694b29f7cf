"""When a server's daily puzzles go out: one answer for setup, status and the scheduler."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.daily.game import DailyService
from bot.daily.store import DailyStore
from bot.database import Database

GUILD, CHANNEL = 1, 10
NEW_YORK = "America/New_York"
DAY = dt.date(2026, 11, 23)


def utc(hour: int, minute: int = 0, day: dt.date = DAY) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), dt.UTC)


@pytest.fixture
async def daily(database_where):
    database = await Database.open(database_where)
    clock = Clock()
    service = DailyService(DailyStore(database.connection), puzzles=None, clock=clock)
    service.test_clock = clock
    await service.store.save_settings(GUILD, CHANNEL, "09:00", NEW_YORK, ["letterboxed"])
    yield service
    await database.close()


class Clock:
    now = utc(0)

    def __call__(self) -> dt.datetime:
        return self.now


async def next_post_and_due(daily: DailyService, now: dt.datetime):
    daily.test_clock.now = now
    settings = await daily.store.settings(GUILD)
    return await daily.next_post(settings), [due.kind.name for due in await daily.due_posts()]


async def test_before_the_post_time_the_next_post_is_today_at_that_time(daily):
    when, due = await next_post_and_due(daily, utc(13))  # 08:00 in New York
    assert when == utc(14) and due == []


async def test_after_the_post_time_an_unposted_day_goes_out_now_not_tomorrow(daily):
    when, due = await next_post_and_due(daily, utc(20))  # set up at 15:00 local
    assert when == utc(20) and due == ["letterboxed"]


async def test_once_the_day_is_posted_the_next_post_is_tomorrow(daily):
    closes = utc(5, day=DAY + dt.timedelta(days=1))
    await daily.store.reserve_post(GUILD, "letterboxed", DAY, "", CHANNEL, closes)
    await daily.store.mark_posted(GUILD, "letterboxed", DAY, CHANNEL, 99, utc(14))
    when, due = await next_post_and_due(daily, utc(20))
    assert when == utc(14, day=DAY + dt.timedelta(days=1)) and due == []


async def test_a_reservation_that_was_never_sent_follows_the_server_to_its_new_channel(daily):
    closes = utc(5, day=DAY + dt.timedelta(days=1))
    await daily.store.reserve_post(GUILD, "letterboxed", DAY, "", CHANNEL, closes)
    await daily.store.reserve_post(GUILD, "letterboxed", DAY, "", 11, closes)
    assert (await daily.store.post(GUILD, "letterboxed", DAY)).channel_id == 11
    await daily.store.mark_posted(GUILD, "letterboxed", DAY, 11, 99, utc(14))
    await daily.store.reserve_post(GUILD, "letterboxed", DAY, "", 12, closes)  # posted: stays
    assert (await daily.store.post(GUILD, "letterboxed", DAY)).channel_id == 11


async def test_an_unposted_day_is_due_on_a_clock_that_moves_between_readings(daily):
    """Real time moves on between the scheduler's reading of the clock and the schedule's:
    a day set up after its post time is due all the same (it once never was)."""

    class Ticking:
        def __init__(self) -> None:
            self.now = utc(20)

        def __call__(self) -> dt.datetime:
            self.now += dt.timedelta(microseconds=1)
            return self.now

    daily.clock = Ticking()
    assert [due.kind.name for due in await daily.due_posts()] == ["letterboxed"]
