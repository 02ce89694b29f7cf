"""Daily play, races and co-op in the server's and each member's language, end to end: the
real bot on the local Discord server. What the channel reads (the day's post and close, a
race's board and results, a co-op thread) follows the server's language; what one member
reads (a private reply, a button under it, the Answer box) follows that member's Discord
language, whatever the server's."""

from __future__ import annotations

import datetime as dt

import pytest

from localdiscord import LocalDiscord
from puzzles.cryptogram import parse as parse_cryptogram
from tests.cogs.test_daily import MONDAY, answer_for, code_block, next_round
from tests.cogs.test_daily_play import daily_bot, set_up, todays_puzzle
from tests.cogs.test_puzzle_commands import REPLY_TIMEOUT
from tests.cogs.test_race import NOW, eventually, race_answer, racing_bot, timer_round
from tests.cogs.test_together import stored_game

NBSP = "\u00a0"  # French puts a no-break space before : ; ! ?


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def labels(message) -> list[str]:
    """The labels of the message's buttons, in order."""
    return [c["label"] for c in message.all_components() if c.get("label")]


def channel_posts(server: LocalDiscord, needle: str) -> list:
    return [m for m in server.channel_messages(server.channel) if needle in m.content]


async def the_days_post(server: LocalDiscord, bot, language: str, needle: str):
    """Daily Letter Boxed on a server whose language is `language`: Monday's post, found by
    `needle`."""
    await bot.servers.set_language(server.guild.id, language)
    await set_up(server, bot, "letterboxed")
    await next_round(bot)
    (post,) = channel_posts(server, needle)
    return post


async def test_a_french_server_gets_its_day_in_french_and_each_member_replies_in_their_own(
    server, tmp_path
):
    alice = server.user  # Discord in English
    bob = server.add_user("bob")
    bob.locale = "fr"
    bot, clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        # The post, its card and its button are French; the kind's name is its own.
        post = await the_days_post(server, bot, "fr", "n° ")
        header, how = post.content.splitlines()[:2]
        assert header.startswith("**Letter Boxed n° ") and header.endswith("lundi 23 novembre")
        assert how.startswith("Appuie sur **Jouer** pour ouvrir un jeu en privé")
        assert labels(post) == ["Jouer"]
        (card,) = post.embeds
        assert card["title"].startswith("Letter Boxed n° ")
        assert card["description"].startswith("Facile")
        assert "personne n'a encore joué" in card["description"]

        # Each member reads their own opening in their own language.
        english = await (await server.click_button(post, label="Jouer", user=alice)).reply(
            REPLY_TIMEOUT
        )
        french = await (await server.click_button(post, label="Jouer", user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert english.ephemeral and "Your timer is running." in english.content
        assert labels(english)[0] == "Answer" and "Give up" in labels(english)
        assert french.ephemeral and "Ton chrono tourne." in french.content
        assert labels(french)[0] == "Réponse" and "Abandonner" in labels(french)
        assert "Appuie sur **Réponse**" in french.content and "`/daily answer letterboxed`" in (
            french.content
        )

        # Bob's Answer box and his verdicts are French; the puzzle's letters are as they are.
        daily = await todays_puzzle(bot, server)
        assert code_block(french.content) == daily.puzzle_text
        pressed = await server.click_button(french, label="Réponse", user=bob)
        box = await pressed.wait_for_modal(REPLY_TIMEOUT)
        assert box["title"] == f"Ta réponse{NBSP}: Letter Boxed"
        assert box["components"][0]["label"] == "Réponse"
        wrong = await (await pressed.submit_modal({"answer": "able bodied"}, user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert wrong.content.startswith("Pas encore (essai 1).")
        pressed = await server.click_button(french, label="Réponse", user=bob)
        right = answer_for(daily.puzzle_text, daily.language)  # a French server's box
        solved = await (await pressed.submit_modal({"answer": right}, user=bob)).reply(
            REPLY_TIMEOUT
        )
        assert "Tu as résolu Letter Boxed n° " in solved.content and "points." in solved.content
        assert "Partage-le (sans spoiler)" in solved.content and labels(solved) == ["Partager"]
        assert "2 essais" in code_block(solved.content)  # the line to share, in French too

        # A public reply is the channel's: Alice's /stats of Bob is in French, and her own
        # /daily status (private) is in English.
        stats = await server.send_slash_command("stats", options={"member": bob}, user=alice)
        shown = (await stats.reply(timeout=REPLY_TIMEOUT)).content
        assert f"**Bob** · Tous les jeux{NBSP}: parties 1, résolues 1 (100{NBSP}%)" in shown
        status = await server.send_slash_command("daily status", user=alice)
        assert (await status.reply(timeout=REPLY_TIMEOUT)).content.startswith("Daily puzzles go to")

        # Midnight: the close is French, its button too; Show how answers each in theirs.
        clock.set(MONDAY + dt.timedelta(days=1), 0, 0, 5)
        await next_round(bot)
        (close,) = channel_posts(server, "est terminé.**")
        assert "Les solutions sont cachées sous les spoilers ci-dessous." in close.content
        assert f"parties{NBSP}: 2, résolues{NBSP}: 1. 1. Bob, 90 points" in close.content
        assert labels(close) == ["Voir comment"]
        # The solution's alt text too (it was English on every server).
        (solution,) = close.attachments
        assert solution.description.startswith(
            f"Letter Boxed avec sa solution dessinée. Le jeu{NBSP}: "
        )
        how_fr = await (await server.click_button(close, label="Voir comment", user=bob)).reply(
            REPLY_TIMEOUT
        )
        how_en = await (await server.click_button(close, label="Voir comment", user=alice)).reply(
            REPLY_TIMEOUT
        )
        assert f"**, comment{NBSP}:" in how_fr.content and "**, how:" in how_en.content
    server.assert_no_violations()


async def test_a_dutch_server_gets_its_day_in_dutch_with_an_english_box(server, tmp_path):
    """Dutch is an interface language only: the day's post, its buttons and a Dutch member's
    replies are Dutch, while the box is made of English words (there are no Dutch lists)."""
    daan = server.add_user("daan")
    daan.locale = "nl"
    bot, _clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        post = await the_days_post(server, bot, "nl", "Letter Boxed #")
        header, how = post.content.splitlines()[:2]
        assert header.endswith("maandag 23 november"), header
        assert how.startswith("Druk op **Spelen** om een puzzel privé te openen"), how
        assert labels(post) == ["Spelen"]
        opened = await (await server.click_button(post, label="Spelen", user=daan)).reply(
            REPLY_TIMEOUT
        )
        assert opened.ephemeral and "Je timer loopt." in opened.content
        assert labels(opened)[0] == "Antwoord" and "Opgeven" in labels(opened)

        daily = await todays_puzzle(bot, server)
        assert daily.language == "en"  # no Dutch words: the server's box is English
        pressed = await server.click_button(opened, label="Antwoord", user=daan)
        await pressed.wait_for_modal(REPLY_TIMEOUT)
        right = answer_for(daily.puzzle_text, daily.language)
        solved = await (await pressed.submit_modal({"answer": right}, user=daan)).reply(
            REPLY_TIMEOUT
        )
        assert "opgelost!" in solved.content and "punten." in solved.content, solved.content
        assert labels(solved) == ["Delen"]
    server.assert_no_violations()


async def test_a_spanish_servers_race_board_is_spanish_while_a_french_member_reads_french(
    server, tmp_path
):
    alice = server.user
    alice.locale = "fr"
    bob = server.add_user("bob")  # Discord in English
    async with racing_bot(server, tmp_path) as (bot, clock):
        await bot.servers.set_language(server.guild.id, "es")
        started = await server.send_slash_command(
            "race", options={"kind": "letterboxed", "start_in": 30, "minutes": 5}, user=alice
        )
        posted = await started.reply(timeout=REPLY_TIMEOUT)
        assert posted.ephemeral and posted.content.startswith(f"Ta course est publiée{NBSP}:")

        (board,) = channel_posts(server, "**Carrera: Letter Boxed (fácil)** · 1 jugador")
        assert "Pulsa **Unirse** para competir" in board.content
        assert "5 minutos para resolverlo." in board.content
        assert labels(board) == ["Unirse"]

        bob_joins = await server.click_button(board, label="Unirse", user=bob)
        joined = await bob_joins.reply(REPLY_TIMEOUT)
        assert joined.ephemeral and joined.content.startswith("You're in. The race starts")
        await eventually(lambda: "2 jugadores" in server.messages[board.id].content)

        # The start: each player's private puzzle is in their own language.
        clock.now = NOW + dt.timedelta(seconds=31)
        await timer_round(bot)
        french = await started.wait_for_message(
            lambda m: "le chrono tourne" in m.content, timeout=REPLY_TIMEOUT
        )
        english = await bob_joins.wait_for_message(
            lambda m: "clock is running" in m.content, timeout=REPLY_TIMEOUT
        )
        assert labels(french) == ["Réponse"] and labels(english) == ["Answer"]
        assert "En curso" in (await eventually(lambda: running(server, board))).content
        assert labels(server.messages[board.id]) == ["Mi pasatiempo"]

        right = await race_answer(bot)
        clock.now += dt.timedelta(seconds=40)
        pressed = await server.click_button(french, label="Réponse", user=alice)
        said = await (await pressed.submit_modal({"answer": right}, user=alice)).reply(
            REPLY_TIMEOUT
        )
        assert said.content.startswith(f"Terminé en 0:40{NBSP}!")
        pressed = await server.click_button(english, label="Answer", user=bob)
        said = await (await pressed.submit_modal({"answer": right}, user=bob)).reply(REPLY_TIMEOUT)
        assert said.content.startswith("Finished in 0:40!")

        # The results are the channel's: Spanish.
        results = await eventually(lambda: channel_posts(server, "ha terminado.** La solución:"))
        placings = results[0].content
        assert "terminó en 0:40" in placings and "valoración" in placings
        ratings = await server.send_slash_command(
            "leaderboard", options={"board": "races"}, user=alice
        )
        (embed,) = (await ratings.reply(timeout=REPLY_TIMEOUT)).embeds
        assert embed["title"].startswith("Valoraciones de carreras: ")
        assert "1 carrera, " in embed["description"]
    server.assert_no_violations()


def running(server: LocalDiscord, board):
    shown = server.messages[board.id]
    return shown if "Mi pasatiempo" in labels(shown) else None


async def test_a_french_servers_co_op_thread_is_french_and_a_guess_is_told_in_the_members_own(
    server, tmp_path
):
    alice = server.user  # Discord in English
    bob = server.add_user("bob")
    bob.locale = "fr"
    async with racing_bot(server, tmp_path) as (bot, _clock):
        await bot.servers.set_language(server.guild.id, "fr")
        handle = await server.send_slash_command(
            "together", options={"kind": "cryptogram", "difficulty": "easy"}, user=alice
        )
        starter = await handle.reply(timeout=REPLY_TIMEOUT)
        assert starter.content.startswith(f"**Cryptogramme en coop**{NBSP}: une partie lancée par ")
        assert "Rejoins le fil ci-dessous et remplissez la grille ensemble." in starter.content
        board = await server.wait_for_channel_message(starter.id, lambda m: bool(m.attachments), 10)
        (thread,) = server.threads_of(server.channel)
        assert thread.name == "Cryptogramme en coop"
        assert board.content.startswith(f"Remplissez-le ensemble{NBSP}: `/guess A=T B=H`")
        assert labels(board) == ["Indice (coûte des points)"]

        text, solution = stored_game(bot.config, thread.id)
        given = dict(parse_cryptogram(text).hints)
        cell = next(square for square in sorted(solution) if square not in given)
        for user, said in ((alice, "Filled in: "), (bob, f"Rempli{NBSP}: ")):
            guessed = await server.send_slash_command(
                "guess", options={"letters": f"{cell}={solution[cell]}"}, user=user, channel=thread
            )
            reply = await guessed.reply(timeout=REPLY_TIMEOUT)
            assert reply.ephemeral and reply.content.startswith(said), reply.content
        refused = await server.send_slash_command(
            "guess", options={"letters": f"{cell}={cell}"}, user=bob, channel=thread
        )
        assert "ne peut pas valoir elle-même" in (await refused.reply(REPLY_TIMEOUT)).content

        hinted = await server.click_button(board, label="Indice (coûte des points)", user=bob)
        hint = await hinted.reply(timeout=REPLY_TIMEOUT)
        assert not hint.ephemeral and hint.content.startswith(f"**Indice** pour Bob{NBSP}:")
        assert f"Indices utilisés{NBSP}: 1" in hint.content
    server.assert_no_violations()


async def test_daily_status_names_the_puzzles_in_the_members_language(server, tmp_path):
    """The kinds a server plays were listed by their English titles, joined with commas."""
    bob = server.add_user("bob")
    bob.locale = "fr"
    bot, _clock = daily_bot(tmp_path)
    async with server.run_bot(bot, ready_timeout=60):
        await set_up(server, bot, "cryptogram,ladder,sudoku")
        english = await server.send_slash_command("daily status", user=server.user)
        french = await server.send_slash_command("daily status", user=bob)
        in_english = (await english.reply(timeout=REPLY_TIMEOUT)).content
        in_french = (await french.reply(timeout=REPLY_TIMEOUT)).content
    assert "Puzzles: Cryptogram, Word Ladder, and Sudoku." in in_english, in_english
    assert f"Jeux{NBSP}: Cryptogramme, Échelle de mots et Sudoku." in in_french, in_french
