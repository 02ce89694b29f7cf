"""The shipped English lexicon (package data built by scripts/build_lexicon.py) and its API."""

import fnmatch
import gzip
import json
import pickle
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from puzzles.lexicon import Lexicon, Tier, lexicon, pattern_of
from puzzles.lexicon.dictionary import _shipped_lexicon

TIERS = (Tier.COMMON, Tier.STANDARD, Tier.LARGE)


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon()


# --- the data --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word", ["sneezes", "rhymes", "unaware", "available", "zygote", "quixotic", "fjord", "glyph"]
)
def test_everyday_words_are_common(lex, word):
    assert lex.tier_of(word) is Tier.COMMON
    assert all(lex.contains(word, tier) for tier in TIERS)


@pytest.mark.parametrize("word", ["driveboat", "lol", "london", "ibm"])
def test_non_words_names_and_abbreviations_are_in_no_tier(lex, word):
    assert lex.tier_of(word) is None
    assert word not in lex
    assert not any(lex.contains(word, tier) for tier in TIERS)


def test_rarer_words_sit_in_the_larger_tiers(lex):
    assert lex.tier_of("kumquat") is Tier.STANDARD  # SCOWL 60: its checked spell-check size
    # SCOWL 70, used less than once a million words: accepted, not proposed
    assert lex.tier_of("syzygy") is Tier.LARGE
    assert lex.tier_of("quinoa") is Tier.STANDARD  # SCOWL 70 too, but in everyday use
    assert lex.tier_of("zyzzyva") is Tier.LARGE  # a Scrabble word, in few dictionaries


@pytest.mark.parametrize("word", ["cabala", "aecia", "bombacaceous"])
def test_variant_spellings_and_rare_words_are_not_proposed(lex, word):
    assert lex.tier_of(word) is Tier.LARGE


LETTERBOXED_FIXTURES = (
    Path(__file__).resolve().parents[3]
    / "shared"
    / "corpora"
    / "letterboxed"
    / "nyt_letterboxed_fixtures.json"
)


@pytest.mark.skipif(not LETTERBOXED_FIXTURES.exists(), reason="../shared/corpora absent")
def test_every_known_letterboxed_answer_is_a_standard_word(lex):
    # NYT's own solutions (and known ones) of real days: the solver must be able to propose them
    puzzles = json.loads(LETTERBOXED_FIXTURES.read_text(encoding="utf-8"))["puzzles"]
    answers = {
        word.lower()
        for puzzle in puzzles
        for key in ("nyt_solution", "known_solution")
        for word in puzzle.get(key, ())
    }
    assert len(answers) >= 15
    assert [word for word in sorted(answers) if not lex.contains(word, Tier.STANDARD)] == []


def test_tiers_nest(lex):
    common, standard, large = (lex.words(tier) for tier in TIERS)
    assert common < standard < large


def test_a_tiers_text_holds_its_words_one_a_line(lex):
    for tier in TIERS:
        lines = lex.text(tier).split("\n")
        assert len(lines) == len(lex.words(tier))
        assert set(lines) == lex.words(tier)
    custom = Lexicon.from_words(["Cat", "dog"])
    assert sorted(custom.text().split("\n")) == ["cat", "dog"]


def test_pattern_matches_are_the_words_with_the_same_pattern_of_letters():
    words = ["that", "high", "noon", "sees", "abcd", "dcba", "tot", "x" * 300, "xy" * 150]
    custom = Lexicon.from_words(words)
    for query in ("ABCA", "that", "ABBC", "ABCD", "ABA", "X" * 300, "ZY" * 150, "Q" * 299):
        expected = sorted(
            w for w in words if len(w) == len(query) and pattern_of(w) == pattern_of(query)
        )
        assert list(custom.matching_pattern(query)) == expected


def test_tier_sizes_are_plausible(lex):
    assert 25_000 <= len(lex.words(Tier.COMMON)) <= 80_000
    assert 80_000 <= len(lex.words(Tier.STANDARD)) <= 200_000
    assert len(lex.words(Tier.LARGE)) > len(lex.words(Tier.STANDARD))


def test_words_are_lowercase_a_to_z_only(lex):
    word = re.compile(r"[a-z]{2,}")
    assert all(word.fullmatch(w) for w in lex.words(Tier.LARGE))


def test_default_tier_of_words_is_standard(lex):
    assert lex.words() is lex.words(Tier.STANDARD)


def test_manifest_counts_match_the_data(lex):
    manifest = json.loads(
        resources.files("puzzles.lexicon").joinpath("data", "manifest.json").read_text()
    )
    for tier in TIERS:
        assert manifest["counts"][tier.name.lower()] == len(lex.words(tier))


def hand_kept_entries(name: str) -> list[str]:
    """The entries of one of the hand-kept lists in the lexicon's data ('#' comments)."""
    text = resources.files("puzzles.lexicon").joinpath("data", name).read_text()
    entries = [line.split("#")[0].strip() for line in text.splitlines()]
    return [entry for entry in entries if entry]


def test_no_word_of_any_tier_is_on_the_blocklist(lex):
    entries = hand_kept_entries("blocklist.txt")
    assert "nigger*" in entries
    # One pattern for every entry, matched once per word (fnmatch.filter per entry took 9 s).
    listed = re.compile("|".join(f"(?:{fnmatch.translate(entry)})" for entry in entries))
    assert listed.match("niggers")  # the combined pattern still matches a wildcard entry
    found = [word for word in lex.words(Tier.LARGE) if listed.match(word)]
    assert not found, found[:10]
    assert not lex.contains("bitch", Tier.LARGE)  # an offensive word is no word at all
    assert lex.contains("snigger", Tier.COMMON)


@pytest.mark.parametrize("word", ["aeq", "csc", "csch", "dkl", "hhd", "kb", "mb"])
def test_abbreviations_are_in_no_tier(lex, word):
    assert lex.tier_of(word) is None


@pytest.mark.parametrize("word", ["hmm", "shh", "psst", "nth", "cwm", "crwth", "tsk"])
def test_real_words_without_a_vowel_are_kept(lex, word):
    assert lex.tier_of(word) is not None


def test_standard_additions_are_standard_words(lex):
    entries = hand_kept_entries("standard_additions.txt")
    assert "zen" in entries
    for entry in entries:  # fails when the list changed and the data was not rebuilt
        assert lex.tier_of(entry) is Tier.STANDARD, entry


def test_runtime_does_not_import_wordfreq():
    code = (
        "import sys; from puzzles.lexicon import lexicon; lexicon().zipf('the'); "
        "sys.exit('wordfreq' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


# --- membership ------------------------------------------------------------------------------


def test_membership_without_word_sets_answers_as_the_sets_do(lex):
    """A lexicon asked only whether words are in it (the bot's own process) answers from
    sorted word hashes, never making the 40 MB word sets, and answers as they would."""
    fresh = _shipped_lexicon.__wrapped__("en")
    for tier in TIERS:
        words = sorted(lex.words(tier))[::997]
        near_misses = [word[:-1] + ("q" if word[-1] != "q" else "z") for word in words]
        for word in words + near_misses + ["", "Q", "lol"]:
            assert fresh.contains(word, tier) == (word.lower() in lex.words(tier)), (word, tier)
    assert fresh.contains("FJORD", Tier.COMMON) and not fresh.contains(7)  # type: ignore[arg-type]
    assert not fresh._sets  # no word set was made


def test_membership_is_case_insensitive(lex):
    assert lex.contains("Zygote")
    assert lex.contains("FJORD", Tier.COMMON)
    assert "Glyph" in lex
    assert lex.tier_of("QUIXOTIC") is Tier.COMMON


def test_in_checks_the_large_tier(lex):
    word = next(iter(lex.words(Tier.LARGE) - lex.words(Tier.STANDARD)))
    assert word in lex
    assert not lex.contains(word, Tier.STANDARD)
    assert 42 not in lex


def test_an_unknown_tier_is_refused(lex):
    with pytest.raises(ValueError):
        lex.words(4)
    with pytest.raises(ValueError):
        lex.contains("cold", 0)


# --- frequency -------------------------------------------------------------------------------


def test_zipf_orders_words_by_frequency(lex):
    assert lex.zipf("the") > lex.zipf("house") > lex.zipf("zygote") > 0
    assert lex.zipf("House") == lex.zipf("house")


def test_zipf_of_an_unknown_word_is_zero(lex):
    assert lex.zipf("driveboat") == 0.0
    assert lex.zipf("qwxzv") == 0.0


# --- indexes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "pattern"),
    [("mom", "ABA"), ("mommy", "ABAAC"), ("that", "ABCA"), ("tattoo", "ABAACC"), ("Noon", "ABBA")],
)
def test_pattern_of_names_letters_by_first_appearance(word, pattern):
    assert pattern_of(word) == pattern


def test_pattern_of_a_pattern_is_itself():
    assert pattern_of("ABCA") == "ABCA"
    assert pattern_of("") == ""


def test_matching_pattern(lex):
    abca = lex.matching_pattern("ABCA")
    assert "that" in abca
    assert "cold" not in abca
    assert abca == lex.matching_pattern("that") == lex.matching_pattern("abca")
    assert list(abca) == sorted(abca)
    assert all(pattern_of(w) == "ABCA" and lex.contains(w, Tier.STANDARD) for w in abca)
    assert set(abca) == {w for w in lex.words_of_length(4) if pattern_of(w) == "ABCA"}
    assert set(lex.matching_pattern("ABCA", Tier.COMMON)) < set(abca)


def differences(a: str, b: str) -> int:
    return sum(x != y for x, y in zip(a, b, strict=True))


def test_neighbours_differ_in_exactly_one_letter(lex):
    near = lex.neighbours("cold")
    assert {"bold", "cord", "colt", "gold"} <= set(near)
    assert "cold" not in near
    assert list(near) == sorted(near)
    assert set(near) == {w for w in lex.words_of_length(4) if differences(w, "cold") == 1}


def test_neighbours_by_tier_and_of_a_non_word(lex):
    assert set(lex.neighbours("cold", Tier.COMMON)) <= set(lex.neighbours("cold", Tier.LARGE))
    assert "cold" in lex.neighbours("xold")
    assert lex.neighbours("COLD") == lex.neighbours("cold")


def test_words_of_length(lex):
    fives = lex.words_of_length(5)
    assert "glyph" in fives
    assert list(fives) == sorted(fives)
    assert set(fives) == {w for w in lex.words(Tier.STANDARD) if len(w) == 5}
    assert len(lex.words_of_length(5, Tier.COMMON)) < len(fives)
    assert lex.words_of_length(5) is fives  # cached
    assert lex.words_of_length(100) == ()


# --- custom dictionaries and sharing ---------------------------------------------------------


def test_from_words_makes_a_custom_dictionary():
    day = Lexicon.from_words(["Cold", "cord", "word", "WARD"], zipf={"Cold": 4.5, "word": 5.0})
    for tier in TIERS:
        assert day.words(tier) == {"cold", "cord", "word", "ward"}
    assert day.tier_of("ward") is Tier.COMMON
    assert "COLD" in day
    assert "bold" not in day
    assert day.zipf("cold") == 4.5
    assert day.zipf("word") == 5.0
    assert day.zipf("cord") == 0.0
    assert day.neighbours("cold") == ("cord",)
    assert day.neighbours("ward", Tier.COMMON) == ("word",)
    assert day.matching_pattern("ABCD") == ("cold", "cord", "ward", "word")
    assert day.words_of_length(4) == ("cold", "cord", "ward", "word")


def test_from_words_with_no_frequencies():
    day = Lexicon.from_words(["zygote"])
    assert day.zipf("zygote") == 0.0
    assert day.tier_of("house") is None


def test_the_shared_lexicon_is_loaded_once(lex):
    assert lexicon() is lex


def test_lexicons_pickle(lex):
    assert pickle.loads(pickle.dumps(lex)) is lex  # a reference to the shared one
    day = Lexicon.from_words(["cold", "cord"], zipf={"cold": 4.5})
    copy = pickle.loads(pickle.dumps(day))
    assert copy.words(Tier.LARGE) == day.words(Tier.LARGE)
    assert copy.zipf("cold") == 4.5


def test_current_words_are_standard_when_the_dictionary_inflects_them(lex):
    # from LibreOffice's en_GB dictionary (words newer than SCOWL 2020)
    for word in ("downvote", "downvoting", "livestreamed", "chatbot"):
        assert lex.tier_of(word) is Tier.STANDARD, word
    # entries without an inflection flag: uncountable nouns, loan words, fragments of phrases
    for word in ("cybersecurity", "quand", "masse"):
        assert lex.tier_of(word) is Tier.LARGE, word
    assert lex.tier_of("lviii") is None  # a roman numeral, not a word


def test_current_words_ship_apart_from_the_scowl_words():
    # they are under their own licence (NOTICE): no word is in both kinds of file
    def words(name: str) -> set[str]:
        data = resources.files("puzzles.lexicon").joinpath("data", name).read_bytes()
        return set(gzip.decompress(data).decode("ascii").split())

    current = words("current-standard.txt.gz") | words("current-large.txt.gz")
    scowl = set().union(*(words(f"{tier.name.lower()}.txt.gz") for tier in TIERS))
    assert "downvote" in current
    assert "kumquat" in scowl
    assert not current & scowl


def test_nyt_answer_with_a_current_word_is_accepted():
    from puzzles.letterboxed.puzzle import parse
    from puzzles.letterboxed.rules import check

    assert check(parse("ano gdv ief wzt"), "FAZED DOWNVOTING").solved  # NYT, 2024-03-21
