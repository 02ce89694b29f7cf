"""Daily puzzles per language, on a real database and the bot's own service (its jobs run in
this process, across a pickle as between processes): a word kind's puzzle of the day is made
in the server's language, every other kind's is one English puzzle every server shares."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.daily.game import DailyService
from bot.daily.store import DailyStore
from bot.database import Database
from puzzles import get_kind
from puzzles.lexicon import Tier, lexicon
from tests.fuzz.inprocess import in_process_service

DAY = dt.date(2026, 11, 24)


@pytest.fixture
async def daily(tmp_path):
    database = await Database.open(tmp_path / "puzzlebot.sqlite3")
    store = DailyStore(database.connection)
    yield DailyService(store, in_process_service(), clock=lambda: dt.datetime.now(dt.UTC))
    await database.close()


@pytest.mark.parametrize("language", ["fr", "es"])
async def test_the_daily_word_kinds_are_made_in_the_servers_language(daily, language):
    ladder = get_kind("ladder")
    made = await daily.puzzle_of_the_day(ladder, DAY, "easy", language)
    english = await daily.puzzle_of_the_day(ladder, DAY, "easy")
    assert (made.language, english.language) == (language, "en")
    puzzle = ladder.parse_with(made.puzzle_text, {"language": language})
    assert all(lexicon(language).contains(word, Tier.COMMON) for word in puzzle.words)
    assert made.puzzle_text != english.puzzle_text
    # made once: the next server of that language gets the same one
    assert await daily.puzzle_of_the_day(ladder, DAY, "easy", language) == made


async def test_a_spanish_daily_codeword_has_its_27_numbers(daily):
    codeword = get_kind("codeword")
    made = await daily.puzzle_of_the_day(codeword, DAY, "easy", "es")
    puzzle = codeword.parse_with(made.puzzle_text, {"language": "es"})
    assert made.language == "es" and max(puzzle.numbers) == 27
    assert "Unique" in made.solution_text


async def test_a_kind_without_words_is_one_puzzle_for_every_language(daily):
    sudoku = get_kind("sudoku")
    made = await daily.puzzle_of_the_day(sudoku, DAY, "easy", "fr")
    assert made.language == "en"
    assert await daily.puzzle_of_the_day(sudoku, DAY, "easy") == made
