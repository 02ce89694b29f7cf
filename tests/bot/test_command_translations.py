"""The slash commands in French and Spanish: the payload the bot syncs carries the
catalogue's descriptions and choice names for fr, es-ES and es-419 (names stay English),
every (command, locale) pair keeps Discord's rules, and a changed translation changes what
is synced.

Discord's rules, from https://discord.com/developers/docs/interactions/application-commands:
- #application-command-naming: CHAT_INPUT command and option names match
  ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ and use the lowercase variant of any
  letter that has one; checked here without the apostrophe the docs now also allow, which
  we never use;
- #application-command-object (structure tables): descriptions 1-100 characters, choice
  names 1-100, and name_localizations/description_localizations "follow the same
  restrictions" as the field they localize; option names unique within their list;
- #slash-commands: at most 8,000 characters of names, descriptions and values per command,
  "only the longest localization for each field (including the default value) is counted";
- #locale-fallbacks: es-419 falls back to es-ES (we send both anyway).
One bad localization fails the whole sync, and Discord does not say which: hence this test.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace

import pytest
import regex
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from bot.app import EXTENSIONS, PuzzleBot
from bot.config import Config
from bot.database import Database
from bot.translator import COMMAND_CONTEXT, CatalogueTranslator
from localdiscord import LocalDiscord
from localdiscord.localizations import command_errors, in_locale
from localdiscord.validation import command_characters
from puzzles.i18n import catalogue
from scripts.catalogue import po_path
from tests.cogs.test_puzzle_commands import test_config

NAME = regex.compile(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
TRANSLATED_LOCALES = ("fr", "es-ES", "es-419", "nl")
SUBCOMMAND, GROUP, CHAT_INPUT = 1, 2, 1
SOLVE = "Solve a puzzle and draw the answer"


async def loaded_bot(translator: CatalogueTranslator | None = None) -> PuzzleBot:
    """The bot's command tree as `puzzlebot` loads it (every cog), nothing started."""
    bot = PuzzleBot(Config(), serve_commands=False)
    await bot.tree.set_translator(translator or CatalogueTranslator())
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    return bot


@pytest.fixture(scope="module")
def payload() -> list[dict]:
    """What a sync sends, localizations included."""

    async def sent() -> list[dict]:
        return await (await loaded_bot()).command_payload(None)

    return asyncio.run(sent())


def test_descriptions_and_choices_are_sent_in_each_language_and_names_stay_english(
    payload,
):
    solve = next(command for command in payload if command["name"] == "solve")
    assert solve["description_localizations"] == {
        "fr": "Résous un jeu et dessine la réponse",
        "es-ES": "Resuelve un pasatiempo y dibuja la respuesta",
        "es-419": "Resuelve un pasatiempo y dibuja la respuesta",
        "nl": "Los een puzzel op en teken het antwoord",
    }
    generate = next(command for command in payload if command["name"] == "generate")
    ladder = next(o for o in generate["options"] if o["name"] == "ladder")
    difficulty = next(o for o in ladder["options"] if o["name"] == "difficulty")
    easy = next(choice for choice in difficulty["choices"] if choice["value"] == "easy")
    assert easy["name_localizations"] == {
        "fr": "facile",
        "es-ES": "fácil",
        "es-419": "fácil",
        "nl": "makkelijk",
    }
    assert [item["name"] for item in named_items(payload) if item.get("name_localizations")] == []


def named_items(items: list[dict]) -> list[dict]:
    """Every command and option (subcommands and groups too), depth first."""
    found = []
    for item in items:
        found.append(item)
        found += named_items(item.get("options") or [])
    return found


def every_description(command: dict) -> list[str]:
    return [item["description"] for item in named_items([command]) if "description" in item]


def every_choice(command: dict) -> list[str]:
    return [c["name"] for item in named_items([command]) for c in item.get("choices") or []]


def rules_broken(command: dict) -> list[str]:
    """What Discord would refuse in a command as one locale's client sees it."""
    broken = []
    slash = command.get("type", CHAT_INPUT) == CHAT_INPUT
    names = [command["name"]] if slash else []
    names += [option["name"] for option in named_items(command.get("options") or [])]
    broken += [f"name {n!r}" for n in names if not NAME.match(n) or n != n.lower()]
    if slash:
        broken += [
            f"description {d!r}" for d in every_description(command) if not 1 <= len(d) <= 100
        ]
    broken += [f"choice {c!r}" for c in every_choice(command) if not 1 <= len(c) <= 100]
    for item in named_items([command]):
        siblings = [option["name"] for option in item.get("options") or []]
        if len(siblings) != len(set(siblings)):
            broken.append(f"options of {item['name']!r} share a name: {siblings}")
    return broken


@pytest.mark.parametrize("locale", [*TRANSLATED_LOCALES, "en-US"])
def test_every_command_keeps_discords_rules_in_every_locale(payload, locale):
    broken = {
        command["name"]: rules_broken(in_locale(command, locale))
        for command in payload
        if rules_broken(in_locale(command, locale))
    }
    assert broken == {}
    # The local server, which refuses what Discord refuses, agrees.
    assert {c["name"]: command_errors(c) for c in payload if command_errors(c)} == {}


async def test_the_rules_catch_one_bad_translation_among_them_all():
    too_long = CatalogueTranslator(with_one_translation_changed(SOLVE, "r" * 101))
    sent = await (await loaded_bot(too_long)).command_payload(None)
    solve = next(command for command in sent if command["name"] == "solve")
    assert rules_broken(in_locale(solve, "fr")) == [f"description {'r' * 101!r}"]
    assert rules_broken(in_locale(solve, "es-ES")) == []
    [error] = command_errors(solve)
    assert error.path == ("description_localizations", "fr")


def test_every_command_fits_8000_characters_counting_its_longest_localizations(payload):
    sizes = {command["name"]: command_characters(command) for command in payload}
    assert max(sizes.values()) <= 8000, sizes


def test_every_description_and_choice_name_is_translated(payload):
    """A string the catalogue lacks would be shown in English to a French member."""
    untranslated = []
    for command in payload:
        english = set(every_description(command) + every_choice(command)) - UNCHANGED
        for locale in TRANSLATED_LOCALES:
            shown = in_locale(command, locale)
            left = [t for t in every_description(shown) + every_choice(shown) if t in english]
            untranslated += [(command["name"], locale, t) for t in left if has_letters(t)]
    assert untranslated == []


def has_letters(text: str) -> bool:
    return any(character.isalpha() for character in text)


# Written the same in French, Spanish or Dutch: the kind's own name (Cryptogram in Dutch too),
# the tier "standard", "expert", "race" and "server" (Dutch words too), and the language codes
# (en, fr, es, nl), which are what the option takes.
UNCHANGED = {"Letter Boxed", "Q-less", "Sudoku", "Cryptogram", "standard", "expert", "races"}
UNCHANGED |= {"server", "week", "en", "fr", "es", "nl"}


def with_one_translation_changed(english: str, french: str):
    """The catalogue as it is, but `english` translated as `french`: what editing the .po
    file and restarting the bot would load."""
    with po_path("fr").open("rb") as po_file:
        edited = read_po(po_file, locale="fr", domain="puzzlebot")
    edited.get(english, context=COMMAND_CONTEXT).string = french
    compiled = io.BytesIO()
    write_mo(compiled, edited)
    compiled.seek(0)
    changed = Translations(compiled, domain="puzzlebot")
    return lambda language: changed if language == "fr" else catalogue(language)


async def test_a_changed_translation_changes_the_fingerprint():
    today = await (await loaded_bot())._tree_fingerprint(None)
    again = await (await loaded_bot())._tree_fingerprint(None)
    edited = CatalogueTranslator(with_one_translation_changed(SOLVE, "Résous une grille"))
    changed = await (await loaded_bot(edited))._tree_fingerprint(None)
    assert today == again != changed


async def test_a_changed_translation_is_synced_at_the_next_start(tmp_path):
    config = test_config(tmp_path)
    edited = CatalogueTranslator(with_one_translation_changed(SOLVE, "Résous une grille"))
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        for translator in (None, None, edited):  # start, start unchanged, start after an edit
            bot = PuzzleBot(replace(config, token=server.token), serve_commands=False)
            with server.patch_discord():
                async with bot:
                    bot.database = await Database.open(config.database)
                    await bot.login(server.token)  # setup_hook sets the catalogue's translator
                    if translator is not None:
                        await bot.tree.set_translator(translator)
                    await bot.sync_changed_commands()
        puts = server.requests_to("PUT", "/applications/{application_id}/commands")
        assert len(puts) == 2
        solve = server.command("solve")
        assert solve["description_localizations"]["fr"] == "Résous une grille"
        assert (
            in_locale(solve, "es-419")["description"]
            == "Resuelve un pasatiempo y dibuja la respuesta"
        )
        server.assert_no_violations()
