"""Word ladder benchmark: index build, shortest ladders against networkx, longest chains.

    .venv/bin/python -m bench.ladder [--json] [--quick]

- Index build: our one-letter graph (neighbour lists, components, commonness ranks) for
  the standard word list's 4- and 5-letter words and for Knuth's SGB five-letter words,
  against building a networkx graph of the same edges. Target: ours < 150 ms.
- Shortest ladders for 1,000 random pairs of common 4- and 5-letter words (fixed seed)
  on the standard-list graph, once it is built: ours (length, count of shortest ladders
  and the most common-worded one) against networkx's shortest_path (one path) on the
  same graph, timed pair by pair in the same run (who goes first alternates pair by pair).
- The same comparison for 2,000 random pairs of Knuth's SGB five-letter words (fixed
  seed; about 60% of them connected) on the SGB graph. Target: ours no slower than
  networkx, by median and by total, on both query sets. Then the process CPU time of
  each side over all the pairs, one side after the other (the least of 3 runs), with
  the load average.
- Longest chains from 20 common start words, 10 s each (--quick: 5 words, 2 s).

Needs networkx (the `bench` extra: pip install -e '.[bench]').
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import time
from pathlib import Path

import networkx as nx

from puzzles.ladder.graph import WordGraph, graph_for, word_commonness
from puzzles.ladder.longest import longest_chain
from puzzles.ladder.solver import solve_shortest
from puzzles.lexicon import Tier, lexicon

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "wordladder"
SEED = 20261121
SGB_SEED = 5757
PAIRS = 1000
SGB_PAIRS = 2000
LENGTHS = (4, 5)
BUILD_REPEATS = 5
CPU_ROUNDS = 3
CHAIN_STARTS, CHAIN_SECONDS = 20, 10.0
QUICK_CHAIN_STARTS, QUICK_CHAIN_SECONDS = 5, 2.0


def sgb_words() -> list[str]:
    lines = (CORPUS / "sgb_words.dat").read_text().splitlines()
    return [line[:5] for line in lines if line and not line.startswith("*")]


def networkx_graph(words: list[str]) -> nx.Graph:
    """The baseline's graph: the same wildcard buckets, each bucket's pairs as edges."""
    graph = nx.Graph()
    graph.add_nodes_from(words)
    buckets: dict[str, list[str]] = {}
    for word in words:
        for i in range(len(word)):
            buckets.setdefault(f"{word[:i]}_{word[i + 1 :]}", []).append(word)
    for bucket in buckets.values():
        graph.add_edges_from(itertools.combinations(bucket, 2))
    return graph


def median_ms(work, repeats: int = BUILD_REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 1)


def build_times() -> dict:
    dictionary = lexicon()
    commonness = word_commonness(dictionary)
    dictionary.zipf("warm")  # load the frequency table outside the timings
    results = {}
    for length in LENGTHS:
        words = list(dictionary.words_of_length(length, Tier.STANDARD))
        results[f"standard_{length}_letters"] = {
            "words": len(words),
            "ours_ms": median_ms(lambda w=words: WordGraph.build(w, commonness)),
            "networkx_ms": median_ms(lambda w=words: networkx_graph(w)),
        }
    words = sgb_words()
    results["sgb_5757"] = {
        "words": len(words),
        "ours_ms": median_ms(lambda: WordGraph.build(words, commonness)),
        "networkx_ms": median_ms(lambda: networkx_graph(words)),
    }
    return results


def random_pairs(rng: random.Random) -> list[tuple[str, str]]:
    common = {n: sorted(lexicon().words_of_length(n, Tier.COMMON)) for n in LENGTHS}
    return [tuple(rng.sample(common[rng.choice(LENGTHS)], 2)) for _ in range(PAIRS)]


def summary(times_ms: list[float]) -> dict:
    ordered = sorted(times_ms)
    return {
        "queries": len(ordered),
        "median_ms": round(statistics.median(ordered), 4),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 4),
        "max_ms": round(ordered[-1], 3),
        "total_ms": round(sum(ordered), 1),
    }


def timed_pair(ours: WordGraph, baseline: nx.Graph, a: str, b: str, ours_first: bool):
    """Ours and networkx on one pair, one right after the other; the order alternates from
    pair to pair so neither always runs with the caches the other just warmed."""

    def run_ours():
        start = time.perf_counter()
        found = ours.shortest_ladders(a, b)
        return found, (time.perf_counter() - start) * 1000

    def run_networkx():
        start = time.perf_counter()
        try:
            path = nx.shortest_path(baseline, a, b)
        except nx.NetworkXNoPath:
            path = None
        return path, (time.perf_counter() - start) * 1000

    if ours_first:
        (found, ours_ms), (path, networkx_ms) = run_ours(), run_networkx()
    else:
        (path, networkx_ms), (found, ours_ms) = run_networkx(), run_ours()
    agree = (found is None) == (path is None) and (found is None or found.steps == len(path) - 1)
    return ours_ms, networkx_ms, path is not None, agree


def compare(graphs: dict[int, WordGraph], pairs: list[tuple[str, str]]) -> dict:
    """Every pair on our graph and on a networkx graph of the same edges, interleaved."""
    baseline = {n: networkx_graph(list(graph.words)) for n, graph in graphs.items()}
    times: dict[str, list[float]] = {"ours": [], "networkx": []}
    connected: dict[str, list[float]] = {"ours": [], "networkx": []}
    agree = True
    for number, (a, b) in enumerate(pairs):
        n = len(a)
        ours_ms, networkx_ms, joined, same = timed_pair(
            graphs[n], baseline[n], a, b, ours_first=number % 2 == 0
        )
        times["ours"].append(ours_ms)
        times["networkx"].append(networkx_ms)
        if joined:
            connected["ours"].append(ours_ms)
            connected["networkx"].append(networkx_ms)
        agree &= same
    results = {name: summary(values) for name, values in times.items()}
    results["connected_pairs"] = {name: summary(values) for name, values in connected.items()}
    results["same_lengths_as_networkx"] = agree
    results["ratio_median_ours_to_networkx"] = round(
        results["ours"]["median_ms"] / results["networkx"]["median_ms"], 2
    )
    results["ratio_total_ours_to_networkx"] = round(
        results["ours"]["total_ms"] / results["networkx"]["total_ms"], 2
    )
    results["cpu_total_ms"] = cpu_totals(graphs, baseline, pairs)
    results["load_average"] = [round(load, 2) for load in os.getloadavg()]
    return results


def cpu_totals(
    graphs: dict[int, WordGraph], baseline: dict[int, nx.Graph], pairs: list[tuple[str, str]]
) -> dict[str, float]:
    """Process CPU time for all the pairs, each side in one go after the timed run, the
    least of CPU_ROUNDS runs with the order alternating: the wall times above include what
    the machine's other programs took, and reading the CPU clock around every query would
    itself cost more than the shortest queries."""

    def ours() -> None:
        for a, b in pairs:
            graphs[len(a)].shortest_ladders(a, b)

    def networkx() -> None:
        for a, b in pairs:
            try:
                nx.shortest_path(baseline[len(a)], a, b)
            except nx.NetworkXNoPath:  # as the timed run does (no context manager's cost)
                continue

    runs = {"ours": ours, "networkx": networkx}
    totals: dict[str, float] = {}
    for round_number in range(CPU_ROUNDS):
        for name in sorted(runs, reverse=round_number % 2 == 1):
            start = time.process_time()
            runs[name]()
            spent = round((time.process_time() - start) * 1000, 1)
            totals[name] = min(totals.get(name, spent), spent)
    return totals


def query_times(pairs: list[tuple[str, str]]) -> dict:
    """The standard-list pairs: ours against networkx, then solve() end to end."""
    dictionary = lexicon()
    graphs = {n: graph_for(n, Tier.STANDARD, dictionary) for n in LENGTHS}
    graph_for(4, Tier.COMMON, dictionary), graph_for(5, Tier.COMMON, dictionary)  # solve() uses
    results = compare(graphs, pairs)
    solve_ms = []
    for a, b in pairs:
        start = time.perf_counter()
        solve_shortest(a, b, "standard", dictionary)
        solve_ms.append((time.perf_counter() - start) * 1000)
    results["solve"] = summary(solve_ms)
    return results


def sgb_query_times(rng: random.Random) -> dict:
    """Random pairs of Knuth's SGB words (connected or not) on the SGB graph."""
    words = sgb_words()
    graph = WordGraph.build(words, word_commonness(lexicon()))
    return compare({5: graph}, [tuple(rng.sample(words, 2)) for _ in range(SGB_PAIRS)])


def chain_runs(rng: random.Random, starts: int, seconds: float) -> list[dict]:
    dictionary = lexicon()
    runs = []
    for _ in range(starts):
        n = rng.choice(LENGTHS)
        graph = graph_for(n, Tier.STANDARD, dictionary)
        familiar = [w for w in dictionary.words_of_length(n, Tier.COMMON) if w in graph]
        word = rng.choice(familiar)
        chain = longest_chain(graph, word, seconds)
        runs.append(
            {
                "start": word,
                "steps": len(chain.nodes) - 1,
                "proven": chain.proven,
                "group_size": chain.group_size,
                "most_possible_steps": chain.most_possible - 1,
            }
        )
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quick", action="store_true", help="fewer, shorter longest-chain runs")
    args = parser.parse_args()

    start = time.perf_counter()
    lexicon().zipf("cold")
    results: dict = {"lexicon_load_ms": round((time.perf_counter() - start) * 1000, 1)}
    results["index_build"] = build_times()
    rng = random.Random(SEED)
    results["shortest"] = query_times(random_pairs(rng))
    results["sgb"] = sgb_query_times(random.Random(SGB_SEED))
    starts, seconds = (
        (QUICK_CHAIN_STARTS, QUICK_CHAIN_SECONDS) if args.quick else (CHAIN_STARTS, CHAIN_SECONDS)
    )
    results["longest"] = {"seconds_each": seconds, "runs": chain_runs(rng, starts, seconds)}

    if args.json:
        print(json.dumps(results, indent=2))
        return
    print_report(results)


def print_comparison(title: str, compared: dict) -> None:
    print(f"\n{title}")
    print(f"  {'':<28}{'median':>10}{'p95':>10}{'max':>10}{'total':>11}")
    rows = [
        ("ours: length+count+best", compared["ours"]),
        ("networkx shortest_path", compared["networkx"]),
        ("ours, connected pairs", compared["connected_pairs"]["ours"]),
        ("networkx, connected pairs", compared["connected_pairs"]["networkx"]),
    ]
    for name, row in rows:
        print(
            f"  {name:<28}{row['median_ms']:>8.3f}ms{row['p95_ms']:>8.3f}ms"
            f"{row['max_ms']:>8.2f}ms{row['total_ms']:>9.0f}ms"
        )
    print(
        f"  ours/networkx: median {compared['ratio_median_ours_to_networkx']}, "
        f"total {compared['ratio_total_ours_to_networkx']} (target <= 1); "
        f"same lengths as networkx: {compared['same_lengths_as_networkx']}"
    )
    cpu = compared["cpu_total_ms"]
    print(
        f"  CPU time for all pairs again, one side after the other (least of {CPU_ROUNDS}): "
        f"ours {cpu['ours']:.0f} ms, "
        f"networkx {cpu['networkx']:.0f} ms; load average "
        + " ".join(map(str, compared["load_average"]))
    )


def print_report(results: dict) -> None:
    print(f"lexicon + frequency table load: {results['lexicon_load_ms']} ms (not in the timings)")
    print("\nindex build (median of 5)        words    ours  networkx")
    for name, row in results["index_build"].items():
        print(f"  {name:<30}{row['words']:>7}{row['ours_ms']:>7.1f}ms{row['networkx_ms']:>8.1f}ms")
    shortest, sgb = results["shortest"], results["sgb"]
    print_comparison(
        f"shortest ladders, {PAIRS} random pairs of common 4/5-letter words (standard list)",
        shortest,
    )
    row = shortest["solve"]
    print(
        f"  {'solve() end to end':<28}{row['median_ms']:>8.3f}ms{row['p95_ms']:>8.3f}ms"
        f"{row['max_ms']:>8.2f}ms{row['total_ms']:>9.0f}ms"
    )
    print_comparison(f"shortest ladders, {SGB_PAIRS} random pairs of SGB words (SGB graph)", sgb)
    longest = results["longest"]
    print(f"\nlongest chains, {longest['seconds_each']:g} s each (standard list)")
    for run in longest["runs"]:
        proof = "proven" if run["proven"] else f"bound {run['most_possible_steps']}"
        print(f"  {run['start']:<8}{run['steps']:>6} steps  ({proof}; group {run['group_size']})")


if __name__ == "__main__":
    main()
