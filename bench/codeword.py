"""Codeword benchmark: the newspaper Clueless puzzles, each word list, and generation.

    .venv/bin/python -m bench.codeword [--json] [--languages-only]

For every puzzle in ../shared/corpora/codewords/clueless_newspaper.json: whether the
final word matches the corpus's answer, with the automatic tier choice and with each word
list forced, and the solve time (target under 50 ms each). Times are the median of
RUNS solves with the lexicon and its pattern index loaded but the solver's per-puzzle
caches cleared; the first solve in a process, which builds the pattern index, is
reported on its own. Then generation: GENERATE_SEEDS grids of 11x11 and of 13x13, with
the time, letters used, starters given, and whether sure deductions alone solve them.
Then the same for 13x13 French and Spanish grids (all 26 letters, or 27 with Spanish Ñ),
each also checked to be unique against the standard words and filled with common words
only; --languages-only measures those alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from puzzles.codeword import generate, parse, solve
from puzzles.codeword import words as codeword_words
from puzzles.lexicon import Tier, alphabet, lexicon

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "codewords"
RUNS = 5
GENERATE_SEEDS = 10
TIERS = ("auto", "common", "standard", "large")


def newspaper_puzzles() -> list[dict]:
    return json.loads((CORPUS / "clueless_newspaper.json").read_text())["puzzles"]


def as_text(entry: dict) -> str:
    lines = [" ".join(map(str, clue)) for clue in entry["clues"]]
    lines.append(" ".join(f"{number}={letter}" for number, letter in entry["given"].items()))
    lines.append("final: " + " ".join(map(str, entry["final_word_numbers"])))
    return "\n".join(lines)


def clear_puzzle_caches() -> None:
    """Forget filtered word lists from earlier solves, so each run starts like a new puzzle."""
    codeword_words._filtered_big.cache_clear()


def timed_solve(puzzle, tier: str) -> tuple[float, object]:
    clear_puzzle_caches()
    start = time.perf_counter()
    solution = solve(puzzle, tier=tier)
    return (time.perf_counter() - start) * 1000, solution


def bench_newspaper() -> dict:
    entries = newspaper_puzzles()
    first_ms, _ = timed_solve(parse(as_text(entries[0])), "auto")
    rows = []
    for entry in entries:
        puzzle = parse(as_text(entry))
        row = {"name": entry["name"], "expected": entry["final_word_answer"]}
        for tier in TIERS:
            times, solution = [], None
            for _ in range(RUNS if tier == "auto" else 1):
                ms, solution = timed_solve(puzzle, tier)
                times.append(ms)
            final = (solution.final_word or "").upper()
            row[tier] = {
                "final": final or "not proven: " + "/".join(solution.final_options).upper(),
                "right": final == entry["final_word_answer"],
                "tier_used": solution.tier,
                "unique": solution.unique,
                "guesses": solution.guesses,
                "outsider_clues": len(solution.unknown_clues),
                "median_ms": round(statistics.median(times), 1),
            }
        rows.append(row)
    return {"first_solve_with_index_build_ms": round(first_ms, 1), "puzzles": rows}


def bench_generate(size: int, language: str = "en") -> dict:
    """GENERATE_SEEDS hard grids (the fewest starters: easier levels only add some)."""
    times, letters, starters, by_deduction, unique, common = [], [], [], 0, 0, 0
    words = lexicon(language)
    for seed in range(GENERATE_SEEDS):
        start = time.perf_counter()
        puzzle = generate(random.Random(seed), "hard", grid_size=size, language=language)
        times.append(time.perf_counter() - start)
        letters.append(len(puzzle.numbers))
        starters.append(len(puzzle.starters))
        solution = solve(puzzle, tier="standard")
        by_deduction += solution.solved_by_deduction
        unique += solution.unique
        common += all(words.contains(word, Tier.COMMON) for word in solution.words)
    return {
        "grids": GENERATE_SEEDS,
        "median_s": round(statistics.median(times), 2),
        "max_s": round(max(times), 2),
        "letters": len(alphabet(language).letters),
        "all_letters": sum(n == len(alphabet(language).letters) for n in letters),
        "starters": dict(sorted({n: starters.count(n) for n in starters}.items())),
        "solved_by_deduction_alone": by_deduction,
        "unique_in_standard": unique,
        "common_words_only": common,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--languages-only", action="store_true", help="fr and es grids only")
    args = parser.parse_args()

    start = time.perf_counter()
    lexicon()
    results: dict = {"lexicon_load_ms": round((time.perf_counter() - start) * 1000, 1)}
    if not args.languages_only:
        results["newspaper"] = bench_newspaper()
        results["generate_11x11"] = bench_generate(11)
        results["generate_13x13"] = bench_generate(13)
    for language in ("fr", "es"):
        results[f"generate_13x13_{language}"] = bench_generate(13, language)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    report(results)


def report(results: dict) -> None:
    print(f"lexicon load {results['lexicon_load_ms']} ms")
    if "newspaper" in results:
        report_newspaper(results["newspaper"])
    for name, g in results.items():
        if name.startswith("generate_"):
            print(
                f"{name}: median {g['median_s']} s, max {g['max_s']} s; {g['all_letters']}/"
                f"{g['grids']} use all {g['letters']} letters; starters {g['starters']}; "
                f"{g['solved_by_deduction_alone']}/{g['grids']} solved by sure deductions "
                f"alone; {g['unique_in_standard']} unique in standard words; "
                f"{g['common_words_only']} in common words only"
            )


def report_newspaper(news: dict) -> None:
    print(f"first solve (builds the pattern index) {news['first_solve_with_index_build_ms']} ms")
    print(f"{'puzzle':<15}{'expected':<10}{'auto':<28}" + "".join(f"{t:<12}" for t in TIERS[1:]))
    for row in news["puzzles"]:
        auto = row["auto"]
        shown = f"{auto['final']} {auto['median_ms']} ms ({auto['tier_used']})"
        others = "".join(f"{('ok' if row[t]['right'] else 'WRONG'):<12}" for t in TIERS[1:])
        print(f"{row['name']:<15}{row['expected']:<10}{shown:<28}{others}")


if __name__ == "__main__":
    main()
