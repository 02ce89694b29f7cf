"""French, Spanish and Dutch sentences that name a puzzle kind read right for every kind: a kind's
title is masculine, feminine or plural ("Échelle de mots", "Mots codés", "Escalera de
palabras"), so no translation may put a word that agrees with it (an article, a demonstrative,
an adjective, a participle) next to it; and the separators the bot puts between texts
follow each language's typography."""

from __future__ import annotations

import re
import string
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from puzzles import all_kinds, kind_title
from puzzles.core import joined
from puzzles.i18n import NO_BREAK_SPACE, Message, _, separated

# Each title's gender and number: m(asculine), f(eminine), mp (masculine plural).
GENDERS = {
    "fr": {"Échelle de mots": "f", "Mots codés": "mp"},  # every other title is masculine
    "es": {"Escalera de palabras": "f"},
    # Dutch: n(euter), het-words; every other title is common gender (a de-word), kept as "m"
    "nl": {"Cryptogram": "n", "Codekruiswoord": "n"},
}
# The words that agree with a noun beside them, by the gender and number they agree with:
# determiners just before it, adjectives and participles just after ("Tu as résolu
# Échelle de mots" is right: a participle before its object does not agree).
BEFORE = {
    "fr": {
        "m": "ce cet le un aucun du au nouveau",
        "f": "cette la une aucune nouvelle",
        "mp": "ces les des aucuns aux nouveaux",
    },
    "es": {"m": "este el un ningún nuevo del al", "f": "esta la una ninguna nueva"},
    "nl": {"m": "de deze die dagelijkse", "n": "het dit dat dagelijks nieuw"},
}
AFTER = {
    "fr": {
        "m": "résolu tel lancé terminé rempli",
        "f": "résolue telle lancée terminée remplie",
        "mp": "résolus tels lancés terminés remplis",
    },
    "es": {
        "m": "resuelto cooperativo iniciado terminado rellenado",
        "f": "resuelta cooperativa iniciada terminada rellenada",
    },
    "nl": {"m": "", "n": ""},  # a Dutch participle or adjective after its noun never agrees
}
NAMES_A_KIND = ("kind", "title")
CLAUSE_END = r"[.!?:;·()\n—]"
VOWELS = "AEIOUÉÈÊaeiouéèê"


def catalogue_ids(language: str) -> list[tuple[str | None, str | tuple[str, str]]]:
    source = resources.files("puzzles") / "locales" / language / "LC_MESSAGES" / "puzzlebot.po"
    with source.open("rb") as po_file:
        catalogue = read_po(po_file, locale=language)
    return [(entry.context, entry.id) for entry in catalogue if entry.id]


def placeholders(text: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


def naming_a_kind(context: str | None, id: str | tuple[str, str], kind) -> list[Message]:
    """The message (each plural form) with every kind placeholder filled with `kind`'s title."""
    singular, plural = (id, None) if isinstance(id, str) else id
    names = placeholders(singular) | placeholders(plural or "")
    params = {name: kind_title(kind) if name in NAMES_A_KIND else "X" for name in names}
    if plural is None:
        return [Message(singular, tuple(params.items()), context=context)]
    return [
        Message(singular, tuple({**params, "count": n}.items()), plural, n, context) for n in (1, 2)
    ]


def neighbours(text: str, title: str) -> list[tuple[str, str]]:
    """The words just before and just after each place `title` appears in `text`, within
    its clause ("**Résolu !** Mots codés" puts nothing beside the title)."""
    words = []
    for found in re.finditer(re.escape(title), text):
        if text[found.end() : found.end() + 1] == "-":
            continue  # a compound ("Cryptogram-antwoord"): its last noun carries the gender
        before = re.findall(r"[\w']+", re.split(CLAUSE_END, text[: found.start()])[-1])
        after = re.findall(r"[\w']+", re.split(CLAUSE_END, text[found.end() :])[0])
        words += [("before", before[-1].lower())] if before else []
        words += [("after", after[0].lower())] if after else []
    return words


def disagreeing(language: str, side: str, word: str, gender: str) -> bool:
    table = {"before": BEFORE, "after": AFTER}[side][language]
    agreeing = {each: set(words.split()) for each, words in table.items()}
    return any(word in words for words in agreeing.values()) and word not in agreeing[gender]


def mismatches(language: str) -> list[str]:
    found = []
    for context, id in catalogue_ids(language):
        text = id if isinstance(id, str) else id[0]
        if context == "command" or not placeholders(text) & set(NAMES_A_KIND):
            continue
        for kind in all_kinds():
            title = kind_title(kind).render(language)
            gender = GENDERS[language].get(title, "m")
            for message in naming_a_kind(context, id, kind):
                shown = message.render(language)
                for side, word in neighbours(shown, title):
                    if disagreeing(language, side, word, gender):
                        found.append(f"{shown!r}: {word!r} {side} {title!r}")
                unelided = re.search(rf"\b(de|que|ce|le|la) {re.escape(title)}", shown)
                if language == "fr" and title[0] in VOWELS and unelided:
                    found.append(f"{shown!r}: no elision before {title!r}")
    return found


@pytest.mark.parametrize("language", ["fr", "es", "nl"])
def test_no_word_beside_a_kinds_title_disagrees_with_its_gender(language):
    assert mismatches(language) == []


def test_the_check_sees_a_disagreement():
    # The check itself: what today's French said before this fix is caught.
    ladder = kind_title(next(k for k in all_kinds() if k.name == "ladder")).render("fr")
    said = f"Abandonner ce {ladder}{NO_BREAK_SPACE}? {ladder} résolu{NO_BREAK_SPACE}!"
    sides = neighbours(said, ladder)
    assert sides == [("before", "ce"), ("after", "résolu")]
    assert all(disagreeing("fr", side, word, GENDERS["fr"][ladder]) for side, word in sides)
    assert not disagreeing("fr", "before", "cette", GENDERS["fr"][ladder])


def test_french_sets_a_no_break_space_before_a_semicolon_between_texts():
    problems = joined(["SLUG", _("Solved together!")])
    assert problems.render("en") == "SLUG; Solved together!"
    assert problems.render("fr") == f"SLUG{NO_BREAK_SPACE}; Résolu ensemble{NO_BREAK_SPACE}!"
    assert problems.render("es") == "SLUG; ¡Resuelto juntos!"
    assert separated(["A", "B"], "fr", " · ") == "A · B"  # only ; : ! ? take the space
    assert joined(["A", "B"], separator="\n").render("fr") == "A\nB"
    assert joined(["- ", "A"], separator="").render("fr") == "- A"
