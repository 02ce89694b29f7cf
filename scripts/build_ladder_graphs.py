"""Write puzzles/ladder/data/graphs-common.bin and graphs-standard.bin: the word ladder graphs.

    .venv/bin/python scripts/build_ladder_graphs.py          # about 5 s
    .venv/bin/python scripts/build_ladder_graphs.py --check  # exit 1 if the files differ

One graph per word length of each tier's words (neighbour lists, components, commonness
ranks), as puzzles.ladder.graph builds them, so that a ladder query reads its length's
graph instead of loading the word sets and the frequency table to build it (see
graph.encode_graphs for the format). Run it again whenever the word lists change
(scripts/build_lexicon.py); tests/puzzles/test_ladder.py checks the files still match.
The output is deterministic: --check regenerates it and compares the bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzles.ladder.graph import STORED_TIERS, built_graph, encode_graphs, graphs_file
from puzzles.lexicon import Tier, lexicon

DATA = Path(__file__).resolve().parents[1] / "puzzles" / "ladder" / "data"


def generated_bytes(tier: Tier) -> bytes:
    dictionary = lexicon()
    lengths = {len(word) for word in dictionary.words(tier)}
    return encode_graphs({n: built_graph(n, tier, dictionary) for n in sorted(lengths)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for tier in STORED_TIERS:
        path = DATA / graphs_file(tier)
        data = generated_bytes(tier)
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
            print(f"wrote {path} ({len(data):,} bytes)")
    if stale:
        print(f"out of date: {', '.join(stale)} (run {Path(__file__).name})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
