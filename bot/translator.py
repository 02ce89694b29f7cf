"""The slash commands in the member's language: descriptions and choice names from the same
message catalogue as every reply (puzzles/i18n.py), through discord.py's Translator.

Discord shows each member the `description_localizations` and choice `name_localizations`
of their own locale (French: fr; Spanish: es-ES and es-419; Dutch: nl), so they are sent
with the tree when it syncs. Command and option names are never translated: `/solve
letterboxed` is typed the same in every language, and examples and help can name it once.

The strings are not marked in the cogs: scripts/catalogue.py reads them from the loaded tree
and files each under the context COMMAND_CONTEXT, which is where this looks them up.
"""

from __future__ import annotations

from collections.abc import Callable

import discord
from babel.support import Translations
from discord import app_commands

from puzzles.i18n import ENGLISH, catalogue, language_of

# The gettext context of every description and choice name taken from the command tree, so
# that "easy" as a choice may be translated apart from "easy" in a sentence.
COMMAND_CONTEXT = "command"
TRANSLATED = (
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
)


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names for the locales the catalogue has a language for.

    `translations` gives a language's catalogue (puzzles.i18n.catalogue unless a test hands
    another one). A string the catalogue does not translate is left out of the payload, so
    Discord shows the English default rather than a copy of it."""

    def __init__(self, translations: Callable[[str], Translations] = catalogue):
        self.translations = translations

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        if context.location not in TRANSLATED:
            return None  # names stay English
        language = language_of(locale)
        if language == ENGLISH:
            return None
        translated = self.translations(language).pgettext(COMMAND_CONTEXT, string.message)
        return translated if translated != string.message else None
