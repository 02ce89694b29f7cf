"""No offensive word in any tier, so in no solve, hint, puzzle or accepted answer (issue 14).

The list as applied is shipped beside the tiers (offensive.txt.gz, written by
scripts/build_lexicon.py from the npm package cuss and the project's blocklist.txt).
"""

import gzip
import re
from importlib import resources

import pytest

from bot.cli import main
from puzzles.letterboxed.puzzle import parse
from puzzles.letterboxed.rules import check
from puzzles.lexicon import Tier, lexicon

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
    assert "DYKES is not in the word list" in " ".join(verdict.problems)
    assert check(board, "JINXED DUKES SIZED DEMY").solved


def test_the_cryptogram_solver_knows_no_offensive_word(offensive):
    # its candidate readings are the lexicon's words and these extra words (names, contractions)
    from puzzles.cryptogram.model import word_model

    extra = word_model().extra_zipf
    assert {"kansas", "don't", "jesus"} <= extra.keys()
    assert not {word.removesuffix("'s") for word in extra} & offensive
