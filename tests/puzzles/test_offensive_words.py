"""No offensive word in any tier, so in no solve, hint, puzzle or accepted answer (issue 14).

The list as applied is shipped beside the tiers (offensive.txt.gz, written by
scripts/build_lexicon.py from the npm package cuss and the project's blocklist.txt).
"""

import dataclasses
import gzip
import random
import re
from importlib import resources
from pathlib import Path

import pytest

import puzzles.cryptogram as cryptogram
from bot.cli import main
from puzzles.cryptogram.generate import encipher, random_derangement
from puzzles.cryptogram.puzzle import LETTERS
from puzzles.cryptogram.solver import _solution, decode, masked
from puzzles.letterboxed.puzzle import parse
from puzzles.letterboxed.rules import check
from puzzles.lexicon import Tier, is_offensive, lexicon, offensive_words
from renderers.cryptogram import draw as draw_cryptogram

TIERS = (Tier.COMMON, Tier.STANDARD, Tier.LARGE)


def shipped_list(name: str) -> frozenset[str]:
    data = resources.files("puzzles.lexicon").joinpath("data", name).read_bytes()
    return frozenset(gzip.decompress(data).decode("ascii").split())


@pytest.fixture(scope="module")
def offensive() -> frozenset[str]:
    return shipped_list("offensive.txt.gz")


def test_the_offensive_list_is_shipped_whole(offensive):
    # slurs, sexual terms and their inflections, from cuss and from the project's blocklist
    assert {"chink", "dyke", "dykes", "gyp", "jew", "milf", "ho", "hos", "nigger"} <= offensive
    assert {"fuckers", "sluts", "retards"} <= offensive
    assert len(offensive) > 500


@pytest.mark.parametrize("tier", TIERS, ids=lambda tier: tier.name.lower())
def test_no_tier_holds_an_offensive_word(offensive, tier):
    assert not lexicon().words(tier) & offensive


def test_innocent_words_are_kept(offensive):
    # allow-listed entries of cuss, words a glob or a suffix could have hit by accident
    for word in ("snigger", "mishit", "arsenal", "spiced", "cocky", "spade", "dike", "execute"):
        assert word not in offensive
        assert lexicon().contains(word, Tier.LARGE), word


ISSUE_EXAMPLES = [
    # standard needs 7 words here (JET TAD DAFT TOE EXEC COZY YEW): its 6-word answers took
    # JEFE, TAJ or JOE, words standard no longer proposes (docs/words.md)
    ["solve", "letterboxed", "zed", "cxt", "yjf", "aow", "--max-words", "8"],
    ["solve", "letterboxed", "zsd", "mik", "eun", "yjx"],
    ["solve", "letterboxed", "mux", "ngb", "fji", "lah", "--tier", "common"],
    ["solve", "qless", "bghlopsuvwyz"],
    ["solve", "ladder", "black", "white"],
    # issue 29: a generated hard box whose answer was PARACHUTING GIMPY
    ["solve", "letterboxed", "cgr", "nuy", "hip", "amt"],
    ["solve", "letterboxed", "cgr", "nuy", "hip", "amt", "--tier", "common"],
]


@pytest.mark.parametrize("args", ISSUE_EXAMPLES, ids=" ".join)
def test_the_issue_examples_propose_no_offensive_word(capsys, offensive, args):
    assert main(args) == 0
    out = capsys.readouterr().out
    proposed = {word.lower() for word in re.findall(r"\b[A-Z]{2,}\b", out)}
    assert proposed, out  # the solver did answer
    assert not proposed & offensive, out


def test_an_answer_with_an_offensive_word_is_not_in_the_word_list():
    board = parse("zsd mik eun yjx")
    verdict = check(board, "JINXED DYKES SUMS SIZE")
    assert "DYKES is not in the word list" in " ".join(map(str, verdict.problems))
    assert check(board, "JINXED DUKES SIZED DEMY").solved


def test_the_cryptogram_solver_knows_no_offensive_word(offensive):
    # its candidate readings are the lexicon's words and these extra words (names, contractions)
    from puzzles.cryptogram.model import word_model

    extra = word_model().extra_zipf
    assert {"kansas", "don't", "jesus"} <= extra.keys()
    assert not {word.removesuffix("'s") for word in extra} & offensive


def test_offensive_words_are_known_in_any_case_and_as_possessives(offensive):
    assert is_offensive("BITCH") and is_offensive("bitch's") and is_offensive("Retard")
    assert not is_offensive("pitch") and not is_offensive("snigger")
    assert offensive_words() == offensive


def test_masking_hides_each_offensive_word_after_its_first_letter_and_numbers_its_letters():
    text, hidden = masked("OH, BITCH'S PUSSY-CAT! PITCH.")
    assert text == "OH, B****'* P****-CAT! PITCH."
    letters = [ch for ch in "OH, BITCH'S PUSSY-CAT! PITCH." if ch.isalpha()]
    assert [letters[i] for i in hidden] == list("ITCHS" + "USSY")
    assert masked("THE WHOLE CLASS") == ("THE WHOLE CLASS", ())


OFFENSIVE_SENTENCES = [
    "YOU SON OF A BITCH, GET OUT OF MY HOUSE",
    "SHUT UP, YOU STUPID SLUT",
    "HE CALLED ME A RETARD IN FRONT OF THE WHOLE CLASS",
]


def enciphered(sentence: str) -> tuple[cryptogram.Cryptogram, dict[str, str]]:
    key = random_derangement(random.Random(0))
    return cryptogram.parse(encipher(sentence, key)), {c: p for p, c in key.items()}


def shown_words(solution) -> set[str]:
    readings = getattr(solution, "readings", ())
    shown = solution.text() + " ".join(reading.plaintext for reading in readings)
    return {word.lower() for word in re.findall(r"[A-Za-z]+", shown)}


@pytest.mark.parametrize("sentence", OFFENSIVE_SENTENCES)
def test_an_answer_reading_an_offensive_word_shows_it_masked_and_keeps_its_key(sentence, offensive):
    puzzle, truth = enciphered(sentence)
    key = tuple(LETTERS.index(truth.get(c, c)) for c in LETTERS)
    solution = _solution(puzzle, [(0.0, key)], patristocrat=False)
    assert not shown_words(solution) & offensive, solution.text()
    assert "*" in solution.plaintext and solution.masked_letters
    # the key is whole: it still reads the sentence, and only the shown text is masked
    assert decode(puzzle.letters, dict(solution.key)) == "".join(filter(str.isalpha, sentence))
    assert not any(is_offensive(word) for word in solution.unlisted_words)
    unmasked = dataclasses.replace(solution, masked_letters=())
    assert draw_cryptogram(puzzle, solution) != draw_cryptogram(puzzle, unmasked)


@pytest.mark.parametrize("sentence", OFFENSIVE_SENTENCES)
def test_solving_such_a_cryptogram_shows_no_offensive_word(sentence, offensive):
    solution = cryptogram.solve(enciphered(sentence)[0])
    assert not shown_words(solution) & offensive, solution.text()


def test_an_innocent_answer_is_not_masked():
    solution = cryptogram.solve(enciphered("HASTE MAKES WASTE, MY FRIEND")[0])
    assert not solution.masked_letters and "*" not in solution.text()


def test_a_hint_that_completes_an_offensive_word_shows_it_masked(offensive):
    # the player has every letter but H, so the hint gives H, which completes BITCH
    puzzle, truth = enciphered("YOU SON OF A BITCH, GET OUT OF MY HOUSE")
    plain_to_cipher = {p: c for c, p in truth.items()}
    progress = " ".join(f"{plain_to_cipher[p]}={p}" for p in set("YOUSNFABITCGEMH") - {"H"})
    hint = cryptogram.hint(puzzle, progress)
    assert "H" in {plain for _, plain in hint.known}, hint.text()
    assert "B****" in hint.text() and not shown_words(hint) & offensive, hint.text()
    letters = [ch for ch in "YOU SON OF A BITCH, GET OUT OF MY HOUSE" if ch.isalpha()]
    assert [letters[i] for i in hint.masked_letters] == list("ITCH")
    unmasked = dataclasses.replace(hint, masked_letters=())
    assert draw_cryptogram(puzzle, hint) != draw_cryptogram(puzzle, unmasked)


def test_a_hint_masks_only_a_word_it_has_whole():
    puzzle, truth = enciphered("YOU SON OF A BITCH, GET OUT OF MY HOUSE")
    plain_to_cipher = {p: c for c, p in truth.items()}
    hint = cryptogram.hint(puzzle, f"{plain_to_cipher['B']}=B")
    assert not hint.masked_letters, hint.text()


# Issue 29: GIMPY was proposed as a Letter Boxed answer and GYPPING was a standard word. A
# second, independent list (retext-equality's inconsiderate terms, NOTICE) now filters every tier.
DISPARAGING = ("gimp", "gimpy", "gypping", "cripple", "midget", "harelip", "imbecile", "schizo")


@pytest.mark.parametrize("tier", TIERS, ids=lambda tier: tier.name.lower())
def test_no_tier_holds_a_disparaging_word_of_the_second_list(offensive, tier):
    assert set(DISPARAGING) <= offensive
    assert not lexicon().words(tier) & set(DISPARAGING)


def test_the_second_list_keeps_the_everyday_words_it_flags_for_style():
    # retext-equality also flags hedges, gendered job words and technical metaphors
    for word in ("easy", "simply", "freshman", "master", "blacklist", "nipped", "crazy"):
        assert lexicon().contains(word, Tier.COMMON), word
        assert not is_offensive(word)


def test_the_second_list_is_named_with_its_licence_in_notice():
    notice = (Path(__file__).parents[2] / "NOTICE").read_text()
    assert "retext-equality" in notice and "MIT" in notice


def fragment_entries() -> list[str]:
    text = resources.files("puzzles.lexicon").joinpath("data", "phrase_fragments.txt").read_text()
    return [word for line in text.splitlines() for word in line.split("#", 1)[0].split()]


@pytest.mark.parametrize("word", ["hoc", "situ", "qua", "fro", "sequitur", "quo", "versa"])
def test_a_fragment_of_a_fixed_phrase_is_accepted_but_never_proposed(word):
    assert word in fragment_entries()
    assert not lexicon().contains(word, Tier.STANDARD)
    assert lexicon().contains(word, Tier.LARGE)  # a player who types it is not refused


def test_no_proposing_tier_holds_a_phrase_fragment():
    assert not lexicon().words(Tier.STANDARD) & set(fragment_entries())
