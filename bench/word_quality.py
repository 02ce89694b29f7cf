"""How close each lexicon tier comes to NYT's own word list for one Letter Boxed day.

    .venv/bin/python -m bench.word_quality [--json]

NYT's game data for 2024-03-22 (../shared/corpora/letterboxed/nyt_gamedata_2024-03-22.json)
carries that day's full accepted dictionary: every word NYT accepts on the box LME IUF WCB OAS.
For each tier, the playable words of that box (3+ letters, letters of the box, no two letters
in a row from one side) are compared with it:

- recall: the share of NYT's accepted words the tier has (a player's answer refused otherwise);
- precision: the share of the tier's playable words NYT accepts (the rest are what NYT thinks
  no word: junk, names, abbreviations, or words too rare for a daily puzzle).

A second, independent signal: the answers of the real days in
../shared/corpora/letterboxed/nyt_letterboxed_fixtures.json (NYT's own solutions and known ones)
must all be in standard, the tier the solver proposes from.

Also counted: offensive words (the shipped offensive.txt.gz) and abbreviations (words without
a vowel other than the real ones of data/vowelless_words.txt) in each whole tier: must be
zero. A measurement only: no word is ever taken from NYT's list.
Targets: standard recall >= 70% and precision >= 97%; common precision >= 99.5%.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import sys
from importlib import resources
from pathlib import Path

from puzzles.lexicon import Tier, lexicon

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "letterboxed"
CORPUS = CORPORA / "nyt_gamedata_2024-03-22.json"
FIXTURES = CORPORA / "nyt_letterboxed_fixtures.json"
MIN_WORD_LENGTH = 3
VOWELS = frozenset("aeiouy")


def playable(word: str, side_of: dict[str, int]) -> bool:
    """A Letter Boxed word of this box: its letters on the box, no two in a row from one side."""
    return (
        len(word) >= MIN_WORD_LENGTH
        and all(letter in side_of for letter in word)
        and all(side_of[a] != side_of[b] for a, b in itertools.pairwise(word))
    )


def lexicon_data(name: str) -> bytes:
    return resources.files("puzzles.lexicon").joinpath("data", name).read_bytes()


def offensive_list() -> frozenset[str]:
    return frozenset(gzip.decompress(lexicon_data("offensive.txt.gz")).decode("ascii").split())


def real_vowelless_words() -> frozenset[str]:
    lines = lexicon_data("vowelless_words.txt").decode("utf-8").splitlines()
    return frozenset(word for line in lines for word in line.split("#", 1)[0].split())


def is_abbreviation(word: str, real: frozenset[str]) -> bool:
    return VOWELS.isdisjoint(word) and word not in real


def measure(corpus: Path = CORPUS) -> dict[str, dict[str, float]]:
    game = json.loads(corpus.read_text(encoding="utf-8"))
    side_of = {letter.lower(): i for i, side in enumerate(game["sides"]) for letter in side}
    accepted = {word.lower() for word in game["dictionary"]}
    offensive = offensive_list()
    real_vowelless = real_vowelless_words()
    figures = {}
    for tier in Tier:
        words = lexicon().words(tier)
        mine = {word for word in words if playable(word, side_of)}
        hits = len(mine & accepted)
        figures[tier.name.lower()] = {
            "playable": len(mine),
            "accepted": len(accepted),
            "recall": hits / len(accepted),
            "precision": hits / len(mine),
            "offensive": len(words & offensive),
            "abbreviations": sum(1 for word in words if is_abbreviation(word, real_vowelless)),
        }
    return figures


def known_answers(fixtures: Path = FIXTURES) -> set[str]:
    """The words of the real days' NYT and known solutions."""
    puzzles = json.loads(fixtures.read_text(encoding="utf-8"))["puzzles"]
    return {
        word.lower()
        for puzzle in puzzles
        for key in ("nyt_solution", "known_solution")
        for word in puzzle.get(key, ())
    }


def answers_missing_from_standard(fixtures: Path = FIXTURES) -> list[str]:
    return sorted(w for w in known_answers(fixtures) if not lexicon().contains(w, Tier.STANDARD))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not CORPUS.exists():
        sys.exit(f"corpus not found: {CORPUS}")
    figures = measure()
    missing = answers_missing_from_standard() if FIXTURES.exists() else None
    if args.json:
        print(json.dumps({**figures, "fixture_answers_not_in_standard": missing}, indent=2))
        return
    print(f"NYT Letter Boxed 2024-03-22: {next(iter(figures.values()))['accepted']} accepted words")
    for tier, f in figures.items():
        print(
            f"{tier:>9}: recall {f['recall']:6.1%}  precision {f['precision']:6.1%}  "
            f"({f['playable']} playable)  offensive {f['offensive']}  "
            f"abbreviations {f['abbreviations']}"
        )
    if missing is not None:
        total = len(known_answers())
        print(f"real days' answers in standard: {total - len(missing)} of {total} {missing or ''}")


if __name__ == "__main__":
    main()
