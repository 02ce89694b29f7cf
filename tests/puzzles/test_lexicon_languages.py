"""The French and Spanish lexicons (package data built by scripts/build_lexicon.py --lang)."""

from __future__ import annotations

import hashlib
import json
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from puzzles.lexicon import Tier, alphabet, lexicon, offensive_words
from puzzles.lexicon.dictionary import is_offensive

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "lexicon" / "data"
LANGUAGES = ("fr", "es")


def test_english_stays_the_default_and_one_shared_instance():
    assert lexicon() is lexicon("en")
    assert lexicon().language == "en"
    assert lexicon("fr") is not lexicon()
    assert lexicon("fr").language == "fr"


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown word language 'de'"):
        lexicon("de")


@pytest.mark.parametrize("language", LANGUAGES)
def test_tiers_nest_and_hold_only_the_alphabet_s_letters(language):
    lex, letters = lexicon(language), alphabet(language)
    common, standard, large = (lex.words(tier) for tier in Tier)
    assert len(common) > 20_000
    assert common < standard < large
    assert all(letters.is_word(word) and len(word) >= 2 for word in large)


@pytest.mark.parametrize(
    ("language", "everyday"),
    [
        ("fr", ["maison", "ete", "coeur", "garcon", "mettre", "envoyer", "poche", "leur"]),
        ("es", ["año", "casa", "cancion", "verguenza", "comer", "leche", "volar", "niño"]),
    ],
)
def test_everyday_words_are_common_with_their_accents_folded(language, everyday):
    lex = lexicon(language)
    assert [word for word in everyday if not lex.contains(word, Tier.COMMON)] == []
    assert all(lex.zipf(word) >= 2.5 for word in everyday)


def test_spanish_keeps_enye_words_apart_from_n_words():
    spanish = lexicon("es")
    assert spanish.contains("año", Tier.COMMON) and spanish.contains("niño", Tier.COMMON)
    assert not spanish.contains("nino", Tier.STANDARD)  # niño is never folded into nino
    assert any("ñ" in word for word in spanish.words_of_length(4, Tier.COMMON))
    assert not any("ñ" in word for word in lexicon("fr").words(Tier.LARGE))


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_tier_holds_an_offensive_word(language):
    offensive = offensive_words(language)
    assert len(offensive) > 300
    for tier in Tier:
        assert not lexicon(language).words(tier) & offensive, tier


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ["merde", "putain", "pute", "putes", "connard"]), ("es", ["puta", "putas", "mierda"])],
)
def test_cuss_words_and_the_forms_of_their_entries_are_gone(language, words):
    for word in words:
        assert is_offensive(word, language)
        assert not lexicon(language).contains(word, Tier.LARGE), word


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["negre", "negres", "negresse", "gouine", "gouines", "lez", "zob", "boches"]),
        ("es", ["sudaca", "mongolico", "mongolicas", "sidoso"]),
    ],
)
def test_slurs_cuss_lacks_are_blocklisted_with_their_forms(language, words):
    for word in words:
        assert is_offensive(word, language), word
        assert not lexicon(language).contains(word, Tier.LARGE), word


def test_offensive_words_fold_accents_as_the_language_does():
    assert is_offensive("Enculé", "fr")
    assert not is_offensive("año", "es")


def test_french_phrase_pieces_and_prefixes_are_accepted_but_never_proposed():
    # The dictionary tags "hoc" (of "ad hoc") as a phrase piece and "anti" as a prefix.
    french = lexicon("fr")
    for word in ("hoc", "quo", "anti", "anglo"):
        assert french.tier_of(word) is Tier.LARGE, word
    assert not french.contains("nov") and not french.contains("oct")  # abbreviations


def not_proposed_entries(language: str) -> list[str]:
    """The words of data/<language>/not_proposed.txt, folded ('#' starts a comment)."""
    text = (DATA / language / "not_proposed.txt").read_text(encoding="utf-8")
    return [
        alphabet(language).fold(w) for line in text.splitlines() for w in line.split("#")[0].split()
    ]


@pytest.mark.parametrize(
    ("language", "judged"),
    [("fr", ["street", "streets", "french", "big", "dei", "rez", "wu"]), ("es", ["oc", "priori"])],
)
def test_words_judged_no_proposal_are_accepted_but_never_proposed(language, judged):
    # English words, names and phrase pieces the dictionary lists: a player may type them
    # (large), no solve, hint or generated puzzle offers them.
    entries = not_proposed_entries(language)
    assert set(judged) <= set(entries)
    lex = lexicon(language)
    assert [word for word in entries if lex.tier_of(word) is not Tier.LARGE] == []


def test_a_name_entry_does_not_hide_a_phrase_piece():
    # "al" (al dente) and "die" (sine die) are tagged phrase pieces; the names "Al" and "Die"
    # beside them make no game word, so they must not make the pieces words of their own.
    for word in ("al", "die"):
        assert lexicon("fr").tier_of(word) is Tier.LARGE, word


@pytest.mark.parametrize(
    ("language", "abbreviations", "words"),
    [
        ("fr", ["dpi", "av", "ko", "juil", "fevr", "cos", "ibid"], ["web", "nui", "gents", "fac"]),
        (
            "es",
            ["izq", "pag", "tel", "etc", "num", "hna", "dcha", "tfno", "dto", "atte"],
            ["id", "pe", "ay", "ya", "tela", "pagar"],
        ),
    ],
)
def test_abbreviations_are_in_no_tier_and_their_neighbours_stay(language, abbreviations, words):
    lex = lexicon(language)
    assert [word for word in abbreviations if lex.tier_of(word) is not None] == []
    assert [word for word in words if not lex.contains(word, Tier.COMMON)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_names_are_not_words(language):
    # Hunspell entries with a capital are names or brands ("Paris", "iPhone").
    assert not lexicon(language).contains("iphone")


@pytest.mark.parametrize("language", LANGUAGES)
def test_shared_lexicons_pickle_as_references(language):
    assert pickle.loads(pickle.dumps(lexicon(language))) is lexicon(language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_manifest_names_every_source_and_licence_and_matches_the_files(language):
    manifest = json.loads((DATA / language / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["language"] == language
    assert set(manifest["sources"]) == {"hunspell", "cuss", "wordfreq"}
    assert all(source["license"] for source in manifest["sources"].values())
    assert "spylls" in manifest["sources"]["hunspell"]["expanded_with"]
    for name, digest in manifest["files"]["sha256"].items():
        assert hashlib.sha256((DATA / language / name).read_bytes()).hexdigest() == digest
    counts = {tier.name.lower(): len(lexicon(language).words(tier)) for tier in Tier}
    assert manifest["counts"] == counts


def test_english_players_never_read_french_or_spanish():
    """A process that plays in English reads no other language's file."""
    probe = (
        "from puzzles.letterboxed import parse, solve\n"
        "from puzzles.lexicon.dictionary import _shipped_lexicon\n"
        "solve(parse('vro wal eth bdi'))\n"
        "print(_shipped_lexicon.cache_info().currsize)\n"
    )
    repo = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=repo, capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["1"]
