"""Race rows in the database (SQLite or PostgreSQL, the same SQL): races, their players'
entries and results, and each member's rating per server.

Every write is one statement or one transaction, committed before the call returns, so a
restart finds a race exactly as it was: who joined, each answer's outcome, when it starts
and ends, and whether the scoreboard shows the latest (board_version against board_shown).
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.connections import Connection, Row
from bot.daily.store import from_iso, iso
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Race:
    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    kind: str
    difficulty: str
    start_in_seconds: int
    limit_seconds: int
    created_at: dt.datetime
    puzzle_text: str | None
    solution_text: str | None
    image: bytes | None
    solution_image: bytes | None
    message_id: int | None
    starts_at: dt.datetime | None
    started_at: dt.datetime | None
    ends_at: dt.datetime | None
    ended_at: dt.datetime | None
    rated: bool
    results_posted_at: dt.datetime | None
    board_version: int
    board_shown: int
    language: str = DEFAULT_LANGUAGE  # the puzzle's words: 'en' for every kind without words


@dataclass(frozen=True)
class Entry:
    race_id: int
    user_id: int
    name: str
    joined_at: dt.datetime
    wrong: int
    finished_at: dt.datetime | None
    seconds: float | None
    place: int | None
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True)
class Rating:
    guild_id: int
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    races: int
    wins: int
    departed: bool = False


@dataclass(frozen=True)
class NewRating:
    user_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    before: float  # the shown rating before the race
    won: bool


@dataclass(frozen=True)
class Rerating:
    """How a counted race changes its players' ratings: `rate` gets each player's rating as
    it stands when the race ends (a newcomer's is `newcomer`: mu, sigma, ordinal), held
    locked, and gives their new ones."""

    newcomer: tuple[float, float, float]
    rate: Callable[[dict[int, Rating]], Awaitable[list[NewRating]]]


# A join waiting to be written: race id, user id, name, when, the race's most players (or
# None), and its outcome to come.
_Join = tuple[int, int, str, dt.datetime, int | None, "asyncio.Future[bool]"]


class RaceFull(Exception):
    """The race has as many players as it may."""


class RaceStore:
    def __init__(self, connection: Connection):
        self.db = connection
        self._joins: list[_Join] = []  # waiting to be written, with who waits for each
        self._joining: asyncio.Task | None = None  # writing them

    # --- a race ---------------------------------------------------------------------------

    async def reserve(
        self, guild_id: int, channel_id: int, starter_id: int, kind: str, difficulty: str,
        start_in: int, limit_seconds: int, at: dt.datetime, language: str = DEFAULT_LANGUAGE,
    ) -> int | None:  # fmt: skip
        """A new race, the channel's one open race; None when the channel has one already."""
        async with self.db.transaction() as inside:  # a write: kept out of others' turns
            row = await inside.fetch_one(
                "INSERT INTO races (guild_id, channel_id, starter_id, kind, difficulty,"
                " start_in_seconds, limit_seconds, created_at, language)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
                *(guild_id, channel_id, starter_id, kind, difficulty, start_in, limit_seconds),
                *(iso(at), language),
            )
        return None if row is None else row["id"]

    async def race(self, race_id: int) -> Race | None:
        row = await self.db.fetch_one("SELECT * FROM races WHERE id = ?", race_id)
        return _race(row) if row else None

    async def open_race_in(self, channel_id: int) -> Race | None:
        row = await self.db.fetch_one(
            "SELECT * FROM races WHERE channel_id = ? AND ended_at IS NULL", channel_id
        )
        return _race(row) if row else None

    async def started_by(self, guild_id: int, starter_id: int, since: dt.datetime) -> int:
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS n FROM races WHERE guild_id = ? AND starter_id = ?"
            " AND created_at >= ?",
            *(guild_id, starter_id, iso(since)),
        )
        return row["n"]

    async def save_puzzle(
        self, race_id: int, puzzle_text: str, solution_text: str, image: bytes | None,
        solution_image: bytes | None,
    ) -> None:  # fmt: skip
        await self.db.execute(
            "UPDATE races SET puzzle_text = ?, solution_text = ?, image = ?, solution_image = ?"
            " WHERE id = ?",
            *(puzzle_text, solution_text, image, solution_image, race_id),
        )

    async def cancel(self, race_id: int) -> None:
        """Forget a race that never got posted (its puzzle or its post failed)."""
        await self.db.execute("DELETE FROM races WHERE id = ? AND message_id IS NULL", race_id)

    async def cancel_unposted(self, before: dt.datetime) -> int:
        """Forget races reserved before `before` and never posted (a crash while making)."""
        return await self.db.execute(
            "DELETE FROM races WHERE message_id IS NULL AND created_at < ?", iso(before)
        )

    async def set_start(self, race_id: int, starts_at: dt.datetime) -> None:
        await self.db.execute(
            "UPDATE races SET starts_at = ? WHERE id = ?", iso(starts_at), race_id
        )

    async def mark_posted(self, race_id: int, message_id: int) -> None:
        """The scoreboard is up: from now on the timer starts the race when it is due."""
        await self.db.execute("UPDATE races SET message_id = ? WHERE id = ?", message_id, race_id)

    async def start(self, race: Race, at: dt.datetime) -> bool:
        """Start the race's clock for everyone; False if it had started already."""
        ends_at = at + dt.timedelta(seconds=race.limit_seconds)
        return bool(
            await self.db.execute(
                "UPDATE races SET started_at = ?, ends_at = ?, board_version = board_version + 1"
                " WHERE id = ? AND started_at IS NULL",
                *(iso(at), iso(ends_at), race.id),
            )
        )

    async def changed(self, race_id: int) -> None:
        """Something the scoreboard shows has changed."""
        await self.db.execute(
            "UPDATE races SET board_version = board_version + 1 WHERE id = ?", race_id
        )

    async def board_shown(self, race_id: int, version: int) -> None:
        await self.db.execute(
            "UPDATE races SET board_shown = ? WHERE id = ? AND board_shown < ?",
            *(version, race_id, version),
        )

    async def results_posted(self, race_id: int, at: dt.datetime) -> None:
        await self.db.execute(
            "UPDATE races SET results_posted_at = ? WHERE id = ?", iso(at), race_id
        )

    # --- what the timer looks at ----------------------------------------------------------

    async def due_to_start(self, now: dt.datetime) -> list[Race]:
        return await self._races(
            "message_id IS NOT NULL AND started_at IS NULL AND starts_at <= ?", iso(now)
        )

    async def due_to_end(self, now: dt.datetime) -> list[Race]:
        """Running races whose time is up or whose players have all finished."""
        return await self._races(
            "started_at IS NOT NULL AND ended_at IS NULL AND (ends_at <= ? OR NOT EXISTS"
            " (SELECT 1 FROM race_entries e WHERE e.race_id = races.id"
            " AND e.finished_at IS NULL))",
            iso(now),
        )

    async def running(self) -> list[Race]:
        return await self._races("started_at IS NOT NULL AND ended_at IS NULL")

    async def unannounced_results(self) -> list[Race]:
        return await self._races("ended_at IS NOT NULL AND results_posted_at IS NULL")

    async def boards_behind(self) -> list[Race]:
        return await self._races("message_id IS NOT NULL AND board_shown < board_version")

    async def _races(self, where: str, *params) -> list[Race]:
        rows = await self.db.fetch_all(f"SELECT * FROM races WHERE {where} ORDER BY id", *params)
        return [_race(row) for row in rows]

    # --- players --------------------------------------------------------------------------

    async def join(
        self, race_id: int, user_id: int, name: str, at: dt.datetime, most: int | None = None
    ) -> bool:
        """Add a player, committed before it returns; False if they were in already,
        RaceFull if the race has `most` players.

        Joins that come while others are being written go in together, in one transaction:
        a whole server pressing Join at once waits for a few commits (each a flush to disk),
        not one each."""
        joined = asyncio.get_running_loop().create_future()
        self._joins.append((race_id, user_id, name, at, most, joined))
        if self._joining is None or self._joining.done():
            self._joining = asyncio.create_task(self._write_joins(), name="race-joins")
        return await asyncio.shield(joined)  # a member who gives up leaves the others be

    async def _write_joins(self) -> None:
        while self._joins:
            batch, self._joins = self._joins, []
            try:
                await self._write_batch(batch)
            except asyncio.CancelledError:  # the bot is closing: nobody waits for ever
                for *_, joined in batch + self._joins:
                    joined.cancel()
                raise

    async def _write_batch(self, batch: list[_Join]) -> None:
        """Write the joins together; when that fails, each half again, so a join that
        cannot be written (its race gone) fails alone."""
        try:
            outcomes = await self._insert_entries(batch)
        except Exception as error:
            if len(batch) == 1:
                batch[0][-1].set_exception(error)
                return
            half = len(batch) // 2
            await self._write_batch(batch[:half])
            await self._write_batch(batch[half:])
            return
        for (*_, joined), outcome in zip(batch, outcomes, strict=True):
            if outcome is None:
                joined.set_exception(RaceFull())
            else:
                joined.set_result(outcome)

    async def _insert_entries(self, batch: list[_Join]) -> list[bool | None]:
        """Each join's outcome: True joined, False in already, None the race is full. The
        count is read in the same transaction as the insert, and one task writes every
        join, so joins at the same moment cannot take a race past its most."""
        outcomes: list[bool | None] = []
        async with self.db.transaction() as inside:
            for race_id, user_id, name, at, most, _ in batch:
                if most is not None:
                    row = await inside.fetch_one(
                        "SELECT COUNT(*) AS n,"
                        " SUM(CASE WHEN user_id = ? THEN 1 ELSE 0 END) AS mine"
                        " FROM race_entries WHERE race_id = ?",
                        *(user_id, race_id),
                    )
                    if row["n"] >= most and not row["mine"]:
                        outcomes.append(None)
                        continue
                joined = await inside.execute(
                    "INSERT INTO race_entries (race_id, user_id, name, joined_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    *(race_id, user_id, name, iso(at)),
                )
                outcomes.append(bool(joined))
            changed = {race_id for (race_id, *_), new in zip(batch, outcomes, strict=True) if new}
            for race_id in sorted(changed):
                await inside.execute(
                    "UPDATE races SET board_version = board_version + 1 WHERE id = ?", race_id
                )
        return outcomes

    async def entry(self, race_id: int, user_id: int) -> Entry | None:
        row = await self.db.fetch_one(
            "SELECT * FROM race_entries WHERE race_id = ? AND user_id = ?", race_id, user_id
        )
        return _entry(row) if row else None

    async def entries(self, race_id: int) -> list[Entry]:
        rows = await self.db.fetch_all(
            "SELECT * FROM race_entries WHERE race_id = ? ORDER BY joined_at, user_id", race_id
        )
        return [_entry(row) for row in rows]

    async def players(self, race_id: int) -> int:
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS n FROM race_entries WHERE race_id = ?", race_id
        )
        return row["n"]

    async def count_wrong(self, race_id: int, user_id: int) -> None:
        async with self.db.transaction() as inside:
            counted = await inside.execute(
                "UPDATE race_entries SET wrong = wrong + 1"
                " WHERE race_id = ? AND user_id = ? AND finished_at IS NULL",
                *(race_id, user_id),
            )
            if counted:
                await inside.execute(
                    "UPDATE races SET board_version = board_version + 1 WHERE id = ?", race_id
                )

    async def finish(
        self, race_id: int, user_id: int, at: dt.datetime, seconds: float, answer: str
    ) -> bool:
        """Record the player's finish once; False if they had finished already."""
        async with self.db.transaction() as inside:
            finished = await inside.execute(
                "UPDATE race_entries SET finished_at = ?, seconds = ?, answer = ?"
                " WHERE race_id = ? AND user_id = ? AND finished_at IS NULL",
                *(iso(at), seconds, answer, race_id, user_id),
            )
            if finished:
                await inside.execute(
                    "UPDATE races SET board_version = board_version + 1 WHERE id = ?", race_id
                )
        return bool(finished)

    # --- the end and the ratings ------------------------------------------------------------

    async def end(
        self, race_id: int, at: dt.datetime, places: dict[int, int], rerating: Rerating | None
    ) -> bool:
        """End the race once, with its places and, for a counted race, its players' new
        ratings, in one transaction; False if it had ended already (another round or process
        got there first)."""
        async with self.db.transaction() as inside:
            ended = await inside.execute(
                "UPDATE races SET ended_at = ?, rated = ?, board_version = board_version + 1"
                " WHERE id = ? AND ended_at IS NULL",
                *(iso(at), int(rerating is not None), race_id),
            )
            if not ended:
                return False
            for user_id, place in places.items():
                await inside.execute(
                    "UPDATE race_entries SET place = ? WHERE race_id = ? AND user_id = ?",
                    *(place, race_id, user_id),
                )
            if rerating is not None:
                race = await inside.fetch_one("SELECT guild_id FROM races WHERE id = ?", race_id)
                held = await _held_ratings(inside, race["guild_id"], race_id, rerating.newcomer)
                await _rerate(inside, race["guild_id"], race_id, await rerating.rate(held))
        return True

    async def ratings(self, guild_id: int, user_ids: list[int]) -> dict[int, Rating]:
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = await self.db.fetch_all(
            f"SELECT * FROM race_ratings WHERE guild_id = ? AND user_id IN ({marks})",
            guild_id,
            *user_ids,
        )
        return {row["user_id"]: _rating(row) for row in rows}

    async def board(self, guild_id: int, limit: int) -> list[Rating]:
        rows = await self.db.fetch_all(
            "SELECT * FROM race_ratings WHERE guild_id = ? AND departed = 0"
            " ORDER BY ordinal DESC, wins DESC, user_id LIMIT ?",
            *(guild_id, limit),
        )
        return [_rating(row) for row in rows]

    async def member_departed(self, guild_id: int, user_id: int, departed: bool) -> None:
        """Hide (or show again) a member's rating on the server's board; it is kept."""
        await self.db.execute(
            "UPDATE race_ratings SET departed = ? WHERE guild_id = ? AND user_id = ?",
            *(int(departed), guild_id, user_id),
        )

    async def forget_member(self, guild_id: int, user_id: int) -> int:
        """Delete a member's entries in the server's races and their rating there; how many
        entries were deleted. Open races' scoreboards are brought up to date."""
        async with self.db.transaction() as inside:
            in_races = "SELECT id FROM races WHERE guild_id = ?"
            await inside.execute(
                "UPDATE races SET board_version = board_version + 1 WHERE ended_at IS NULL"
                f" AND id IN (SELECT race_id FROM race_entries WHERE user_id = ?"
                f" AND race_id IN ({in_races}))",
                *(user_id, guild_id),
            )
            forgotten = await inside.execute(
                f"DELETE FROM race_entries WHERE user_id = ? AND race_id IN ({in_races})",
                *(user_id, guild_id),
            )
            await inside.execute(
                "DELETE FROM race_ratings WHERE guild_id = ? AND user_id = ?", guild_id, user_id
            )
        return forgotten


async def _held_ratings(
    inside: Connection, guild_id: int, race_id: int, newcomer: tuple[float, float, float]
) -> dict[int, Rating]:
    """The race's players' ratings, locked until the transaction ends: another race ending
    at the same moment with one of them waits, then rates them from these ratings' update
    (a read then a write without the lock would lose one of the two). A newcomer gets a row
    first (committed only with their first rating), so there is a row to lock; rows are
    locked in user order, so two races sharing players cannot each wait for the other."""
    mu, sigma, ordinal = newcomer
    await inside.execute(
        "INSERT INTO race_ratings (guild_id, user_id, name, mu, sigma, ordinal)"
        " SELECT ?, user_id, name, ?, ?, ? FROM race_entries WHERE race_id = ?"
        " ORDER BY user_id ON CONFLICT DO NOTHING",
        *(guild_id, mu, sigma, ordinal, race_id),
    )
    # SQLite's transaction holds the database's write lock from its start (BEGIN IMMEDIATE);
    # PostgreSQL locks rows, and only those asked for.
    lock = " FOR UPDATE" if inside.dialect == "postgresql" else ""
    rows = await inside.fetch_all(
        "SELECT * FROM race_ratings WHERE guild_id = ? AND user_id IN"
        f" (SELECT user_id FROM race_entries WHERE race_id = ?) ORDER BY user_id{lock}",
        *(guild_id, race_id),
    )
    return {row["user_id"]: _rating(row) for row in rows}


async def _rerate(
    inside: Connection, guild_id: int, race_id: int, ratings: list[NewRating]
) -> None:
    for new in ratings:
        await inside.execute(
            "UPDATE race_entries SET rating_before = ?, rating_after = ?"
            " WHERE race_id = ? AND user_id = ?",
            *(new.before, new.ordinal, race_id, new.user_id),
        )
        await inside.execute(
            "UPDATE race_ratings SET name = ?, mu = ?, sigma = ?, ordinal = ?,"
            " races = races + 1, wins = wins + ? WHERE guild_id = ? AND user_id = ?",
            *(new.name, new.mu, new.sigma, new.ordinal, int(new.won), guild_id, new.user_id),
        )


def _moment(text: str | None) -> dt.datetime | None:
    return None if text is None else from_iso(text)


def _race(row: Row) -> Race:
    return Race(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        starter_id=row["starter_id"],
        kind=row["kind"],
        difficulty=row["difficulty"],
        start_in_seconds=row["start_in_seconds"],
        limit_seconds=row["limit_seconds"],
        created_at=from_iso(row["created_at"]),
        puzzle_text=row["puzzle_text"],
        solution_text=row["solution_text"],
        image=None if row["image"] is None else bytes(row["image"]),
        solution_image=None if row["solution_image"] is None else bytes(row["solution_image"]),
        message_id=row["message_id"],
        starts_at=_moment(row["starts_at"]),
        started_at=_moment(row["started_at"]),
        ends_at=_moment(row["ends_at"]),
        ended_at=_moment(row["ended_at"]),
        rated=bool(row["rated"]),
        results_posted_at=_moment(row["results_posted_at"]),
        board_version=row["board_version"],
        board_shown=row["board_shown"],
        language=row["language"],
    )


def _entry(row: Row) -> Entry:
    return Entry(
        race_id=row["race_id"],
        user_id=row["user_id"],
        name=row["name"],
        joined_at=from_iso(row["joined_at"]),
        wrong=row["wrong"],
        finished_at=_moment(row["finished_at"]),
        seconds=row["seconds"],
        place=row["place"],
        rating_before=row["rating_before"],
        rating_after=row["rating_after"],
    )


def _rating(row: Row) -> Rating:
    fields = {name: row[name] for name in Rating.__dataclass_fields__}
    return Rating(**{**fields, "departed": bool(fields["departed"])})
