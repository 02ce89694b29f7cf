"""The reading score as a weighted sum of features, and the fitting of its weights
(bench.cryptogram --features / --fit) on small sets made here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench.cryptogram import (
    FIT_GRID,
    first_places,
    fit_weights,
    log_loss,
    read_features,
    reading_features,
)
from puzzles.cryptogram import parse
from puzzles.cryptogram.candidates import UNKNOWN, cipher_words
from puzzles.cryptogram.generate import encipher, random_derangement
from puzzles.cryptogram.model import spoken_model
from puzzles.cryptogram.puzzle import LETTERS
from puzzles.cryptogram.ranking import FEATURES, WEIGHTS, ReadingScorer, sentence_features

needs_spoken_model = pytest.mark.skipif(
    spoken_model() is None, reason="pocketsphinx is not installed (no wheel for this Python)"
)
TEXT = "Neither a borrower nor a lender be."


def key_reading(puzzle_letters: str, plain_of: dict[str, str]) -> tuple[int, ...]:
    key = [UNKNOWN] * 26
    for cipher in set(puzzle_letters):
        key[LETTERS.index(cipher)] = LETTERS.index(plain_of[cipher])
    return tuple(key)


def test_a_reading_scores_the_weighted_sum_of_its_features():
    cipher_key = random_derangement(random.Random(3))
    puzzle = parse(encipher(TEXT, cipher_key))
    truth = {cipher: plain for plain, cipher in cipher_key.items()}
    rival = dict(truth)  # LENDER read GENDER: one letter moved
    rival[cipher_key["L"]], rival[cipher_key["G"]] = "G", "L"
    words = cipher_words(puzzle, with_candidates=False)
    for weights in (WEIGHTS, (0.0, 0.0, 0.0, 1.0, -8.0), (2.0, 0.5, 0.1, 0.0, 0.0)):
        scorer = ReadingScorer(puzzle, words, weights)
        for plain_of in (truth, rival):
            key = key_reading(puzzle.letters, plain_of)
            features = scorer.features(key)
            assert len(features) == len(FEATURES)
            expected = sum(w * f for w, f in zip(weights, features, strict=True))
            assert scorer(key) == pytest.approx(expected)
    scorer = ReadingScorer(puzzle, words)
    truth_key, rival_key = key_reading(puzzle.letters, truth), key_reading(puzzle.letters, rival)
    assert scorer(truth_key) > scorer(rival_key)


@needs_spoken_model
def test_sentence_features_count_the_words_the_spoken_model_lacks():
    spoken = spoken_model()
    known = ("lend", "me", "your", "ears")
    assert sentence_features(known) == (0.0, 0.0, 0.0, spoken.sentence(list(known), 0.0), 0.0)
    with_unknown = ("zyzzyvaqx", "lend", "me", "qxzzyv")
    features = sentence_features(with_unknown)
    assert features[4] == 2.0
    assert features[3] == pytest.approx(spoken.sentence(list(with_unknown), 0.0))


def test_reading_features_hold_the_true_reading_and_its_rivals():
    cipher_key = random_derangement(random.Random(5))
    found = reading_features(TEXT, cipher_key)
    assert found["found"]
    assert len(found["features"]) > 1  # rivals besides the true reading
    puzzle = parse(encipher(TEXT, cipher_key))
    scorer = ReadingScorer(puzzle, cipher_words(puzzle, with_candidates=False))
    truth = {cipher: plain for plain, cipher in cipher_key.items()}
    true_features = scorer.features(key_reading(puzzle.letters, truth))
    assert found["features"][found["truth"]] == pytest.approx(true_features)


def made_up_puzzle(truth_features, rival_features, found=True) -> dict:
    return {"found": found, "truth": 0, "features": [truth_features, rival_features]}


def test_fitted_weights_put_the_true_reading_first_where_the_current_ones_do_not():
    # The truth is the rarer words in likelier company: first only if pairs count for much.
    puzzles = [
        made_up_puzzle([-30.0, 2.0, 0.0, -20.0, 0.0], [-29.0, 0.5, 0.0, -20.0, 0.0]),
        made_up_puzzle([-25.0, 3.0, 0.0, -18.0, 0.0], [-24.5, 2.0, 0.0, -18.0, 0.0]),
    ]
    words_only = (1.0, 0.0, 0.0, 0.0, 0.0)
    assert first_places(words_only, puzzles) == 0
    fitted = fit_weights([puzzles])
    assert first_places(fitted, puzzles) == 2
    assert fitted[4] / fitted[3] in FIT_GRID[3]  # a grid point, scaled
    # a true reading the search never found counts as not first, whatever the weights
    assert first_places(fitted, [made_up_puzzle(*puzzles[0]["features"], found=False)]) == 0


def test_log_loss_falls_as_the_true_reading_pulls_ahead():
    puzzle = made_up_puzzle([0.0, 0.0, 0.0, -10.0, 0.0], [0.0, 0.0, 0.0, -12.0, 0.0])
    losses = [log_loss((0.0, 0.0, 0.0, scale, 0.0), [puzzle]) for scale in (0.5, 1.0, 2.0)]
    assert losses[0] > losses[1] > losses[2] > 0


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json\n", "Expecting value"),
        ('{"found": true}\n', "line 1 is not a puzzle's features"),
        ('{"found": true, "truth": 0, "features": [[1.0, 2.0]]}\n', "line 1 has not 5 features"),
        ("", "no puzzles"),
    ],
)
def test_a_malformed_features_file_is_refused_with_its_line(tmp_path, content, says):
    path = tmp_path / "features.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SystemExit, match=says) as refused:
        read_features(path)
    assert "--features FILE" in str(refused.value)


def test_a_missing_features_file_is_refused():
    with pytest.raises(SystemExit, match="--features FILE"):
        read_features(Path("/nonexistent/features.jsonl"))
