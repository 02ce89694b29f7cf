"""Each word-game language's alphabet: which letters it has and how accents fold."""

from __future__ import annotations

import pickle

import pytest

from puzzles.core import letters_described
from puzzles.i18n import render
from puzzles.lexicon import LANGUAGES, alphabet


def test_the_languages_are_english_french_and_spanish():
    assert LANGUAGES == ("en", "fr", "es")
    assert alphabet().language == "en"


@pytest.mark.parametrize(
    ("typed", "played"),
    [
        ("été", "ete"),
        ("NOËL", "noel"),
        ("garçon", "garcon"),
        ("Où", "ou"),
        ("île", "ile"),
        ("cœur", "coeur"),  # ligatures are two letters on a board
        ("ÆTHER", "aether"),
        ("año", "ano"),  # French has no Ñ: a Spanish word typed in a French game
    ],
)
def test_french_drops_every_accent(typed, played):
    assert alphabet("fr").fold(typed) == played
    assert alphabet("fr").is_word(played)


@pytest.mark.parametrize(
    ("typed", "played"),
    [
        ("Año", "año"),
        ("AÑO", "año"),
        ("an\u0303o", "año"),  # n + combining tilde, as some keyboards send it
        ("canción", "cancion"),
        ("pingüino", "pinguino"),
        ("ÑANDÚ", "ñandu"),
    ],
)
def test_spanish_keeps_enye_and_drops_the_other_accents(typed, played):
    assert alphabet("es").fold(typed) == played
    assert alphabet("es").is_word(played)


def test_enye_is_never_folded_into_n_in_spanish():
    spanish = alphabet("es")
    assert spanish.fold("año") != spanish.fold("ano")
    assert len(spanish.letters) == 27
    assert spanish.index("ñ") == 26  # after z: a-z keep their English places
    assert [spanish.index(ch) for ch in "az"] == [0, 25]


def test_french_and_english_have_26_letters_and_no_enye():
    for language in ("en", "fr"):
        assert len(alphabet(language).letters) == 26
        assert not alphabet(language).is_word("año")


def test_words_are_shown_in_capitals_with_their_kept_letters():
    assert alphabet("es").show("año") == "AÑO"
    assert render(letters_described(alphabet("es")), "en") == "A-Z and Ñ"
    assert render(letters_described(alphabet("fr")), "en") == "A-Z"


def test_look_alikes_are_not_folded_into_letters():
    # The Kelvin sign's canonical form is K and 'ﬆ' is 'st' by compatibility: neither may
    # become a letter, so a board holding one is refused by name.
    for language in LANGUAGES:
        assert alphabet(language).fold("\u212a") == "\u212a"
        assert alphabet(language).fold("ﬆ") == "ﬆ"
        assert not alphabet(language).is_word(alphabet(language).fold("\u212aey"))


def test_an_unknown_language_names_the_languages_there_are():
    with pytest.raises(ValueError, match="unknown word language 'de': choose one of en, fr, es"):
        alphabet("de")


def test_alphabets_pickle_as_references():
    assert pickle.loads(pickle.dumps(alphabet("es"))) is alphabet("es")
