"""End to end: each member reads their private replies in their own Discord language, and
the channel reads public posts in the server's language (cogs/_language.py), against the
local Discord server, whose interactions carry each member's locale."""

from __future__ import annotations

import re

import pytest

from bot.jobs import hint_job
from localdiscord import LocalDiscord
from puzzles import get_kind
from puzzles.i18n import language_of
from renderers import draw
from tests.cogs.test_picture_commands import PUZZLE, screenshot, with_values
from tests.cogs.test_puzzle_commands import (
    BOX,
    REPLY_TIMEOUT,
    answered_at_once_and_privately,
    running_bot,
    test_config,
)

BOX_PUZZLE = get_kind("letterboxed").parse(BOX)


@pytest.fixture
async def server():
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        yield server


def member(server: LocalDiscord, name: str, locale: str):
    """A member of the default server whose Discord is set to `locale`."""
    user = server.add_user(name)
    user.locale = locale
    return user


@pytest.mark.parametrize(
    ("locale", "refused"),
    [
        ("fr", "Tu as fait 2 résolutions, indices"),
        ("es-ES", "Has hecho 2 resoluciones, pistas"),
        ("nl", "Je hebt in de laatste 60 s 2 oplossingen, hints"),
        ("en-US", "You've made 2 solves, hints"),
    ],
)
async def test_a_member_over_the_rate_limit_is_told_so_in_their_language(
    server, tmp_path, locale, refused
):
    who = member(server, "player", locale)
    async with running_bot(server, test_config(tmp_path, per_user=2)):
        for _turn in range(2):
            hint = await server.send_slash_command("hint letterboxed", {"puzzle": BOX}, user=who)
            await hint.reply(timeout=REPLY_TIMEOUT)
        third = await server.send_slash_command("hint letterboxed", {"puzzle": BOX}, user=who)
        refusal = await third.reply(timeout=REPLY_TIMEOUT)
        await answered_at_once_and_privately(third)
    assert refusal.content.startswith(refused), refusal.content
    server.assert_no_violations()


def labels(message) -> list[str]:
    return re.findall(r"'label': '([^']+)'", str(message.components))


@pytest.mark.parametrize(
    ("locale", "hint_title", "refusal", "example", "box_title", "answer_label"),
    [
        (
            "fr",
            "**Indice\u00a0: Letter Boxed**",
            "donne le jeu (Letter Boxed) d'une seule façon\u00a0: tape-le dans `puzzle`",
            "Exemple\u00a0: /solve letterboxed picture: (une capture d'écran ou une photo du jeu)",
            "Vérifier\u00a0: Letter Boxed",
            "Ta réponse",
        ),
        (
            "es-ES",
            "**Pista: Letter Boxed**",
            "da el pasatiempo (Letter Boxed) de una sola forma: escríbelo en `puzzle`",
            "Ejemplo: /solve letterboxed picture: (una captura de pantalla o una foto del",
            "Comprobar: Letter Boxed",
            "Tu respuesta",
        ),
        (
            "nl",
            "**Hint voor Letter Boxed**",
            "geef de puzzel (Letter Boxed) op één manier: typ hem in `puzzle`",
            "Voorbeeld: /solve letterboxed picture: (een schermafbeelding of foto van de puzzel)",
            "Letter Boxed controleren",
            "Je antwoord",
        ),
        (
            "en-US",
            "**Letter Boxed hint**",
            "give the Letter Boxed one way: type it in `puzzle`",
            "Example: /solve letterboxed picture: (a screenshot or photo of the puzzle)",
            "Check a Letter Boxed",
            "Your answer",
        ),
    ],
)
async def test_a_member_reads_hints_errors_and_text_boxes_in_their_own_language(
    server, tmp_path, locale, hint_title, refusal, example, box_title, answer_label
):
    who = member(server, "player", locale)
    picture = server.upload("box.png", draw("letterboxed", BOX_PUZZLE))
    async with running_bot(server, test_config(tmp_path)):
        asked = await server.send_slash_command("hint letterboxed", {"puzzle": BOX}, user=who)
        hint = await asked.reply(timeout=REPLY_TIMEOUT)
        both = await server.send_slash_command(
            "solve letterboxed", {"puzzle": BOX, "picture": picture}, user=who
        )
        refused = await both.reply(timeout=REPLY_TIMEOUT)
        check = await server.send_slash_command("check letterboxed", {"puzzle": BOX}, user=who)
        modal = await check.wait_for_modal()

    assert hint.ephemeral and hint.content.startswith(hint_title), hint.content
    (attachment,) = hint.attachments
    assert attachment.description.startswith(HINT_ALT_TEXT[locale]), attachment.description
    # The picture's own labels are drawn in the member's language too.
    drawn_for_them = hint_job("letterboxed", BOX_PUZZLE, "", True, language_of(locale)).png
    assert attachment.data == drawn_for_them
    assert refused.ephemeral and refused.content.startswith(refusal), refused.content
    assert example in refused.content
    assert modal["title"] == box_title
    assert [field["label"] for field in modal["components"]][1] == answer_label
    server.assert_no_violations()


HINT_ALT_TEXT = {
    "fr": "Letter Boxed avec l'indice marqué. Le jeu\u00a0: VRO WAL",
    "es-ES": "Letter Boxed con la pista marcada. El pasatiempo: VRO WAL",
    "nl": "Letter Boxed met de hint gemarkeerd. De puzzel: VRO WAL",
    "en-US": "Letter Boxed with the hint marked. The puzzle: VRO WAL",
}


async def test_public_posts_follow_the_servers_language_and_private_replies_the_members(
    server, tmp_path
):
    english = member(server, "alice", "en-US")
    spanish = member(server, "bea", "es-ES")
    async with running_bot(server, test_config(tmp_path)) as bot:
        await bot.servers.set_language(server.guild.id, "fr")
        asked = await server.send_slash_command(
            "generate letterboxed", {"difficulty": "easy"}, user=english
        )
        post = await asked.reply(timeout=REPLY_TIMEOUT)
        solved = await server.send_slash_command("solve letterboxed", {"puzzle": BOX}, user=english)
        answer = await solved.reply(timeout=REPLY_TIMEOUT)
        reveal = await server.click_button(post, label="Montre-moi la réponse", user=spanish)
        revealed = await reveal.reply(timeout=REPLY_TIMEOUT)

    assert not post.ephemeral
    assert post.content.startswith("**Nouveau jeu\u00a0: Letter Boxed (facile)**"), post.content
    assert "Vérifie ta réponse avec `/check letterboxed`\u00a0; bloqué\u00a0?" in post.content
    assert labels(post) == ["Montre-moi la réponse"]
    assert post.attachments[0].description.startswith("Letter Boxed à jouer, sans la solution.")
    assert not answer.ephemeral
    assert answer.attachments[0].description.startswith("Letter Boxed avec sa solution dessinée.")
    # The Spanish member who pressed the button reads the answer in Spanish.
    assert revealed.ephemeral
    assert revealed.attachments[0].description.startswith("Letter Boxed con su solución dibujada.")
    server.assert_no_violations()


@pytest.mark.parametrize(
    ("locale", "title", "sections"),
    [
        ("fr", "Aide de puzzlebot", ["Commandes de jeu", "Autres commandes"]),
        ("es-419", "Ayuda de puzzlebot", ["Comandos de pasatiempos", "Más comandos"]),
        ("nl", "puzzlebot-hulp", ["Puzzelopdrachten", "Meer opdrachten"]),
        ("en-GB", "puzzlebot help", ["Puzzle commands", "More commands"]),
    ],
)
async def test_help_is_written_in_the_members_language(server, tmp_path, locale, title, sections):
    who = member(server, "reader", locale)
    async with running_bot(server, test_config(tmp_path)):
        asked = await server.send_slash_command("help", user=who)
        shown = await asked.reply(timeout=REPLY_TIMEOUT)
    (embed,) = shown.embeds
    assert shown.ephemeral and embed["title"] == title
    assert [field["name"] for field in embed["fields"]][:2] == sections
    assert "/solve letterboxed" in embed["description"]  # commands are never translated
    server.assert_no_violations()


@pytest.mark.parametrize(
    ("locale", "rules"),
    [
        ("fr", "Remplis la grille pour que chaque ligne, colonne et bloc contienne chaque chiffre"),
        (
            "es-ES",
            "Rellena la cuadrícula para que cada fila, columna y bloque contenga cada número",
        ),
        ("en-US", "Fill the grid so that every row, column and box holds each digit once."),
    ],
)
async def test_one_kind_explained_in_full_in_the_members_language(server, tmp_path, locale, rules):
    """/puzzles kind: gives the kind's rules (they were English for everyone)."""
    who = member(server, "reader", locale)
    async with running_bot(server, test_config(tmp_path)):
        asked = await server.send_slash_command("puzzles", {"kind": "sudoku"}, user=who)
        shown = await asked.reply(timeout=REPLY_TIMEOUT)
    ((field,),) = [shown.embeds[0]["fields"]]
    assert field["value"].startswith(rules), field["value"]
    assert "/solve sudoku" in field["value"]
    server.assert_no_violations()


async def test_the_owner_is_told_of_a_sync_in_their_language(server, tmp_path):
    server.owner.locale = "es-ES"
    async with running_bot(server, test_config(tmp_path)):
        asked = await server.send_slash_command("sync", user=server.owner)
        done = await asked.reply(timeout=REPLY_TIMEOUT)
    assert done.ephemeral
    assert re.fullmatch(r"\d+ comandos sincronizados en este servidor\.", done.content), (
        done.content
    )
    server.assert_no_violations()


async def test_a_misread_picture_is_shown_in_the_servers_language_and_its_box_in_the_members(
    server, tmp_path
):
    # r1c3 holds the digit r1c1 holds: what is read can be no sudoku.
    misread = with_values(PUZZLE, {2: PUZZLE.cells[0]})
    picture = server.upload("photo.png", screenshot(misread))
    french = member(server, "chloe", "fr")
    async with running_bot(server, test_config(tmp_path, deadline_seconds=10.0)) as bot:
        await bot.servers.set_language(server.guild.id, "es")
        asked = await server.send_slash_command("solve sudoku", {"picture": picture}, user=french)
        shown = await asked.reply(timeout=REPLY_TIMEOUT)
        edit = await server.click_button(shown, label="Corregir lo que leí", user=french)
        modal = await edit.wait_for_modal()

    assert not shown.ephemeral
    assert shown.content.startswith("**Sudoku: lo que leí en tu imagen**"), shown.content
    assert "Ese no puede ser tu pasatiempo: " in shown.content
    assert "Las casillas sombreadas parecen erróneas: r1c1, r1c3." in shown.content
    assert labels(shown) == ["Corregir lo que leí"]
    assert shown.attachments[0].description.startswith(
        "Sudoku tal como se leyó en tu imagen, con las casillas por comprobar sombreadas."
    )
    assert modal["title"] == "Résoudre\u00a0: Sudoku"
    # What to type is named in the member's language too (it was English: "Sudoku : grid").
    assert modal["components"][0]["label"] == "Sudoku\u00a0: grille"
    server.assert_no_violations()


async def test_a_puzzles_title_is_named_in_the_servers_language(server, tmp_path):
    """The kind's title is a word of the sentence, so it is translated with it."""
    english = member(server, "alice", "en-US")
    async with running_bot(server, test_config(tmp_path)) as bot:
        await bot.servers.set_language(server.guild.id, "fr")
        asked = await server.send_slash_command("generate cryptogram", {}, user=english)
        post = await asked.reply(timeout=REPLY_TIMEOUT)

    assert post.content.startswith("**Nouveau jeu\u00a0: Cryptogramme"), post.content
    assert post.attachments[0].description.startswith("Cryptogramme à jouer"), post.attachments
    server.assert_no_violations()


async def test_a_solve_past_its_deadline_gives_its_advice_in_the_members_language(server, tmp_path):
    """The kind's own advice ("fewer seconds") was English inside the French sentence."""
    who = member(server, "lea", "fr")
    async with running_bot(server, test_config(tmp_path, deadline_seconds=1.0)):
        slow = await server.send_slash_command(
            "solve ladder", {"puzzle": "cold", "longest": True, "seconds": 8}, user=who
        )
        message = await slow.reply(timeout=REPLY_TIMEOUT)
    assert message.content.endswith(
        "Essaie un jeu plus petit, ou tier=common ou moins de secondes."
    ), message.content
