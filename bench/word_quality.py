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

French and Spanish are measured against word lists nobody here chose, read from the paths
given on the command line (never copied into the repository, never used to build):

    .venv/bin/python -m bench.word_quality --lang fr --list /tmp/wordlists/words-fr.txt \
        --list /tmp/wordlists/wordle-fr-drawable.json
    .venv/bin/python -m bench.word_quality --lang es --list /tmp/wordlists/wordle-es

A list is a text file (one word a line), a JSON array of words (or of objects with a
"word"), or a directory of such files, read as one list. Its words are folded by the
language's alphabet (accents dropped, Spanish Ñ kept), and each tier is compared with it
on the word lengths the list has (a Wordle list holds five-letter words only): recall is
the share of the list's words the tier has, precision the share of the tier's words of
those lengths the list has. Targets: common precision >= 99% against the words players
accept (lorenbrichter/Words, the Letterpress list; javigaralva/wordle-ES-solutions'
dictionaries), no offensive word in any tier.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import sys
from importlib import resources
from pathlib import Path

from puzzles.lexicon import Tier, alphabet, lexicon, offensive_words

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


def compared(mine: set[str], reference: set[str]) -> dict[str, float]:
    """Recall (the share of the reference's words found) and precision (the share of
    ``mine`` the reference has)."""
    hits = len(mine & reference)
    return {"recall": hits / len(reference), "precision": hits / len(mine)}


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
        figures[tier.name.lower()] = {
            "playable": len(mine),
            "accepted": len(accepted),
            **compared(mine, accepted),
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


def read_word_list(path: Path) -> list[str]:
    """The words of a list file or of every file of a directory, as written."""
    if path.is_dir():
        return [word for child in sorted(path.iterdir()) for word in read_word_list(child)]
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".json":
        return text.split()
    return [item["word"] if isinstance(item, dict) else item for item in json.loads(text)]


def folded_list(language: str, words: list[str]) -> set[str]:
    """The list's words as the language's games write them (accents folded, Ñ kept)."""
    letters = alphabet(language)
    return {w for w in map(letters.fold, words) if len(w) >= 2 and letters.is_word(w)}


def common_at_bounds(language: str, words: list[str], bounds: list[float]) -> dict[float, dict]:
    """Common's precision against a list were its zipf bound higher: what a stricter common
    would gain, and how many words it would keep."""
    listed = folded_list(language, words)
    lengths = {len(word) for word in listed}
    lex = lexicon(language)
    common = [word for word in lex.words(Tier.COMMON) if len(word) in lengths]
    figures = {}
    for bound in bounds:
        kept = {word for word in common if lex.zipf(word) >= bound}
        figures[bound] = {"words": len(kept), **compared(kept, listed)}
    return figures


def measure_against(language: str, words: list[str]) -> dict[str, dict[str, float]]:
    """Each tier's recall and precision against a list, on the word lengths it has."""
    listed = folded_list(language, words)
    lengths = {len(word) for word in listed}
    offensive = offensive_words(language)
    figures = {}
    for tier in Tier:
        words_of_tier = lexicon(language).words(tier)
        mine = {word for word in words_of_tier if len(word) in lengths}
        figures[tier.name.lower()] = {
            "words": len(mine),
            "listed": len(listed),
            **compared(mine, listed),
            "offensive": len(words_of_tier & offensive),
        }
    return figures


def report_lists(language: str, paths: list[Path], as_json: bool, bounds: list[float]) -> None:
    words = {str(path): read_word_list(path) for path in paths}
    results = {path: measure_against(language, listed) for path, listed in words.items()}
    stricter = {path: common_at_bounds(language, listed, bounds) for path, listed in words.items()}
    if as_json:
        print(json.dumps({"tiers": results, "common_at_bounds": stricter}, indent=2))
        return
    for path, figures in results.items():
        listed = next(iter(figures.values()))["listed"]
        print(f"{language} against {path}: {listed} words")
        for tier, f in figures.items():
            print(
                f"{tier:>9}: recall {f['recall']:6.1%}  precision {f['precision']:6.1%}  "
                f"({f['words']} words of its lengths)  offensive {f['offensive']}"
            )
        for bound, f in stricter[path].items():
            print(
                f"   common at zipf >= {bound}: precision {f['precision']:6.1%}  "
                f"({f['words']} words of its lengths)"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--lang", default="en", help="the lexicon's language (en, fr, es)")
    parser.add_argument(
        "--list", type=Path, action="append", default=[], help="a word list to compare with"
    )
    parser.add_argument(
        "--common-bounds",
        type=lambda text: [float(bound) for bound in text.split(",")],
        default=[],
        help="also common's precision at these higher zipf bounds, e.g. 3,3.5,4",
    )
    args = parser.parse_args(argv)
    if args.list:
        report_lists(args.lang, args.list, args.json, args.common_bounds)
        return
    if args.lang != "en":
        sys.exit("--lang fr and es are measured against lists: give them with --list")
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
