"""Co-op games on a real SQLite file and a real PostgreSQL: letters and who filled them,
kept across a reopening of the database, and a member's letters forgotten on request."""

from __future__ import annotations

import datetime as dt

from bot.coop.store import CoopStore, Letter
from bot.daily.store import DailyStore
from bot.database import Database

START = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)
GUILD, OTHER_GUILD = 1, 2
THREAD, OTHER_THREAD = 100, 200


async def new_game(store: CoopStore, thread: int, guild: int) -> None:
    await store.create(thread, guild, 50, "cryptogram", "ABC", {"A": "T"}, 10, START)


async def test_letters_and_who_filled_them_survive_reopening_the_database(database_where):
    database = await Database.open(database_where)
    store = CoopStore(database.connection)
    await new_game(store, THREAD, GUILD)
    await store.write(THREAD, "A", "Q", 10, "ann", START)
    await store.write(THREAD, "A", "T", 11, "bea", START)  # changed by someone else
    await store.write(THREAD, "B", "H", None, "hint", START)
    await store.write(THREAD, "C", "E", 10, "ann", START)
    await store.erase(THREAD, "C", START)
    await store.count_hint(THREAD)
    await store.set_board(THREAD, 999)
    await database.close()

    database = await Database.open(database_where)  # a restart
    store = CoopStore(database.connection)
    game = await store.game(THREAD)
    assert game.letters == {"A": Letter("T", 11, "bea"), "B": Letter("H", None, "hint")}
    assert game.hints == 1 and game.board_message_id == 999 and game.solution == {"A": "T"}
    assert await store.mark_solved(THREAD, START + dt.timedelta(minutes=3))
    assert not await store.mark_solved(THREAD, START + dt.timedelta(minutes=4))  # once
    assert await store.unarchived_solves() == [THREAD]
    await store.mark_archived(THREAD, START)
    assert await store.unarchived_solves() == []
    assert await store.game(OTHER_THREAD) is None
    await database.close()


async def test_forgetting_a_member_erases_their_letters_in_that_server_only(database_where):
    database = await Database.open(database_where)
    store = CoopStore(database.connection)
    await new_game(store, THREAD, GUILD)
    await new_game(store, OTHER_THREAD, OTHER_GUILD)
    for thread in (THREAD, OTHER_THREAD):
        await store.write(thread, "A", "T", 10, "ann", START)
        await store.write(thread, "B", "H", 11, "bea", START)
    await DailyStore(database.connection).forget_member(GUILD, 10)
    assert set((await store.game(THREAD)).letters) == {"B"}
    assert set((await store.game(OTHER_THREAD)).letters) == {"A", "B"}
    await database.close()
