"""Text for players in their own language: one gettext catalogue, English as the source.

Code that speaks to a player builds a `Message` (with `_`, `ngettext` or `pgettext`): the
English text is its id, and its parameters travel with it, across the worker pool too.
A frontend renders it in the reader's language at the last moment (`render`): Discord in a
member's locale or the server's language, the command line with `--lang`, pictures with the
locale they are drawn for. Text that is not a Message (a player's own words, a puzzle's
letters) is shown as it is.

The catalogue is puzzles/locales/<lang>/LC_MESSAGES/puzzlebot.po, kept in step with the
source by `python -m scripts.catalogue` (Babel extracts every `_`, `ngettext` and
`pgettext` call). Babel also gives each language its CLDR plural rules, number formats and
list joins ("A, B et C").

Placeholders are `{name}`, filled after translation so a translator can move them: numbers
are written the language's way (1,234 / 1 234 / 1.234) and nested Messages in the same
language.
"""

from __future__ import annotations

import datetime
import functools
import io
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from numbers import Number
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, get_day_names
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import Translations

ENGLISH = "en"
NO_BREAK_SPACE = "\u00a0"  # French sets one before ; : ! ? (the catalogue writes U+00A0)
# The interface languages with a catalogue, English first (it is the source).
LANGUAGES = ("en", "fr", "es", "nl")
DOMAIN = "puzzlebot"


@dataclass(frozen=True)
class Message:
    """Text for a player, kept as its English id and parameters until a frontend renders it.

    `plural` and `count` make it a plural message (`ngettext`); `context` tells two uses of
    the same English apart (`pgettext`). Frozen and made of plain values, so it pickles."""

    id: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def render(self, language: str = ENGLISH) -> str:
        language = language_of(language)
        translations = catalogue(language)
        if self.plural is not None:
            if self.context is not None:
                text = translations.npgettext(self.context, self.id, self.plural, self.count)
            else:
                text = translations.ngettext(self.id, self.plural, self.count)
        elif self.context is not None:
            text = translations.pgettext(self.context, self.id)
        else:
            text = translations.gettext(self.id)
        values = {name: _shown_value(value, language) for name, value in self.params}
        return text.format(**values) if values else text

    def __str__(self) -> str:
        return self.render(ENGLISH)


# The markers Babel extracts, named as gettext names them.


def _(text: str, /, **params: Any) -> Message:
    return Message(text, tuple(params.items()))


def ngettext(singular: str, plural: str, count: int, /, **params: Any) -> Message:
    """A message with a singular and a plural form; `count` picks the form by the language's
    CLDR rule and is also the `{count}` placeholder."""
    return Message(singular, tuple({"count": count, **params}.items()), plural, count)


def pgettext(context: str, text: str, /, **params: Any) -> Message:
    return Message(text, tuple(params.items()), context=context)


def render(text: Message | str | None, language: str = ENGLISH) -> str:
    """Anything a player reads, in `language`: a Message translated, plain text as it is."""
    if text is None:
        return ""
    return text.render(language) if isinstance(text, Message) else str(text)


def join(items: Iterable[Message | str], language: str = ENGLISH, style: str = "standard") -> str:
    """A list the way the language writes it: "A, B and C", "A, B et C", "A, B y C"."""
    shown = [render(item, language) for item in items]
    if not shown:
        return ""
    return format_list(shown, style=style, locale=_babel_locale(language))


def separator(between: str, language: str = ENGLISH) -> str:
    """`between` ("; ") as the language sets it: French puts a no-break space before a
    semicolon or colon, "A ; B", where English and Spanish write "A; B"."""
    if language_of(language) == "fr" and between.startswith((";", ":", "!", "?")):
        return NO_BREAK_SPACE + between
    return between


def separated(items: Iterable[Message | str], language: str = ENGLISH, between: str = "; ") -> str:
    """Several texts one after another in `language`, `between` each (its separator)."""
    return separator(between, language).join(render(item, language) for item in items)


def one_decimal(value: float, language: str = ENGLISH, signed: bool = False) -> str:
    """A rating or score to one decimal, the language's way: '12.3' / '12,3', '+1.5' signed."""
    pattern = "+0.0;-0.0" if signed else "0.0"
    return format_decimal(value, format=pattern, locale=_babel_locale(language))


def number(value: Number, language: str = ENGLISH) -> str:
    """A number the way the language writes it: 1,234.5 / 1 234,5 / 1234,5."""
    return format_decimal(value, locale=_babel_locale(language))


def percent(fraction: float, language: str = ENGLISH) -> str:
    """A fraction as a whole percentage the way the language writes it: 75% / 75 % / 75 %."""
    return format_percent(fraction, locale=_babel_locale(language))


def day_and_month(day: datetime.date, language: str = ENGLISH) -> str:
    """A day of the year, short, with the language's month names: 16 Nov / 16 nov. / 16 nov.
    (Day first: each catalogue language writes it so, the bot's English too.)"""
    return format_date(day, "d MMM", locale=_babel_locale(language))


def weekday_name(weekday: int, language: str = ENGLISH) -> str:
    """A day of the week (0 is Monday) on its own: Monday / lundi / lunes."""
    names = get_day_names("wide", context="stand-alone", locale=_babel_locale(language))
    return names[weekday]


def language_of(locale: Any) -> str:
    """The catalogue language for a locale as Discord names it ('fr', 'es-ES', 'es-419',
    'en-GB', a discord.Locale) or a language code; English when there is no catalogue."""
    code = str(getattr(locale, "value", locale) or ENGLISH)
    base = code.replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else ENGLISH


@functools.cache
def catalogue(language: str) -> Translations:
    """The language's translations, read from its .po file once per process.

    The .po file is the only form kept in the repository (text, so it diffs and merges);
    it is compiled in memory here, which takes a few milliseconds."""
    if language == ENGLISH:
        return Translations()  # the ids are the English text
    source = resources.files("puzzles") / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with source.open("rb") as po_file:
        parsed = read_po(po_file, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, parsed, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


@functools.cache
def _babel_locale(language: str) -> Locale:
    try:
        return Locale.parse(language_of(language))
    except UnknownLocaleError:
        return Locale.parse(ENGLISH)


def _shown_value(value: Any, language: str) -> Any:
    if isinstance(value, Message):
        return value.render(language)
    if isinstance(value, bool) or not isinstance(value, Number):
        return value
    return number(value, language)
