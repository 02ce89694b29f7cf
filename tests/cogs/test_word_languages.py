"""End to end: the word kinds' `language` option, against the local Discord server with the
real bot, worker processes and a SQLite file. The puzzle's language is the member's choice,
else the server's setting, else English: never the member's or the server's Discord locale."""

from __future__ import annotations

import pytest

from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.lexicon import Tier, lexicon
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT, running_bot, test_config

FRENCH_BOX = "ÉCR AIT OUL SNM"  # MUSICALE ENORMEMENT; no English two-word answer


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def answer_words(content: str) -> list[str]:
    solution_line = next(line for line in content.splitlines() if line.isupper())
    return [word.lower() for word in solution_line.split()]


async def test_the_language_option_reads_the_box_in_french(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": FRENCH_BOX, "language": "fr"}
        )
        reply = await handle.reply(timeout=REPLY_TIMEOUT)
    words = answer_words(reply.content)
    assert len(words) == 2, reply.content
    assert all(lexicon("fr").contains(word, Tier.STANDARD) for word in words)
    server.assert_no_violations()


async def test_without_the_option_the_servers_language_then_english_is_used(server, tmp_path):
    server.guild.locale = "fr"  # the server's Discord locale is no puzzle language
    french = server.add_guild("Serveur français")
    async with running_bot(server, test_config(tmp_path)) as bot:
        await bot.servers.set_language(french.id, "fr")
        handle = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": FRENCH_BOX}, guild=french
        )
        in_french = await handle.reply(timeout=REPLY_TIMEOUT)
        handle = await server.send_slash_command("solve letterboxed", options={"puzzle": BOX_EN})
        in_english = await handle.reply(timeout=REPLY_TIMEOUT)
        # the member may still ask for English words on the French server
        handle = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": BOX_EN, "language": "en"}, guild=french
        )
        asked_for_english = await handle.reply(timeout=REPLY_TIMEOUT)
    assert all(lexicon("fr").contains(w, Tier.STANDARD) for w in answer_words(in_french.content))
    english = get_kind("letterboxed").solve(get_kind("letterboxed").parse(BOX_EN)).words
    assert answer_words(in_english.content) == list(english)
    assert answer_words(asked_for_english.content) == list(english)
    server.assert_no_violations()


BOX_EN = "vro wal eth bdi"


async def test_a_spanish_codeword_is_generated_and_revealed_in_spanish(server, tmp_path):
    bob = server.add_user("bob")
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)):
        handle = await server.send_slash_command(
            "generate codeword", options={"difficulty": "easy", "language": "es"}
        )
        post = await handle.reply(timeout=REPLY_TIMEOUT)
        grid = post.content.split("```\n")[1].split("\n```")[0]
        puzzle = get_kind("codeword").parse_with(grid, {"language": "es"})
        assert puzzle.number_range == range(1, 28)
        assert max(puzzle.numbers) == 27, "every Spanish letter, Ñ too, has its number"
        click = await server.click_button(post, label="Show me the answer", user=bob)
        answer = await click.reply(timeout=REPLY_TIMEOUT)
    assert answer.ephemeral
    assert "Ñ" in answer.content and "Unique" in answer.content
    server.assert_no_violations()


async def test_a_french_ladder_hint_and_check(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        handle = await server.send_slash_command(
            "hint ladder", options={"puzzle": "père mère", "language": "fr"}
        )
        hint = await handle.reply(timeout=REPLY_TIMEOUT)
        handle = await server.send_slash_command(
            "check ladder",
            options={"puzzle": "père mère", "answer": "PÈRE MÈRE", "language": "fr"},
        )
        verdict = await handle.reply(timeout=REPLY_TIMEOUT)
        handle = await server.send_slash_command(
            "check ladder", options={"puzzle": "père mère", "answer": "PÈRE MÈRE"}
        )
        in_english = await handle.reply(timeout=REPLY_TIMEOUT)
    assert hint.ephemeral and "MERE" in hint.content
    assert verdict.ephemeral and "Solved" in verdict.content, verdict.content
    assert "only letters A-Z" in in_english.content  # English by default: È is no letter
    server.assert_no_violations()


async def test_the_synced_word_kinds_offer_the_language_choices(server, tmp_path):
    async with running_bot(server, test_config(tmp_path)):
        synced = {command["name"]: command for command in server.commands()}
    for group in ("solve", "hint", "check", "generate"):
        for kind in ("letterboxed", "ladder", "codeword"):
            command = next(o for o in synced[group]["options"] if o["name"] == kind)
            language = next(o for o in command["options"] if o["name"] == "language")
            assert [c["value"] for c in language["choices"]] == ["en", "fr", "es"]
        sudoku = next(o for o in synced[group]["options"] if o["name"] == "sudoku")
        assert "language" not in {o["name"] for o in sudoku["options"]}
