"""End to end: the word kinds' `language` option, against the local Discord server with the
real bot, worker processes and a SQLite file. The puzzle's language is the member's choice,
else the server's setting, else English: never the member's or the server's Discord locale."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.app import PuzzleBot
from localdiscord import LocalDiscord
from puzzles import get_kind, letterboxed
from puzzles.lexicon import Tier, lexicon
from tests.cogs.test_daily import MONDAY, Clock, code_block, next_round
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
    # The server's language is an interface language: Dutch too, which has no words yet.
    settings = next(o for o in synced["puzzle-settings"]["options"] if o["name"] == "language")
    (server_language,) = settings["options"]
    assert [c["value"] for c in server_language["choices"]] == ["en", "fr", "es", "nl"]


async def test_a_dutch_server_reads_dutch_and_its_word_puzzles_keep_english_words(server, tmp_path):
    """Dutch is an interface language only: there are no Dutch word lists, so a Dutch
    server's Letter Boxed is made of and solved with English words, and it is told so."""
    dutch = server.add_user("daan")
    dutch.locale = "nl"
    async with running_bot(server, test_config(tmp_path)) as bot:
        chosen = await server.send_slash_command(
            "puzzle-settings language", options={"language": "nl"}, user=server.owner
        )
        said = await chosen.reply(timeout=REPLY_TIMEOUT)
        solved = await server.send_slash_command(
            "solve letterboxed", options={"puzzle": BOX_EN}, user=dutch
        )
        answer = await solved.reply(timeout=REPLY_TIMEOUT)
        made = await server.send_slash_command(
            "generate letterboxed", options={"difficulty": "easy"}, user=dutch
        )
        post = await made.reply(timeout=REPLY_TIMEOUT)
        word_language = await bot.servers.word_language(server.guild.id)
        options = {"channel": server.channel, "time": "9:00", "timezone": "Europe/Amsterdam"}
        setup = await server.send_slash_command(
            "puzzle-settings setup", options={**options, "kinds": "lb"}, user=server.owner
        )
        await setup.reply(timeout=REPLY_TIMEOUT)
        status = await server.send_slash_command("daily status")  # an English member asks
        shown = await status.reply(timeout=REPLY_TIMEOUT)

    assert said.ephemeral and said.content.startswith("Servertaal: Nederlands."), said.content
    assert "Language: Dutch, for posts; Letter Boxed, word ladders and codewords use English" in (
        shown.content
    )
    assert "houden Engelse woorden" in said.content
    assert word_language == "en"
    english = get_kind("letterboxed").solve(get_kind("letterboxed").parse(BOX_EN)).words
    assert "2 woorden is het kleinst mogelijke aantal" in answer.content, answer.content
    assert answer_words(answer.content) == list(english)
    assert post.content.startswith("**Nieuwe puzzel: Letter Boxed (makkelijk)**"), post.content
    box = letterboxed.parse(code_block(post.content))
    made_of = letterboxed.solve(box, tier="common").words
    assert made_of and all(lexicon("en").contains(word, Tier.COMMON) for word in made_of)
    server.assert_no_violations()


# --- daily puzzles in the server's language -------------------------------------------------


def posts(server: LocalDiscord, needle: str, channel) -> list:
    return [m for m in server.channel_messages(channel) if needle in m.content]


async def played_box(server, post, user, play: str = "Play") -> str:
    """Press Play (as the post labels it) on a daily post: the box the member is shown."""
    opened = await (await server.click_button(post, label=play, user=user)).reply(
        timeout=REPLY_TIMEOUT
    )
    assert opened.ephemeral
    return code_block(opened.content)


async def test_a_french_server_gets_a_french_daily_box_and_an_english_one_an_english_box(
    server, tmp_path
):
    french_guild = server.add_guild("Serveur français")
    french_channel = french_guild.channels[0]
    ana = server.add_user("ana", guild=french_guild)
    clock = Clock(dt.datetime.combine(MONDAY, dt.time(8, 0), dt.UTC))
    config = test_config(tmp_path, daily_poll_seconds=0.1, per_user=50)
    bot = PuzzleBot(config, clock=clock, guild_ready_timeout=0.05)
    async with server.run_bot(bot, ready_timeout=60):
        for guild, channel in ((server.guild, server.channel), (french_guild, french_channel)):
            await bot.sync_commands(guild.id)
            options = {"channel": channel, "time": "9:00", "timezone": "Europe/London"}
            setup = await server.send_slash_command(
                "puzzle-settings setup",
                options={**options, "kinds": "lb"},
                user=server.owner,
                guild=guild,
                channel=channel,
            )
            await setup.reply(timeout=REPLY_TIMEOUT)

        # A manager chooses French: the reply says so in French, and status shows it.
        chosen = await server.send_slash_command(
            "puzzle-settings language",
            options={"language": "fr"},
            user=server.owner,
            guild=french_guild,
            channel=french_channel,
        )
        said = await chosen.reply(timeout=REPLY_TIMEOUT)
        assert said.ephemeral and said.content.startswith("Langue du serveur\u00a0: français.")
        status = await server.send_slash_command(
            "daily status", guild=french_guild, channel=french_channel, user=ana
        )
        assert (
            "Language: French, for posts and the words"
            in (await status.reply(timeout=REPLY_TIMEOUT)).content
        )
        status = await server.send_slash_command("daily status")
        assert "Language: not chosen" in (await status.reply(timeout=REPLY_TIMEOUT)).content

        clock.set(MONDAY, 9, 0, 5)
        await next_round(bot)
        (french_post,) = posts(server, "Letter Boxed n°", french_channel)
        (english_post,) = posts(server, "Letter Boxed #", server.channel)
        french_box = await played_box(server, french_post, ana, play="Jouer")
        english_box = await played_box(server, english_post, server.user)
        stored = await bot.daily.store.puzzle_of(
            await bot.daily.store.post(french_guild.id, "letterboxed", MONDAY)
        )

        # The spoiler guard knows the French box (read in the server's language) ...
        guard = await server.send_slash_command(
            "solve letterboxed",
            options={"puzzle": french_box},
            user=ana,
            guild=french_guild,
            channel=french_channel,
        )
        refusal = (await guard.reply(timeout=REPLY_TIMEOUT)).content
        # ... and Ana answers it with French words, and it counts.
        words = letterboxed.solve(letterboxed.parse(french_box, "fr"), tier="common").words
        handle = await server.send_slash_command(
            "daily answer",
            options={"kind": "letterboxed", "answer": " ".join(words)},
            user=ana,
            guild=french_guild,
            channel=french_channel,
        )
        answered = (await handle.reply(timeout=REPLY_TIMEOUT)).content

    assert stored.language == "fr" and stored.puzzle_text.lower() == french_box.lower()
    assert len(words) in (2, 3)
    assert all(lexicon("fr").contains(word, Tier.COMMON) for word in words)
    assert "no spoilers" in refusal
    assert answered.startswith("Solved"), answered
    english = letterboxed.solve(letterboxed.parse(english_box), tier="common")
    assert english.fewest_words in (2, 3)
    assert all(lexicon().contains(word, Tier.COMMON) for word in english.words)
    assert french_box != english_box
    server.assert_no_violations()
