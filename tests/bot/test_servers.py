"""A server's language for public posts, on a real SQLite file and a real PostgreSQL: kept
across a reopening of the database, and falling back to the server's own locale."""

from __future__ import annotations

import discord
import pytest

from bot.database import Database
from bot.servers import ServerSettings

GUILD, OTHER_GUILD = 1, 2


async def test_the_chosen_language_survives_a_restart_and_is_the_servers_alone(database_where):
    database = await Database.open(database_where)
    await ServerSettings(database.connection).set_language(GUILD, "es")
    await ServerSettings(database.connection).set_language(GUILD, "fr")  # chosen again
    await database.close()

    database = await Database.open(database_where)  # a restart
    servers = ServerSettings(database.connection)
    assert await servers.language(GUILD) == "fr"
    assert await servers.language(OTHER_GUILD) is None
    await database.close()


async def test_until_chosen_the_servers_preferred_locale_is_used_if_it_has_a_catalogue(tmp_path):
    database = await Database.open(tmp_path / "puzzlebot.sqlite3")
    servers = ServerSettings(database.connection)
    assert await servers.language_for(GUILD, discord.Locale.spain_spanish) == "es"
    assert await servers.language_for(GUILD, discord.Locale.german) == "en"
    assert await servers.language_for(GUILD) == "en"
    await servers.set_language(GUILD, "fr")
    assert await servers.language_for(GUILD, discord.Locale.spain_spanish) == "fr"
    with pytest.raises(ValueError):
        await servers.set_language(GUILD, "de")
    await database.close()


async def test_the_word_language_is_the_chosen_one_else_english_never_the_locale(tmp_path):
    database = await Database.open(tmp_path / "puzzlebot.sqlite3")
    servers = ServerSettings(database.connection)
    assert await servers.word_language(GUILD) == "en"  # whatever the server's Discord locale
    assert await servers.word_language(None) == "en"  # outside a server
    await servers.set_language(GUILD, "es")
    assert await servers.word_language(GUILD) == "es"
    assert await servers.word_language(OTHER_GUILD) == "en"
    await database.close()


async def test_a_dutch_server_reads_dutch_but_its_puzzles_keep_english_words(tmp_path):
    # Dutch is an interface language with no word lists: its puzzles fall back to English.
    database = await Database.open(tmp_path / "puzzlebot.sqlite3")
    servers = ServerSettings(database.connection)
    assert await servers.language_for(GUILD, discord.Locale.dutch) == "nl"
    await servers.set_language(GUILD, "nl")
    assert await servers.language_for(GUILD) == "nl"
    assert await servers.word_language(GUILD) == "en"
    await database.close()
