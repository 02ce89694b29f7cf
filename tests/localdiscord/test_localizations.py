"""Localized commands on the local server, with a real discord.py bot and its Translator: a
bad localization fails the whole sync as on Discord (400 Invalid Form Body naming the
command, field and locale), each member has a client language that interactions carry, and
the commands are listed to a member in their language.

Discord's rules: https://discord.com/developers/docs/interactions/application-commands
(#application-command-naming, #localization, #locale-fallbacks, #retrieving-localized-commands).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from localdiscord import LocalDiscord
from localdiscord.localizations import command_errors, in_locale
from localdiscord.validation import command_characters
from tests.localdiscord import plain_bot

GLOBAL_OVERWRITE = "/applications/{application_id}/commands"


class Phrasebook(app_commands.Translator):
    """A translator that says what a test hands it: {(english, locale): translation}."""

    def __init__(self, phrases: dict[tuple[str, str], str]):
        self.phrases = phrases

    async def translate(self, string, locale, context) -> str | None:
        return self.phrases.get((string.message, locale.value))


def bot_with_commands(seen: dict[str, Any]) -> discord.Client:
    bot = plain_bot(discord.Intents.default())

    @bot.tree.command(name="solve", description="Solve a puzzle")
    @app_commands.describe(kind="which puzzle", puzzle="the puzzle's text")
    @app_commands.choices(kind=[app_commands.Choice(name="easy one", value="easy")])
    async def solve(interaction: discord.Interaction, kind: str, puzzle: str = "") -> None:
        seen["locale"], seen["guild_locale"] = interaction.locale, interaction.guild_locale
        await interaction.response.send_message("ok")

    return bot


@contextlib.asynccontextmanager
async def running(phrases: dict[tuple[str, str], str]) -> AsyncIterator:
    seen: dict[str, Any] = {}
    async with LocalDiscord(heartbeat_interval=0.25) as server:
        bot = bot_with_commands(seen)
        await bot.tree.set_translator(Phrasebook(phrases))
        async with server.run_bot(bot):
            yield server, bot, seen


FRENCH = {
    ("Solve a puzzle", "fr"): "Résous un jeu",
    ("which puzzle", "fr"): "quel jeu",
    ("easy one", "fr"): "un facile",
    ("Solve a puzzle", "es-ES"): "Resuelve un pasatiempo",
}


async def test_a_member_is_shown_the_commands_in_their_clients_language() -> None:
    async with running(FRENCH) as (server, bot, _):
        await bot.tree.sync()
        amelie = server.add_user("amelie")
        amelie.locale = "fr"
        [solve] = server.listed_commands(amelie)
        assert solve["name"] == "solve"  # names stay as sent: no name_localizations
        assert solve["description"] == "Résous un jeu"
        kind, puzzle = solve["options"]
        assert (kind["description"], kind["choices"][0]["name"]) == ("quel jeu", "un facile")
        assert puzzle["description"] == "the puzzle's text"  # untranslated: the default
        # es-419 has no text of its own: Discord falls back to es-ES (#locale-fallbacks).
        assert (
            in_locale(server.command("solve"), "es-419")["description"] == "Resuelve un pasatiempo"
        )
        [english] = server.listed_commands(server.user)
        assert english["description"] == "Solve a puzzle"
    server.assert_no_violations()


async def test_listing_over_http_gives_the_requesters_locale_or_the_whole_dictionaries() -> None:
    async with running(FRENCH) as (server, bot, _):
        await bot.tree.sync()
        headers = {"Authorization": f"Bot {server.token}", "X-Discord-Locale": "fr"}
        route = f"{server.api_url}/applications/{server.application_id}/commands"
        async with aiohttp.ClientSession(headers=headers) as session:
            async with session.get(route) as response:
                [listed] = await response.json()
            async with session.get(route, params={"with_localizations": "true"}) as response:
                [full] = await response.json()
        assert listed["description_localized"] == "Résous un jeu"
        assert "description_localizations" not in listed
        assert full["description_localizations"] == {
            "fr": "Résous un jeu",
            "es-ES": "Resuelve un pasatiempo",
        }


async def test_an_interaction_carries_the_members_locale_and_the_servers() -> None:
    async with running({}) as (server, bot, seen):
        await bot.tree.sync()
        server.guild.locale = "es-ES"
        amelie = server.add_user("amelie")
        amelie.locale = "fr"
        handle = await server.send_slash_command("solve", {"kind": "easy"}, user=amelie)
        await handle.reply()
        assert handle.payload["locale"] == "fr" and handle.payload["guild_locale"] == "es-ES"
        assert seen == {
            "locale": discord.Locale.french,
            "guild_locale": discord.Locale.spain_spanish,
        }
    server.assert_no_violations()


@pytest.mark.parametrize(
    ("phrases", "path", "code"),
    [
        # A description of 101 characters, in one locale of one option.
        ({("which puzzle", "fr"): "q" * 101}, ["options", "0", "description_localizations", "fr"],
         "BASE_TYPE_BAD_LENGTH"),
        # A choice name of 101 characters.
        ({("easy one", "es-ES"): "f" * 101},
         ["options", "0", "choices", "0", "name_localizations", "es-ES"], "BASE_TYPE_BAD_LENGTH"),
        # An option name with a capital letter, or a space: names follow the naming rule.
        ({("kind", "fr"): "Genre"}, ["options", "0", "name_localizations", "fr"],
         "APPLICATION_COMMAND_INVALID_NAME"),
        ({("solve", "fr"): "résous ça"}, ["name_localizations", "fr"],
         "APPLICATION_COMMAND_INVALID_NAME"),
        # Two options of one name in French.
        ({("kind", "fr"): "jeu", ("puzzle", "fr"): "jeu"},
         ["options", "1", "name_localizations", "fr"],
         "APPLICATION_COMMAND_OPTIONS_DUPLICATE_NAME"),
    ],
)  # fmt: skip
async def test_one_bad_localization_fails_the_whole_sync_as_on_discord(phrases, path, code):
    async with running(phrases) as (server, bot, _):
        with pytest.raises(app_commands.CommandSyncFailure) as failed:
            await bot.tree.sync()
        assert failed.value.status == 400 and failed.value.code == 50035
        [put] = server.requests_to("PUT", GLOBAL_OVERWRITE)
        node = put.response["errors"]["0"]  # the first command of the list
        for key in path:
            node = node[key]
        assert [error["code"] for error in node["_errors"]] == [code]
        assert server.commands() == []  # nothing of the list was stored
        # discord.py reads the path back to the command it came from.
        assert "In command 'solve'" in str(failed.value)
        assert [violation.kind for violation in server.violations] == ["invalid_form_body"]


def test_an_unknown_locale_is_refused_and_a_known_one_accepted() -> None:
    command = {"name": "solve", "description": "d", "description_localizations": {"fr": "ok"}}
    assert command_errors(command) == []
    command["description_localizations"]["fr-FR"] = "not a Discord locale"
    [error] = command_errors(command)
    assert error.path == ("description_localizations", "fr-FR")
    assert error.code == "BASE_TYPE_CHOICES"


def test_the_8000_characters_count_the_longest_localization_of_each_field() -> None:
    options = [
        {"type": 3, "name": f"o{i:02d}", "description": "x" * 50,
         "description_localizations": {"fr": "y" * 100, "es-ES": "z" * 80}}
        for i in range(25)
    ]  # fmt: skip
    command = {"name": "big", "description": "d", "options": options}
    assert command_characters(command) == len("big") + len("d") + 25 * (3 + 100)


def big_command(french: str | None) -> dict[str, Any]:
    """4 groups of 25 subcommands, each described "x" in English and `french` in French."""
    localizations = {"fr": french} if french else {}
    subcommands = [
        {"type": 1, "name": f"s{i:02d}", "description": "x",
         "description_localizations": localizations, "options": []}
        for i in range(25)
    ]  # fmt: skip
    groups = [
        {"type": 2, "name": f"g{i}", "description": "x", "options": subcommands} for i in range(4)
    ]
    return {"name": "big", "description": "d", "type": 1, "options": groups}


async def test_a_command_too_large_only_in_french_is_refused():
    assert command_characters(big_command(None)) < 8000 < command_characters(big_command("y" * 100))
    async with LocalDiscord() as server:
        headers = {"Authorization": f"Bot {server.token}"}
        route = f"{server.api_url}/applications/{server.application_id}/commands"
        async with (
            aiohttp.ClientSession(headers=headers) as session,
            session.put(route, json=[big_command("y" * 100)]) as response,
        ):
            assert response.status == 400
            assert (await response.json())["code"] == 50035
        assert server.commands() == []
