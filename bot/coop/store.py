"""Co-op games in the database: the puzzle of each thread and every letter filled in.

Every write is one statement, committed before the call returns, so a restart in the middle
of a puzzle loses nothing. Times are UTC ISO strings (bot/daily/store.py's iso).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from bot.connections import Connection, Row
from bot.daily.store import from_iso, iso
from puzzles.lexicon.alphabet import DEFAULT_LANGUAGE


@dataclass(frozen=True)
class Letter:
    """A letter in a square, and who put it there (user_id None: a hint revealed it)."""

    letter: str
    user_id: int | None
    name: str


@dataclass(frozen=True)
class Game:
    thread_id: int
    guild_id: int
    channel_id: int
    kind: str
    puzzle_text: str
    solution: dict[str, str]
    board_message_id: int | None
    started_by: int
    started_at: dt.datetime
    hints: int
    solved_at: dt.datetime | None
    archived_at: dt.datetime | None
    letters: dict[str, Letter]
    language: str = DEFAULT_LANGUAGE  # the puzzle's words: 'en' for a cryptogram

    @property
    def fill(self) -> dict[str, str]:
        return {cell: letter.letter for cell, letter in self.letters.items()}


class CoopStore:
    def __init__(self, connection: Connection):
        self.db = connection

    async def create(
        self, thread_id: int, guild_id: int, channel_id: int, kind: str, puzzle_text: str,
        solution: dict[str, str], started_by: int, at: dt.datetime,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:  # fmt: skip
        await self.db.execute(
            "INSERT INTO coop_games (thread_id, guild_id, channel_id, kind, puzzle_text,"
            " solution, started_by, started_at, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            thread_id, guild_id, channel_id, kind, puzzle_text,
            json.dumps(solution, sort_keys=True), started_by, iso(at), language,
        )  # fmt: skip

    async def game(self, thread_id: int) -> Game | None:
        row = await self.db.fetch_one("SELECT * FROM coop_games WHERE thread_id = ?", thread_id)
        if row is None:
            return None
        rows = await self.db.fetch_all(
            "SELECT cell, letter, user_id, name FROM coop_letters WHERE thread_id = ?", thread_id
        )
        return _game(row, {r["cell"]: Letter(r["letter"], r["user_id"], r["name"]) for r in rows})

    async def set_board(self, thread_id: int, message_id: int) -> None:
        await self.db.execute(
            "UPDATE coop_games SET board_message_id = ? WHERE thread_id = ?", message_id, thread_id
        )

    async def write(
        self, thread_id: int, cell: str, letter: str, user_id: int | None, name: str,
        at: dt.datetime,
    ) -> None:  # fmt: skip
        await self.db.execute(
            "INSERT INTO coop_letters (thread_id, cell, letter, user_id, name, at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (thread_id, cell) DO UPDATE SET"
            " letter = excluded.letter, user_id = excluded.user_id, name = excluded.name,"
            " at = excluded.at",
            thread_id, cell, letter, user_id, name, iso(at),
        )  # fmt: skip
        await self._changed(thread_id, at)

    async def erase(self, thread_id: int, cell: str, at: dt.datetime) -> None:
        await self.db.execute(
            "DELETE FROM coop_letters WHERE thread_id = ? AND cell = ?", thread_id, cell
        )
        await self._changed(thread_id, at)

    async def _changed(self, thread_id: int, at: dt.datetime) -> None:
        await self.db.execute(
            "UPDATE coop_games SET changed_at = ? WHERE thread_id = ?", iso(at), thread_id
        )

    async def count_hint(self, thread_id: int) -> None:
        await self.db.execute(
            "UPDATE coop_games SET hints = hints + 1 WHERE thread_id = ?", thread_id
        )

    async def mark_solved(self, thread_id: int, at: dt.datetime) -> bool:
        """Record the solve once; False when it was already recorded."""
        changed = await self.db.execute(
            "UPDATE coop_games SET solved_at = ? WHERE thread_id = ? AND solved_at IS NULL",
            iso(at), thread_id,
        )  # fmt: skip
        return bool(changed)

    async def mark_archived(self, thread_id: int, at: dt.datetime) -> None:
        await self.db.execute(
            "UPDATE coop_games SET archived_at = ? WHERE thread_id = ?", iso(at), thread_id
        )

    async def mark_drawn(self, thread_id: int, at: dt.datetime) -> None:
        await self.db.execute(
            "UPDATE coop_games SET board_drawn_at = ? WHERE thread_id = ?", iso(at), thread_id
        )

    async def stale_boards(self) -> list[int]:
        """Unsolved games changed since their board's last redraw (a restart came between a
        letter and its redraw)."""
        rows = await self.db.fetch_all(
            "SELECT thread_id FROM coop_games WHERE solved_at IS NULL"
            " AND board_message_id IS NOT NULL AND changed_at IS NOT NULL"
            " AND (board_drawn_at IS NULL OR changed_at >= board_drawn_at)"
        )
        return [row["thread_id"] for row in rows]

    async def unarchived_solves(self) -> list[int]:
        """Threads solved but not yet archived (the bot stopped in between)."""
        rows = await self.db.fetch_all(
            "SELECT thread_id FROM coop_games WHERE solved_at IS NOT NULL AND archived_at IS NULL"
        )
        return [row["thread_id"] for row in rows]


def _game(row: Row, letters: dict[str, Letter]) -> Game:
    return Game(
        thread_id=row["thread_id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        puzzle_text=row["puzzle_text"],
        solution=json.loads(row["solution"]),
        board_message_id=row["board_message_id"],
        started_by=row["started_by"],
        started_at=from_iso(row["started_at"]),
        hints=row["hints"],
        solved_at=from_iso(row["solved_at"]) if row["solved_at"] else None,
        archived_at=from_iso(row["archived_at"]) if row["archived_at"] else None,
        letters=letters,
        language=row["language"],
    )
