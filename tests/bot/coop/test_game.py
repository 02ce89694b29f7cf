"""The co-op game on a real SQLite file and the bot's PuzzleService (its jobs run in this
process): a hint that clears a letter in its way, the solve, and the kinds it takes."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.coop.game import CoopService, Made
from bot.coop.store import CoopStore
from bot.database import Database
from bot.puzzle_service import Refusal
from puzzles import get_kind
from puzzles.cryptogram import EXAMPLE, hint, parse, solve
from tests.fuzz.inprocess import in_process_service

THREAD = 100
START = dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
async def coop(tmp_path):
    database = await Database.open(tmp_path / "puzzlebot.sqlite3")
    now = [START]
    service = CoopService(CoopStore(database.connection), in_process_service(), lambda: now[0])
    puzzle = parse(EXAMPLE)
    solution = {c: p for c, p in solve(puzzle).key}
    made = Made(get_kind("cryptogram"), EXAMPLE, solution, b"")
    await service.open(made, guild_id=1, channel_id=2, thread_id=THREAD, user_id=10)
    yield service, puzzle, solution, now
    await database.close()


async def test_a_hint_clears_a_wrong_letter_that_holds_the_revealed_one(coop):
    service, puzzle, solution, _ = coop
    revealed = hint(puzzle, "")  # the letter the kind's own hint gives first
    holder = next(c for c in sorted(solution) if c not in (revealed.cipher, "X"))
    moves = await service.fill(THREAD, 11, "bea", f"{holder}={revealed.plain}")
    assert moves.written and not moves.refused  # wrong, but legal

    hinted = await service.hint(THREAD)
    assert (hinted.pair.cell, hinted.pair.letter) == (revealed.cipher, revealed.plain)
    assert hinted.cleared == (holder,) and "appears" in hinted.reason
    game = await service.game(THREAD)
    assert game.hints == 1 and holder not in game.letters
    assert game.letters[revealed.cipher].user_id is None


async def test_the_last_letter_solves_once_and_the_shares_count_standing_letters(coop):
    service, puzzle, solution, now = coop
    cells = [c for c in sorted(solution) if c not in dict(puzzle.hints)]
    mine, theirs = cells[:3], cells[3:]
    await service.fill(THREAD, 10, "ann", " ".join(f"{c}={solution[c]}" for c in mine))
    now[0] = START + dt.timedelta(minutes=4, seconds=5)
    moves = await service.fill(THREAD, 11, "bea", " ".join(f"{c}={solution[c]}" for c in theirs))
    assert moves.solved is not None
    assert moves.solved.shares == (("bea", len(theirs)), ("ann", 3))
    assert moves.solved.points == 100 and "in 4:05" in moves.solved.text("Co-op Cryptogram")
    with pytest.raises(Refusal, match="solved already"):
        await service.fill(THREAD, 12, "cal", f"{cells[0]}=Q")


async def test_only_kinds_filled_in_letter_by_letter_are_played_together(coop):
    service = coop[0]
    assert service.kind("crypto").name == "cryptogram" and service.kind("clueless")
    with pytest.raises(Refusal, match="cryptogram or codeword"):
        service.kind("sudoku")
