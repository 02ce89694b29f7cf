"""Write puzzles/qless/data/shapes.txt.gz: every legal Q-less grid shape of 3 to 12 cells.

    .venv/bin/python scripts/enumerate_qless_shapes.py          # about 10 s
    .venv/bin/python scripts/enumerate_qless_shapes.py --check  # exit 1 if the file differs
    .venv/bin/python scripts/enumerate_qless_shapes.py --odds   # then odds.txt.gz, minutes
    .venv/bin/python scripts/enumerate_qless_shapes.py --tree   # only tree.bin, seconds

--odds throws the real dice SAMPLE_ROLLS times (a fixed seed) and counts, for each 12-cell
shape, the rolls it holds a solution for in common words. The solver tries shapes in
order of these odds, branch by branch. It needs the shape file and the word lists.

After either, tree.bin is written: the shapes as the solver's tree of steps, in its order
(tree.encode_trees), which takes seconds to build and milliseconds to load.

The output is deterministic (sorted shapes, gzip without a timestamp, marshal without
back-references), so the committed files are exactly what this script writes; --check
regenerates the shapes and the tree and compares the bytes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from puzzles.qless.shapes import (
    DATA_FILE,
    MAX_CELLS,
    MIN_CELLS,
    ODDS_FILE,
    encode,
    enumerate_shapes,
    gzip_bytes,
    shapes,
    stored_odds,
    stored_shapes,
)
from puzzles.qless.tree import TREE_FILE, built_tree, encode_trees

DATA = Path(__file__).resolve().parents[1] / "puzzles" / "qless" / "data"
OUTPUT = DATA / DATA_FILE
TREE = DATA / TREE_FILE
SAMPLE_ROLLS = 300
SAMPLE_SEED = 20250429


def generated_bytes(verbose: bool = False) -> bytes:
    by_size = {}
    for n in range(MIN_CELLS, MAX_CELLS + 1):
        start = time.perf_counter()
        by_size[n] = enumerate_shapes(n)
        if verbose:
            print(f"{n:2d} cells: {len(by_size[n]):,} shapes ({time.perf_counter() - start:.1f} s)")
    return gzip_bytes(encode(by_size))


def odds_bytes(verbose: bool = False) -> bytes:
    import random

    from puzzles.lexicon import Tier
    from puzzles.qless.fill import solutions
    from puzzles.qless.generate import roll_dice

    rng = random.Random(SAMPLE_SEED)
    solved_by: Counter = Counter()
    for number in range(1, SAMPLE_ROLLS + 1):
        roll = roll_dice(rng)
        solved_by.update({found.shape for found in solutions(roll, Tier.COMMON)})
        if verbose and number % 25 == 0:
            print(f"{number} rolls sampled")
    counts = [solved_by[shape] for shape in shapes(MAX_CELLS)]
    return gzip_bytes("\n".join(map(str, [SAMPLE_ROLLS, *counts])) + "\n")


def tree_bytes() -> bytes:
    """The trees of the stored shapes and odds (so: written after them)."""
    stored_shapes.cache_clear()  # read the files as they are now, after any writing
    stored_odds.cache_clear()
    return encode_trees({n: built_tree(n) for n in range(MIN_CELLS, MAX_CELLS + 1)})


def write_tree() -> None:
    TREE.write_bytes(tree_bytes())
    print(f"wrote {TREE}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    parser.add_argument("--odds", action="store_true", help="write the shape odds file")
    parser.add_argument("--tree", action="store_true", help="write only the shape tree file")
    args = parser.parse_args(argv)
    if args.odds:
        (DATA / ODDS_FILE).write_bytes(odds_bytes(verbose=True))
        print(f"wrote {DATA / ODDS_FILE}")
        write_tree()
        return 0
    if args.tree:
        write_tree()
        return 0
    data = generated_bytes(verbose=True)
    if args.check:
        same = OUTPUT.exists() and OUTPUT.read_bytes() == data
        print(f"{OUTPUT}: {'up to date' if same else 'DIFFERS from the enumeration'}")
        same_tree = TREE.exists() and TREE.read_bytes() == tree_bytes()
        print(f"{TREE}: {'up to date' if same_tree else 'DIFFERS from the shapes and odds'}")
        return 0 if same and same_tree else 1
    OUTPUT.write_bytes(data)
    print(f"wrote {OUTPUT} ({len(data):,} bytes)")
    write_tree()
    return 0


if __name__ == "__main__":
    sys.exit(main())
