"""A server's own settings that are not the daily's: the language of its public posts.

A member reads private replies in their own Discord language (interaction.locale); what the
whole server reads (daily posts, race boards, co-op boards) is written in one language per
server, chosen by its managers. Until they choose, it is the server's own preferred locale
when Discord gives one, else English (`language_for`).
"""

from __future__ import annotations

from bot.connections import Connection
from puzzles.i18n import ENGLISH, LANGUAGES, language_of
from puzzles.lexicon import LANGUAGES as WORD_LANGUAGES


class ServerSettings:
    def __init__(self, connection: Connection):
        self.connection = connection

    async def language(self, guild_id: int) -> str | None:
        """The language the server's managers chose, or None if they have not."""
        row = await self.connection.fetch_one(
            "SELECT language FROM server_settings WHERE guild_id = ?", guild_id
        )
        return row["language"] if row else None

    async def set_language(self, guild_id: int, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"no catalogue for language {language!r}")
        await self.connection.execute(
            "INSERT INTO server_settings (guild_id, language) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            guild_id,
            language,
        )

    async def language_for(self, guild_id: int | None, preferred_locale: object = None) -> str:
        """The language of the server's public posts: the chosen one, else the server's
        preferred locale (discord.Guild.preferred_locale) when it has a catalogue, else
        English."""
        chosen = await self.language(guild_id) if guild_id is not None else None
        if chosen:
            return chosen
        return language_of(preferred_locale) if preferred_locale is not None else ENGLISH

    async def word_language(self, guild_id: int | None) -> str:
        """The language of the word kinds' puzzles (Letter Boxed, ladders, codewords) when a
        member names none, and of the server's daily ones: the language its managers chose
        if puzzles are made in it, else English. Never a Discord locale: a French member
        pasting NYT's box wants English words."""
        chosen = await self.language(guild_id) if guild_id is not None else None
        return chosen if chosen in WORD_LANGUAGES else ENGLISH
