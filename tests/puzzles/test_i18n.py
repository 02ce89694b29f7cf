"""The message catalogue: in step with the source, every message translated, and text
rendered in the reader's language (numbers, lists, plural forms)."""

import pickle
import string

import pytest
from babel.messages.pofile import read_po

from puzzles import all_kinds, get_kind, kind_title
from puzzles.core import PuzzleError, Usage
from puzzles.i18n import (
    LANGUAGES,
    Message,
    _,
    join,
    language_of,
    ngettext,
    number,
    one_decimal,
    render,
)
from scripts import catalogue

TRANSLATED = [language for language in LANGUAGES if language != "en"]


def _read(language):
    with catalogue.po_path(language).open("rb") as po_file:
        return read_po(po_file, locale=language)


def _fields(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_the_catalogue_is_in_step_with_the_source():
    # Fails when a message was marked, changed or removed without `python -m scripts.catalogue`.
    assert catalogue.main(["--check"]) == 0


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_none_is_left_fuzzy(language):
    messages = [message for message in _read(language) if message.id]
    assert messages, "the catalogue holds no message"
    untranslated = [
        message.id
        for message in messages
        if message.fuzzy or not all(message.string if message.pluralizable else [message.string])
    ]
    assert untranslated == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_keeps_exactly_the_placeholders_of_its_english(language):
    wrong = []
    for message in _read(language):
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        wanted = set().union(*map(_fields, ids))
        # A singular form may leave {count} out ("un mot"), never add a field.
        for translated in strings:
            fields = _fields(translated)
            if not fields <= wanted or not (wanted - {"count"}) <= fields:
                wrong.append((message.id, translated))
    assert wrong == []


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("fr", "fr"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("nl", "nl"),
        ("en-GB", "en"),
        ("de", "en"),
        (None, "en"),
    ],
)
def test_discord_locales_map_to_a_catalogue_language(locale, language):
    assert language_of(locale) == language


def test_an_error_is_shown_in_the_readers_language_after_crossing_the_worker_pool():
    error = PuzzleError(
        _("the number {value} is outside {lowest}..{highest}", value=12, lowest=1, highest=9),
        where=_("row {row}", row=3),
        example=Usage(command="solve", kind="sudoku", options=(("size", 9),)),
    )
    crossed = pickle.loads(pickle.dumps(error))
    assert crossed.problem == error.problem and crossed.where == error.where
    english = crossed.message_for("discord")
    assert english.endswith("Example: /solve sudoku size:9")
    french = crossed.message_for("discord", "fr")
    assert french.endswith("Exemple\u00a0: /solve sudoku size:9")
    spanish = crossed.message_for("discord", "es")
    assert spanish.endswith("Ejemplo: /solve sudoku size:9")
    dutch = crossed.message_for("discord", "nl")
    assert dutch.startswith("het getal 12 ligt buiten 1..9")
    assert dutch.endswith("Voorbeeld: /solve sudoku size:9")


def test_numbers_and_lists_are_written_the_languages_way():
    assert number(12345, "en") == "12,345"
    assert number(12345, "fr") == "12\u202f345"
    assert number(12345, "es") == "12.345"
    assert number(12345, "nl") == "12.345"
    assert join(["A", "B", "C"], "en") == "A, B, and C"
    assert join(["A", "B", "C"], "fr") == "A, B et C"
    assert join(["A", "B", "C"], "es") == "A, B y C"
    assert join(["A", "B", "C"], "nl") == "A, B en C"


def test_a_message_with_no_translation_is_shown_in_english():
    unknown = _("a message no catalogue holds, with {n}", n=1200)
    assert unknown.render("fr") == "a message no catalogue holds, with 1\u202f200"
    assert render("a player's own words", "fr") == "a player's own words"
    assert render(None, "es") == ""


def test_the_plural_form_follows_the_languages_rule():
    # French counts 0 and 1 as singular, English only 1; an untranslated message keeps
    # English's own rule in every language.
    words = ngettext("{count} word", "{count} words", 0)
    assert isinstance(words, Message)
    assert words.render("en") == "0 words"
    assert ngettext("{count} word", "{count} words", 1).render("en") == "1 word"


@pytest.mark.parametrize(
    ("language", "rule"), [("fr", "(n > 1)"), ("es", "(n != 1)"), ("nl", "(n != 1)")]
)
def test_each_catalogue_carries_its_languages_cldr_plural_rule(language, rule):
    assert _read(language).plural_expr == rule


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_kinds_title_has_a_translation(language):
    """A title left out of the catalogue would stay English inside a translated sentence."""
    for kind in all_kinds():
        assert kind.title in translated_titles(language)


def translated_titles(language: str) -> set[str]:
    with catalogue.po_path(language).open("rb") as po_file:
        parsed = read_po(po_file, locale=language)
    return {message.id for message in parsed if message.context == "kind" and message.string}


def test_a_kinds_title_is_named_in_the_readers_language_inside_a_sentence():
    title = kind_title(get_kind("ladder"))
    sentence = _("A fresh {title}", title=title)
    assert sentence.render("en") == "A fresh Word Ladder"
    assert sentence.render("fr") == "Nouveau jeu\u00a0: Échelle de mots"
    assert sentence.render("es") == "Nuevo pasatiempo: Escalera de palabras"
    assert sentence.render("nl") == "Nieuwe puzzel: Woordladder"
    assert get_kind("ladder").title == "Word Ladder"  # the plain text stays English


def test_one_decimal_is_written_the_languages_way_and_keeps_a_whole_numbers_point():
    """Ratings and sudoku scores: one place for both (they were written twice)."""
    assert one_decimal(12.34) == "12.3" and one_decimal(4.0) == "4.0"
    assert one_decimal(12.34, "fr") == "12,3" and one_decimal(4.0, "nl") == "4,0"
    assert one_decimal(1.5, "es", signed=True) == "+1,5"
    assert one_decimal(-0.25, signed=True) == "-0.2"  # round half to even, as CLDR does
