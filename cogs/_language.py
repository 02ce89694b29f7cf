"""Which language a reply is written in (puzzles.i18n renders it).

What one member reads (an ephemeral reply, a private message, a text box) follows that
member's Discord language; what the whole channel reads (a public post, a race board, the
day's puzzle) follows the server's language (bot/servers.py).
"""

from __future__ import annotations

import discord
from babel import Locale

from puzzles.i18n import ENGLISH, language_of


def member_language(interaction: discord.Interaction) -> str:
    """The language of the member who used the command or pressed the button."""
    return language_of(interaction.locale)


async def server_language(bot, guild: discord.Guild | None) -> str:
    """The language of the server's public posts (English outside a server)."""
    if guild is None:
        return ENGLISH
    if bot.servers is None:  # a bot loaded only to sync its commands posts nothing
        return language_of(guild.preferred_locale)
    return await bot.servers.language_for(guild.id, guild.preferred_locale)


def language_name(code: str, language: str) -> str:
    """The name of the language `code` written in `language` (CLDR's, through Babel):
    'French', 'français', 'francés'."""
    return Locale.parse(code).get_display_name(language) or code
