"""Letter Boxed's generator thresholds, measured on each language's own lexicon.

    .venv/bin/python -m bench.letterboxed_languages [--boxes 20] [--json]

English's thresholds were tuned by hand (puzzles/letterboxed/generate.py). French and
Spanish words have other frequencies, and their lexicons other sizes, so each threshold is
carried over by share rather than by value:

- answer words by difficulty: the zipf at which the same share of the language's usable
  answer words (common, 4-10 letters, no doubled letter) is at least as common as at
  English's bound (easy boxes from its most familiar words, hard from its rarer ones);
- par: generated medium boxes are counted for their common playable words and their
  two-word answers in common words, and the language's few_words and few_answers are
  English's (150 and 5) scaled by the language's median count over English's: a box is
  "scarce" at the same fraction of a typical box of its language. (Matching shares instead
  fails: no English box of a sample falls under 150 words.)

Also reported, for the thresholds in generate.py: every generated box of every language
and difficulty is solved in two or three common words (target: all), and the spread of par.
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import statistics
from collections import Counter

from puzzles.letterboxed import generate, solve
from puzzles.letterboxed.generate import DIFFICULTIES, THRESHOLDS, _has_double_letter
from puzzles.letterboxed.words import playable_words
from puzzles.lexicon import LANGUAGES, Tier, lexicon

SEED = 20261128


def usable_zipfs(language: str) -> list[float]:
    """The zipf of every common word a box answer may use, sorted."""
    lex = lexicon(language)
    return sorted(
        lex.zipf(word)
        for word in lex.words(Tier.COMMON)
        if 4 <= len(word) <= 10 and not _has_double_letter(word)
    )


def share_at_least(values: list[float], bound: float) -> float:
    return 1 - bisect.bisect_left(values, bound) / len(values)


def value_at_share(values: list[float], share: float) -> float:
    """The bound with that share of the (sorted) values at or above it."""
    index = min(len(values) - 1, max(0, round((1 - share) * len(values))))
    return values[index]


def matched_bands(language: str, english: list[float]) -> dict[str, tuple[float, float]]:
    mine = usable_zipfs(language)
    bands = {}
    for difficulty, (low, high) in THRESHOLDS["en"].answer_zipf.items():
        matched_low = value_at_share(mine, share_at_least(english, low))
        matched_high = high if high >= 9 else value_at_share(mine, share_at_least(english, high))
        bands[difficulty] = (round(matched_low, 1), round(matched_high, 1))
    return bands


def box_counts(language: str, boxes: int, difficulty: str = "medium") -> list[dict]:
    rng = random.Random(SEED)
    counts = []
    for _ in range(boxes):
        board = generate(rng, difficulty, language=language)
        common = solve(board, max_words=3, tier="common")
        counts.append(
            {
                "words": len(playable_words(board, lexicon(language), Tier.COMMON)),
                "answers": common.two_word_count,
                "fewest": common.fewest_words,
                "par": board.par,
            }
        )
    return counts


def scaled(bound: int, boxes: list[dict], english_boxes: list[dict], key: str) -> int:
    """English's bound scaled by the language's median count over English's."""
    mine = statistics.median(box[key] for box in boxes)
    return round(bound * mine / statistics.median(box[key] for box in english_boxes))


def measure(boxes: int) -> dict:
    english = usable_zipfs("en")
    english_boxes = box_counts("en", boxes)
    en = THRESHOLDS["en"]
    figures = {}
    for language in LANGUAGES:
        medium = english_boxes if language == "en" else box_counts(language, boxes)
        solved = {
            difficulty: Counter(
                box["fewest"] for box in box_counts(language, boxes // 2, difficulty)
            )
            for difficulty in DIFFICULTIES
        }
        figures[language] = {
            "answer_zipf_matched": matched_bands(language, english),
            "answer_zipf_used": THRESHOLDS[language].answer_zipf,
            "few_words_matched": scaled(en.few_words, medium, english_boxes, "words"),
            "few_answers_matched": scaled(en.few_answers, medium, english_boxes, "answers"),
            "few_words_used": THRESHOLDS[language].few_words,
            "few_answers_used": THRESHOLDS[language].few_answers,
            "median_common_words": statistics.median(b["words"] for b in medium),
            "median_two_word_answers": statistics.median(b["answers"] for b in medium),
            "par": dict(sorted(Counter(b["par"] for b in medium).items())),
            "fewest_common_words": {d: dict(sorted(c.items())) for d, c in solved.items()},
        }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--boxes", type=int, default=20, help="medium boxes per language")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.boxes)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for language, f in figures.items():
        print(f"== {language}")
        print(f"  answer zipf matched to English: {f['answer_zipf_matched']}")
        print(f"  answer zipf in generate.py:     {f['answer_zipf_used']}")
        print(
            f"  par: few_words matched {f['few_words_matched']} (used {f['few_words_used']}), "
            f"few_answers matched {f['few_answers_matched']} (used {f['few_answers_used']})"
        )
        print(
            f"  medium boxes: median {f['median_common_words']} common words, "
            f"{f['median_two_word_answers']} two-word common answers; par {f['par']}"
        )
        print(f"  fewest common words per difficulty: {f['fewest_common_words']}")


if __name__ == "__main__":
    main()
