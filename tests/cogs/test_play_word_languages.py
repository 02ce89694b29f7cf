"""Races and co-op games in the puzzle language, end to end: the real bot on the local
Discord server. A word kind's race or co-op game is made of the words of the language asked
for, else the server's (/puzzle-settings language), else English, never a member's Discord
locale; the race or game keeps its language in the database, so a restarted bot, or a server
that changes its language meanwhile, still reads and checks it in the same one."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.lexicon import Tier, lexicon
from tests.cogs.test_daily import answer_for
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT
from tests.cogs.test_race import NOW, answer, handed_puzzle, new_bot, racing_bot, timer_round
from tests.cogs.test_together import guess, pairs, stored_game


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def stored_language(server_db, table: str) -> list[str]:
    with sqlite3.connect(server_db) as database:
        return [row[0] for row in database.execute(f"SELECT language FROM {table}")]


def french_words(words: list[str]) -> bool:
    return all(lexicon("fr").contains(word, Tier.LARGE) for word in words)


async def test_a_french_servers_race_is_a_french_box_checked_in_french_across_a_restart(
    server, tmp_path
):
    alice = server.user  # Discord in English: her locale makes no puzzle language
    database = tmp_path / "puzzlebot.sqlite3"
    async with racing_bot(server, tmp_path) as (bot, clock):
        await bot.servers.set_language(server.guild.id, "fr")
        started = await server.send_slash_command(
            "race", options={"kind": "letterboxed", "start_in": 30, "minutes": 5}, user=alice
        )
        assert "posted" in (await started.reply(timeout=REPLY_TIMEOUT)).content
        assert stored_language(database, "races") == ["fr"]
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        puzzle = await handed_puzzle(started)
        (race,) = await bot.get_cog("Races").races.store.running()
        french = answer_for(race.puzzle_text, "fr")
        assert french_words(french.split()), french
        # The server goes back to English words: the race keeps its own.
        await bot.servers.set_language(server.guild.id, "en")

    clock.now += dt.timedelta(seconds=20)
    async with server.run_bot(new_bot(tmp_path, clock), ready_timeout=60):
        said = await answer(server, puzzle, alice, french)
    assert said.startswith("Finished in 0:20"), said
    server.assert_no_violations()


async def test_a_language_for_a_kind_without_words_is_refused_with_what_to_do(server, tmp_path):
    async with racing_bot(server, tmp_path):
        handle = await server.send_slash_command(
            "race", options={"kind": "sudoku", "language": "fr"}
        )
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
    assert reply.ephemeral and "Sudoku has no option 'language'" in reply.content, reply.content
    assert stored_language(tmp_path / "puzzlebot.sqlite3", "races") == []
    server.assert_no_violations()


async def test_a_french_servers_co_op_codeword_is_french_and_solved_in_french(server, tmp_path):
    alice = server.user
    database = tmp_path / "puzzlebot.sqlite3"
    async with racing_bot(server, tmp_path) as (bot, _clock):
        await bot.servers.set_language(server.guild.id, "fr")
        handle = await server.send_slash_command(
            "together", options={"kind": "codeword", "difficulty": "easy"}, user=alice
        )
        starter = await handle.reply(timeout=REPLY_TIMEOUT)
        board = await server.wait_for_channel_message(starter.id, lambda m: bool(m.attachments), 10)
        # The board's alt text is the server's language too (it was English).
        assert board.attachments[0].description.startswith("Mots codés\u00a0: à remplir ensemble.")
        (thread,) = server.threads_of(server.channel)
        assert stored_language(database, "coop_games") == ["fr"]
        text, solution = stored_game(bot.config, thread.id)
        puzzle = get_kind("codeword").parse_with(text, {"language": "fr"})
        words = ["".join(solution[str(n)] for n in clue).lower() for clue in puzzle.clues]
        assert french_words(words), words

        given = {str(number) for number, _letter in puzzle.starters}
        await guess(server, thread, alice, pairs(sorted(set(solution) - given), solution))
        solved = await server.wait_for_channel_message(
            thread.id, lambda m: "**Résolu" in m.content, REPLY_TIMEOUT
        )
    assert "Alice" in solved.content
    server.assert_no_violations()
