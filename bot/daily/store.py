"""Daily-puzzle rows in SQLite: settings, the puzzles of each day, posts, plays, members.

Every write is one statement or one transaction, committed before the call returns, so a
restart or a crash never leaves half a result. Times are stored as UTC ISO strings and
days as the server's local ISO dates.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, fields

from bot.connections import Connection, Row
from puzzles.i18n import Message
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE


def iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat(timespec="seconds")


def from_iso(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


# How a server's day is posted: every kind in one message (and one close), or one each.
POST_LAYOUTS = ("together", "separate")


@dataclass(frozen=True)
class Settings:
    guild_id: int
    channel_id: int
    post_time: str
    timezone: str
    kinds: tuple[str, ...]
    difficulties: dict[str, str]
    paused: bool
    last_error: Message | str | None  # a row from before problems were Messages: English
    last_error_at: str | None
    post_layout: str = "together"  # POST_LAYOUTS: one message for the day, or one per kind
    notify_role_id: int | None = None  # the role each daily post mentions, if any
    threads: bool = False  # a thread opened on each daily post (shares, then the answer)


@dataclass(frozen=True)
class DailyPuzzle:
    kind: str
    day: dt.date
    difficulty: str
    number: int
    puzzle_text: str
    solution_text: str
    about: str
    fewest: int | None
    image: bytes
    solution_image: bytes | None = None
    language: str = DEFAULT_LANGUAGE  # whose words: 'en' for every kind without words


@dataclass(frozen=True)
class Post:
    guild_id: int
    kind: str
    day: dt.date
    difficulty: str
    channel_id: int
    message_id: int | None
    closes_at: dt.datetime
    closed_at: str | None
    close_failures: int = 0  # sends of the day's answer that failed
    # Why the last one failed (Message, or English text in an older row); kept if given up.
    close_error: Message | str | None = None
    thread_id: int | None = None  # the thread opened on the post, once Discord has made it
    language: str = DEFAULT_LANGUAGE  # the language of the day's puzzle it posted


@dataclass(frozen=True)
class Play:
    guild_id: int
    user_id: int
    kind: str
    day: dt.date
    started_at: dt.datetime
    attempts: int
    hints: int
    solved_at: dt.datetime | None
    seconds: float | None
    on_time: bool
    points: int
    measure: int | None
    gave_up_at: dt.datetime | None = None  # the member asked for the answer: not solved
    archive: bool = False  # a play of an earlier day's puzzle: unranked, kept apart

    @property
    def over(self) -> bool:
        """Solved or given up: the play takes no more answers."""
        return self.solved_at is not None or self.gave_up_at is not None


@dataclass(frozen=True)
class BoardRow:
    user_id: int
    name: str
    points: int
    solved: int
    played: int
    best_seconds: float | None
    total_seconds: float


# A member's figures over their plays (p: the plays' table alias with its dot, or ''), in the
# columns of daily_totals. Sums are cast back to whole numbers: PostgreSQL widens them.
SOLVED = "SUM(CASE WHEN {p}on_time = 1 AND {p}solved_at IS NOT NULL THEN 1 ELSE 0 END)"
TOTALS = (
    "CAST(SUM(CASE WHEN {p}on_time = 1 THEN {p}points ELSE 0 END) AS BIGINT) AS points,"
    f" CAST({SOLVED} AS BIGINT) AS solved, COUNT(*) AS played,"
    " MIN(CASE WHEN {p}on_time = 1 THEN {p}seconds END) AS best_seconds,"
    " SUM(CASE WHEN {p}on_time = 1 THEN COALESCE({p}seconds, 0) ELSE 0 END) AS total_seconds"
)


class DailyStore:
    def __init__(self, connection: Connection):
        self.db = connection

    async def _one(self, sql: str, params: tuple = ()) -> Row | None:
        return await self.db.fetch_one(sql, *params)

    async def _all(self, sql: str, params: tuple = ()) -> list[Row]:
        return await self.db.fetch_all(sql, *params)

    async def _write(self, sql: str, params: tuple = ()) -> int:
        return await self.db.execute(sql, *params)

    # --- settings -------------------------------------------------------------------------

    async def settings(self, guild_id: int) -> Settings | None:
        row = await self._one("SELECT * FROM daily_settings WHERE guild_id = ?", (guild_id,))
        return _settings(row) if row else None

    async def all_settings(self) -> list[Settings]:
        return [_settings(row) for row in await self._all("SELECT * FROM daily_settings")]

    async def save_settings(
        self, guild_id: int, channel_id: int, post_time: str, timezone: str, kinds: list[str]
    ) -> None:
        await self._write(
            "INSERT INTO daily_settings (guild_id, channel_id, post_time, timezone, kinds,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " channel_id = excluded.channel_id, post_time = excluded.post_time,"
            " timezone = excluded.timezone, updated_at = excluded.updated_at,"
            " last_error = NULL, last_error_at = NULL",
            (guild_id, channel_id, post_time, timezone, ",".join(kinds), iso(_now())),
        )

    async def set_kinds(self, guild_id: int, kinds: list[str]) -> None:
        await self._write(
            "UPDATE daily_settings SET kinds = ? WHERE guild_id = ?", (",".join(kinds), guild_id)
        )

    async def set_difficulties(self, guild_id: int, difficulties: dict[str, str]) -> None:
        await self._write(
            "UPDATE daily_settings SET difficulties = ? WHERE guild_id = ?",
            (json.dumps(difficulties, sort_keys=True), guild_id),
        )

    async def set_post_layout(self, guild_id: int, layout: str) -> None:
        await self._write(
            "UPDATE daily_settings SET post_layout = ? WHERE guild_id = ?", (layout, guild_id)
        )

    async def set_notify_role(self, guild_id: int, role_id: int | None) -> None:
        await self._write(
            "UPDATE daily_settings SET notify_role_id = ? WHERE guild_id = ?", (role_id, guild_id)
        )

    async def set_threads(self, guild_id: int, threads: bool) -> None:
        await self._write(
            "UPDATE daily_settings SET threads = ? WHERE guild_id = ?", (int(threads), guild_id)
        )

    async def set_paused(self, guild_id: int, paused: bool) -> None:
        await self._write(
            "UPDATE daily_settings SET paused = ? WHERE guild_id = ?", (int(paused), guild_id)
        )

    async def set_error(self, guild_id: int, error: Message | str | None, at: dt.datetime) -> None:
        await self._write(
            "UPDATE daily_settings SET last_error = ?, last_error_at = ? WHERE guild_id = ?",
            (problem_column(error), iso(at) if error else None, guild_id),
        )

    # --- the puzzles of each day ----------------------------------------------------------

    async def puzzle(
        self, kind: str, day: dt.date, difficulty: str, language: str = DEFAULT_LANGUAGE
    ) -> DailyPuzzle | None:
        row = await self._one(
            "SELECT * FROM daily_puzzles WHERE kind = ? AND day = ? AND difficulty = ?"
            " AND language = ?",
            (kind, day.isoformat(), difficulty, language),
        )
        return _puzzle(row) if row else None

    async def puzzle_of(self, post: Post) -> DailyPuzzle | None:
        """The day's puzzle a post posted: its kind, day, difficulty and language."""
        return await self.puzzle(post.kind, post.day, post.difficulty, post.language)

    async def save_puzzle(self, puzzle: DailyPuzzle, seed: int) -> DailyPuzzle:
        """Store once; a puzzle already stored for that kind, day, difficulty and language
        wins."""
        await self._write(
            "INSERT INTO daily_puzzles (kind, day, difficulty, language, number, seed,"
            " puzzle_text, solution_text, about, fewest, image, solution_image, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (
                puzzle.kind,
                puzzle.day.isoformat(),
                puzzle.difficulty,
                puzzle.language,
                puzzle.number,
                seed,
                puzzle.puzzle_text,
                puzzle.solution_text,
                puzzle.about,
                puzzle.fewest,
                puzzle.image,
                puzzle.solution_image,
                iso(_now()),
            ),
        )
        stored = await self.puzzle(puzzle.kind, puzzle.day, puzzle.difficulty, puzzle.language)
        assert stored is not None
        return stored

    # --- posts ----------------------------------------------------------------------------

    async def post(self, guild_id: int, kind: str, day: dt.date) -> Post | None:
        row = await self._one(
            "SELECT * FROM daily_posts WHERE guild_id = ? AND kind = ? AND day = ?",
            (guild_id, kind, day.isoformat()),
        )
        return _post(row) if row else None

    async def sent_posts(
        self, first: dt.date, last: dt.date, guild_id: int | None = None
    ) -> set[tuple[int, str, dt.date]]:
        """(server, kind, day) of every post sent on the days from `first` to `last`, on every
        server or on one."""
        sql = (
            "SELECT guild_id, kind, day FROM daily_posts"
            " WHERE day >= ? AND day <= ? AND message_id IS NOT NULL"
        )
        params: tuple = (first.isoformat(), last.isoformat())
        if guild_id is not None:
            sql, params = sql + " AND guild_id = ?", (*params, guild_id)
        rows = await self._all(sql, params)
        return {(row["guild_id"], row["kind"], dt.date.fromisoformat(row["day"])) for row in rows}

    async def reserve_post(
        self, guild_id: int, kind: str, day: dt.date, difficulty: str, channel_id: int,
        closes_at: dt.datetime, language: str = DEFAULT_LANGUAGE,
    ) -> None:  # fmt: skip
        """Reserve the day's post (of the puzzle in `language`) for a channel before sending
        it; a reservation whose send failed (say, a channel the bot may not post in) follows
        the server to its new channel."""
        await self._write(
            "INSERT INTO daily_posts (guild_id, kind, day, difficulty, channel_id, closes_at,"
            " language) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, day)"
            " DO UPDATE SET channel_id = excluded.channel_id"
            " WHERE daily_posts.message_id IS NULL",
            (guild_id, kind, day.isoformat(), difficulty, channel_id, iso(closes_at), language),
        )

    async def mark_posted(
        self, guild_id: int, kind: str, day: dt.date, channel_id: int, message_id: int,
        at: dt.datetime,
    ) -> None:  # fmt: skip
        """Record the message and the channel it went to: the day closes where it was posted."""
        await self._write(
            "UPDATE daily_posts SET channel_id = ?, message_id = ?, posted_at = ?"
            " WHERE guild_id = ? AND kind = ? AND day = ?",
            (channel_id, message_id, iso(at), guild_id, kind, day.isoformat()),
        )

    async def claim(self, post: Post, owner: str, now: dt.datetime, lease: dt.timedelta) -> bool:
        """Claim the post's next send (the puzzle, or the day's close) for `owner` until
        now + lease; False while another process holds a claim that has not run out. A
        process that dies mid-send loses its claim when the lease ends."""
        return bool(
            await self._write(
                "UPDATE daily_posts SET claimed_by = ?, claimed_until = ?"
                " WHERE guild_id = ? AND kind = ? AND day = ?"
                " AND (claimed_by IS NULL OR claimed_by = ? OR claimed_until < ?)",
                (owner, iso(now + lease), *_post_key(post), owner, iso(now)),
            )
        )

    async def release(self, post: Post, owner: str) -> None:
        """Give up `owner`'s claim (the send is done, or failed and waits for a later round)."""
        await self._write(
            "UPDATE daily_posts SET claimed_by = NULL, claimed_until = NULL"
            " WHERE guild_id = ? AND kind = ? AND day = ? AND claimed_by = ?",
            (*_post_key(post), owner),
        )

    async def posts_without_thread(self) -> list[Post]:
        """Sent, open posts of servers with threads on whose thread is not recorded yet (not
        opened, or opened by a bot stopped before it could record it)."""
        rows = await self._all(
            "SELECT daily_posts.* FROM daily_posts JOIN daily_settings"
            " ON daily_settings.guild_id = daily_posts.guild_id"
            " WHERE daily_settings.threads = 1 AND daily_posts.message_id IS NOT NULL"
            " AND daily_posts.closed_at IS NULL AND daily_posts.thread_id IS NULL"
            " ORDER BY daily_posts.guild_id, daily_posts.message_id"
        )
        return [_post(row) for row in rows]

    async def set_thread(self, post: Post, thread_id: int) -> None:
        await self._write(
            "UPDATE daily_posts SET thread_id = ? WHERE guild_id = ? AND kind = ? AND day = ?",
            (thread_id, *_post_key(post)),
        )

    async def posts_to_close(self, now: dt.datetime) -> list[Post]:
        rows = await self._all(
            "SELECT * FROM daily_posts WHERE closed_at IS NULL AND message_id IS NOT NULL"
            " AND closes_at <= ? ORDER BY closes_at",
            (iso(now),),
        )
        return [_post(row) for row in rows]

    async def mark_closed(self, post: Post, at: dt.datetime) -> None:
        """The day's answer is posted: the day is over for good."""
        await self._write(
            "UPDATE daily_posts SET closed_at = ?, close_error = NULL"
            " WHERE guild_id = ? AND kind = ? AND day = ?",
            (iso(at), *_post_key(post)),
        )

    async def count_close_failure(self, post: Post, error: Message | str) -> int:
        """Record a failed send of the day's answer; how many have failed so far."""
        key = _post_key(post)
        await self._write(
            "UPDATE daily_posts SET close_failures = close_failures + 1, close_error = ?"
            " WHERE guild_id = ? AND kind = ? AND day = ?",
            (problem_column(error), *key),
        )
        row = await self._one(
            "SELECT close_failures FROM daily_posts WHERE guild_id = ? AND kind = ? AND day = ?",
            key,
        )
        return row["close_failures"] if row else 0

    async def give_up_close(self, post: Post, at: dt.datetime) -> None:
        """Close the day without its answer post, keeping why (close_error) for status.
        Only the post row changes: the day's plays and results stay as they are."""
        await self._write(
            "UPDATE daily_posts SET closed_at = ? WHERE guild_id = ? AND kind = ? AND day = ?",
            (iso(at), *_post_key(post)),
        )

    async def unposted_closes(self, guild_id: int, since: dt.date) -> list[Post]:
        """Days since `since` closed without their answer post (given up), newest first."""
        rows = await self._all(
            "SELECT * FROM daily_posts WHERE guild_id = ? AND closed_at IS NOT NULL"
            " AND close_error IS NOT NULL AND day >= ? ORDER BY day DESC, kind",
            (guild_id, since.isoformat()),
        )
        return [_post(row) for row in rows]

    async def posts_in_message(self, guild_id: int, message_id: int) -> list[Post]:
        """The posts one message carries (every kind of the day, when posted together)."""
        rows = await self._all(
            "SELECT * FROM daily_posts WHERE guild_id = ? AND message_id = ? ORDER BY kind",
            (guild_id, message_id),
        )
        return [_post(row) for row in rows]

    async def closed_days(self, guild_id: int, kind: str, now: dt.datetime) -> list[dt.date]:
        """The days this server posted the kind and that have closed by `now`, newest first
        (the archive)."""
        rows = await self._all(
            "SELECT day FROM daily_posts WHERE guild_id = ? AND kind = ?"
            " AND message_id IS NOT NULL AND (closed_at IS NOT NULL OR closes_at <= ?)"
            " ORDER BY day DESC",
            (guild_id, kind, iso(now)),
        )
        return [dt.date.fromisoformat(row["day"]) for row in rows]

    async def open_posts(self, guild_id: int) -> list[Post]:
        rows = await self._all(
            "SELECT * FROM daily_posts WHERE guild_id = ? AND closed_at IS NULL"
            " AND message_id IS NOT NULL",
            (guild_id,),
        )
        return [_post(row) for row in rows]

    # --- plays ----------------------------------------------------------------------------

    async def play(
        self, guild_id: int, user_id: int, kind: str, day: dt.date, archive: bool = False
    ) -> Play | None:
        """The member's play of the day's puzzle: the daily one, or their archive play of it."""
        row = await self._one(
            f"SELECT * FROM {_plays_table(archive)} WHERE guild_id = ? AND user_id = ?"
            " AND kind = ? AND day = ?",
            (guild_id, user_id, kind, day.isoformat()),
        )
        return _play(row, archive) if row else None

    async def start_play(
        self, guild_id: int, user_id: int, kind: str, day: dt.date, at: dt.datetime,
        archive: bool = False,
    ) -> Play:  # fmt: skip
        """The player's play of this puzzle; the first call starts their timer. An archive
        play counts in no daily total."""
        async with self.db.transaction() as inside:  # the play and its totals, or neither
            started = await inside.execute(
                f"INSERT INTO {_plays_table(archive)} (guild_id, user_id, kind, day, started_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                *(guild_id, user_id, kind, day.isoformat(), iso(at)),
            )
            if started and not archive:
                for totals_kind in (kind, "*"):
                    await inside.execute(
                        "INSERT INTO daily_totals (guild_id, kind, user_id, played)"
                        " VALUES (?, ?, ?, 1) ON CONFLICT (guild_id, kind, user_id)"
                        " DO UPDATE SET played = daily_totals.played + 1",
                        *(guild_id, totals_kind, user_id),
                    )
        play = await self.play(guild_id, user_id, kind, day, archive)
        assert play is not None
        return play

    async def played_counts(self, guild_id: int, day: dt.date) -> dict[str, int]:
        """How many members have opened each kind's puzzle of the day."""
        rows = await self._all(
            "SELECT kind, COUNT(*) AS played FROM daily_plays WHERE guild_id = ? AND day = ?"
            " GROUP BY kind",
            (guild_id, day.isoformat()),
        )
        return {row["kind"]: row["played"] for row in rows}

    async def count_attempt(self, play: Play) -> None:
        await self._write(
            f"UPDATE {_plays_table(play.archive)} SET attempts = attempts + 1"
            " WHERE guild_id = ? AND user_id = ?"
            " AND kind = ? AND day = ? AND solved_at IS NULL AND gave_up_at IS NULL",
            _play_key(play),
        )

    async def give_up(self, play: Play, at: dt.datetime) -> bool:
        """End an unsolved play without a solve (the member saw the answer); False if it was
        already over."""
        return bool(
            await self._write(
                f"UPDATE {_plays_table(play.archive)} SET gave_up_at = ?"
                " WHERE guild_id = ? AND user_id = ?"
                " AND kind = ? AND day = ? AND solved_at IS NULL AND gave_up_at IS NULL",
                (iso(at), *_play_key(play)),
            )
        )

    async def count_hint(self, play: Play) -> None:
        await self._write(
            f"UPDATE {_plays_table(play.archive)} SET hints = hints + 1"
            " WHERE guild_id = ? AND user_id = ?"
            " AND kind = ? AND day = ? AND solved_at IS NULL",
            _play_key(play),
        )

    async def record_solve(
        self, play: Play, at: dt.datetime, on_time: bool, points: int, answer: str,
        measure: int | None,
    ) -> bool:  # fmt: skip
        """Record the solve once (the attempt that solved it counts); False if already solved."""
        seconds = (at - play.started_at).total_seconds()
        async with self.db.transaction() as inside:
            solved = await inside.execute(
                f"UPDATE {_plays_table(play.archive)} SET attempts = attempts + 1, solved_at = ?,"
                " seconds = ?,"
                " on_time = ?, points = ?, answer = ?, measure = ? WHERE guild_id = ?"
                " AND user_id = ? AND kind = ? AND day = ? AND solved_at IS NULL"
                " AND gave_up_at IS NULL",
                *(iso(at), seconds, int(on_time), points, answer, measure, *_play_key(play)),
            )
            if solved and on_time and not play.archive:  # late: stats only, not the board
                for totals_kind in (play.kind, "*"):
                    await inside.execute(
                        "UPDATE daily_totals SET points = points + ?, solved = solved + 1,"
                        " total_seconds = total_seconds + ?, best_seconds = CASE"
                        " WHEN best_seconds IS NULL OR best_seconds > ? THEN ?"
                        " ELSE best_seconds END WHERE guild_id = ? AND kind = ? AND user_id = ?",
                        *(points, seconds, seconds, seconds, play.guild_id, totals_kind),
                        play.user_id,
                    )
        return bool(solved)

    async def plays_of(
        self, guild_id: int, user_id: int, kind: str | None, archive: bool = False
    ) -> list[Play]:
        """A member's daily plays (or archive plays) in the server, oldest day first."""
        sql = f"SELECT * FROM {_plays_table(archive)} WHERE guild_id = ? AND user_id = ?"
        params: tuple = (guild_id, user_id)
        if kind:
            sql += " AND kind = ?"
            params += (kind,)
        return [_play(row, archive) for row in await self._all(sql + " ORDER BY day", params)]

    async def solved_days(
        self, guild_id: int, user_ids: list[int], kind: str | None, since: dt.date
    ) -> dict[int, list[dt.date]]:
        """Each member's days with an on-time solve since `since` (for board streaks)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        sql = (
            "SELECT DISTINCT user_id, day FROM daily_plays WHERE guild_id = ?"
            f" AND user_id IN ({marks}) AND on_time = 1 AND solved_at IS NOT NULL AND day >= ?"
        )
        params: tuple = (guild_id, *user_ids, since.isoformat())
        if kind:
            sql += " AND kind = ?"
            params += (kind,)
        days: dict[int, list[dt.date]] = {user: [] for user in user_ids}
        for row in await self._all(sql, params):
            days[row["user_id"]].append(dt.date.fromisoformat(row["day"]))
        return days

    async def gave_up_days(
        self, guild_id: int, user_ids: list[int], kind: str | None, since: dt.date
    ) -> dict[int, list[dt.date]]:
        """Each member's days since `since` on which they gave up and solved nothing (a
        give-up ends a streak; a freeze does not cover it, scoring.streaks)."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        sql = (
            "SELECT user_id, day FROM daily_plays WHERE guild_id = ? AND day >= ?"
            f" AND user_id IN ({marks})"
        )
        params: tuple = (guild_id, since.isoformat(), *user_ids)
        if kind:
            sql += " AND kind = ?"
            params += (kind,)
        sql += (
            " GROUP BY user_id, day HAVING MAX(gave_up_at) IS NOT NULL AND MAX(solved_at) IS NULL"
        )
        days: dict[int, list[dt.date]] = {user: [] for user in user_ids}
        for row in await self._all(sql, params):
            days[row["user_id"]].append(dt.date.fromisoformat(row["day"]))
        return days

    async def day_results(self, guild_id: int, kind: str, day: dt.date) -> list[tuple[str, Play]]:
        rows = await self._all(
            "SELECT p.*, COALESCE(m.name, 'someone') AS name FROM daily_plays p"
            " LEFT JOIN members m ON m.guild_id = p.guild_id AND m.user_id = p.user_id"
            " WHERE p.guild_id = ? AND p.kind = ? AND p.day = ? AND COALESCE(m.departed, 0) = 0"
            " ORDER BY p.on_time DESC, p.points DESC, p.seconds",
            (guild_id, kind, day.isoformat()),
        )
        return [(row["name"], _play(row)) for row in rows]

    # --- the board ------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, kind: str | None, first_day: dt.date | None, last_day: dt.date,
        limit: int = 25,
    ) -> list[BoardRow]:  # fmt: skip
        """Members ranked by on-time points, then solves, then the lower total time."""
        if first_day is None:
            return await self._all_time_board(guild_id, kind or "*", limit)
        where = "p.guild_id = ? AND p.day <= ?"
        params: list = [guild_id, last_day.isoformat()]
        if first_day is not None:
            where += " AND p.day >= ?"
            params.append(first_day.isoformat())
        if kind:
            where += " AND p.kind = ?"
            params.append(kind)
        # Aggregate from the covering index first; names are joined for the top rows only.
        rows = await self._all(
            "SELECT b.*, COALESCE(m.name, 'someone') AS name FROM ("
            f" SELECT p.user_id, {TOTALS.format(p='p.')}"
            f" FROM daily_plays p WHERE {where} AND p.user_id NOT IN"
            " (SELECT user_id FROM members WHERE guild_id = ? AND departed = 1)"
            f" GROUP BY p.user_id HAVING {SOLVED.format(p='p.')} > 0"
            " ORDER BY points DESC, solved DESC, total_seconds ASC, p.user_id LIMIT ?) b"
            " LEFT JOIN members m ON m.guild_id = ? AND m.user_id = b.user_id"
            " ORDER BY b.points DESC, b.solved DESC, b.total_seconds ASC, b.user_id",
            (*params, guild_id, limit, guild_id),
        )
        return [_board_row(row) for row in rows]

    async def rebuild_totals(self) -> None:
        """Recount every member's running totals from their plays (after a bulk import)."""
        async with self.db.transaction() as inside:
            await inside.execute("DELETE FROM daily_totals")
            await inside.execute(
                "INSERT INTO daily_totals (guild_id, kind, user_id, points, solved, played,"
                f" best_seconds, total_seconds) SELECT guild_id, k, user_id, {TOTALS.format(p='')}"
                " FROM (SELECT guild_id, user_id, kind AS k, on_time, points, solved_at, seconds"
                " FROM daily_plays UNION ALL SELECT guild_id, user_id, '*', on_time, points,"
                " solved_at, seconds FROM daily_plays) AS plays GROUP BY guild_id, k, user_id"
            )

    async def _all_time_board(self, guild_id: int, kind: str, limit: int) -> list[BoardRow]:
        rows = await self._all(
            "SELECT t.*, COALESCE(m.name, 'someone') AS name FROM daily_totals t"
            " LEFT JOIN members m ON m.guild_id = t.guild_id AND m.user_id = t.user_id"
            " WHERE t.guild_id = ? AND t.kind = ? AND t.solved > 0"
            " AND COALESCE(m.departed, 0) = 0"
            " ORDER BY t.points DESC, t.solved DESC, t.total_seconds ASC, t.user_id LIMIT ?",
            (guild_id, kind, limit),
        )
        return [_board_row(row) for row in rows]

    # --- members --------------------------------------------------------------------------

    async def results(self, guild_id: int, user_id: int | None = None) -> list[Row]:
        """Every result in the server (or one member's), daily and archive plays, by day: the
        rows as stored (times as ISO text), with the member's name, the puzzle's number and
        `archive`. Rows, not records: a big server's 100,000 records would keep the garbage
        collector (and so the event loop) busy for a tenth of a second at a time."""
        only = " AND p.user_id = ?" if user_id is not None else ""
        params = (guild_id, *((user_id,) if user_id is not None else ()))
        parts = [
            f"SELECT p.*, {int(archive)} AS archive, COALESCE(m.name, '') AS name,"
            f" d.number FROM {_plays_table(archive)} p"
            " LEFT JOIN members m ON m.guild_id = p.guild_id AND m.user_id = p.user_id"
            " LEFT JOIN daily_posts o ON o.guild_id = p.guild_id AND o.kind = p.kind"
            " AND o.day = p.day"
            " LEFT JOIN daily_puzzles d ON d.kind = p.kind AND d.day = p.day"
            " AND d.difficulty = o.difficulty AND d.language = o.language"
            f" WHERE p.guild_id = ?{only}"
            for archive in (False, True)
        ]
        return await self._all(
            " UNION ALL ".join(parts) + " ORDER BY day, kind, archive, user_id", params * 2
        )

    async def remember_member(self, guild_id: int, user_id: int, name: str) -> None:
        await self._write(
            "INSERT INTO members (guild_id, user_id, name) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, departed = 0",
            (guild_id, user_id, name),
        )

    async def forget_member(self, guild_id: int, user_id: int) -> int:
        """Delete everything kept about a member in one server (results, streaks, totals, name),
        all together; the number of results deleted."""
        async with self.db.transaction() as inside:
            results = await inside.execute(
                "DELETE FROM daily_plays WHERE guild_id = ? AND user_id = ?", guild_id, user_id
            )
            for table in ("archive_plays", "daily_totals", "members"):
                await inside.execute(
                    f"DELETE FROM {table} WHERE guild_id = ? AND user_id = ?", guild_id, user_id
                )
            # Their letters in this server's co-op games go too, as if erased (bot/coop).
            await inside.execute(
                "DELETE FROM coop_letters WHERE user_id = ? AND thread_id IN"
                " (SELECT thread_id FROM coop_games WHERE guild_id = ?)",
                user_id, guild_id,
            )  # fmt: skip
        return results

    async def member_departed(self, guild_id: int, user_id: int, departed: bool = True) -> None:
        await self._write(
            "UPDATE members SET departed = ? WHERE guild_id = ? AND user_id = ?",
            (int(departed), guild_id, user_id),
        )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _post_key(post: Post) -> tuple:
    return (post.guild_id, post.kind, post.day.isoformat())


def _plays_table(archive: bool) -> str:
    """Daily plays count for the day; archive plays (an earlier day's puzzle) never do."""
    return "archive_plays" if archive else "daily_plays"


def _play_key(play: Play) -> tuple:
    return (play.guild_id, play.user_id, play.kind, play.day.isoformat())


def _record(record_type, row, **converted):
    """A record from a row whose columns are named like its fields; `converted` gives the
    fields stored in another form (dates as ISO text, flags as integers, lists as text)."""
    stored = {
        field.name: row[field.name] for field in fields(record_type) if field.name not in converted
    }
    return record_type(**stored, **converted)


def _board_row(row) -> BoardRow:
    return _record(BoardRow, row)


def _settings(row) -> Settings:
    return _record(
        Settings,
        row,
        kinds=tuple(kind for kind in row["kinds"].split(",") if kind),
        difficulties=json.loads(row["difficulties"]),
        paused=bool(row["paused"]),
        threads=bool(row["threads"]),
        last_error=problem_from_column(row["last_error"]),
    )


def _puzzle(row) -> DailyPuzzle:
    return _record(DailyPuzzle, row, day=dt.date.fromisoformat(row["day"]))


def _post(row) -> Post:
    return _record(
        Post,
        row,
        day=dt.date.fromisoformat(row["day"]),
        closes_at=from_iso(row["closes_at"]),
        close_error=problem_from_column(row["close_error"]),
    )


# A problem the scheduler met is kept as its Message (English id and parameters) in JSON, so
# /daily status says it in the reader's language; rows written before that hold finished
# English text, which is shown as it is.


def problem_column(problem: Message | str | None) -> str | None:
    """A problem as its column keeps it: a Message as JSON, text as it is, None as NULL."""
    if isinstance(problem, Message):
        return json.dumps(_message_document(problem), ensure_ascii=False, sort_keys=True)
    return problem


def problem_from_column(column: str | None) -> Message | str | None:
    """The problem a column keeps: its Message, or an older row's English text."""
    if not column or not column.startswith("{"):
        return column
    try:
        document = json.loads(column)
    except json.JSONDecodeError:
        return column
    return _message(document) if isinstance(document, dict) and "id" in document else column


def _message_document(message: Message) -> dict:
    params = {
        name: {"message": _message_document(value)} if isinstance(value, Message) else value
        for name, value in message.params
    }
    document = {"id": message.id, "params": params}
    if message.plural is not None:
        document.update(plural=message.plural, count=message.count)
    if message.context is not None:
        document["context"] = message.context
    return document


def _message(document: dict) -> Message:
    params = tuple(
        (name, _message(value["message"]) if isinstance(value, dict) else value)
        for name, value in document["params"].items()
    )
    return Message(
        document["id"],
        params,
        plural=document.get("plural"),
        count=document.get("count"),
        context=document.get("context"),
    )


def _play(row, archive: bool = False) -> Play:
    return _record(
        Play,
        row,
        archive=archive,
        day=dt.date.fromisoformat(row["day"]),
        started_at=from_iso(row["started_at"]),
        solved_at=from_iso(row["solved_at"]) if row["solved_at"] else None,
        gave_up_at=from_iso(row["gave_up_at"]) if row["gave_up_at"] else None,
        on_time=bool(row["on_time"]),
    )
