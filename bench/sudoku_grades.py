"""Are sudoku grades and logic steps unchanged? A digest per puzzle, saved and compared.

    .venv/bin/python -m bench.sudoku_grades save FILE     # before a change
    .venv/bin/python -m bench.sudoku_grades compare FILE  # after it: lists every difference

Over every unique puzzle of the sudoku corpora (17_clue: the first 5,000), the grade
(name, score, hardest, counts) and a digest of every logic step (technique, explanation,
placements, eliminations, cells) as `solve(steps=True)` returns them. A speed-up of the logic
engine or the solver must leave all of them the same.
"""

from __future__ import annotations

import hashlib
import json
import sys

from bench.sudoku import corpus_sets
from puzzles.sudoku.puzzle import parse
from puzzles.sudoku.solver import solve


def digests() -> dict[str, str]:
    found = {}
    for _label, texts in corpus_sets(None):
        for text in texts:
            result = solve(parse(text), steps=True)
            found[text] = hashlib.sha256(
                repr((result.count, result.counted, result.grade, result.steps)).encode()
            ).hexdigest()
    return found


def main(argv: list[str]) -> int:
    action, path = argv
    if action == "save":
        with open(path, "w") as out:
            json.dump(digests(), out)
        return 0
    with open(path) as saved:
        before = json.load(saved)
    after = digests()
    changed = [text for text in before if after.get(text) != before[text]]
    for text in changed:
        print(f"changed: {text}")
    print(f"{len(before)} puzzles, {len(changed)} changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
