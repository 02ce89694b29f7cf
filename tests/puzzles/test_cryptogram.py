from __future__ import annotations

import csv
import pickle
import random
import re
import sys

import pytest

from puzzles.core import PuzzleError
from puzzles.cryptogram import KIND, check, generate, hint, parse, solve
from puzzles.cryptogram.candidates import plain_word_score
from puzzles.cryptogram.generate import encipher, quotations, random_derangement
from puzzles.cryptogram.model import PAIR_CAP, START, context_model, spoken_model
from puzzles.cryptogram.puzzle import LETTERS, Cryptogram
from puzzles.cryptogram.ranking import clauses, sentences
from puzzles.cryptogram.solver import decode
from puzzles.registry import get_kind

PLAIN = "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG."
# Ordinary sentences (written for these tests) that the solver must read back exactly.
KNOWN_TEXTS = (
    "It was a bright cold day, and the clocks were striking thirteen in the old town.",
    "Don't count your chickens before they hatch; the farmer's wife always said so.",
    "We walked along the river until the sun went down behind the hills.",
)


def enciphered(text: str, seed: int) -> tuple[str, dict[str, str]]:
    """The text enciphered with a random derangement, and the true key (cipher -> plain)."""
    key = random_derangement(random.Random(seed))
    return encipher(text, key), {cipher: plain for plain, cipher in key.items()}


def letters_of(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch in LETTERS)


def as_patristocrat(text: str, seed: int) -> str:
    """The text's letters enciphered and printed in groups of five, as patristocrats are."""
    ciphertext, _ = enciphered(letters_of(text), seed)
    return " ".join(ciphertext[i : i + 5] for i in range(0, len(ciphertext), 5))


# --- parse ---------------------------------------------------------------------------------


def test_parse_keeps_punctuation_and_apostrophes_and_upper_cases():
    puzzle = parse("gjxq'f  febrh, xq mj!")
    assert puzzle.ciphertext == "GJXQ'F FEBRH, XQ MJ!"
    assert puzzle.words == ("GJXQ'F", "FEBRH", "XQ", "MJ")
    assert puzzle.letters == "GJXQFFEBRHXQMJ"
    assert puzzle.hints == ()


@pytest.mark.parametrize(
    "text",
    [
        "ABC DEF hints: A=E, D=T",
        "ABC DEF\nA=E D=T",
        "ABC DEF\nhints: a = e; d=t",
        "ABC DEF\nHint: D=T\nA=E",
    ],
)
def test_hints_in_every_accepted_form(text):
    assert parse(text).hints == (("A", "E"), ("D", "T"))


def test_curly_apostrophes_become_straight_ones():
    assert parse("GJX’F TEB").ciphertext == "GJX'F TEB"


def test_text_round_trips_with_hints_and_attribution():
    puzzle = parse("XJQ'F RB!\n— Mark Twain\nhints: X=D")
    assert puzzle.attribution == "Mark Twain"
    assert parse(puzzle.text()) == puzzle
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "at least 2 letters"),
        ("!!! ...", "at least 2 letters"),
        ("ÉCOLE QBC", "A-Z only"),
        ("ABC hints:", "no hints"),
        ("ABC hints: A=", "not of the form"),
        ("ABC hints: AE", "not of the form"),
        ("ABC hints: A=1", "not of the form"),
        ("ABC hints: A=EE", "not of the form"),
        ("ABC hints: A=E, A=T", "contradict"),
        ("ABC hints: A=E B=E", "same plain letter"),
        ("ABC hints: Z=E", "not in the ciphertext"),
    ],
)
def test_malformed_input_is_refused_with_a_reason_and_an_example(text, words):
    with pytest.raises(PuzzleError) as caught:
        parse(text)
    assert words in caught.value.message
    assert "Example:" in caught.value.message


# --- solve ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(len(KNOWN_TEXTS)))
def test_solver_recovers_enciphered_known_texts(seed):
    text = KNOWN_TEXTS[seed]
    ciphertext, true_key = enciphered(text, seed)
    solution = solve(parse(ciphertext))
    assert solution.plaintext == text.upper()
    assert dict(solution.key) == {c: p for c, p in true_key.items() if c in ciphertext}
    assert 0 < solution.confidence <= 1


def test_solution_key_is_consistent_both_ways_and_maps_no_letter_to_itself():
    ciphertext, _ = enciphered(KNOWN_TEXTS[0], 11)
    puzzle = parse(ciphertext)
    solution = solve(puzzle)
    key = dict(solution.key)
    assert set(key) == set(puzzle.letters)
    assert len(set(key.values())) == len(key)  # no two cipher letters share a plain letter
    assert all(cipher != plain for cipher, plain in key.items())
    assert decode(puzzle.ciphertext, key) == solution.plaintext
    assert pickle.loads(pickle.dumps(solution)) == solution


def test_a_name_missing_from_the_dictionary_does_not_stop_the_solve():
    text = "Our neighbour Dorthenia said that the weather would be cold and wet tomorrow morning."
    ciphertext, _ = enciphered(text, 5)
    solution = solve(parse(ciphertext))
    assert solution.plaintext == text.upper()  # the name is read from its letters' other words
    assert solution.unlisted_words == ("DORTHENIA",)


@pytest.mark.parametrize(
    ("text", "seed"),
    [
        ("Frankly, my dear Rhett, I do not give a hoot.", 3),
        ("My name is Maximus, commander of the armies of the north.", 1),
    ],
)
def test_a_name_only_the_pronouncing_dictionary_has_is_read_as_a_word(text, seed):
    # RHETT and MAXIMUS are in no word list but CMUdict's, which the model's names come from
    from puzzles.cryptogram.model import word_model

    name = re.search(r"Rhett|Maximus", text).group().lower()
    assert word_model().dictionary_logprob(name) is not None
    solution = solve(parse(enciphered(text, seed)[0]))
    assert solution.plaintext == text.upper()
    assert solution.unlisted_words == ()


def test_names_are_rarer_than_their_frequency_and_hold_no_offensive_word():
    from puzzles.cryptogram.model import NAME_COST, model_database, word_model
    from puzzles.lexicon import Tier, lexicon
    from tests.puzzles.test_offensive_words import shipped_list

    names = dict(model_database().execute("SELECT word, zipf FROM names"))
    assert {"fredo", "maximus", "rhett", "skywalker"} <= names.keys()
    assert not {name for name in names if len(name) < 4}  # UK, PM: abbreviations
    assert not names.keys() & lexicon().words(Tier.LARGE)
    assert not names.keys() & shipped_list("offensive.txt.gz")
    assert word_model().dictionary_logprob("fredo") == pytest.approx(
        names["fredo"] - NAME_COST - 9.0
    )
    assert word_model().dictionary_logprob("fredo's") is not None  # a name's possessive


def test_hints_are_kept_in_the_key():
    ciphertext, true_key = enciphered(KNOWN_TEXTS[2], 3)
    first = ciphertext[0]
    solution = solve(parse(f"{ciphertext}\nhints: {first}={true_key[first]}"))
    assert dict(solution.key)[first] == true_key[first]
    assert solution.plaintext == KNOWN_TEXTS[2].upper()


def test_clauses_break_at_punctuation_each_starting_after_start():
    # the words before a word, for the word pair and triple counts, are those of its clause
    puzzle = parse("AB CD, EF GH. IJ")
    assert clauses(puzzle) == [[START, "AB", "CD"], [START, "EF", "GH"], [START, "IJ"]]


def test_context_model_prefers_words_seen_together_and_is_silent_about_unseen_histories():
    context = context_model()
    be, me = plain_word_score("be"), plain_word_score("me")
    # One letter apart and both common alone; only the word before them tells them apart.
    assert context.pair("to", "be", be) > context.pair("to", "me", me)
    assert context.pair("with", "me", me) > context.pair("with", "be", be)
    assert context.pair("zyzzyvaqx", "be", be) == 0.0  # a history never seen says nothing
    assert context.pair("to", "zyzzyvaqx", -12.0) < 0  # never seen after a common word
    assert context.pair("of", "the", plain_word_score("the")) <= PAIR_CAP
    of, or_ = plain_word_score("of"), plain_word_score("or")
    assert context.triple("a", "lot", "of", of) > context.triple("a", "lot", "or", or_)
    assert context.triple("zyzzyvaqx", "to", "be", be) == 0.0


@pytest.mark.parametrize(
    ("text", "seed"),
    [
        ("I want to be alone with my thoughts tonight.", 1),  # B once: BE, not ME
        ("Give it to me, and I will tell him the truth.", 2),  # M once: ME, not BE
    ],
)
def test_the_word_before_settles_a_letter_seen_once(text, seed):
    ciphertext, _ = enciphered(text, seed)
    assert solve(parse(ciphertext)).plaintext == text.upper()


def test_sentences_read_through_commas_and_split_at_sentence_ends_and_hyphens():
    puzzle = parse("AB, 'CD' EF-GH. IJ; KL'M? NO")
    assert sentences(puzzle) == [["AB", "'CD'", "EF", "GH"], ["IJ"], ["KL'M"], ["NO"]]


needs_spoken_model = pytest.mark.skipif(
    spoken_model() is None, reason="pocketsphinx is not installed (no wheel for this Python)"
)


@needs_spoken_model
def test_spoken_model_knows_phrases_our_counts_cannot_tell_apart():
    spoken = spoken_model()
    assert spoken.logprob("your", "me", "lend") > spoken.logprob("your", "me", "bend")
    assert spoken.sentence(["lend", "me", "your", "ears"], -8.0) > spoken.sentence(
        ["bend", "me", "your", "ears"], -8.0
    )
    assert spoken.logprob("zyzzyvaqx", None, None) is None
    # An unknown word costs what the caller says and the history starts afresh after it.
    the = spoken.logprob("the", None, None)
    after_the = spoken.logprob("</s>", "the", None)
    assert spoken.sentence(["zyzzyvaqx", "the"], -8.0) == pytest.approx(-8.0 + the + after_the)


def test_without_pocketsphinx_cryptograms_are_still_solved(monkeypatch, caplog):
    monkeypatch.setitem(sys.modules, "pocketsphinx", None)  # as if it could not be installed
    spoken_model.cache_clear()
    try:
        ciphertext, _ = enciphered(KNOWN_TEXTS[2], 4)
        assert solve(parse(ciphertext)).plaintext == KNOWN_TEXTS[2].upper()
        assert spoken_model() is None and "pocketsphinx is not installed" in caplog.text
    finally:
        spoken_model.cache_clear()


@needs_spoken_model
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "text",
    [
        "Neither a borrower nor a lender be.",  # L once: LENDER, not GENDER
        "He told me he would go insane if it rained again.",  # G once: GO, not DO
    ],
)
def test_the_whole_sentence_settles_what_single_words_cannot(text, seed):
    ciphertext, _ = enciphered(text, seed)
    assert solve(parse(ciphertext)).plaintext == text.upper()


def test_patristocrat_without_word_breaks_is_read_from_letter_statistics():
    text = (
        "It is a truth universally acknowledged that a single man in possession of a good "
        "fortune must be in want of a wife, however little known the feelings of such a man."
    )
    solution = KIND.solve_with(parse(as_patristocrat(text, 1)), {"patristocrat": True})
    assert solution.patristocrat
    right = sum(
        a == b for a, b in zip(letters_of(solution.plaintext), letters_of(text), strict=True)
    )
    assert right / len(letters_of(text)) >= 0.9


def test_a_patristocrat_settles_letters_seen_once_by_words():
    # F and P each once: letter 4-grams alone read WRITE SPICTION ... NOTES CAKE
    text = (
        "A writer is congenitally unable to tell the truth and that is why we call what he "
        "writes fiction. But you shall not escape my iambics."
    )
    solution = solve(parse(as_patristocrat(text, 4)), patristocrat=True)
    assert letters_of(solution.plaintext) == letters_of(text)


def test_an_ambiguous_cryptogram_says_it_is_not_sure_and_shows_the_rivals():
    # Three words of three distinct letters: THE CAT SAT, BIG DOG RAN, ... all fit.
    solution = solve(parse("XLI GEX WEX"))
    assert solution.confidence < 0.9
    assert len(solution.readings) > 1
    assert "not sure" in solution.text()
    assert "Also possible" in solution.text()
    assert sum(reading.confidence for reading in solution.readings) <= 1


def test_a_long_plain_sentence_is_read_with_high_confidence():
    ciphertext, _ = enciphered(KNOWN_TEXTS[2], 8)
    solution = solve(parse(ciphertext))
    assert solution.plaintext == KNOWN_TEXTS[2].upper()
    assert solution.confidence >= 0.9
    assert "not sure" not in solution.text()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_letter_the_beam_placed_wrongly_is_moved_by_the_whole_sentence(seed):
    text = "My dog likes to bark loudly at the mail carrier every morning."
    ciphertext, _ = enciphered(text, seed)
    solution = solve(parse(ciphertext))
    assert solution.plaintext == text.upper()


def test_patristocrat_needs_a_hundred_letters():
    with pytest.raises(PuzzleError, match="100"):
        solve(parse("ABCDE FGHIJ"), patristocrat=True)


# --- check ---------------------------------------------------------------------------------


def test_check_accepts_the_plaintext_whatever_its_case_and_punctuation():
    ciphertext, _ = enciphered(PLAIN, 2)
    puzzle = parse(ciphertext)
    answers = (
        PLAIN,
        PLAIN.lower(),
        "the quick brown fox jumps over the lazy dog",
        "THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG",
        "The quick-brown fox; jumps over... the lazy dog!",
    )
    for answer in answers:
        verdict = check(puzzle, answer)
        assert verdict.solved, (answer, verdict)


def test_check_accepts_the_key():
    ciphertext, true_key = enciphered(PLAIN, 2)
    puzzle = parse(ciphertext)
    key = " ".join(f"{c}={p}" for c, p in true_key.items() if c in ciphertext)
    assert check(puzzle, key).solved


def test_check_rejects_wrong_answers_naming_the_problem():
    ciphertext, _ = enciphered(PLAIN, 2)
    puzzle = parse(ciphertext)
    wrong_length = check(puzzle, "THE QUICK BROWN FOX")
    assert not wrong_length.solved and "letters" in str(wrong_length.problems[0])
    inconsistent = check(puzzle, PLAIN.replace("LAZY", "LATY"))  # T is already THE's T
    assert not inconsistent.solved
    assert any("read as T" in str(p) for p in inconsistent.problems)
    missing = check(puzzle, "A=B")
    assert not missing.solved and "no letter" in str(missing.problems[0])
    hinted = parse(f"{ciphertext}\nhints: {ciphertext[0]}=T")
    swapped = PLAIN.replace("T", "#").replace("D", "T").replace("#", "D")
    assert not check(hinted, swapped).solved


def test_check_rejects_a_consistent_reading_that_is_not_english():
    ciphertext, _ = enciphered("ZEBRA", 4)
    assert not check(parse(ciphertext), "QUIXY").solved


# --- hint ----------------------------------------------------------------------------------


def test_hint_reveals_the_true_key_letter_that_unlocks_the_most():
    text = KNOWN_TEXTS[0]
    ciphertext, true_key = enciphered(text, 8)
    puzzle = parse(ciphertext)
    given = hint(puzzle, "")
    assert true_key[given.cipher] == given.plain

    def unlocked(cipher):  # blanks filled, plus 3 for each word it completes on its own
        completed = sum(set(word.replace("'", "")) == {cipher} for word in puzzle.words)
        return puzzle.letters.count(cipher) + 3 * completed

    assert unlocked(given.cipher) == max(unlocked(c) for c in set(puzzle.letters))


def test_hint_skips_letters_the_player_has_and_points_out_wrong_ones():
    ciphertext, true_key = enciphered(KNOWN_TEXTS[0], 8)
    puzzle = parse(ciphertext)
    first = hint(puzzle, "")
    right = f"{first.cipher}={first.plain}"
    wrong_cipher = next(c for c in true_key if c in ciphertext and c != first.cipher)
    wrong_plain = next(p for p in LETTERS if p != true_key[wrong_cipher])
    second = hint(puzzle, f"{right} {wrong_cipher}={wrong_plain}")
    assert second.cipher not in (first.cipher, "")
    assert true_key[second.cipher] == second.plain
    assert second.wrong == ((wrong_cipher, wrong_plain),)
    assert f"{wrong_cipher} is not {wrong_plain}" in second.text()


def test_hint_reads_partial_plaintext_progress():
    text = KNOWN_TEXTS[2].upper()
    ciphertext, true_key = enciphered(text, 9)
    puzzle = parse(ciphertext)
    progress = "".join(ch if ch in "EW" or ch not in LETTERS else "_" for ch in text)
    given = hint(puzzle, progress)
    assert given.plain not in "EW"
    assert true_key[given.cipher] == given.plain
    assert {("E", "E"), ("W", "W")} <= {(p, p) for _, p in given.known}
    with pytest.raises(PuzzleError, match="letters"):
        hint(puzzle, "WE WALKED")


# --- generate ------------------------------------------------------------------------------


def test_collection_has_365_distinct_attributed_quotations():
    quotes = quotations()
    assert len(quotes) >= 365
    assert len({quote for quote, _ in quotes}) == len(quotes)
    assert all(quote.strip() and author.strip() for quote, author in quotes)


def test_generate_is_deterministic_and_maps_no_letter_to_itself():
    first = generate(random.Random(7), "hard")
    assert generate(random.Random(7), "hard") == first
    assert generate(random.Random(8), "hard") != first
    matches = [
        quote
        for quote, author in quotations()
        if author == first.attribution and len(quote) == len(first.ciphertext)
    ]
    key = {}
    for quote in matches:  # the quotation it was made from: same shape, consistent key
        pairs = dict(zip(first.letters, letters_of(quote), strict=False))
        if len(letters_of(quote)) == len(first.letters) and all(
            pairs[c] == p for c, p in zip(first.letters, letters_of(quote), strict=True)
        ):
            key = pairs
    assert key, "generated puzzle does not encipher a quotation of its author"
    assert all(cipher != plain for cipher, plain in key.items())
    assert len(set(key.values())) == len(key)


def test_generate_reveals_letters_by_difficulty_and_enciphers_given_text():
    assert len(generate(random.Random(3), "easy").hints) == 2
    assert generate(random.Random(3), "hard").hints == ()
    own = KIND.generate_with(random.Random(1), "hard", {"text": "Meet me at noon!"})
    assert isinstance(own, Cryptogram)
    assert re.fullmatch(r"[A-Z]{4} [A-Z]{2} [A-Z]{2} [A-Z]{4}!", own.ciphertext)
    assert parse(own.text()) == own


def test_the_example_parses_and_solves_to_english():
    solution = solve(parse(KIND.example))
    assert solution.plaintext == "DON'T COUNT YOUR CHICKENS BEFORE THEY HATCH."


def test_registered_under_its_name_and_aliases():
    assert get_kind("cryptogram") is KIND
    assert get_kind("cryptoquote") is KIND
    assert KIND.multiline_input


def test_movie_quote_corpus_samples_are_solved(tmp_path):
    from tests.conftest import corpus_path

    rows = list(csv.DictReader(corpus_path("cryptogram", "movie_quotes.csv").open()))
    quote = rows[0]["quote"]
    ciphertext, _ = enciphered(quote, 0)
    assert solve(parse(ciphertext)).plaintext == quote.upper()


def test_word_scores_a_long_lived_worker_keeps_stay_bounded(monkeypatch):
    # Any string can be scored (the letter model reads unlisted words), so the scores kept
    # must not grow with every string a worker is ever asked about.
    from puzzles.cryptogram import model

    monkeypatch.setattr(model, "LOOKUP_CACHE_SIZE", 50)
    words = model.WordModel()
    first = words.logprob("zqxv")
    for n in range(500):
        words.logprob("zq" + format(n, "x").replace("0", "g"))
        assert len(words._cache) <= 50
    assert words.logprob("zqxv") == first  # scored again the same after being forgotten
    for n in range(200):
        words.extra_word_zipf("zq" + format(n, "x"))
        assert len(words._extra) <= 50
    assert words.extra_word_zipf("kansas") == word_model_zipf("kansas")


def word_model_zipf(word: str) -> float:
    from puzzles.cryptogram.model import model_database

    return (
        model_database()
        .execute("SELECT zipf FROM extra_words WHERE word = ?", (word,))
        .fetchone()[0]
    )
