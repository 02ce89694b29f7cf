"""Word ladders' generator thresholds, measured on each language's own lexicon.

    .venv/bin/python -m bench.ladder_languages [--ladders 50] [--json]

A generated ladder has two thresholds (puzzles/ladder/generate.py): its steps, set by the
difficulty (easy 4 ... fiendish 8), and how familiar its start and goal words are
(FAMILIAR_ZIPF, wordfreq's zipf). English's were chosen by hand; French and Spanish words
have other frequencies and their word graphs another shape, so for each language this
reports:

- familiar share: the share of the common 4- and 5-letter words at or above FAMILIAR_ZIPF,
  and the zipf that would keep English's share (the bound carried over by share, as
  bench/letterboxed_languages does for Letter Boxed's answer words);
- reach: the share of familiar start words with at least one familiar word exactly the
  difficulty's steps away in the common graph (a start with none is a wasted try, and a
  low share means few different daily ladders);
- generated ladders, per difficulty: how many of --ladders seeds gave one, the median and
  slowest generation time, and the median count of shortest ladders (one is a narrow
  puzzle, dozens an open one).

Targets: every seed of every language and difficulty gives a ladder, in under 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bench.letterboxed_languages import share_at_least, value_at_share
from puzzles.core import PuzzleError
from puzzles.ladder.generate import DIFFICULTIES, FAMILIAR_ZIPF, STEPS, WORD_LENGTHS, generate
from puzzles.ladder.graph import graph_for
from puzzles.lexicon import LANGUAGES, Tier, lexicon

REACH_SAMPLE = 200  # familiar start words tried per language, length and difficulty


def common_zipfs(language: str, length: int) -> list[float]:
    lex = lexicon(language)
    return sorted(lex.zipf(word) for word in lex.words_of_length(length, Tier.COMMON))


def familiar_shares(language: str) -> dict[int, dict[str, float]]:
    shares = {}
    for length in WORD_LENGTHS:
        mine = common_zipfs(language, length)
        english_share = share_at_least(common_zipfs("en", length), FAMILIAR_ZIPF)
        shares[length] = {
            "share": round(share_at_least(mine, FAMILIAR_ZIPF), 3),
            "zipf_at_english_share": round(value_at_share(mine, english_share), 2),
        }
    return shares


def reach(language: str, length: int, steps: int) -> float:
    """The share of familiar start words with a familiar word exactly `steps` away."""
    lex = lexicon(language)
    familiar = sorted(
        word for word in lex.words_of_length(length, Tier.COMMON) if lex.zipf(word) >= FAMILIAR_ZIPF
    )
    familiar_set = set(familiar)
    starts = random.Random(length * 100 + steps).sample(familiar, min(REACH_SAMPLE, len(familiar)))
    graph = graph_for(length, Tier.COMMON, lex)
    reached = sum(
        any(d == steps and w in familiar_set for w, d in graph.distances_from(start).items())
        for start in starts
    )
    return round(reached / len(starts), 3)


def generated(language: str, difficulty: str, ladders: int) -> dict:
    lex = lexicon(language)
    seconds, counts, failed = [], [], 0
    for seed in range(ladders):
        started = time.perf_counter()
        try:
            ladder = generate(random.Random(seed), difficulty, language=language)
        except PuzzleError:
            failed += 1
            continue
        seconds.append(time.perf_counter() - started)
        graph = graph_for(len(ladder.start), Tier.STANDARD, lex)
        counts.append(graph.shortest_ladders(ladder.start, ladder.goal).count)
    return {
        "made": ladders - failed,
        "of": ladders,
        "median_ms": round(statistics.median(seconds) * 1000, 1) if seconds else None,
        "max_ms": round(max(seconds) * 1000, 1) if seconds else None,
        "median_shortest_ladders": statistics.median(counts) if counts else None,
    }


def measure(ladders: int) -> dict:
    figures = {}
    for language in LANGUAGES:
        lexicon(language).load_all()
        figures[language] = {
            "familiar": familiar_shares(language),
            "reach": {
                difficulty: {
                    length: reach(language, length, STEPS[difficulty]) for length in WORD_LENGTHS
                }
                for difficulty in DIFFICULTIES
            },
            "generated": {d: generated(language, d, ladders) for d in DIFFICULTIES},
        }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--ladders", type=int, default=50, help="seeds per language and difficulty")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.ladders)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for language, f in figures.items():
        print(f"== {language}")
        for length, share in f["familiar"].items():
            print(
                f"  {length} letters: {share['share']:.1%} of common words familiar "
                f"(zipf >= {FAMILIAR_ZIPF}); English's share at zipf "
                f"{share['zipf_at_english_share']}"
            )
        for difficulty, made in f["generated"].items():
            reached = ", ".join(f"{n} letters {r:.0%}" for n, r in f["reach"][difficulty].items())
            print(
                f"  {difficulty:8} ({STEPS[difficulty]} steps): {made['made']}/{made['of']} made, "
                f"median {made['median_ms']} ms, max {made['max_ms']} ms, "
                f"{made['median_shortest_ladders']} shortest ladders (median); reach {reached}"
            )


if __name__ == "__main__":
    main()
