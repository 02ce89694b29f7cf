#!/usr/bin/env python3
"""Keep the message catalogue in step with the source (build time; see puzzles/i18n.py).

    python -m scripts.catalogue          # extract, then update every language's .po
    python -m scripts.catalogue --check  # exit 1 if the catalogue is behind the source

Babel extracts every `_`, `ngettext` and `pgettext` call in the packages that speak to
players into puzzles/locales/puzzlebot.pot, English being the source. The slash commands'
descriptions and choice names come from the command tree itself, loaded as the bot loads it
(every cog's commands, groups, options, choices and context menus), under the context
"command" that bot/translator.py reads: no decorator needs marking. The kinds' titles come
from the registry under the context "kind" (puzzles.core.kind_title). Each language's
puzzles/locales/<lang>/LC_MESSAGES/puzzlebot.po is then updated from it: new messages come
in untranslated (or fuzzy, when Babel finds a near one, which needs a translator's eye),
removed ones go. Entries are sorted by their English text and carry no source locations,
so that two branches adding messages merge cleanly. Comments written `# Translators: ...`
just above a call travel with the message.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
from pathlib import Path

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.translator import COMMAND_CONTEXT
from puzzles import all_kinds
from puzzles.core import DESCRIPTION_CONTEXT, KIND_CONTEXT, TYPED_AS_CONTEXT
from puzzles.i18n import DOMAIN, ENGLISH, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "puzzles" / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
# The packages whose text a player reads. localdiscord/ stands in for Discord and
# playground/ for a developer's browser; neither speaks for the bot.
SOURCES = ("puzzles", "readers", "renderers", "bot", "cogs")
HEADER = {
    "project": "puzzlebot",
    "version": "0.1",
    "copyright_holder": "the puzzlebot authors",
    "last_translator": "the puzzlebot developers, not native speakers (see README)",
    "header_comment": "# Messages of puzzlebot, a Discord bot for word and number puzzles.\n"
    "# Made by scripts/catalogue.py from the source; translations are written here by hand.",
}
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def extracted() -> Catalog:
    """Every message the source marks, as a template."""
    template = Catalog(domain=DOMAIN, fuzzy=False, **HEADER)
    for package in SOURCES:
        messages = extract_from_dir(
            ROOT / package,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for _filename, _lineno, message, comments, context in messages:
            template.add(message, auto_comments=comments, context=context)
    add_command_strings(template)
    add_kind_titles(template)
    return template


def add_kind_titles(template: Catalog) -> None:
    """Every kind's title, what its players type and its description, under the contexts
    `kind_title`, `kind_typed_as` and `kind_description` read: each is written once, in the
    kind's own package, and shown in the reader's language."""
    for kind in all_kinds():
        template.add(kind.title, auto_comments=[f"the title of /{kind.name}"], context=KIND_CONTEXT)
        template.add(
            kind.typed_as,
            auto_comments=[f"what a player types for a /{kind.name} puzzle"],
            context=TYPED_AS_CONTEXT,
        )
        template.add(
            kind.description,
            auto_comments=[f"/puzzles kind:{kind.name}: the rules and what to type"],
            context=DESCRIPTION_CONTEXT,
        )


def add_command_strings(template: Catalog) -> None:
    """Every description and choice name of the slash commands, with where it is shown."""
    for text, where in asyncio.run(command_strings()):
        template.add(text, auto_comments=[where], context=COMMAND_CONTEXT)


async def command_strings() -> list[tuple[str, str]]:
    """(text, where) for each description and choice name the synced tree sends, read from
    the JSON discord.py syncs, so what is translated is exactly what Discord shows."""
    from bot.app import EXTENSIONS, PuzzleBot  # the whole application: only when extracting
    from bot.config import Config

    bot = PuzzleBot(Config(), serve_commands=False)
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    found: list[tuple[str, str]] = []
    for kind in discord.AppCommandType:
        for command in bot.tree.get_commands(type=kind):
            found += _strings_of(command.to_dict(bot.tree), "/" + command.name)
    return found


def _strings_of(item: dict, where: str) -> list[tuple[str, str]]:
    found = []
    if item.get("description"):
        found.append((item["description"], f"{where}: description"))
    for choice in item.get("choices") or []:
        if any(character.isalpha() for character in choice["name"]):  # "12" needs no translator
            found.append((choice["name"], f"{where}: a choice"))
    for option in item.get("options") or []:
        found += _strings_of(option, f"{where} {option['name']}")
    return found


def updated(template: Catalog, language: str) -> Catalog:
    """The language's catalogue brought up to the template, its translations kept."""
    path = po_path(language)
    if path.exists():
        with path.open("rb") as po_file:
            translated = read_po(po_file, locale=language, domain=DOMAIN)
    else:
        translated = Catalog(locale=language, domain=DOMAIN, fuzzy=False, **HEADER)
    translated.update(template, update_header_comment=False)
    return translated


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=100,
        no_location=True,
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
        include_previous=False,
    )
    text = out.getvalue()
    # The header's creation and revision dates change at every run: keep them out so the
    # files change only when a message does.
    lines = [line for line in text.split(b"\n") if not line.startswith(b'"PO-Revision-Date')]
    lines = [line for line in lines if not line.startswith(b'"POT-Creation-Date')]
    return b"\n".join(lines)


def catalogue_files() -> dict[Path, bytes]:
    """Each catalogue file as the source says it should be."""
    template = extracted()
    files = {TEMPLATE: written(template)}
    for language in LANGUAGES:
        if language != ENGLISH:
            files[po_path(language)] = written(updated(template, language))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if behind")
    args = parser.parse_args(argv)
    behind = []
    for path, content in catalogue_files().items():
        if path.exists() and path.read_bytes() == content:
            continue
        behind.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    if args.check and behind:
        names = ", ".join(map(str, behind))
        print(f"The catalogue is behind the source: run python -m scripts.catalogue ({names})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
