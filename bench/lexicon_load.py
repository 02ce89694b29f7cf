"""How long loading the English lexicon takes in a fresh process.

    .venv/bin/python -m bench.lexicon_load [--runs 5] [--json]

Each run starts a new interpreter and times ``from puzzles.lexicon import lexicon; lexicon()``
(the import included, interpreter start-up excluded), then the first ``zipf()`` call, which
loads the frequency table lazily. Prints the median of the runs. Target: load < 200 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROBE = """
import json, time
t = time.perf_counter()
from puzzles.lexicon import lexicon
lex = lexicon()
loaded = time.perf_counter()
lex.zipf("the")
print(json.dumps({"load": loaded - t, "zipf": time.perf_counter() - loaded}))
"""


def measure(runs: int) -> dict[str, float]:
    samples = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", PROBE], cwd=REPO, check=True, capture_output=True, text=True
            ).stdout
        )
        for _ in range(runs)
    ]
    return {key: statistics.median(s[key] for s in samples) for key in ("load", "zipf")}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="fresh-process lexicon load time")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    result = measure(args.runs)
    if args.json:
        print(json.dumps({key: round(value * 1000, 1) for key, value in result.items()}))
    else:
        print(
            f"lexicon() in a fresh process: {result['load'] * 1000:.1f} ms "
            f"(median of {args.runs}); first zipf(): {result['zipf'] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
